"""What the table view shows, read from the saved-game store without ever writing to it.

The page is built from the games' own JSON summaries (the same as `replay --json`)
plus the last few rulings, with their citations as section names. Reading is
cheap: `version` asks only for the game's head and update time and which game
is being played, so the page server can poll it several times a second and
build a new view only on change.

The game being played is the one a live referee holds open for writing: the
store's leases (referee/core/store.py) say which, and which process holds it.
"""

from __future__ import annotations

import json
import socket
import sqlite3
from contextlib import closing
from pathlib import Path

from referee.core.carddb import CardDB
from referee.core.ruling import ASK, OUTCOME, REFUSED, STANDING
from referee.core.store import Lease

RECENT_RULINGS = 4
SHOWN_UNDONE = 3
NEXT_STEP_CHARACTERS = 160
MARKS = {"ok": "✓", "refused": "✗", "ask": "?"}  # as the REPL marks its rulings


class StoreUnreadable(Exception):
    """The store cannot be read now: missing, locked, or not a saved-game store."""


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write: the REPL owns the store, the page only looks."""
    if not path.is_file():
        raise StoreUnreadable(f"There is no saved-game store at {path}: start a game with `referee play rdi NAME NAME ...`.")
    try:
        return sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error as error:
        raise StoreUnreadable(f"Cannot open the saved-game store {path}: {error}.") from None


def _query(path: Path, work):
    """Run ``work(db)`` in one read transaction, so the rows it reads belong together."""
    try:
        with closing(open_read_only(path)) as db:
            db.execute("BEGIN")
            return work(db)
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise StoreUnreadable("The saved-game store is locked by another program; the page will catch up "
                                  "as soon as it can read it again.") from None
        raise StoreUnreadable(f"Cannot read the saved-game store {path}: {error}.") from None
    except sqlite3.DatabaseError as error:
        raise StoreUnreadable(f"{path} is not a saved-game store: {error}.") from None


def playing_game(path: Path, process: int | None = None) -> int | None:
    return _query(path, lambda db: _playing(db, process))


def latest_game_id(path: Path) -> int | None:
    row = _query(path, lambda db: db.execute("SELECT id FROM games ORDER BY updated DESC LIMIT 1").fetchone())
    return int(row[0]) if row else None


def game_title(path: Path, game_id: int) -> str | None:
    row = _query(path, lambda db: db.execute("SELECT title FROM games WHERE id = ?", (game_id,)).fetchone())
    return row[0] if row else None


def _playing(db: sqlite3.Connection, process: int | None) -> int | None:
    """The game a live referee (process ``process`` on this computer, or any) opened for writing last."""
    try:
        rows = db.execute("SELECT game_id, pid, host, started FROM leases ORDER BY started DESC").fetchall()
    except sqlite3.OperationalError:
        return None  # a store from before leases
    for game_id, pid, host, started in rows:
        lease = Lease(int(pid), str(host), float(started))
        if process is not None and (lease.pid, lease.host) != (process, socket.gethostname()):
            continue
        if not lease.is_stale():
            return int(game_id)
    return None


def version(path: Path, game_id: int, follow: bool = False, process: int | None = None) -> tuple:
    """Which game to show, and something that changes whenever an announcement in it is saved, undone or
    redone, or another game starts being played (or the store stops being readable). ``follow``: show the
    game being played (by ``process``, or by anyone) rather than ``game_id``, while there is one."""
    def read(db):
        playing = _playing(db, process)
        shown = playing if follow and playing is not None else game_id
        row = db.execute("SELECT head, updated FROM games WHERE id = ?", (shown,)).fetchone()
        return shown, row, playing

    try:
        shown, row, playing = _query(path, read)
    except StoreUnreadable as error:
        return ("unreadable", str(error))
    return ("game", shown, *row, playing) if row else ("missing", shown, playing)


def shown_game(version: tuple, game_id: int) -> tuple[int, int | None]:
    """The game a version is of and the game being played (None: none, or not known)."""
    if version[0] == "game":
        return version[1], version[-1]
    if version[0] == "missing":
        return version[1], version[2]
    return game_id, None


def _outcome(ruling: dict) -> list[str]:
    """What the ruling did, as the REPL's short form says it: its first step, every outcome (who wins the pot,
    the stakes or the game, who passes out), and the question it asks or why it refused."""
    steps = ruling.get("steps") or []
    if not steps:
        return [ruling.get("message", "")]
    chosen = [steps[0]] + [step for step in steps[1:] if step.get("role") == OUTCOME]
    if ruling.get("verdict") == "ok" and len(steps) > 1 and steps[1] not in chosen \
            and steps[1].get("role") != STANDING and len(steps[1].get("text", "")) <= NEXT_STEP_CHARACTERS:
        chosen.insert(1, steps[1])  # what happened next, when it is short (the REPL's two lines)
    if ruling.get("verdict") in (ASK, REFUSED) and steps[-1] not in chosen:
        chosen.append(steps[-1])
    return [step.get("text", "") for step in chosen]


def _ruling_view(ruling: dict, cite) -> dict:
    verdict = ruling.get("verdict", "")
    return {"line": ruling.get("line", ""), "verdict": verdict, "mark": MARKS.get(verdict, ""),
            "message": ruling.get("message", ""), "outcome": _outcome(ruling),
            "citations": [{"id": section, "name": cite(section)} for section in ruling.get("citations", [])]}


def _game_over(table: dict) -> str | None:
    if table.get("winner"):
        return f"Game over: {table['winner']} wins."
    if table.get("tie"):
        return f"Game over: a tie between {', '.join(table['tie'])}."
    if table.get("over"):
        return "Game over."
    return None


def table_view(path: Path, game_id: int, cards: CardDB, playing: int | None = None, following: bool = False) -> dict:
    """Everything the page shows for one saved game, or a status saying why it cannot show it.
    ``playing``: the game being played; ``following``: the page switches to it (else it says it shows another)."""
    view = _table_view(path, game_id, cards)
    view.update(playing=playing, following=following)
    if not following and playing is not None and playing != game_id:
        view["elsewhere"] = (f"This page shows game {game_id}, not the one being played (game {playing}); "
                             "`referee serve` with no number follows the game being played.")
    return view


def _table_view(path: Path, game_id: int, cards: CardDB) -> dict:
    from referee.core.citations import cite
    from referee.core.session import adapter

    def read(db: sqlite3.Connection):
        game = db.execute("SELECT game, title, head FROM games WHERE id = ?", (game_id,)).fetchone()
        if game is None:
            return None
        head = int(game[2])
        state = db.execute("SELECT state FROM moves WHERE game_id = ? AND seq = ?", (game_id, head)).fetchone()
        recent = db.execute("SELECT ruling FROM moves WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT ?",
                            (game_id, head, RECENT_RULINGS)).fetchall()
        undone = db.execute("SELECT line FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                            (game_id, head, SHOWN_UNDONE)).fetchall()
        return game, head, state, recent, undone

    try:
        found = _query(path, read)
    except StoreUnreadable as error:
        return {"status": "unreadable", "notice": str(error), "game_id": game_id}
    if found is None or found[2] is None:
        return {"status": "missing", "game_id": game_id,
                "notice": f"There is no saved game number {game_id} in {path}; `referee games` lists them."}
    (kind, title, _), head, (state,), recent, undone = found
    try:
        game = adapter(kind)
        table = game.summary(game.load_state(json.loads(state)), cards)
    except Exception as error:  # a store written by another version: say so on the page, never crash the server
        return {"status": "unreadable", "game_id": game_id,
                "notice": f"This referee cannot show saved game {game_id} ({type(error).__name__}: {error})."}
    over = _game_over(table)
    return {"status": "over" if over else "live", "notice": over, "game_id": game_id, "title": title, "kind": kind,
            "head": head, "table": table, "rulings": [_ruling_view(json.loads(r), cite) for (r,) in recent],
            "undone": [line for (line,) in undone]}
