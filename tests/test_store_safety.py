"""One writer per game, and the store as the truth: two writers racing never both write, a write never drops
rows it did not read, and a store deleted, replaced or damaged under a running game is said at once, the game
going on in a copy the referee names (benchmarks/bench_store_race.py prints the full figures)."""

from __future__ import annotations

import random
import sqlite3
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.core import store_file
from referee.core.session import Session
from referee.core.store import StaleGame, Store
from referee.repl import run_repl
from referee.shell.config import Config
from referee.shell.toolbar import toolbar_lines

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_store_race  # noqa: E402

SETUP = "new rdi Ann Bob Cat"


def _playing(cards, path, lines=(SETUP, "set Ann gold 3", "set Bob gold 4")):
    session = Session(cards, Store(path))
    for line in lines:
        assert session.handle(line).accepted, line
    return session


def _kept(path, game_id=1) -> list[str]:
    store = Store(path)
    loaded = store.load(game_id)
    store.close()
    return [line for line, _, _ in loaded.rows[: loaded.head + 1]]


# --- one writer per game -------------------------------------------------------------------------
def test_racing_writers_never_both_write_and_nothing_said_saved_is_lost(cards):
    """Real `referee replay --save` processes released together, half of them recovering a killed one's lease."""
    figures = bench_store_race.race(5, 7, cards)
    assert figures.errors == [], figures.errors[0]
    assert (figures.pairs, figures.stale) == (5, 2)
    assert (figures.two_writers, figures.missing, figures.nobody) == (0, 0, 0)
    assert figures.told_busy + figures.one_after_other == 5


def test_the_race_figures_see_a_lost_writer():
    """The tester's race as the old referee ran it: both said saved, the store kept one: two writers, 2 lost."""
    said = "> resume 1\nResumed game 1 after 0 announcement(s).\n> {0}\nSet.\n> {1}\nSet.\n"
    first = bench_store_race.Writer(["set Ann gold 3", "set Bob gold 4"], said.format("set Ann gold 3", "set Bob gold 4"))
    second = bench_store_race.Writer(["set Ann gold 5", "set Bob gold 6"], said.format("set Ann gold 5", "set Bob gold 6"))
    assert bench_store_race.classify(first, second, [SETUP, "set Ann gold 5", "set Bob gold 6"]) == ("two writers", 2)
    busy = bench_store_race.Writer(second.lines, "> resume 1\nGame 1 " + bench_store_race.BUSY + " 9) ...\n"
                                   "> set Ann gold 5\n✗ Not recorded\n> set Bob gold 6\n✗ Not recorded\n")
    stored = [SETUP, "set Ann gold 3", "set Bob gold 4"]
    assert bench_store_race.classify(first, busy, stored) == ("told busy", 0)


def test_a_resume_takes_the_lease_before_it_reads_the_rows(cards, tmp_path, monkeypatch):
    path = tmp_path / "g.sqlite3"
    _playing(cards, path).close()
    session = Session(cards, Store(path))
    held_when_read = []
    real_load = session.store.load

    def load(game_id):
        lease = session.store.lease_of(game_id)
        held_when_read.append(lease is not None and lease.is_ours())
        return real_load(game_id)

    monkeypatch.setattr(session.store, "load", load)
    session.resume(1)
    assert held_when_read == [True]


def test_a_write_from_a_stale_head_is_refused_and_changes_nothing(cards, tmp_path):
    """Two windows that both think they hold the game (one process, so one lease): the second's write would drop
    the first's row; it is refused plainly, and a resume reads the game again."""
    path = tmp_path / "g.sqlite3"
    _playing(cards, path).close()
    one, two = Session(cards, Store(path)), Session(cards, Store(path))
    one.resume(1)
    two.resume(1)
    assert one.handle("set Cat gold 7").accepted
    before = two.state.to_dict(), two.head
    ruling = two.handle("set Cat gold 8")
    assert ruling.code == "not-saved" and "changed in the store since this window read it" in ruling.message
    assert "`resume 1` reads the game again" in ruling.message
    assert (two.state.to_dict(), two.head) == before
    assert _kept(path) == [SETUP, "set Ann gold 3", "set Bob gold 4", "set Cat gold 7"]
    assert two.handle("undo").code == "not-saved" and _kept(path)[-1] == "set Cat gold 7"
    two.resume(1)
    assert two.handle("set Cat gold 8").accepted
    assert _kept(path)[-2:] == ["set Cat gold 7", "set Cat gold 8"]


def test_the_store_refuses_an_append_at_a_stale_revision(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _playing(cards, path)
    store = Store(path)
    loaded = store.load(1)
    with pytest.raises(StaleGame):
        store.append(1, loaded.head + 1, "set Ann gold 1", {}, {}, revision=loaded.revision - 1)
    with pytest.raises(StaleGame):
        store.append(1, loaded.head, "set Ann gold 1", {}, {})  # a head it did not read: row 2 would go
    assert _kept(path) == [m.line for m in session.moves]


def test_an_old_store_gains_revisions(cards, tmp_path):
    """A store made before games counted revisions opens, resumes and plays on."""
    path = tmp_path / "old.sqlite3"
    _playing(cards, path).close()
    db = sqlite3.connect(str(path))
    db.execute("ALTER TABLE games DROP COLUMN revision")
    db.commit()
    db.close()
    session = Session(cards, Store(path))
    session.resume(1)
    assert session.handle("set Cat gold 2").accepted and _kept(path)[-1] == "set Cat gold 2"


# --- the store is the truth ----------------------------------------------------------------------
@pytest.mark.parametrize("change", sorted(bench_store_race.CHANGES))
def test_a_store_changed_under_the_game_is_said_at_once_and_the_game_goes_on_in_a_copy(cards, tmp_path, change):
    path = tmp_path / "g.sqlite3"
    other = Session(cards, Store(tmp_path / "other.sqlite3"))
    other.handle("new tda Ann Ben Cat")
    other.close()
    other.store.close()
    session = _playing(cards, path, [SETUP] + [f"set Ann gold {n}" for n in range(1, 30)])
    bench_store_race._checkpoint(path)
    bench_store_race.CHANGES[change](path, (tmp_path / "other.sqlite3").read_bytes(), random.Random(3))
    ruling = session.handle("set Bob gold 6")
    assert ruling.accepted, ruling.message
    notice = " ".join(session.notices)
    session.notices.clear()
    assert f"The store {path} " in notice and "after this window opened it" in notice, notice
    copy = session.store.path
    assert copy != path and copy.parent == tmp_path and f"is saved in {copy} as game 1" in notice
    assert "Play goes on there" in notice and session.read_only is None
    assert session.handle("undo").accepted and session.handle("set Cat gold 2").accepted
    assert _kept(copy) == [m.line for m in session.moves[: session.head + 1]]
    assert session.farewell() == "Saved. Bye."


def test_leaving_right_after_the_store_went_says_where_the_game_is(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _playing(cards, path)
    path.unlink()
    said = session.farewell()
    assert f"The store {path} was deleted after this window opened it" in said and said.endswith("Saved. Bye.")
    assert _kept(session.store.path) == [SETUP, "set Ann gold 3", "set Bob gold 4"]


def test_a_checkpoint_by_another_program_is_no_alarm(cards, tmp_path):
    """Another window playing another game in the same store, a backup tool's checkpoint and the window's own
    checkpoints change the file legitimately: nobody is told the store changed."""
    path = tmp_path / "g.sqlite3"
    one = _playing(cards, path)
    two = _playing(cards, path, ["new tda Ann Ben Cat"])
    one.store.db.execute("PRAGMA wal_autocheckpoint = 5")  # its own commits copy the journal into the file too
    for n in range(60):
        assert one.handle(f"set Ann gold {n % 9}").accepted
        assert two.handle(f"set Ann hoard {n}").accepted
        if n % 20 == 0:
            bench_store_race._checkpoint(path)
    assert one.notices == two.notices == [] and one.store.path == two.store.path == path


def test_with_nowhere_to_copy_the_line_is_refused_read_only_and_save_as_goes_on(cards, tmp_path, monkeypatch):
    path = tmp_path / "g.sqlite3"
    session = _playing(cards, path)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(store_file, "rescue_paths", lambda _path: [blocked / "copy.sqlite3"])
    path.unlink()
    before = session.state.to_dict(), session.head
    ruling = session.handle("set Cat gold 2")
    assert ruling.code == "not-saved" and (session.state.to_dict(), session.head) == before
    assert f"the store {path} was deleted after this window opened it, and no copy could be written" in ruling.message
    assert "`save as FILE`" in ruling.message
    shown = toolbar_lines(session.game, session.state, session.cards, 80, read_only=session.read_only)
    assert shown[0].startswith("READ-ONLY") and session.unsaved
    assert "Not saved" in session.farewell() and "`save as FILE` keeps it" in session.farewell()
    assert session.handle("save as").code == "not-understood"
    assert session.handle(f"save as {blocked}/x.sqlite3").code == "not-saved"
    elsewhere = tmp_path / "elsewhere.sqlite3"
    saved = session.handle(f"save as {elsewhere}")
    assert f"is saved in {elsewhere} as game 1" in saved.message and not session.unsaved
    assert session.read_only is None and session.handle("set Cat gold 2").accepted
    assert _kept(elsewhere) == [SETUP, "set Ann gold 3", "set Bob gold 4", "set Cat gold 2"]
    assert session.farewell() == "Saved. Bye."


def test_save_as_copies_the_game_into_another_store_and_plays_on_there(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _playing(cards, path)
    assert "already saved in" in session.handle(f"save as {path}").message
    refused = session.handle(f"save as {tmp_path}")
    assert refused.code == "not-saved" and "is a folder, not a file" in refused.message
    assert session.handle("save as a\x00b").code == "not-understood"
    other = tmp_path / "other.sqlite3"
    _playing(cards, other, ["new tda Ann Ben Cat"]).close()
    assert "as game 2" in session.handle(f'save as "{other}"').message
    assert session.handle("set Cat gold 1").accepted
    assert _kept(other, 2)[-1] == "set Cat gold 1" and _kept(path)[-1] == "set Bob gold 4"
    assert Store(path).lease_of(1) is None  # the first store's game is let go of


def test_leaving_with_the_game_only_in_memory_takes_a_second_ctrl_d(cards, tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.sqlite3"
    session = _playing(cards, path)
    monkeypatch.setattr(store_file, "rescue_paths", lambda _path: [])
    path.unlink()
    with create_pipe_input() as pipe:
        pipe.send_text("set Cat gold 2\n\x04")
        pipe.send_text("\x04")
        run_repl(session=session, config=Config(), input=pipe, output=DummyOutput())
    out = capsys.readouterr().out
    assert "✗ Not recorded" in out and "Ctrl-D or `quit` again leaves without it." in out
    assert "Saved. Bye." not in out


def test_a_real_process_whose_store_is_replaced_loses_nothing(tmp_path):
    other = tmp_path / "other.sqlite3"
    from referee.core.carddb import load_cards

    made = Session(load_cards(), Store(other))
    made.handle("new tda Ann Ben Cat")
    made.close()
    made.store.close()
    result = bench_store_race.change_under_game(tmp_path, "replaced by garbage", False, random.Random(1),
                                                other.read_bytes())
    assert result.told and result.missing == 0 and "rescued" in result.store and result.saved >= 40
