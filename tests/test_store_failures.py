"""A save that fails changes nothing; broken stores and rows are refused plainly, never with a traceback."""

from __future__ import annotations

import sqlite3

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core.session import Session
from referee.core.store import Store, StoreError

SCRIPT = ["new rdi Phrenk Kaylin Wizgille Serena", "set Kaylin fortitude 12 alcohol 10 gold 3",
          'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin', "resolve"]
runner = CliRunner()


def _played(cards, path, lines=SCRIPT):
    session = Session(cards, Store(path))
    for line in lines:
        assert session.handle(line).accepted, line
    return session


def _snapshot(session):
    return session.state.to_dict(), session.head, [m.line for m in session.moves]


def _resumed(cards, path):
    again = Session(cards, Store(path))
    again.resume()
    return again


def test_a_failed_commit_changes_nothing_and_says_why(cards, tmp_path, monkeypatch):
    session = _played(cards, tmp_path / "g.sqlite3", SCRIPT[:2])
    before = _snapshot(session)

    def full(*_args, **_kwargs):
        raise StoreError("Not saved: the disk holding g.sqlite3 is full; free some space.")

    monkeypatch.setattr(session.store, "append", full)
    ruling = session.handle(SCRIPT[2])
    assert ruling.verdict == "refused" and ruling.code == "not-saved"
    assert "could not be saved because the disk holding g.sqlite3 is full" in ruling.message
    assert "Nothing changed" in ruling.message
    assert _snapshot(session) == before
    assert "READ-ONLY" in session.toolbar()
    monkeypatch.undo()
    assert session.handle(SCRIPT[2]).accepted  # the store writes again: play goes on, no longer read-only
    assert "READ-ONLY" not in session.toolbar()
    assert _resumed(cards, tmp_path / "g.sqlite3").state.to_dict() == session.state.to_dict()


def test_a_full_disk_loses_no_accepted_play(cards, tmp_path):
    """SQLite's page limit stands in for a full disk: the refused line is not in memory nor in the store."""
    path = tmp_path / "g.sqlite3"
    session = _played(cards, path, SCRIPT[:2])
    pages = session.store.db.execute("PRAGMA page_count").fetchone()[0]
    session.store.db.execute(f"PRAGMA max_page_count = {pages}")
    refused = None
    for _ in range(20):  # fill the last free pages until a commit fails
        before = _snapshot(session)
        ruling = session.handle("set Kaylin gold 4" if before[0]["players"][1]["gold"] != 4 else "set Kaylin gold 5")
        if not ruling.accepted:
            refused = ruling
            break
    assert refused is not None and refused.code == "not-saved" and "full" in refused.message
    assert _snapshot(session) == before
    assert _resumed(cards, path).state.to_dict() == session.state.to_dict()
    assert session.handle("undo").code in ("not-saved", "undo")
    session.store.db.execute(f"PRAGMA max_page_count = {pages * 100}")
    assert session.handle("set Kaylin gold 7").accepted
    assert _resumed(cards, path).state.to_dict() == session.state.to_dict()


def test_a_read_only_store_refuses_the_line_and_keeps_the_state(cards, tmp_path):
    session = _played(cards, tmp_path / "g.sqlite3", SCRIPT[:2])
    before = _snapshot(session)
    session.store.db.execute("PRAGMA query_only = ON")  # what a read-only file answers to every write
    for line in (SCRIPT[2], "undo"):
        ruling = session.handle(line)
        assert ruling.code == "not-saved" and "read-only" in ruling.message, ruling.message
        assert _snapshot(session) == before
    assert session.handle("state").verdict == "answer"


def test_a_new_game_that_cannot_be_saved_keeps_the_old_one(cards, tmp_path):
    session = _played(cards, tmp_path / "g.sqlite3", SCRIPT[:2])
    before = _snapshot(session)
    session.store.db.execute("PRAGMA query_only = ON")
    assert session.handle("new tda Ann Ben Cat").code == "not-saved"
    assert _snapshot(session) == before and session.game.GAME == "rdi"


def test_a_locked_store_is_refused_not_waited_on_forever(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _played(cards, path, SCRIPT[:2])
    session.store.db.execute("PRAGMA busy_timeout = 50")
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        ruling = session.handle(SCRIPT[2])
    finally:
        other.execute("ROLLBACK")
    assert ruling.code == "not-saved" and "locked" in ruling.message
    assert session.handle(SCRIPT[2]).accepted


def test_a_damaged_row_resumes_to_the_last_good_move(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _played(cards, path)
    good = session.moves[1].state
    db = sqlite3.connect(str(path))
    with db:
        db.execute("UPDATE moves SET state = ? WHERE seq = 2", ('{"players": [',))
    db.close()
    again = Session(cards, Store(path))
    ruling = again.resume()
    assert again.head == 1 and again.state.to_dict() == good
    assert "2 damaged saved announcements could not be read" in ruling.message
    assert again.handle(SCRIPT[2]).accepted  # play goes on, overwriting the damaged rows
    assert _resumed(cards, path).head == 2


def test_a_row_that_is_not_a_state_is_damaged_too(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    _played(cards, path)
    db = sqlite3.connect(str(path))
    with db:
        db.execute("UPDATE moves SET state = ? WHERE seq = 3", (b"\xff\x00\xfe",))
    db.close()
    again = Session(cards, Store(path))
    assert "1 damaged saved announcement could not be read" in again.resume().message
    assert again.head == 2


def test_broken_environments_are_one_line_each(tmp_path, monkeypatch):
    afile = tmp_path / "afile"
    afile.write_text("x")
    folder = tmp_path / "folder"
    folder.mkdir()
    notdb = tmp_path / "notes.txt"
    notdb.write_text("these are my notes, not a database " * 40)
    cases = [
        (["games"], {"REFEREE_DATA_DIR": str(afile)}, "is a file, not a folder"),
        (["games"], {"REFEREE_DATA_DIR": str(afile / "sub")}, "is a file, not a folder"),
        (["games", "--store", str(folder)], {}, "is a folder, not a file"),
        (["games", "--store", str(notdb)], {}, "is not a referee store"),
        (["resume", "--store", str(notdb)], {}, "is not a referee store"),
        (["replay", "-", "--save", "--store", str(folder)], {}, "is a folder, not a file"),
    ]
    for args, env, expected in cases:
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        result = runner.invoke(app, args, input="new rdi Ann Bob Cat\n")
        assert result.exit_code == 2, (args, result.output)
        assert expected in result.output and result.output.count("\n") == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        for key in env:
            monkeypatch.delenv(key)
    monkeypatch.setenv("REFEREE_DATA_DIR", str(afile))
    assert runner.invoke(app, ["card", "poof"]).exit_code == 0
    assert runner.invoke(app, ["rule", "mead split"]).exit_code == 0


def test_a_damaged_store_lists_what_it_can_read(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    store = Store(path)
    session = Session(cards, store)
    session.handle("new rdi Ann Bob Cat")
    for n in range(200):  # enough rows that damage in the middle leaves the games table readable
        session.handle(f"set Ann gold {n % 9}")
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 4096 * 3] = b"\x5a" * (4096 * 3)
    path.write_bytes(bytes(data))
    result = runner.invoke(app, ["games", "--store", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "damaged" in result.output or "not a referee store" in result.output, result.output
    from referee.core.ruling import RefereeError

    try:
        store = Store(path)
    except StoreError:
        return  # too damaged to open: the one line above said so
    try:
        ruling = Session(cards, store).resume()
    except RefereeError as error:  # refused plainly, e.g. the games table itself is unreadable
        assert error.message.strip()
    else:
        assert "Nothing new can be saved: the store is damaged" in ruling.message


@pytest.mark.parametrize("content", [b"\xff\xfe\x00binary", b"new rdi Ann Bob Cat\n\xc3\x28\n"])
def test_a_replay_file_that_is_not_text_is_refused_by_name(tmp_path, content):
    path = tmp_path / "game.bin"
    path.write_bytes(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and f"Cannot replay {path}: it is not UTF-8 text" in result.output


WRITER = """
import sys
from referee.core.carddb import load_cards
from referee.core.session import Session
from referee.core.store import Store
session = Session(load_cards(), Store(sys.argv[1]))
for line in sys.stdin:
    ruling = session.handle(line)
    print(ruling.code, session.game_id, flush=True)
"""


def _writer(path):
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)


def _say(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    return proc.stdout.readline().split()


def test_two_processes_on_one_game_never_interleave(cards, tmp_path):
    """A real second process finds the game taken, is told so and only looks; once the first is killed it may write."""
    import os
    import signal
    import subprocess
    import sys

    path = tmp_path / "g.sqlite3"
    first = _writer(path)
    try:
        code, game_id = _say(first, SCRIPT[0])
        assert code == "ok"
        assert _say(first, SCRIPT[1])[0] in ("ok", "set")
        second = subprocess.run([sys.executable, "-m", "referee", "resume", game_id, "--store", str(path)],
                                input="set Kaylin gold 9\nstate\n", capture_output=True, text=True, timeout=60)
        out = second.stdout + second.stderr
        assert "is open for writing in another referee" in out and "read-only" in out, out
        assert "Traceback" not in out
        assert _say(first, SCRIPT[2])[0] == "ok"  # the first window goes on writing
        # Even a process that skips the lease check in the session is stopped by the store's own transaction.
        intruder = subprocess.run([sys.executable, "-c", (
            "import sys\nfrom referee.core.store import Store, GameBusy\n"
            f"s = Store({str(path)!r})\n"
            f"try:\n    s.append({game_id}, 3, 'x', {{}}, {{}})\nexcept GameBusy as e:\n    print('busy', e.message)\n")],
            capture_output=True, text=True, timeout=60)
        assert intruder.stdout.startswith("busy Game"), intruder.stdout + intruder.stderr
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
    lines = [m[0] for m in sqlite3.connect(str(path)).execute("SELECT line FROM moves ORDER BY seq")]
    assert lines == SCRIPT[:3]  # only the first writer's lines, in its order
    # The killed process's lease is stale: a new window takes the game over and writes.
    after = Session(cards, Store(path))
    ruling = after.resume(int(game_id))
    assert "another referee" not in ruling.message
    assert after.handle(SCRIPT[3]).accepted


def test_an_unwritable_data_folder_is_one_line_or_read_only(cards, tmp_path, monkeypatch):
    """Tests run as root too, where chmod does not stop writes: the permission check is what is faked."""
    import os

    path = tmp_path / "g.sqlite3"
    _played(cards, path).store.close()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if mode & os.W_OK else real_access(p, mode, **kw))
    result = runner.invoke(app, ["games", "--store", str(tmp_path / "new.sqlite3")])
    assert result.exit_code == 2 and "is not writable: set REFEREE_DATA_DIR" in result.output
    store = Store(path)  # an existing store in a read-only folder can still be read
    assert store.read_only and len(store.games()) == 1
    session = Session(cards, store)
    ruling = session.resume()
    assert "Nothing new can be saved" in ruling.message and "READ-ONLY" in session.toolbar()
    before = _snapshot(session)
    assert session.handle("set Kaylin gold 9").code == "not-saved" and _snapshot(session) == before


def test_a_lease_whose_pid_was_reused_is_stale():
    import os
    import subprocess
    import time

    from referee.core.store import _HOST, Lease

    sleeper = subprocess.Popen(["sleep", "30"])
    try:
        time.sleep(0.1)
        assert not Lease(sleeper.pid, _HOST, time.time()).is_stale()  # written by this very process: live
        assert Lease(sleeper.pid, _HOST, time.time() - 3600).is_stale() == os.path.exists("/proc/self/stat")
    finally:
        sleeper.kill()
        sleeper.wait()
    assert Lease(sleeper.pid, _HOST, time.time()).is_stale()  # gone
    assert not Lease(sleeper.pid, "another-host", time.time()).is_stale()  # cannot be checked: live


def test_without_a_store_look_ups_work_and_nothing_is_played_unsaved(cards):
    problem = "The data folder /x is a file, not a folder: move it aside or set REFEREE_DATA_DIR to a folder."
    session = Session(cards, None, store_problem=problem)
    ruling = session.handle("new rdi Ann Bob Cat")
    assert ruling.code == "not-saved" and problem in ruling.message and session.state is None
    assert "Poof" in session.handle("card poof").message
    assert session.handle("rule mead split").verdict == "answer"
    assert "READ-ONLY" in session.toolbar()
