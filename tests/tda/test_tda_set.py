"""Giants War `set`: every part of the table, gold and cards still adding up; impossible positions refused;
the lines of a position in any order give one table, and a correction starts nothing the game does itself."""

from __future__ import annotations

from itertools import permutations

import pytest

from referee.core.ruling import REFUSED
from referee.games.tda import setup
from referee.games.tda.engine import Engine

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
    ("set Ann wings 3", "not something the referee can set"),
])
def test_impossible_corrections_are_refused(cards, line, reason):
    t = Table(cards, antes=[])
    before = t.state.to_dict()
    ruling = t.no(line)
    assert reason in t.text(ruling) or reason in ruling.citations, (line, t.text(ruling), ruling.citations)
    assert t.state.to_dict() == before


# --- corrections apply as one picture ------------------------------------------------------------------------
POSITION = [
    "set gambit 3 round 2 leader Ben",
    "set turn Cat",
    'set Ann flight "Fire Giant 3", "Hill Giant 5" ante "Frost Giant 4"',
    'set Ben flight "Storm Giant 10", "Hill Giant 2"',
    "set Cat hand 1 hole 2",
    "set deck 40 dragon stakes 12 giant stakes 9",
]


def _position(cards, lines):
    engine = Engine(cards)
    state, _ = setup.new_game(["Ann", "Ben", "Cat", "--giants", "Storm", "Fire", "Frost", "Cloud", "Ordning", "Hill"],
                              cards)
    for line in lines:
        state, ruling = engine.apply(state, line)
        assert ruling.verdict != REFUSED, (lines, line, ruling.message)
    return engine, state


def test_every_order_of_a_positions_set_lines_gives_one_table(cards):
    _, first = _position(cards, POSITION)
    expected = first.to_dict()
    # the picture the lines describe, whatever their order
    assert (first.gambit, first.round, first.phase, first.leader, first.turn) == (3, 2, "play", 1, 2)
    assert first.round_plays == [{"seat": 1, "name": "Hill Giant", "strength": 2}]
    assert (first.main_deck, first.stakes, first.players[2].hand, first.players[2].hoard) == (40, {"dragon": 12,
                                                                                              "giant": 9}, 1, 30)
    assert first.players[2].been_in_hole and first.turn_started and not first.turn_played and not first.jobs
    orders = list(permutations(POSITION))
    assert len(orders) == 720
    for order in orders:
        _, state = _position(cards, order)
        assert state.to_dict() == expected, order


def test_the_position_plays_on_the_same_from_any_order(cards):
    # Cat holds 1 card but no correction made her buy: her turn is under way. Her Frost Giant 1 triggers (1 is not
    # above Ben's Hill Giant 2); Ann (8) and Ben (12) fight for the giants as Cat does, so each pays her 3; with
    # her hand empty she then buys for 1 (her strongest card), the odd coin where she says.
    results = []
    for order in (POSITION, list(reversed(POSITION))):
        engine, state = _position(cards, order)
        state, ruling = engine.apply(state, "Cat plays Frost Giant 1")
        assert "Ann pays 3 to Cat" in " ".join(s.text for s in ruling.steps)
        state, _ = engine.apply(state, "Cat puts the odd coin on the giant stakes")
        results.append(state.to_dict())
        assert [p.hoard for p in state.players] == [27, 27, 35]
        assert state.stakes == {"dragon": 12, "giant": 10} and state.players[2].hand == 5
        assert state.main_deck == 35 and (state.round, state.turn) == (2, 0)  # Ann, the last of round 2
    assert results[0] == results[1]


def test_a_correction_starts_no_turn_and_no_buy(cards):
    t = Table(cards, antes=[])
    t.ok("set Cat hand 1")
    ruling = t.ok("set round 2 turn Cat")
    assert "buy" not in t.text(ruling) and t.state.jobs == [] and t.state.question is None
    assert t.player("Cat")["hoard"] == 30 and t.state.players[2].hand == 1
    other = Table(cards, antes=[])  # the other way round
    other.ok("set round 2 turn Cat")
    other.ok("set Cat hand 1")
    assert other.state.to_dict() == t.state.to_dict()
    t.ok("Cat plays Hill Giant 2")  # her card triggers (she leads); Hill Giant: discard one, draw two
    assert t.state.players[2].hand == 2 and t.player("Cat")["hoard"] == 30


def test_a_player_taken_to_have_played_needs_a_card_in_the_flight(cards):
    t = Table(cards, antes=[])
    ruling = t.ok("set round 2 leader Ann turn Ben")  # Ann's flight may come later in the picture
    assert "no card is in that flight yet" in t.text(ruling)
    assert "no card is in that flight" in t.text(t.no("Ben plays Hill Giant 2"))
    t.ok('set Ann flight "Fire Giant 3"')
    assert t.state.round_plays == [{"seat": 0, "name": "Fire Giant", "strength": 3}]
    assert "its power triggers" in t.text(t.ok("Ben plays Hill Giant 2"))


def test_stakes_left_empty_by_a_correction_do_not_end_the_gambit(cards):
    t = Table(cards, antes=[])
    t.ok("set round 1 leader Ann")  # both stakes are 0, as the correction leaves them
    t.ok("Ann plays Hill Giant 2")
    assert t.state.phase == "play" and t.state.gambit == 1 and t.state.turn == 1
