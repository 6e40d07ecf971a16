"""Is the saved-game store still the file this process opened?

An open SQLite connection keeps writing to the file it opened even after that file is deleted, renamed
over or overwritten, and in WAL mode it keeps its pages cached, so neither a commit nor a read through it
notices. These checks look at the file by its path before every commit: its identity (device and inode,
of the database and of its -wal journal) and its size and modification time, which only a checkpoint may
change. A change of those last two is confirmed with a fresh connection (nothing cached): another window's
checkpoint is harmless; a program writing into the file, or garbage in its place, is not.

The file is never opened here outside SQLite: closing any descriptor of a file drops every POSIX lock the
process holds on it, SQLite's included, and another process would then think the store unused.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class FileMark:
    """What the store's file looked like just after this process's last commit."""

    identity: tuple[int, int]  # device, inode
    shape: tuple[int, int]  # size, modification time (ns)
    journal: tuple[int, int] | None  # the -wal file's device and inode, while this connection keeps one


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def mark(path: Path) -> FileMark:
    """The file as it is now (OSError when it cannot be looked at)."""
    status = os.stat(path)
    try:
        journal = _identity(os.stat(journal_path(path)))
    except FileNotFoundError:
        journal = None
    return FileMark(_identity(status), (status.st_size, status.st_mtime_ns), journal)


def what_changed(path: Path, before: FileMark, expected_row) -> str | None:
    """Why the file at ``path`` is no longer the store ``before`` describes, as words that follow
    "the store PATH" (``was deleted``); None when it still is.

    ``expected_row(db)``: whether a connection finds this process's games as it left them.
    """
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return "was deleted"
    except OSError as error:
        return f"cannot be reached ({error.strerror})"
    if _identity(status) != before.identity:
        return "was replaced by another file"
    if before.journal is not None:
        try:
            journal = _identity(os.stat(journal_path(path)))
        except OSError:
            journal = None
        if journal != before.journal:
            return f"lost its journal ({journal_path(path).name} was deleted or replaced)"
    if status.st_size < before.shape[0]:
        return "was overwritten or cut short (it is smaller than this window left it)"
    if (status.st_size, status.st_mtime_ns) != before.shape:
        return _read_afresh(path, expected_row)
    return None


def _read_afresh(path: Path, expected_row) -> str | None:
    """What a connection with nothing cached finds wrong with the store (None: it is whole, and the game is
    as this process left it). A second SQLite connection is safe: SQLite keeps its locks across it."""
    try:
        db = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, timeout=1.0)
    except sqlite3.Error:
        return "cannot be opened again"
    try:
        check = db.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            return "was damaged"
        return None if expected_row(db) else "was changed by another program"
    except sqlite3.DatabaseError as error:
        text = str(error).lower()
        return "was overwritten: it is no longer a database" if "not a database" in text else "was damaged"
    finally:
        db.close()


def rescue_paths(path: Path) -> list[Path]:
    """Where to copy a game whose store went away: beside it, then in the current folder, then the data folder;
    each a name not yet taken, that says what it is and when it was made."""
    from referee.core.paths import data_dir

    stamp = time.strftime("%Y%m%d-%H%M%S")
    folders: list[Path] = []
    for folder in (path.parent, Path.cwd(), data_dir()):
        if folder not in folders:
            folders.append(folder)
    paths = []
    for folder in folders:
        name = f"{path.stem}-rescued-{stamp}"
        candidate, number = folder / f"{name}.sqlite3", 1
        while candidate.exists():
            number += 1
            candidate = folder / f"{name}-{number}.sqlite3"
        paths.append(candidate)
    return paths
