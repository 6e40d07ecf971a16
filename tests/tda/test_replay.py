"""A whole game replayed from a file through `referee replay --json`, and saved-game round trips."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.games.tda import game

GAME_FILE = Path(__file__).resolve().parent.parent / "transcripts" / "tda" / "tda_full_game.txt"


def announcements() -> list[str]:
    return [line for line in GAME_FILE.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith(("#", "expect", "! ", "?"))]


def test_replay_json_prints_players_and_stakes(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("\n".join(announcements()) + "\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["stakes"] == {"dragon": 0, "giant": 0}
    names = [p["name"] for p in data["players"]]
    assert names == ["Ann", "Ben", "Cat"]
    ann = data["players"][0]
    assert ann["hoard"] == 50 and ann["side"] == "giants" and ann["strength"] == 14
    assert [(c["card"], c["strength"]) for c in ann["flight"]] == [("The Ordning", 7), ("Cloud Giant", 7),
                                                                    ("Copper Dragon", 5)]
    assert data["winner"] == "Ann"
    assert len(data["log"]) == len(announcements())


def test_replay_prints_every_ruling(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("\n".join(announcements()[:8]) + "\nBen plays Storm Giant 99\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "Cloud Giant" in result.output and "refused: It is Cat's turn" in result.output


def test_state_round_trips_through_json(cards):
    from referee.core.session import Session

    session = Session(cards)
    for line in announcements()[:30]:
        session.handle(line)
    data = json.loads(json.dumps(session.state.to_dict()))
    again = game.load_state(data)
    assert again.to_dict() == session.state.to_dict()
    assert game.describe(again, session.cards) == game.describe(session.state, session.cards)
    assert "Ann" in game.player_names(again)
    assert "plays" in game.completion_words(again, session.cards)
