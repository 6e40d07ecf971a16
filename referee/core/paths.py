"""Where the shipped data and the user's folders are.

Installed wheels carry the data under ``referee/_data``; a source checkout keeps
it at the top of the repository. User folders come from platformdirs and can be
moved with environment variables (tests never touch the real user folders).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterable

_PACKAGE = Path(__file__).resolve().parent.parent
_REPO = _PACKAGE.parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _REPO / name


def shipped_cards_dir() -> Path:
    return _data_dir("cards")


def rules_data_dir() -> Path:
    return _data_dir("rules_data")


_XDG = {"config": ("XDG_CONFIG_HOME", ".config"), "cache": ("XDG_CACHE_HOME", ".cache"),
        "data": ("XDG_DATA_HOME", ".local/share")}


def _user_dir(env: str, kind: str) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override)
    if sys.platform.startswith("linux"):
        # The XDG rule platformdirs applies on Linux, without its import cost on the one-shot look-up path.
        variable, default = _XDG[kind]
        base = os.environ.get(variable) or os.path.join(os.path.expanduser("~"), default)
        return Path(base) / "referee"
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")("referee", appauthor=False))


def user_config_dir() -> Path:
    return _user_dir("REFEREE_CONFIG_DIR", "config")


def user_cards_dir() -> Path:
    """A folder of the user's own card files, merged over the shipped ones."""
    return user_config_dir() / "cards"


def cache_dir() -> Path:
    return _user_dir("REFEREE_CACHE_DIR", "cache")


def data_dir() -> Path:
    """Where saved games live (``REFEREE_DATA_DIR`` moves it)."""
    return _user_dir("REFEREE_DATA_DIR", "data")


def card_files(extra_dirs: Iterable[Path] = ()) -> list[tuple[str, Path]]:
    """(source, file) pairs: shipped first, then the user's config folder, then --cards folders."""
    out = [("shipped", p) for p in sorted(shipped_cards_dir().rglob("*.yaml"))]
    for folder, named in [(user_cards_dir(), False), *((Path(d), True) for d in extra_dirs)]:
        if folder.is_dir():
            out.extend(("user", p) for p in sorted(folder.rglob("*.yaml")))
        elif folder.is_file() or (named and (folder.exists() or folder.is_symlink())):
            out.append(("user", folder))  # a `--cards` pipe or link to nothing is named by the loader, not ignored
    return out
