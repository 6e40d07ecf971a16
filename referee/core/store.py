"""The saved-game store: SQLite in the user's data folder (``REFEREE_DATA_DIR`` or --store moves it).

Each accepted announcement is one row: its line, the ruling, and the state after
it, committed before the prompt returns. ``head`` marks the current row, so undo
and redo move it; a new announcement after an undo drops the undone rows.

One writer per game: a ``leases`` row names the process that has a game open for
writing. It is taken and checked inside ``BEGIN IMMEDIATE`` transactions, so two
processes cannot both hold it, and it goes stale when its process is gone.

Every failure reaches the caller as a ``StoreError`` whose message is one plain
line saying what is wrong and what to do; SQLite and OS errors never leak out.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
from contextlib import contextmanager
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
CREATE TABLE IF NOT EXISTS leases (
    game_id INTEGER PRIMARY KEY,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    started REAL NOT NULL
);
"""

BUSY_TIMEOUT_SECONDS = 3.0  # how long a write waits for another process's transaction before giving up


def _json(value) -> str:
    """A saved row's JSON: compact (no spaces), and no circularity check (states are plain trees)."""
    return json.dumps(value, separators=(",", ":"), check_circular=False)


class StoreError(Exception):
    """The store cannot do what was asked; ``message`` is one line for the table."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class GameBusy(StoreError):
    """Another live process has the game open for writing."""

    def __init__(self, game_id: int, lease: "Lease"):
        since = time.strftime("%H:%M", time.localtime(lease.started))
        where = "" if lease.host == _HOST else f" on {lease.host}"
        super().__init__(f"Game {game_id} is open for writing in another referee (process {lease.pid}{where}, since {since}).")
        self.game_id = game_id
        self.lease = lease


@dataclass(frozen=True)
class SavedGame:
    id: int
    game: str
    title: str
    created: float
    updated: float
    moves: int


@dataclass(frozen=True)
class Lease:
    pid: int
    host: str
    started: float

    def is_ours(self) -> bool:
        return self.pid == os.getpid() and self.host == _HOST

    def is_stale(self) -> bool:
        """True when the holding process is gone, or its pid now belongs to a process started after the lease.
        A process on another machine cannot be checked: it counts as live."""
        if self.host != _HOST:
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except OSError:
            pass  # it exists but belongs to someone else
        started = _process_start(self.pid)
        return started is not None and started > self.started + 1.0


def _process_start(pid: int) -> float | None:
    """When a process started (Linux /proc); None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            ticks = int(handle.read().rsplit(")", 1)[1].split()[19])  # field 22, starttime
        with open("/proc/stat", encoding="ascii") as handle:
            boot = next(int(line.split()[1]) for line in handle if line.startswith("btime "))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


@dataclass(frozen=True)
class Loaded:
    """A saved game as far as it could be read: rows up to the first damaged one."""

    kind: str
    head: int
    rows: list[tuple[str, dict, dict]]
    lost: int  # rows at and after the first damaged one


_HOST = socket.gethostname()


def default_store_path() -> Path:
    from referee.core.paths import data_dir

    return data_dir() / "games.sqlite3"


def _explain(error: Exception, path: Path) -> str:
    """One plain line for an SQLite or OS error met while writing."""
    text = str(error).lower()
    if "full" in text:
        return f"the disk holding {path} is full; free some space"
    if "readonly" in text or "read-only" in text:
        return f"{path} cannot be written (read-only); make it writable or pass --store FILE"
    if "locked" in text or "busy" in text:
        return f"{path} is locked by another program; close it or try again"
    if "malformed" in text or "not a database" in text:
        return f"{path} is damaged; move it aside and start a new store"
    if isinstance(error, OSError) and error.strerror:
        return f"{path}: {error.strerror}"
    return f"{path}: {error}"


class Store:
    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path else default_store_path()
        self.read_only: str | None = None  # why this store cannot be written, if it cannot
        self.damaged: str | None = None  # why this store is damaged, if it is
        if str(self.path) == ":memory:":
            self.db = sqlite3.connect(":memory:", isolation_level=None)
            self.db.executescript(SCHEMA)
            return
        self._check_places()
        try:
            self.db = self._connect()
        except sqlite3.DatabaseError as error:
            raise StoreError(self._broken_message(error)) from None

    # --- opening -------------------------------------------------------------------------
    def _check_places(self) -> None:
        path, folder = self.path, self.path.parent
        if path.is_dir():
            raise StoreError(f"The saved-game store {path} is a folder, not a file: move the folder or pass --store FILE.")
        for parent in (folder, *folder.parents):
            if parent.exists() and not parent.is_dir():
                what = f"The data folder {folder} is a file" if parent == folder else \
                    f"The data folder {folder} cannot be made because {parent} is a file"
                raise StoreError(f"{what}, not a folder: move it aside or set REFEREE_DATA_DIR to a folder.")
            if parent.exists():
                break
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"The data folder {folder} cannot be made ({error.strerror}): "
                             "set REFEREE_DATA_DIR to a folder you can write, or pass --store FILE.") from None
        if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
            if not path.exists():
                raise StoreError(f"The data folder {folder} is not writable: "
                                 "set REFEREE_DATA_DIR to a folder you can write, or pass --store FILE.")
            self.read_only = f"{path} is read-only; games can be looked at, not played"

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:
            # immutable: no -wal/-shm files are needed, which a read-only folder could not hold
            db = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1", uri=True, isolation_level=None)
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        else:
            db = sqlite3.connect(str(self.path), isolation_level=None, timeout=BUSY_TIMEOUT_SECONDS)
            # WAL + NORMAL: a committed row survives a killed process; only a power cut may lose the last one.
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(SCHEMA)
        try:
            check = db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.DatabaseError:
            check = None
        if not check or check[0] != "ok":
            self.damaged = (f"The store {self.path} is damaged: `referee games` lists what can still be read; "
                            f"move it aside (mv {self.path} {self.path}.damaged) to start a new one.")
            self.read_only = self.read_only or "the store is damaged"
        return db

    def _broken_message(self, error: Exception) -> str:
        text = str(error).lower()
        if "not a database" in text or "malformed" in text:
            return (f"{self.path} is not a referee store (not an SQLite database, or damaged): "
                    f"move it aside (mv {self.path} {self.path}.broken) and a new store is made, or pass --store FILE.")
        return f"The saved-game store cannot be opened: {_explain(error, self.path)}."

    def close(self) -> None:
        try:
            self.db.close()
        except sqlite3.Error:
            pass

    # --- writing ---------------------------------------------------------------------------
    @contextmanager
    def _write(self):
        """One immediate transaction: SQLite takes the write lock at once, so two writers never interleave."""
        if self.read_only:
            raise StoreError(f"Not saved: {self.read_only}.")
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise StoreError(f"Not saved: {_explain(error, self.path)}.") from None
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException as error:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(error, (sqlite3.Error, OSError)):
                raise StoreError(f"Not saved: {_explain(error, self.path)}.") from None
            raise

    def _lease(self, game_id: int) -> Lease | None:
        row = self.db.execute("SELECT pid, host, started FROM leases WHERE game_id = ?", (game_id,)).fetchone()
        return Lease(int(row[0]), str(row[1]), float(row[2])) if row else None

    def _take_lease(self, game_id: int) -> None:
        self.db.execute("INSERT OR REPLACE INTO leases VALUES (?, ?, ?, ?)", (game_id, os.getpid(), _HOST, time.time()))

    def _check_lease(self, game_id: int) -> None:
        lease = self._lease(game_id)
        if lease is not None and not lease.is_ours() and not lease.is_stale():
            raise GameBusy(game_id, lease)
        if lease is None or not lease.is_ours():
            self._take_lease(game_id)

    def acquire(self, game_id: int) -> None:
        """Open a game for writing, or raise GameBusy naming the process that has it."""
        with self._write():
            self._check_lease(game_id)

    def release(self, game_id: int) -> None:
        try:
            with self._write():
                self.db.execute("DELETE FROM leases WHERE game_id = ? AND pid = ? AND host = ?",
                                (game_id, os.getpid(), _HOST))
        except StoreError:
            pass  # a lease that cannot be removed goes stale with this process

    def new_game(self, game: str, title: str, line: str, ruling: dict, state: dict) -> int:
        now = time.time()
        with self._write():
            cursor = self.db.execute("INSERT INTO games (game, title, created, updated, head) VALUES (?, ?, ?, ?, 0)",
                                     (game, title, now, now))
            game_id = int(cursor.lastrowid)
            self.db.execute("INSERT INTO moves VALUES (?, 0, ?, ?, ?)",
                            (game_id, line, _json(ruling), _json(state)))
            self._take_lease(game_id)
        return game_id

    def append(self, game_id: int, seq: int, line: str, ruling: dict, state: dict) -> None:
        with self._write():
            self._check_lease(game_id)
            self.db.execute("DELETE FROM moves WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                            (game_id, seq, line, _json(ruling), _json(state)))
            self.db.execute("UPDATE games SET head = ?, updated = ? WHERE id = ?", (seq, time.time(), game_id))

    def set_head(self, game_id: int, seq: int) -> None:
        with self._write():
            self._check_lease(game_id)
            self.db.execute("UPDATE games SET head = ?, updated = ? WHERE id = ?", (seq, time.time(), game_id))

    # --- reading ---------------------------------------------------------------------------
    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows one at a time, stopping at the first one a damaged file cannot give."""
        out: list[tuple] = []
        try:
            cursor = self.db.execute(sql, args)
            while True:
                row = cursor.fetchone()
                if row is None:
                    break
                out.append(row)
        except sqlite3.DatabaseError:
            if not out and not self.damaged:
                raise StoreError(self._broken_message(sqlite3.DatabaseError("malformed"))) from None
        return out

    def games(self) -> list[SavedGame]:
        rows = self._rows("SELECT id, game, title, created, updated, head FROM games ORDER BY updated DESC")
        return [SavedGame(r[0], str(r[1]), str(r[2]), r[3], r[4], r[5]) for r in rows if _plain(r)]

    def latest_id(self) -> int | None:
        games = self.games()
        return games[0].id if games else None

    def lease_of(self, game_id: int) -> Lease | None:
        try:
            return self._lease(game_id)
        except sqlite3.Error:
            return None

    def load(self, game_id: int) -> Loaded:
        """Every stored move up to the first damaged row (undone ones included); KeyError when there is no such game."""
        found = self._rows("SELECT game, head FROM games WHERE id = ?", (game_id,))
        if not found:
            raise KeyError(game_id)
        kind, head = found[0]
        total = self._rows("SELECT count(*) FROM moves WHERE game_id = ?", (game_id,))
        raw = self._rows("SELECT seq, line, ruling, state FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        rows: list[tuple[str, dict, dict]] = []
        for seq, line, ruling, state in raw:
            try:
                move = (line, json.loads(ruling), json.loads(state))
            except (TypeError, ValueError):
                break
            if seq != len(rows) or not isinstance(line, str) or not all(isinstance(m, dict) for m in move[1:]):
                break
            rows.append(move)
        stored = int(total[0][0]) if total else len(raw)
        head = int(head) if isinstance(head, int) else len(rows) - 1
        return Loaded(str(kind), head, rows, max(stored, len(raw)) - len(rows))


def _plain(row: tuple) -> bool:
    return isinstance(row[0], int) and all(isinstance(v, (int, float)) for v in (row[3], row[4], row[5]))
