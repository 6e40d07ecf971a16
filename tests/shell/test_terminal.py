"""The REPL in a real terminal (tmux) at 80×24 and 120×40, and through prompt_toolkit's pipe input."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from kept_cards import POCKET_SAND, assert_pocket_sand_kept

from referee.core.session import Session
from referee.core.store import Store
from referee.repl import run_repl
from referee.shell.config import Config
from referee.shell.toolbar import toolbar_lines

GREEN = 'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin'
LINES = ["new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws", GREEN]


class Tmux:
    """A tmux server of its own (its own socket), so no other session is touched."""

    def __init__(self, tmp_path, width: int):
        self.socket = f"referee-test-{os.getpid()}-{width}"
        env = {"REFEREE_CONFIG_DIR": tmp_path / "config", "REFEREE_DATA_DIR": tmp_path / "data",
               "REFEREE_CACHE_DIR": os.environ.get("REFEREE_CACHE_DIR", tmp_path / "cache")}
        command = " ".join(f"{k}={v}" for k, v in env.items()) + f" {sys.executable} -m referee"
        height = 24 if width <= 80 else 40
        self.run("new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), command)
        # Keep the pane after the referee exits, so its last words ("Saved. Bye.") can still be read.
        self.run("set-option", "-t", "t", "remain-on-exit", "on")

    def run(self, *args) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True).stdout

    def type(self, *keys: str) -> None:
        self.run("send-keys", "-t", "t", *keys)

    def screen(self) -> list[str]:
        return self.run("capture-pane", "-t", "t", "-p").splitlines()

    def wait_for(self, text: str, timeout: float = 15.0) -> list[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if any(text in line for line in screen):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"{text!r} never appeared:\n" + "\n".join(self.screen()))

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)")


@needs_tmux
@pytest.mark.parametrize("width", [80, 120])
def test_toolbar_in_a_real_terminal(tmp_path, cards, width):
    tmux = Tmux(tmp_path, width)
    try:
        tmux.wait_for("referee>")
        for line in LINES:
            tmux.type(line, "Enter")
            tmux.wait_for(line[:30])
        tmux.wait_for("Responses, in turn order")
        time.sleep(0.5)  # the toolbar redraws after the ruling
        screen = tmux.wait_for("Top")
        session = Session(cards)
        for line in LINES:
            session.handle(line)
        expected = toolbar_lines(session.game, session.state, session.cards, width)
        shown = [line.rstrip() for line in screen]
        for line in expected:
            assert line in shown, (line, screen)
        assert all(len(line) <= width for line in shown)
        assert "Kaylin" in " ".join(expected) and "F20 A0 G10" in " ".join(expected).replace("Fort 20 Alc 0 Gold 10",
                                                                                               "F20 A0 G10")
        # Tab completes a misspelled card name, and the play goes through
        tmux.type("Kaylin plays dont cal", "Tab")
        tmux.wait_for("We don't think so!")  # the menu, the own deck first
        tmux.type("Tab")
        tmux.wait_for("Kaylin plays \"Don't call me cute!\"")
        tmux.type(" on Ser", "Tab")
        tmux.wait_for("Kaylin plays \"Don't call me cute!\" on Serena")
        tmux.type("Enter")
        tmux.wait_for("✗ Don't call me cute! is an Action Card")  # not her turn: refused, in short
        tmux.type("C-d")
        tmux.wait_for("Saved. Bye.")
    finally:
        tmux.close()


def test_the_repl_through_a_pipe(cards, capsys):
    session = Session(cards)
    with create_pipe_input() as pipe:
        pipe.send_text("\n".join([*LINES, "resolve", "why", "new tda Ann Ben Cat", "n", "help otto", ""]) + "\n")
        pipe.send_text("\x04")  # Ctrl-D
        run_repl(session=session, config=Config(), input=pipe, output=DummyOutput())
    out = capsys.readouterr().out
    assert "✓ You're looking a little green. Drink this. (Phrenk) resolves." in out
    assert "Phrenk G 10→12 · Kaylin G 10→8" in out
    assert "[gii/other-rules/timing]" in out  # `why` gives every section id
    assert "Kept the game under way" in out and session.game.GAME == "rdi"
    assert "otto (Variants and Otto)" in out and "Bye." in out


TDA_LINES = ["new tda Ann Ben Cat", "Ann antes Silver Dragon 6", "Ben antes Storm Giant 10", "Cat antes Io",
             "Ann plays Red Dragon 5", "Ben plays Hill Giant 2"]


@needs_tmux
@pytest.mark.parametrize("width", [80, 120])
def test_giants_war_toolbar_in_a_real_terminal(tmp_path, cards, width):
    """Each announcement's toolbar in the terminal is the one the state gives, at one steady height."""
    tmux = Tmux(tmp_path, width)
    try:
        tmux.wait_for("referee>")
        session = Session(cards)
        heights = set()
        for line in TDA_LINES:
            tmux.type(line, "Enter")
            session.handle(line)
            expected = [row for row in toolbar_lines(session.game, session.state, session.cards, width) if row]
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                shown = [row.rstrip() for row in tmux.screen()]
                if all(row in shown for row in expected):
                    break
                time.sleep(0.2)
            assert all(row in shown for row in expected), (line, expected, shown)
            assert all(len(row) <= width for row in shown)
            start = shown.index(expected[0])
            # the toolbar's rows together and in their order: players, the turn, what waits
            assert shown[start:start + len(expected)] == expected, (line, expected, shown)
            heights.add(len(shown) - start)
        assert len(heights) == 1, heights  # one layout all through: the toolbar kept its number of lines
        tmux.type("C-d")
        tmux.wait_for("Saved. Bye.")
    finally:
        tmux.close()


@needs_tmux
def test_a_card_taught_after_a_plain_referee_and_new_is_kept(tmp_path):
    """`referee`, then `new` and `learn` at the prompt: the card is in the learned folder once the REPL is
    left, so the next day's look-up, listing and game know it."""
    tmux = Tmux(tmp_path, 160)
    try:
        tmux.wait_for("referee>")
        tmux.type("new rdi Ann Bob", "Enter")
        tmux.wait_for("Seats, clockwise")
        tmux.type(POCKET_SAND, "Enter")
        tmux.wait_for("Learned Pocket sand")
        tmux.type("C-d")
        tmux.wait_for("Saved. Bye.")
    finally:
        tmux.close()
    assert_pocket_sand_kept(tmp_path)


HOLDER = """
import sys
from referee.core.carddb import load_cards
from referee.core.session import Session
from referee.core.store import Store
from referee.core.store import Store
session = Session(load_cards(), Store(sys.argv[1]))
session.handle("new rdi Ann Bob Cat")
print("holding", flush=True)
sys.stdin.read()
"""


@needs_tmux
def test_the_toolbar_says_read_only_when_another_window_writes_the_game(tmp_path):
    store = tmp_path / "data" / "games.sqlite3"
    store.parent.mkdir(parents=True)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(store)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    tmux = Tmux(tmp_path, 120)
    try:
        assert holder.stdout.readline().strip() == "holding"
        tmux.wait_for("referee>")
        tmux.type("resume 1", "Enter")
        tmux.wait_for("is open for writing in another referee")
        tmux.wait_for("READ-ONLY: game 1 is being played in another window")
        tmux.type("set Ann gold 3", "Enter")
        tmux.wait_for("✗ Not recorded: game 1 is being played in another window")
    finally:
        tmux.close()
        holder.stdin.close()
        holder.wait(timeout=30)


@needs_tmux
def test_a_store_deleted_under_the_prompt_is_said_and_the_game_goes_on_in_a_copy(tmp_path):
    tmux = Tmux(tmp_path, 160)
    try:
        tmux.wait_for("referee>")
        tmux.type("new rdi Ann Bob Cat", "Enter")
        tmux.wait_for("Seats, clockwise")
        tmux.type("set Ann gold 3", "Enter")
        tmux.wait_for("Ann G 10→3")
        store = tmp_path / "data" / "games.sqlite3"
        store.unlink()
        tmux.type("set Bob gold 4", "Enter")
        screen = " ".join(line.strip() for line in tmux.wait_for("Bob G 10→4"))
        assert f"The store {store} was deleted after this window opened it" in screen, screen
        copies = list(store.parent.glob("games-rescued-*.sqlite3"))
        assert len(copies) == 1
        assert "READ-ONLY" not in screen
        tmux.type("C-d")
        tmux.wait_for("Saved. Bye.")
    finally:
        tmux.close()
    lines = [m[0] for m in Store(copies[0]).db.execute("SELECT line FROM moves ORDER BY seq")]
    assert lines == ["new rdi Ann Bob Cat --rules gii", "set Ann gold 3", "set Bob gold 4"]
