"""A JSON cache of parsed data files, so that one-shot look-ups skip YAML parsing.

The cache key is the list of source files with their sizes and modification
times, plus the code version: any edit to a data file rebuilds it.

Many records (thousands of learned cards) are kept one JSON document a line
(`cached_records`), so a look-up reads the small header whole and only the
record it found.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

from referee import __version__

CACHE_FORMAT = 4


def _stamp(files: list[Path]) -> str:
    digest = hashlib.sha1(f"{__version__}:{CACHE_FORMAT}".encode())
    for path in files:
        try:
            stat = os.stat(path)
        except OSError:  # a link to nothing, or a file gone since it was listed: the loader names it
            try:
                stat = os.lstat(path)
            except OSError:
                digest.update(f"{path}|missing\n".encode("utf-8", "surrogateescape"))
                continue
        # surrogateescape: a file name that is not UTF-8 still stamps (the loader names the file)
        digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _target(name: str, files: list[Path]) -> Path:
    from referee.core.paths import cache_dir

    return cache_dir() / f"{name}-{_stamp(files)[:16]}.json"


def cached_json(name: str, files: list[Path], build: Callable[[], object]) -> object:
    """Return ``build()``'s result, from the cache when the source files are unchanged."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return build()
    target = _target(name, files)
    try:
        with open(target, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        pass
    data = build()
    try:
        _replace_all(target, name, [(target, _encoded(data))])
    except OSError:
        pass  # a read-only cache folder only costs speed
    return data


class Records:
    """A list of JSON records, each read from its line of the cache file only when asked for.

    The file stays open, so a cache rebuilt by another process meanwhile (which replaces the
    file) never changes what this one reads."""

    def __init__(self, records: list | None = None, handle=None, offsets: list[int] = ()):
        self._records, self._handle, self._offsets = records, handle, list(offsets)

    def __len__(self) -> int:
        return len(self._records) if self._records is not None else len(self._offsets)

    def __getitem__(self, index: int) -> dict:
        if self._records is not None:
            return self._records[index]
        self._handle.seek(self._offsets[index])
        return json.loads(self._handle.readline())

    def all(self) -> list:
        if self._records is None:
            self._handle.seek(0)
            self._records = [json.loads(line) for line in self._handle]
            self.close()
        return self._records

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def __del__(self) -> None:
        self.close()


def cached_records(name: str, files: list[Path], build: Callable[[], tuple[dict, list]]) -> tuple[dict, Records]:
    """``build()`` returns (header, records): from the cache when the source files are unchanged.
    The header is read whole; the records, one JSON document a line, each when asked for."""
    if os.environ.get("REFEREE_NO_CACHE"):
        header, records = build()
        return header, Records(records)
    target = _target(name, files)
    lines = target.with_suffix(".jsonl")
    try:
        with open(target, encoding="utf-8") as handle:
            header = json.load(handle)
        handle = open(lines, "rb")  # noqa: SIM115 - kept open by Records
        return header, Records(handle=handle, offsets=header.pop("_offsets"))
    except (OSError, ValueError, KeyError):
        pass
    header, records = build()
    encoded = [_encoded(record) + b"\n" for record in records]
    offsets, at = [], 0
    for line in encoded:
        offsets.append(at)
        at += len(line)
    try:
        # The records first: a header on disk always has its records beside it.
        _replace_all(target, name, [(lines, b"".join(encoded)),
                                    (target, _encoded({**header, "_offsets": offsets}))])
    except OSError:
        pass  # a read-only cache folder only costs speed
    return header, Records(records)


def _encoded(data) -> bytes:
    """JSON as UTF-8 bytes. The text of a file name that is not UTF-8 holds lone surrogates, which UTF-8
    cannot write: they (and every other unprintable character) are written as JSON escapes."""
    from referee.core.text import visible

    return visible(json.dumps(data, ensure_ascii=False)).encode("utf-8")


def _replace_all(target: Path, name: str, contents: list[tuple[Path, bytes]]) -> None:
    """Remove the cache's older files and write the new ones, each written then renamed, so a
    crash never leaves half a cache file."""
    import tempfile  # only when writing: it is slow to import

    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{name}-*.json*"):
        if old.stem != target.stem:
            try:
                old.unlink(missing_ok=True)
            except OSError:
                pass  # still open elsewhere (Windows): left for a later rebuild
    for path, data in contents:
        fd, temp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
