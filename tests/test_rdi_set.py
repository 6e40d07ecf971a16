"""`set` reaches everything the table can see, each as a table correction (code `set`, undoable),
and a position the books do not allow is refused with the rule it breaks."""

from __future__ import annotations

import pytest

from referee.core.ruling import REFUSED
from referee.core.session import Session


PLAIN = "new rdi Ann Ben Cat Dee"  # seats with no character: any card is in their decks


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
    assert s.state.players[1].part["mood"] == "loyal"
    ok(s, "set Serena piety 5")
    assert s.state.players[3].part["piety"] == 5
    ok(s, 'set Phrenk potion "Acid Spit Potion"')
    assert s.state.players[0].potions == ["Acid Spit Potion"]
    ok(s, 'set Kaylin potions "Invisibility Potion", "Partial Antidote"')
    assert s.state.players[1].potions == ["Invisibility Potion", "Partial Antidote"]
    ok(s, 'set Roxana board "This one\'s some mean cuisine!" recipe "Spatchcocked Cockatrice" recipes "Stink Fruit Pudding"')
    roxana = s.state.players[2]
    assert [n for n, _ in roxana.part["cutting_board"]] == ["This one's some mean cuisine!"]
    assert roxana.part["recipe"] == "Spatchcocked Cockatrice" and roxana.part["recipes_in_hand"] == ["Stink Fruit Pudding"]
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
    assert s.state.players[0].part["tracks"]["Ann"] == [5, 2]
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


@pytest.mark.parametrize("line, reason", [
    ("set phase drink drink ordered no", "Order a Drink comes before Drink"),
    ("set phase discard action played yes", "the Discard and Draw phase is over"),
    ("set phase action drunk yes", "the Action phase is over"),
    ("set drink ordered no drunk yes", "gii/on-your-turn"),
    ("set extra orders -1", "fewer than 0"),
])
def test_bookkeeping_that_contradicts_its_phase_is_refused(cards, line, reason):
    refused(table(cards), line, reason, "gii/on-your-turn" if "orders -1" not in line else "")


def test_what_each_set_of_the_turn_implies(cards):
    s = table(cards, PLAIN)
    assert s.handle('Ann plays "Don\'t call me cute!" on Ben').verdict != REFUSED
    s.handle("resolve")
    ok(s, "set active Ben")  # the turn begins afresh: Ann's Action does not stick
    assert (s.state.phase, s.state.action_done, s.state.ordered, s.state.drunk) == ("discard_draw", False, False, False)
    ok(s, "set phase drink")  # about to drink: ordered, not drunk
    assert (s.state.ordered, s.state.drunk) == (True, False)
    ok(s, "set drunk yes")
    assert s.state.phase == "drink" and s.state.drunk
    ok(s, "set drink ordered no")  # not ordered yet: back to Order a Drink, and so not drunk either
    assert (s.state.phase, s.state.ordered, s.state.drunk) == ("order", False, False)
    ok(s, "set phase discard")  # `discard` after `phase` is the phase, not the Drink discard pile
    assert s.state.phase == "discard_draw" and s.state.drink_discard == 0
    ok(s, "set action played yes")  # an Action played: the turn is in its Action phase
    assert (s.state.phase, s.state.action_done) == ("action", True)
    ok(s, "set active Dee phase order")  # the phase named with the turn: Dee's, at Order a Drink
    assert (s.state.active, s.state.phase, s.state.action_done, s.state.ordered) == (3, "order", False, False)


def test_the_turn_moves_only_between_plays_and_not_during_a_round(cards):
    s = table(cards, PLAIN)
    s.handle('Ann plays "Don\'t call me cute!" on Ben')
    refused(s, "set active Ben", "First resolve (or undo) what is waiting")
    refused(s, "set phase order", "First resolve")
    s.handle("resolve")
    ok(s, "set gambling pot 3 control Ben")  # started with Ann's Action: her Action phase, the Action played
    assert (s.state.phase, s.state.action_done, s.state.round.starter) == ("action", True, 0)
    ruling = refused(s, "set active Dee", "A Round of Gambling started by Ann is under way", "gii/gambling")
    assert "`set gambling off`" in " ".join(step.text for step in ruling.steps)
    refused(s, "set phase drink", "under way")
    ok(s, "set active Dee gambling pot 2 control Ben")  # a Round in Dee's turn instead
    assert (s.state.round.starter, s.state.active, s.state.phase) == (3, 3, "action")
    ok(s, "set gambling off")  # the Round is over: Dee moves on to Order a Drink
    assert s.state.round is None and s.state.phase == "order"


def test_otto_has_no_discard_and_draw_or_order_a_drink_phase(cards):
    s = table(cards, "new rdi Otto Ann Bob --otto witchdoctor,paladin")
    ok(s, "set active Ann")
    ok(s, "set active Otto")
    assert s.state.phase == "action"
    refused(s, "set phase discard", "only an Action phase and a Drink phase", "smb/otto/turn")
    ok(s, "set phase drink")
    assert (s.state.ordered, s.state.drunk) == (False, False)  # Otto orders no Drinks


def test_the_prize_in_the_pot_of_a_round_set_up(cards):
    s = table(cards, 'new rdi Ann Ben Cat --variant prize --prize "Absorbent Towel" --prize "Talisman of Lightning"')
    ruling = ok(s, "set pot 3 gambling control Ben")
    assert "no Prize in the pot" in " ".join(step.text for step in ruling.steps)
    ok(s, 'set gambling prize "Absorbent Towel"')
    assert s.state.pot_prize == "Absorbent Towel" and s.state.prizes_inn == ["Talisman of Lightning"]
    ok(s, "set gambling off")  # no Round, so no Prize in a pot: it goes back to the Inn
    assert s.state.pot_prize is None and sorted(s.state.prizes_inn) == ["Absorbent Towel", "Talisman of Lightning"]
    refused(table(cards), 'set gambling prize "Absorbent Towel"', "Prize variant is not in play")


def test_a_game_saved_before_the_drunk_field_resumes_as_it_was(cards):
    from referee.games.rdi.state import GameState

    s = table(cards)
    s.handle("Phrenk orders a drink for Kaylin")
    s.handle("Phrenk reveals Wine")
    s.handle("resolve")
    saved = s.state.to_dict()
    del saved["drunk"]  # a game saved by an earlier version: its Drink phase always meant drunk
    assert GameState.from_dict(saved).drunk
    saved["phase"] = "order"
    assert not GameState.from_dict(saved).drunk


def test_a_position_file_whose_drink_phase_was_not_ordered_is_refused(cards, tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("game: rdi\nplayers:\n- {name: Ann, character: '', gold: 10}\n- {name: Bob, character: '', gold: 10}\n"
                    "drink_deck: 28\nphase: drink\nordered: false\n", encoding="utf-8")
    ruling = Session(cards).handle(f"new --from {path}")
    assert ruling.verdict == REFUSED and "Order a Drink comes before Drink" in ruling.message
    path.write_text("game: rdi\nplayers:\n- {name: Ann, character: '', gold: 10}\n- {name: Bob, character: '', gold: 10}\n"
                    "drink_deck: 28\nphase: drink\n", encoding="utf-8")
    session = Session(cards)
    assert session.handle(f"new --from {path}").verdict != REFUSED
    assert (session.state.ordered, session.state.drunk) == (True, False)
    assert session.handle("Ann reveals Wine").verdict != REFUSED
