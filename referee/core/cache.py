"""A JSON cache of parsed data files, so that one-shot look-ups skip YAML parsing.

The cache key is the list of source files with their sizes and modification
times, plus the code version: any edit to a data file rebuilds it.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Callable

from referee import __version__

CACHE_FORMAT = 3


def _stamp(files: list[Path]) -> str:
    digest = hashlib.sha1(f"{__version__}:{CACHE_FORMAT}".encode())
    for path in files:
        stat = path.stat()
        digest.update(f"{path}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def cached_json(name: str, files: list[Path], build: Callable[[], object]) -> object:
    """Return ``build()``'s result, from the cache when the source files are unchanged."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return build()
    from referee.core.paths import cache_dir

    stamp = _stamp(files)
    folder = cache_dir()
    target = folder / f"{name}-{stamp[:16]}.json"
    try:
        with open(target, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        pass
    data = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob(f"{name}-*.json"):
            old.unlink(missing_ok=True)
        import tempfile  # only when writing: it is slow to import

        # Write then rename, so a crash never leaves half a cache file.
        fd, temp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False)
        os.replace(temp, target)
    except OSError:
        pass  # a read-only cache folder only costs speed
    return data
