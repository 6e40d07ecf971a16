"""`set` reaches everything the table can see, each as a table correction (code `set`, undoable),
and a position the books do not allow is refused with the rule it breaks."""

from __future__ import annotations

import pytest

from referee.core.ruling import REFUSED
from referee.core.session import Session


def table(cards, line="new rdi Phrenk Kaylin Roxana Serena"):
    session = Session(cards)
    assert session.handle(line).verdict != REFUSED
    return session


def ok(session, line):
    ruling = session.handle(line)
    assert ruling.verdict != REFUSED, f"{line}: {ruling.message}"
    assert ruling.code == "set" and "table correction" in " ".join(s.text for s in ruling.steps)
    return ruling


def refused(session, line, *reason):
    before = session.state.to_dict()
    ruling = session.handle(line)
    assert ruling.verdict == REFUSED, f"{line} was accepted: {ruling.message}"
    text = " ".join([ruling.message] + [s.text for s in ruling.steps])
    for part in reason:
        assert part in text or part in ruling.citations, (line, text, ruling.citations)
    assert session.state.to_dict() == before
    return ruling


def test_turn_structure_targets_and_undo(cards):
    s = table(cards)
    ok(s, "set active Serena")
    ok(s, "set phase drink")
    assert (s.state.active, s.state.phase, s.state.ordered) == (3, "drink", True)
    ok(s, "set phase action action played no")
    assert (s.state.phase, s.state.action_done, s.state.ordered) == ("action", False, False)
    ok(s, "set action played yes drink ordered no")
    assert s.state.action_done and not s.state.ordered
    ok(s, "set Kaylin drink me 3")
    assert s.state.players[1].drink_me == 3
    ok(s, "set inn 4")
    assert s.state.inn == 4
    s.handle("undo")
    assert s.state.inn == 0


def test_the_drink_counts_add_up(cards):
    s = table(cards)
    ruling = ok(s, "set deck 2")
    assert (s.state.drink_deck, s.state.drink_discard) == (2, 24)  # 4 Drinks are on the Drink Me! piles
    assert "Assumed: the other 24 of the 30 Drink Cards" in " ".join(x.text for x in ruling.steps)
    ok(s, "set deck 3 discard 23")
    assert (s.state.drink_deck, s.state.drink_discard) == (3, 23)
    ok(s, "set Serena drink me 3")  # the two extra Drinks came from the deck
    assert (s.state.drink_deck, s.state.players[3].drink_me) == (1, 3)
    refused(s, "set deck 20 discard 10", "30 Drink Cards", "gii/getting-started")
    s = table(cards)
    ok(s, "set deck 1")  # the other 25 are discarded: the deck that runs out is rebuilt from them
    assert s.handle("Phrenk orders a drink for Kaylin").verdict != REFUSED
    assert (s.state.drink_deck, s.state.drink_discard) == (25, 0)


def test_a_round_of_gambling_in_progress(cards):
    s = table(cards)
    ok(s, "set gambling pot 6 control Kaylin passed Serena left Roxana")
    round_ = s.state.round
    assert s.state.pot == 6 and round_.started and round_.control == 1
    assert round_.left == [2] and round_.passes == [3] and round_.next_actor == 0  # Phrenk: first after Kaylin not passed
    ok(s, "set gambling in Phrenk, Kaylin to act Phrenk")
    assert s.state.round.still_in() == [0, 1] and s.state.round.next_actor == 0
    refused(s, "set gambling control Roxana", "has left the Round", "gii/gambling/leaving-a-round")
    refused(s, "set gambling passed Phrenk", "won the Round", "gii/gambling/ending-the-round")
    ok(s, "set gambling off")
    assert s.state.round is None


def test_character_parts(cards):
    s = table(cards)
    ok(s, "set Kaylin mood loyal")
    assert s.state.players[1].mood == "loyal"
    ok(s, "set Serena piety 5")
    assert s.state.players[3].piety == 5
    ok(s, 'set Phrenk potion "Acid Spit Potion"')
    assert s.state.players[0].potions == ["Acid Spit Potion"]
    ok(s, 'set Kaylin potions "Invisibility Potion", "Partial Antidote"')
    assert s.state.players[1].potions == ["Invisibility Potion", "Partial Antidote"]
    ok(s, 'set Roxana board "This one\'s some mean cuisine!" recipe "Spatchcocked Cockatrice" recipes "Stink Fruit Pudding"')
    roxana = s.state.players[2]
    assert [n for n, _ in roxana.cutting_board] == ["This one's some mean cuisine!"]
    assert roxana.recipe == "Spatchcocked Cockatrice" and roxana.recipes_in_hand == ["Stink Fruit Pudding"]
    ok(s, 'set Kaylin front "Spatchcocked Cockatrice"')
    assert s.state.players[1].front[0]["name"] == "Spatchcocked Cockatrice"


@pytest.mark.parametrize("line, reason", [
    ("set Kaylin fortitude 25", "gii/other-rules/minimum-and-maximum"),
    ("set Kaylin alcohol -1", "gii/other-rules/minimum-and-maximum"),
    ("set Serena piety 9", "rdi3/appendix-a/serena/piety"),
    ('set Phrenk potions "Acid Spit Potion", "Partial Antidote"', "rdi3/appendix-a/phrenk/revealing-potions"),
    ('set Kaylin potion "Acid Spit Potion"', "rdi3/appendix-a/phrenk/revealing-potions"),
    ("set Phrenk mood loyal", "rdi3/appendix-a/kaylin/wulfric-moods"),
    ("set Kaylin mood sleepy", "Wulfric's mood is one of"),
    ("set Kaylin piety 3", "rdi3/appendix-a/serena/piety"),
    ('set Kaylin board "Stink Fruit Pudding"', "smb/roxana/ingredients"),
    ("set Otto deck 3", "No player called"),
    ("set phase lunch", "The phases are"),
    ("set Kaylin wings 2", "not something the referee can set"),
    ("set Kaylin gold many", "whole number"),
    ("set inn prizes \"Absorbent Towel\"", "Prize variant is not in play"),  # no variant section: it is not in the game
])
def test_impossible_or_wrong_corrections_are_refused(cards, line, reason):
    refused(table(cards), line, reason)


def test_otto_and_prizes(cards):
    s = table(cards, "new rdi Otto Ann Bob --otto witchdoctor,paladin")
    ok(s, "set Otto toward Ann fortitude 5 alcohol 2")
    assert s.state.players[0].tracks["Ann"] == [5, 2]
    ok(s, "set Otto deck 7 discard 3")
    assert (s.state.otto_deck, s.state.otto_discard) == (7, 3)
    ok(s, "set Ann debuffs power jinx, pain curse")
    assert s.state.players[1].debuffs == ["power_jinx", "pain_curse"]
    refused(s, "set Otto toward Bob alcohol 6", "passed out", "smb/otto/two-tracks")
    refused(s, "set Otto toward Bob fortitude 7", "smb/otto/two-tracks")
    p = table(cards, 'new rdi Ann Ben Cat --variant prize --prize "Absorbent Towel" --prize "Talisman of Lightning"')
    ok(p, 'set inn prizes "Talisman of Lightning"')
    ok(p, 'set Ann prizes "Absorbent Towel"')
    assert p.state.prizes_inn == ["Talisman of Lightning"] and p.state.prizes["Ann"] == ["Absorbent Towel"]
