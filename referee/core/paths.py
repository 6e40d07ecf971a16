"""Where the shipped data and the user's folders are.

Installed wheels carry the data under ``referee/_data``; a source checkout keeps
it at the top of the repository. User folders come from platformdirs and can be
moved with environment variables (tests never touch the real user folders).
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_REPO = _PACKAGE.parent


def _data_dir(name: str) -> Path:
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _REPO / name


def shipped_cards_dir() -> Path:
    return _data_dir("cards")


def rules_data_dir() -> Path:
    return _data_dir("rules_data")


def _user_dir(env: str, kind: str) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override)
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
