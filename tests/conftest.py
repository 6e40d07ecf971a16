"""Test settings: never touch the user's folders; build caches in a temporary place."""

from __future__ import annotations

import os
import tempfile

import pytest

_TMP = tempfile.mkdtemp(prefix="referee-tests-")
os.environ.setdefault("REFEREE_CACHE_DIR", os.path.join(_TMP, "cache"))
os.environ.setdefault("REFEREE_CONFIG_DIR", os.path.join(_TMP, "config"))
os.environ.setdefault("REFEREE_DATA_DIR", os.path.join(_TMP, "data"))


@pytest.fixture(scope="session")
def cards():
    from referee.core.carddb import load_cards

    return load_cards()
