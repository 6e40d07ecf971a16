"""Sessions and shells for the REPL's tests, without a terminal."""

from __future__ import annotations

from pathlib import Path

from referee.core.session import Session
from referee.shell.commands import TableShell
from referee.shell.config import Config

FOUR_PLAYER_GAME = Path(__file__).resolve().parents[2] / "benchmarks" / "four_player_game.txt"


def game_lines() -> list[str]:
    return [line for line in FOUR_PLAYER_GAME.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def shell_for(cards, *lines: str, store=None, width: int = 80) -> TableShell:
    shell = TableShell(Session(cards, store), Config(), width=lambda: width)
    for line in lines:
        shell.respond(line)
    return shell
