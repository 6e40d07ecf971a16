"""The saved-game store: SQLite in the user's data folder (``REFEREE_DATA_DIR`` or --store moves it).

Each accepted announcement is one row: its line, the ruling, and the state after
it, committed before the prompt returns. ``head`` marks the current row, so undo
and redo move it; a new announcement after an undo drops the undone rows.

One writer per game: a ``leases`` row names the process that has a game open for
writing. It is taken and checked inside ``BEGIN IMMEDIATE`` transactions, so two
processes cannot both hold it, and it goes stale when its process is gone. Each
game's ``revision`` counts its changes: a write names the revision it read (or,
without one, the head) and is refused if the game moved on since, so it never
drops rows it has not seen.

Before every commit the file itself is checked (referee/core/store_file.py): a
store deleted, replaced or damaged under the process refuses the write with
``StoreGone`` instead of writing where nobody will read it.

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

from referee.core import store_file

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    head INTEGER NOT NULL DEFAULT 0,
    revision INTEGER NOT NULL DEFAULT 0
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


class StoreGone(StoreError):
    """The store's file was deleted, replaced or damaged while this process had it open."""

    def __init__(self, path: Path, what: str):
        super().__init__(f"Not saved: the store {path} {what} after this window opened it.")
        self.path = path
        self.what = what


class StaleGame(StoreError):
    """The game changed in the store since this process read it: writing would lose those changes."""

    def __init__(self, game_id: int):
        super().__init__(f"Not saved: game {game_id} changed in the store since this window read it "
                         "(another program wrote to it), and saving would overwrite that.")
        self.game_id = game_id


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
    title: str
    head: int
    revision: int  # the game's change count when it was read: a write names it
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
        self.gone: StoreGone | None = None  # set once the file is found deleted, replaced or damaged under us
        self._mark: store_file.FileMark | None = None  # the file after our last commit (None: nothing to check)
        self._known: dict[int, tuple[int, int]] = {}  # game id -> (head, revision) as this process last saw it
        if str(self.path) == ":memory:":
            self.db = sqlite3.connect(":memory:", isolation_level=None)
            self.db.executescript(SCHEMA)
            return
        self._check_places()
        try:
            self.db = self._connect()
        except sqlite3.DatabaseError as error:
            raise StoreError(self._broken_message(error)) from None
        if not self.read_only:
            self._mark = self._file_mark()

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
            _add_revisions(db)
        try:
            check = db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.DatabaseError:
            check = None
        if not check or check[0] != "ok":
            self.damaged = (f"The store {self.path} is damaged: `referee games` lists what can still be read; "
                            f"move it aside (mv {self.path} {self.path}.damaged) to start a new one.")
            self.read_only = self.read_only or "the store is damaged"
        return db

    def _file_mark(self) -> store_file.FileMark | None:
        try:
            return store_file.mark(self.path)
        except OSError:
            return None  # cannot be looked at: SQLite's own errors are all there is

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

    # --- is the file still ours? -----------------------------------------------------------
    def _verify(self) -> None:
        """Raise StoreGone when the file at our path is no longer the store we wrote (see store_file)."""
        if self.gone is not None:
            raise self.gone
        if self._mark is None:
            return
        what = store_file.what_changed(self.path, self._mark, self._as_we_left_it)
        if what is not None:
            self.gone = StoreGone(self.path, what)
            raise self.gone

    def _as_we_left_it(self, db: sqlite3.Connection) -> bool:
        """Whether ``db`` (a fresh connection) reads every game this process writes at its head and revision."""
        for game_id, known in self._known.items():
            row = db.execute("SELECT head, revision FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None or tuple(row) != known:
                return False
        return True

    def check(self) -> StoreGone | None:
        """Outside any write: is the file still the store this process wrote? (None: it is.)"""
        try:
            self._verify()
        except StoreGone as gone:
            return gone
        return None

    # --- writing ---------------------------------------------------------------------------
    @contextmanager
    def _write(self):
        """One immediate transaction: SQLite takes the write lock at once, so two writers never interleave.
        The file is checked after the lock is taken, so nothing can slip in between the check and the commit.
        Yields a dict the body fills with the (head, revision) of each game it changes, known once committed."""
        if self.read_only:
            raise StoreError(f"Not saved: {self.read_only}.")
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise self._failure(error) from None
        changed: dict[int, tuple[int, int]] = {}
        try:
            self._verify()
            yield changed
            self.db.execute("COMMIT")
        except BaseException as error:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(error, (sqlite3.Error, OSError)):
                raise self._failure(error) from None
            raise
        self._known.update(changed)
        self._after_commit()

    def _after_commit(self) -> None:
        """Remember the file as our commit left it; if it was swapped in the meantime, the next write says so."""
        if self._mark is None:
            return
        what = store_file.what_changed(self.path, self._mark, self._as_we_left_it)
        if what is not None:
            self.gone = StoreGone(self.path, what)
        else:
            self._mark = self._file_mark() or self._mark

    def _failure(self, error: Exception) -> StoreError:
        """A write's SQLite or OS error as a StoreError; a file SQLite finds damaged is a store gone."""
        text = str(error).lower()
        if self._mark is not None and ("malformed" in text or "not a database" in text):
            self.gone = StoreGone(self.path, "was damaged")
            return self.gone
        return StoreError(f"Not saved: {_explain(error, self.path)}.")

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

    def _check_head(self, game_id: int, head: int, revision: int | None) -> None:
        """Refuse a write made from a game that changed since it was read: it would drop rows unseen. The
        revision says so exactly (every change counts); a writer that read none names the head it saw."""
        row = self.db.execute("SELECT head, revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or (row[1] != revision if revision is not None else row[0] != head):
            raise StaleGame(game_id)

    def _changed(self, game_id: int, head: int) -> int:
        """Move the game's head, count the change; the new revision."""
        self.db.execute("UPDATE games SET head = ?, updated = ?, revision = revision + 1 WHERE id = ?",
                        (head, time.time(), game_id))
        return int(self.db.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()[0])

    def acquire(self, game_id: int) -> None:
        """Open a game for writing, or raise GameBusy naming the process that has it (KeyError: no such game).
        Take it before reading the game's rows, so no other writer can change them after they are read."""
        with self._write():
            if self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise KeyError(game_id)
            self._check_lease(game_id)

    def release(self, game_id: int) -> None:
        try:
            with self._write():
                self.db.execute("DELETE FROM leases WHERE game_id = ? AND pid = ? AND host = ?",
                                (game_id, os.getpid(), _HOST))
        except StoreError:
            pass  # a lease that cannot be removed goes stale with this process
        self._known.pop(game_id, None)

    def new_game(self, game: str, title: str, line: str, ruling: dict, state: dict) -> int:
        return self.add_game(game, title, [(line, ruling, state)], 0)

    def add_game(self, game: str, title: str, rows: list[tuple[str, dict, dict]], head: int) -> int:
        """A game with its rows, held by this process from the start; its id (its revision is 0)."""
        now = time.time()
        with self._write() as changed:
            cursor = self.db.execute("INSERT INTO games (game, title, created, updated, head, revision) "
                                     "VALUES (?, ?, ?, ?, ?, 0)", (game, title, now, now, head))
            game_id = int(cursor.lastrowid)
            self.db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                                [(game_id, seq, line, _json(ruling), _json(state))
                                 for seq, (line, ruling, state) in enumerate(rows)])
            self._take_lease(game_id)
            changed[game_id] = (head, 0)
        return game_id

    def append(self, game_id: int, seq: int, line: str, ruling: dict, state: dict, revision: int | None = None) -> int:
        """Row ``seq`` after head ``seq - 1``, dropping the undone rows past it; the game's new revision.
        Refused (StaleGame) unless the game is still at ``revision`` (the one its writer read), or without one,
        at head ``seq - 1``."""
        with self._write() as changed:
            self._check_lease(game_id)
            self._check_head(game_id, seq - 1, revision)
            self.db.execute("DELETE FROM moves WHERE game_id = ? AND seq >= ?", (game_id, seq))
            self.db.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?)",
                            (game_id, seq, line, _json(ruling), _json(state)))
            changed[game_id] = (seq, self._changed(game_id, seq))
        return changed[game_id][1]

    def set_head(self, game_id: int, seq: int, head: int, revision: int | None = None) -> int:
        """Move the head from ``head`` to ``seq`` (undo, redo); the game's new revision."""
        with self._write() as changed:
            self._check_lease(game_id)
            self._check_head(game_id, head, revision)
            changed[game_id] = (seq, self._changed(game_id, seq))
        return changed[game_id][1]

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
        """Every stored move up to the first damaged row (undone ones included); KeyError when there is no such game.
        One read transaction, so the head, the revision and the rows belong together."""
        try:
            self.db.execute("BEGIN")
        except sqlite3.Error as error:
            raise StoreError(f"The saved-game store cannot be read: {_explain(error, self.path)}.") from None
        try:
            return self._load(game_id)
        finally:
            try:
                self.db.execute("COMMIT")
            except sqlite3.Error:
                pass

    def _load(self, game_id: int) -> Loaded:
        found = self._rows("SELECT game, head, title FROM games WHERE id = ?", (game_id,))
        if not found:
            raise KeyError(game_id)
        kind, head, title = found[0]
        revision = self._rows("SELECT revision FROM games WHERE id = ?", (game_id,)) if self._has_revisions() else []
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
        revision_number = int(revision[0][0]) if revision and isinstance(revision[0][0], int) else 0
        if self._lease_is_ours(game_id):
            self._known[game_id] = (head, revision_number)
        return Loaded(str(kind), str(title), head, revision_number, rows, max(stored, len(raw)) - len(rows))

    def _lease_is_ours(self, game_id: int) -> bool:
        lease = self.lease_of(game_id)
        return lease is not None and lease.is_ours()

    def _has_revisions(self) -> bool:
        """A store made before revisions were counted, opened read-only, has no such column."""
        return any(row[1] == "revision" for row in self._rows("PRAGMA table_info(games)"))


def _add_revisions(db: sqlite3.Connection) -> None:
    """Stores made before games counted their revisions gain the column (every game at revision 0), in one
    write transaction so that two processes opening an old store at once do not both add it."""
    def missing() -> bool:
        return not any(row[1] == "revision" for row in db.execute("PRAGMA table_info(games)"))

    try:
        if not missing():
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            if missing():
                db.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
            db.execute("COMMIT")
        except sqlite3.Error:
            db.execute("ROLLBACK")
            raise
    except sqlite3.DatabaseError:
        pass  # a damaged store: quick_check, next, says so; a store that cannot be written refuses every write


def _plain(row: tuple) -> bool:
    return isinstance(row[0], int) and all(isinstance(v, (int, float)) for v in (row[3], row[4], row[5]))
