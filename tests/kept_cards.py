"""Checks that a card a table taught is kept after the session that taught it: the one-shot look-up finds
it, `referee cards learned` lists it, and a new game plays it (tests of every kind of saving session)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app

POCKET_SAND = 'learn "Pocket sand": action: another player loses 1 Fortitude'


def user_env(folder: Path) -> dict[str, str]:
    """The user folders of a test: its own config (and learned cards) and saved games."""
    return {"REFEREE_CONFIG_DIR": str(folder / "config"), "REFEREE_DATA_DIR": str(folder / "data")}


def assert_pocket_sand_kept(folder: Path) -> None:
    runner = CliRunner()
    env = user_env(folder)
    looked_up = runner.invoke(app, ["card", "Pocket sand"], env=env)
    assert looked_up.exit_code == 0, looked_up.output
    assert "another player loses 1 Fortitude" in looked_up.output
    listed = runner.invoke(app, ["cards", "learned"], env=env)
    assert "Pocket sand (action): action: another player loses 1 Fortitude" in listed.output, listed.output
    game = folder / "next-game.txt"
    game.write_text("new rdi Ann=Fiona Bob=Gerki\nAnn draws\nAnn plays \"Pocket sand\" on Bob\nresolve\n"
                    "expect Bob fortitude 19\n", encoding="utf-8")
    played = runner.invoke(app, ["replay", str(game), "--check"], env=env)
    assert played.exit_code == 0, played.output
