"""Nothing raw reaches the terminal (issue 20, item 4): thirteen hostile names (tests/hostile.py: an OSC title,
CSI colour and clear, C1 CSI, a bare CR, backspace, BEL, NUL, DCS, a bidi override, a zero-width space, a
surrogate escape of a byte that is not UTF-8, 10,000 characters) go through every command that shows names,
as a player name in `new` and `play`, a card name in `learn`, a learned card file, a case file for `replay`, a
saved game for `games`, `export`, `position` and `resume`, the table view's banner, completion and the toolbar;
no control or escape character reaches stdout or stderr raw."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from typer.testing import CliRunner

import referee.repl
from hostile import VECTORS, encoded, raw_characters
from referee.cli import app
from referee.core import safe_yaml
from referee.core.session import Session
from referee.core.store import Store
from referee.core.text import visible
from referee.shell.completer import RefereeCompleter
from referee.shell.config import Config
from referee.shell.toolbar import toolbar_lines

runner = CliRunner()
IDS = list(VECTORS)
SURROGATE = "surrogate-escape"


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Each test its own card and data folders; the caches are shared (they key on the files they read)."""
    monkeypatch.setenv("REFEREE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))


def in_a_file_name(vector: str) -> str:
    """The vector as part of a file name, where a file name can hold it (no NUL, no 10,000 characters)."""
    return vector if "\x00" not in vector and len(vector) < 100 else ""


def shown_clean(text: str, where: str) -> None:
    raw = raw_characters(text)
    assert not raw, f"{where}: raw {sorted(map(repr, raw))} in {text[:300]!r}"


def run(*args, piped: list[str] | None = None, monkeypatch=None):
    """A command as a user runs it; ``piped``: the lines typed at the REPL it opens (then Ctrl-D)."""
    if piped is not None:
        real = referee.repl.run_repl

        def typed(session=None, first_line=None, **_):
            with create_pipe_input() as pipe:
                pipe.send_text("".join(f"{line}\n" for line in piped) + "\x04")
                real(session=session, first_line=first_line, config=Config(), input=pipe, output=DummyOutput())

        monkeypatch.setattr(referee.repl, "run_repl", typed)
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    where = " ".join(str(a) for a in args)[:120]
    shown_clean(result.stdout, f"{where} (stdout)")
    shown_clean(result.stderr, f"{where} (stderr)")
    return result


def learned_file(folder: Path, card: str, vector: str) -> Path:
    """A learned card file as a table's folder might hold it, the card's name and text carrying the vector
    (escaped as YAML writes it; a surrogate as the byte it stands for, so the file is not UTF-8)."""
    folder.mkdir(parents=True, exist_ok=True)
    document = {"schema": 1, "game": "rdi", "book": "table", "cards": [{
        "id": "table/rdi/hostile", "name": card, "type": "action", "summary": f"Says {vector} aloud.",
        "phrase": "action: another player loses 1 Fortitude", "owner": "Fiona", "deck": "Fiona's Character Deck",
        "effects": [{"op": "lose", "attr": "fortitude", "amount": 1, "who": "target"}], "target": "other_player",
        "cites": ["gii/on-your-turn"]}]}
    path = folder / f"rdi-fiona{in_a_file_name(vector)}.yaml"
    if vector == VECTORS[SURROGATE]:
        path.write_bytes(encoded(safe_yaml.dump(document).replace("Hostile", "Hostile \udcff")
                                 .replace("name: ", f"name: {vector}", 1)))
    else:
        path.write_text(safe_yaml.dump(document, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("vector_id", IDS)
def test_every_command_shows_hostile_names_made_visible(vector_id, tmp_path, monkeypatch):
    vector = VECTORS[vector_id]
    name, card, taught = f"Ann{vector}z", f"Trip{vector}wire", f"Snare{vector}pit"
    case = tmp_path / f"case-{vector_id}{in_a_file_name(vector)}.txt"
    case.write_bytes(encoded("\n".join([
        f'new rdi "{name}" Bob Cat', "state",
        f'learn "{taught}" for Fiona: action: Pick another player. They lose 2 Fortitude.',
        f"card {taught}", f'{name} plays "{taught}" on Bob', "log", "why", "chain",
        f"Zed{vector} plays Poof", f"expect {name} fortitude 3", f"expect says {vector}",
        "export", "export --position", "position", "games"]) + "\n"))
    learned = learned_file(tmp_path / "config" / "cards" / "learned", card, vector)

    replayed = run("replay", case, "--save", "--keep-going")
    if vector_id == SURROGATE:  # the byte 0xff: the file is not UTF-8, refused in one line naming it
        assert replayed.exit_code == 2 and "\\udcff" in replayed.stderr and "not UTF-8 text" in replayed.stderr
    else:
        assert replayed.exit_code == 1
        if vector != "\r":  # (a bare CR ends a line of a case file, as a line break does)
            assert visible(name) in replayed.stdout  # shown, not dropped
    run("replay", case, "--check")
    as_json = run("replay", case, "--json", "--keep-going")
    games = run("games")
    if vector_id != SURROGATE and vector != "\r":
        assert json.loads(as_json.stdout)["players"][0]["name"] == name  # JSON stays valid, the name exact
        assert visible(name) in games.stdout
    for command in (["export"], ["export", "--position"], ["position"], ["cards", "learned"],
                    ["cards", "learned", "--json"], ["cards", "export", "Fiona"], ["card", card], ["card", card, "--json"],
                    ["card", taught], ["cards", "check", learned], ["rule", vector],
                    ["card", "--game", vector, "poof"], ["cards", "forget", name]):
        run(*command)
    # Typed at the REPL: only plain words (a terminal reads an escape typed there as keys); the names come
    # from the saved game, the learned file and the command line. (No look-up shows a printed card: that
    # would rebuild the phrase cache for every test's own card folder, seconds each.)
    lines = ["state", "log", "why 1", "chain", "games", "export", "position", "card snare", "resume 1"]
    run("resume", piped=lines, monkeypatch=monkeypatch)
    run("play", "rdi", "--players", name, "Bob", "Cat", piped=[*lines, "Bob passes", "end turn", "state"],
        monkeypatch=monkeypatch)
    run("cards", "forget", card)


@pytest.mark.parametrize("vector_id", IDS)
def test_completion_menus_and_the_toolbar_show_hostile_names_made_visible(vector_id, cards):
    vector = VECTORS[vector_id]
    session = Session(cards)
    ruling = session.handle(f'new rdi "Ann{vector}z" Bob Cat')
    if vector_id == SURROGATE:  # a byte that is not UTF-8 can be neither read as a letter nor saved: refused
        assert ruling.code != "internal-error" and "not UTF-8" in ruling.message and session.state is None
        return
    session.handle(f'learn "Trip{vector}wire" for Bob: action: Pick another player. They lose 2 Fortitude.')
    assert session.state is not None
    for width in (80, 160):
        for line in toolbar_lines(session.game, session.state, session.cards_in_play, width):
            shown_clean(line, f"toolbar at {width}")
    completer = RefereeCompleter(session)
    offered = []
    for typed in ("A", "Bob plays Tri", "Bob plays Trip", "Bob plays tripwire on A", "set A", "set "):
        for completion in completer.get_completions(Document(typed), None):
            for text in (completion.text, completion.display_text, completion.display_meta_text):
                shown_clean(text, f"completing {typed!r}")
            offered.append(completion.display_text)
    if len(vector) < 100:
        assert f"Ann{visible(vector)}z" in offered  # the player is offered, shown visibly


def test_the_table_views_banner_shows_hostile_titles_made_visible(tmp_path, monkeypatch, capsys, cards):
    import uvicorn

    from referee.serve.server import run_table_view

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)  # the banner only
    for vector_id, vector in VECTORS.items():
        store = tmp_path / f"store-{vector_id}{in_a_file_name(vector)}" / "games.sqlite3"
        store.parent.mkdir()
        session = Session(cards, Store(store))
        session.handle(f'new rdi "Ann{vector}z" Bob Cat')
        session.close()
        run_table_view(store, None, cards, "127.0.0.1", 0)
        run_table_view(store, 9, cards, "127.0.0.1", 0)  # no such game: the refusal names the store
        out = capsys.readouterr()
        shown_clean(out.out, f"serve banner, {vector_id}")
        shown_clean(out.err, f"serve refusal, {vector_id}")
        if vector_id != SURROGATE:  # (a store cannot hold a lone surrogate: that game is never saved)
            assert f"Ann{visible(vector)}z" in out.out


def test_a_real_referee_serve_prints_its_banner_made_visible(tmp_path):
    """The same through a real `referee serve` process, one game's title carrying every vector."""
    store = tmp_path / "games.sqlite3"
    title = "rdi: " + ", ".join(f"P{v}" for k, v in VECTORS.items() if k != SURROGATE)
    Store(store).new_game("rdi", title, "new rdi A B", {}, {})
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--store", str(store), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        deadline, banner = time.monotonic() + 60, b""
        while b"http://" not in banner and time.monotonic() < deadline and server.poll() is None:
            banner += server.stdout.readline()
    finally:
        server.terminate()
        server.wait(timeout=20)
    text = banner.decode("utf-8")
    assert "Table view of game 1" in text, text
    shown_clean(text, "referee serve")
    assert "P\\u001b]0;PWNED\\u0007" in text


def test_the_same_printer_serves_every_output():
    """visible() is the one way text reaches the terminal: JSON passes through it valid and exact, ordinary
    text (curly quotes, dashes, the marks the rulings use) unchanged."""
    every = "".join(VECTORS.values())
    assert not raw_characters(visible(every))
    assert json.loads(visible(json.dumps({"name": every}, ensure_ascii=False))) == {"name": every}
    plain = "✓ Kaylin plays “Don’t call me cute!” — GII › Getting Started\n  ▸Wizg. F20 A0 G10\tP8"
    assert visible(plain) == plain
    assert visible("\U000e0001") == "\\udb40\\udc01"  # beyond the BMP, as JSON writes it


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)")
def test_a_real_terminal_keeps_its_title_through_replay_and_the_repl(tmp_path):
    """The tester's case: a name with an OSC title sequence, replayed from a shared case file and then in the
    REPL (its rulings and toolbar), in tmux; the pane keeps its title and shows the sequence as escapes."""
    case = tmp_path / "case.txt"
    case.write_text('new rdi "Ann\x1b]0;PWNED-NAME\x07z" Bob Cat\nstate\n', encoding="utf-8")
    socket = f"referee-hostile-{os.getpid()}"
    env = f"REFEREE_DATA_DIR={tmp_path / 'data'} REFEREE_CONFIG_DIR={tmp_path / 'config'}"
    command = (f"cd {Path(__file__).resolve().parents[1]} && {env} {sys.executable} -m referee replay {case} --save"
               f" && {env} {sys.executable} -m referee resume")

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True, check=True).stdout

    tmux("new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command)
    try:
        title_before = tmux("display", "-p", "-t", "t", "#{pane_title}")
        deadline = time.monotonic() + 60
        while "referee>" not in tmux("capture-pane", "-t", "t", "-p") and time.monotonic() < deadline:
            time.sleep(0.2)
        tmux("send-keys", "-t", "t", "state", "Enter")
        while tmux("capture-pane", "-t", "t", "-p").count("Fortitude 20") < 6 and time.monotonic() < deadline:
            time.sleep(0.2)
        screen = tmux("capture-pane", "-t", "t", "-p")
        assert "PWNED" not in tmux("display", "-p", "-t", "t", "#{pane_title}"), title_before
        assert "Ann\\u001b]0;PWNED-NAME\\u0007z" in screen, screen  # rulings, `state` and the toolbar
        assert screen.count("\\u001b]0;PWNED-NAME") >= 3, screen
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
