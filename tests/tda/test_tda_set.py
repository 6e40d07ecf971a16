"""Giants War `set`: every part of the table, gold and cards still adding up; impossible positions refused."""

from __future__ import annotations

import pytest

from tda_helpers import Table


def test_a_mid_gambit_position(cards):
    t = Table(cards, antes=[])
    t.ok("set gambit 3 round 2 leader Ben")
    assert (t.state.gambit, t.state.round, t.state.phase, t.state.leader, t.state.turn) == (3, 2, "play", 1, 1)
    deck = t.state.main_deck
    t.ok('set Ann flight "Fire Giant 3"')
    t.ok('set Ben flight "Storm Giant 10", "Hill Giant 2"')
    assert [c.label for c in t.state.players[1].flight] == ["Storm Giant 10", "Hill Giant 2"]
    assert t.state.main_deck == deck - 3  # the cards came from the main deck: the card count still adds up
    ruling = t.ok("set turn Cat")
    assert t.state.turn == 2 and [p["seat"] for p in t.state.round_plays] == [1]
    assert "Assumed: Ben already played this round" in t.text(ruling)
    t.ok("set Cat hand 4 hoard 22")
    assert t.player("Cat")["hoard"] == 22 and t.state.players[2].hand == 4
    t.ok("set dragon stakes 12 giant stakes 9 discard 5")
    assert t.state.stakes == {"dragon": 12, "giant": 9} and t.state.discard == 5
    t.ok("set Cat been in the hole yes")
    assert t.state.players[2].been_in_hole
    assert t.state.total_gold() == t.state.start_gold + t.state.gold_adjust


def test_the_ante_can_be_set(cards):
    t = Table(cards, antes=[])
    t.ok('set Ann ante "Fire Giant 3"')
    assert [(p.owner, p.label) for p in t.state.ante] == [(0, "Fire Giant 3")]
    t.ok("set Ann ante none")
    assert t.state.ante == []


@pytest.mark.parametrize("line, reason", [
    ('set Ann flight "Io 13", "Io 13"', "tda/card-list"),
    ('set Ann ante "Fire Giant 3", "Hill Giant 2"', "tda/ante"),
    ("set gambit 0", "tda/glossary/gambit"),
    ("set round 5", "tda/glossary/gambit"),
    ("set Ann hand 200", "tda/glossary/main-deck"),
    ("set Ann hoard -3", "cannot be less than 0"),
    ("set round 2 leader Ann turn Ben", "no card in their flight"),
    ("set Ann wings 3", "not something the referee can set"),
])
def test_impossible_corrections_are_refused(cards, line, reason):
    t = Table(cards, antes=[])
    before = t.state.to_dict()
    ruling = t.no(line)
    assert reason in t.text(ruling) or reason in ruling.citations, (line, t.text(ruling), ruling.citations)
    assert t.state.to_dict() == before
