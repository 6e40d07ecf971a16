"""Reading the files a table hands the referee (card, deck, position and case files) within bounds.

Only a regular file is read: a named pipe would block the read until something writes to it, a
device may never end, and a link to nothing is named as such. A file over its limit is refused
from its size alone, before a byte is parsed, so a 50 MB file costs no more than a small one.
The limits are documented in docs/card-schema.md and docs/card-import.md.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MIB = 1024 * 1024
CARD_FILE_LIMIT = 1 * MIB  # a card or deck file: the largest shipped one is 24 KB, a learned deck of 100 cards 40 KB
POSITION_FILE_LIMIT = 1 * MIB  # a position is a few KB
CASE_FILE_LIMIT = 4 * MIB  # a written-up case or a whole evening's announcements (the longest transcript: 12 KB)

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class FileRefused(Exception):
    """A file the referee will not read; ``reason`` completes "Cannot read FILE: ..." (no full stop)."""

    def __init__(self, reason: str, regular: bool = True):
        super().__init__(reason)
        self.reason = reason
        self.regular = regular  # False: a pipe, a device or a folder, not a file at all


def size_text(size: int) -> str:
    return f"{size // MIB} MiB" if size % MIB == 0 else f"{size:,} bytes"


def _not_regular(mode: int) -> FileRefused | None:
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    return FileRefused(f"it is {kind}, not a regular file", regular=False)


def _missing(path: Path, error: OSError) -> FileRefused:
    if isinstance(error, FileNotFoundError) and path.is_symlink():
        try:
            target = os.readlink(path)
        except OSError:
            target = "a file"
        return FileRefused(f"it is a link to {target}, which does not exist", regular=False)
    return FileRefused(error.strerror or str(error))


def read_bytes(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused (one plain reason) otherwise.
    ``what`` names the kind of file in the reason ("a card file is at most 1 MiB")."""
    path = Path(path)
    try:
        refused = _not_regular(os.stat(path).st_mode)  # before opening: opening some devices has effects
        if refused:
            raise refused
        # O_NONBLOCK: should the path become a pipe after the check, opening it still returns at once.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise _missing(path, error) from None
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(file.fileno())
        refused = _not_regular(info.st_mode)
        if refused:
            raise refused
        if info.st_size > limit:
            raise FileRefused(f"it is {info.st_size:,} bytes, and {what} is at most {size_text(limit)}")
        try:
            data = file.read(limit + 1)
        except OSError as error:
            raise FileRefused(error.strerror or str(error)) from None
    if len(data) > limit:  # it grew since its size was read
        raise FileRefused(f"it is over {size_text(limit)}, and {what} is at most {size_text(limit)}")
    return data


def read_stream(stream, limit: int, what: str = "input") -> bytes:
    """At most ``limit`` bytes of a stream (standard input); FileRefused when there are more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileRefused(f"it is over {size_text(limit)}, and {what} is at most {size_text(limit)}")
    return data
