"""The saved-game store: every accepted announcement is committed; a killed process resumes exactly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from typer.testing import CliRunner

from referee.cli import app
from referee.core.session import Session
from referee.core.store import Store

SCRIPT = ["new rdi Phrenk Kaylin Wizgille Serena", "set Kaylin fortitude 12 alcohol 10 gold 3",
          'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin', "resolve"]


def test_each_announcement_is_saved_and_resumed(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = Session(cards, Store(path))
    for line in SCRIPT:
        session.handle(line)
    again = Session(cards, Store(path))
    again.resume()
    assert again.state.to_dict() == session.state.to_dict()
    assert again.state.players[1].gold == 1


def test_refused_lines_are_not_saved(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = Session(cards, Store(path))
    session.handle(SCRIPT[0])
    session.handle("Kaylin plays Poof on Serena")  # refused: nothing to answer
    again = Session(cards, Store(path))
    again.resume()
    assert again.head == 0


def test_sigkill_between_announcements_resumes_to_the_last_accepted(cards, tmp_path):
    """A real process, fed lines on standard input, killed with SIGKILL: nothing accepted is lost."""
    path = tmp_path / "g.sqlite3"
    code = ("import sys\nfrom referee.core.carddb import load_cards\nfrom referee.core.session import Session\n"
            "from referee.core.store import Store\n"
            f"s = Session(load_cards(), Store({str(path)!r}))\n"
            "for line in sys.stdin:\n    s.handle(line)\n    print('done', flush=True)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ))
    for line in SCRIPT:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "done"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    resumed = Session(cards, Store(path))
    resumed.resume()
    assert resumed.head == len(SCRIPT) - 1
    kaylin = resumed.state.players[1]
    assert (kaylin.fortitude, kaylin.alcohol, kaylin.gold) == (12, 7, 1)


def test_games_and_resume_commands(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = Session(cards, Store(path))
    for line in SCRIPT:
        session.handle(line)
    result = CliRunner().invoke(app, ["games", "--store", str(path)])
    assert result.exit_code == 0 and "Phrenk, Kaylin, Wizgille, Serena" in result.output
    result = CliRunner().invoke(app, ["resume", "--store", str(path)], input="state\n")
    assert result.exit_code == 0, result.output
    assert "Resumed game" in result.output
