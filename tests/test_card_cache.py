"""The card cache: names read whole, each card's data read from its own line only when needed."""

from __future__ import annotations

import pytest

from referee.core import learned
from referee.core.carddb import load_cards
from referee.games.rdi.learning import build_card


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))


def _learn(count: int) -> None:
    learned.save([build_card(f"Made Up Card {i}", f"action: another player loses {i % 3 + 1} Fortitude", "Brannoc")
                  for i in range(count)])


def test_a_warm_cache_gives_the_cards_the_files_give(monkeypatch):
    _learn(50)
    load_cards()  # builds the cache
    warm = load_cards()
    found = warm.lookup("made up card 17").found
    assert found.summary == "action: another player loses 3 Fortitude" and found.get("count") == 1
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    fresh = load_cards()
    assert [c.public_dict() for c in warm.cards] == [c.public_dict() for c in fresh.cards]


def test_a_database_already_open_reads_its_cards_after_the_cache_is_rebuilt():
    _learn(5)
    load_cards()
    before = load_cards()
    _learn(6)  # another game learns a card: the next load rebuilds the cache and removes the old files
    assert len(load_cards()) == len(before) + 1
    assert before.lookup("made up card 4").found.get("phrase") == "action: another player loses 2 Fortitude"
