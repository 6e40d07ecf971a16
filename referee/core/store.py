"""The saved-game store: SQLite in the user's data folder (``REFEREE_DATA_DIR`` or --store moves it).

Each accepted announcement is one row: its line, the ruling, and the state after
it, committed before the prompt returns. ``head`` marks the current row, so undo
and redo move it; a new announcement after an undo drops the undone rows.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    head INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    ruling TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


@dataclass(frozen=True)
class SavedGame:
    id: int
    game: str
    title: str
    created: float
    updated: float
    moves: int


def default_store_path() -> Path:
    from referee.core.paths import data_dir

    return data_dir() / "games.sqlite3"


class Store:
    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path else default_store_path()
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path))
        # WAL + NORMAL: a committed row survives a killed process; only a power cut may lose the last one.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def new_game(self, game: str, title: str, line: str, ruling: dict, state: dict) -> int:
        now = time.time()
        with self.db:
            cursor = self.db.execute("INSERT INTO games (game, title, created, updated, head) VALUES (?, ?, ?, ?, 0)",
                                     (game, title, now, now))
            game_id = int(cursor.lastrowid)
            self.db.execute("INSERT INTO moves VALUES (?, 0, ?, ?, ?)",
                            (game_id, line, json.dumps(ruling), json.dumps(state)))
        return game_id

    def append(self, game_id: int, seq: int, line: str, ruling: dict, state: dict) -> None:
        with self.db:
            self.db.execute("DELETE FROM moves WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                            (game_id, seq, line, json.dumps(ruling), json.dumps(state)))
            self.db.execute("UPDATE games SET head = ?, updated = ? WHERE id = ?", (seq, time.time(), game_id))

    def set_head(self, game_id: int, seq: int) -> None:
        with self.db:
            self.db.execute("UPDATE games SET head = ?, updated = ? WHERE id = ?", (seq, time.time(), game_id))

    def games(self) -> list[SavedGame]:
        rows = self.db.execute(
            "SELECT g.id, g.game, g.title, g.created, g.updated, g.head FROM games g ORDER BY g.updated DESC").fetchall()
        return [SavedGame(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    def latest_id(self) -> int | None:
        row = self.db.execute("SELECT id FROM games ORDER BY updated DESC LIMIT 1").fetchone()
        return int(row[0]) if row else None

    def load(self, game_id: int) -> tuple[str, int, list[tuple[str, dict, dict]]]:
        """(game kind, head, [(line, ruling, state) for every stored move, undone ones included])."""
        row = self.db.execute("SELECT game, head FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        moves = self.db.execute("SELECT line, ruling, state FROM moves WHERE game_id = ? ORDER BY seq",
                                (game_id,)).fetchall()
        return row[0], int(row[1]), [(m[0], json.loads(m[1]), json.loads(m[2])) for m in moves]
