"""The phrase language: the issue's phrases read as written, every shipped card round-trips,
errors point at the word, and every op of the typed model has a handler."""

import pytest

from referee.core.carddb import load_cards
from referee.core.effect_model import OPS, SPECS, INTERNAL, effect_data, parse_effect
from referee.core.phrases import PhraseError, same_effects
from referee.games.rdi import ops as rdi_ops
from referee.games.rdi.phrases import card_phrase, parse_card_phrase
from referee.games.tda.phrases import block_phrase, parse_block_phrase

CARDS = load_cards()

READS = {
    "action: another player loses 2 Fortitude": ("action", [{"op": "lose", "attr": "fortitude", "amount": 2, "who": "target"}]),
    "action: each other player loses 1 Fortitude": ("action", [{"op": "lose", "attr": "fortitude", "amount": 1, "who": "each_other"}]),
    "action: another player pays you 2 Gold": ("action", [{"op": "pay", "amount": 2, "who": "target", "to": "self"}]),
    "action: another player gains 2 Alcohol Content": ("action", [{"op": "gain", "attr": "alcohol", "amount": 2, "who": "target"}]),
    "sometimes: ignore a card that affects your Fortitude": ("sometimes", [{"op": "ignore", "if_affects": ["fortitude"]}]),
    "sometimes: negate an Action card": ("sometimes", [{"op": "negate", "what": ["action"]}]),
    "anytime: gain 2 Fortitude": ("anytime", [{"op": "gain", "attr": "fortitude", "amount": 2, "who": "self"}]),
    "sometimes: the Drink gets +2 Alcohol Content": ("sometimes", [{"op": "alter_drink", "alcohol": 2}]),
    "drink: 3 Alcohol Content, lose 1 Fortitude": ("drink", [
        {"op": "gain", "attr": "alcohol", "amount": 3, "who": "drinker"},
        {"op": "lose", "attr": "fortitude", "amount": 1, "who": "drinker"}]),
    "drink: 2 Alcohol Content, with a Chaser": ("drink", [{"op": "gain", "attr": "alcohol", "amount": 2, "who": "drinker"}]),
    "drink: 1 Alcohol Content, gain 1 Fortitude": ("drink", [
        {"op": "gain", "attr": "alcohol", "amount": 1, "who": "drinker"},
        {"op": "gain", "attr": "fortitude", "amount": 1, "who": "drinker"}]),
    "cheating: you take control of the Round": ("cheating", [{"op": "take_control"}]),
    "gambling: every player still in the Round antes 1 Gold and you take control of the Round": ("gambling", [
        {"op": "ante", "amount": 1, "who": "each_player"}, {"op": "take_control"}]),
}


@pytest.mark.parametrize("text", READS)
def test_issue_phrases_read_as_written(text):
    kind, effects = READS[text]
    for variant in (text, text.upper(), text.lower().rstrip() + "."):
        phrase = parse_card_phrase(variant)
        assert phrase.kind == kind
        assert [effect_data(e) for e in phrase.effects] == effects


def test_drink_figures():
    assert parse_card_phrase("drink: 2 Alcohol Content, with a Chaser").chaser is True
    troll = parse_card_phrase("drink: 3 Alcohol Content, lose 1 Fortitude")
    assert (troll.alcohol, troll.fortitude) == (3, -1)


def test_every_shipped_card_round_trips():
    checked = 0
    for card in CARDS.cards:
        if card.game == "rdi" and card.effects:
            text = card_phrase(card.type, card.effects, card.get("alcohol"), bool(card.get("chaser")))
            back = parse_card_phrase(text)
            assert same_effects(back.effects, card.effects), (card.id, text)
            assert back.kind == card.type or card.type not in ("action", "sometimes", "anytime", "drink")
            checked += 1
        for block in ("power", "god_ability"):
            effects = card.block_effects(block) if card.game == "tda" else ()
            if effects:
                assert parse_block_phrase(block_phrase(block, effects)) == (block, effects), card.id
                checked += 1
    assert checked > 160  # every card with effects


@pytest.mark.parametrize("text, word, expected", [
    ("action: another player loses two Fortitude points", "points", "and, or, then, ',' or '.'"),
    ("action: another player loses lots Fortitude", "lots", "a number"),
    ("acton: another player loses 2 Fortitude", "acton", "the card's kind"),
    ("action: another player loses 2 Fortitde", "Fortitde", "Fortitude, Gold or less"),
    ("action: [explode size=3]", "explode", "an op"),
])
def test_errors_point_at_the_word(text, word, expected):
    with pytest.raises(PhraseError) as caught:
        parse_card_phrase(text)
    assert caught.value.word == word
    assert expected in caught.value.expected


def test_every_rdi_op_has_one_handler():
    assert rdi_ops.missing_ops() == set()
    assert set(rdi_ops.OPS) <= set(SPECS["rdi"])


def test_typed_values_are_frozen_and_checked():
    effect = parse_effect({"op": "lose", "attr": "fortitude", "amount": 2, "who": "target"}, "rdi")
    assert type(effect) is OPS["rdi"]["lose"]
    with pytest.raises(AttributeError):
        effect.amount = 3  # type: ignore[misc]
    for bad in ({"op": "lose", "amount": 2}, {"op": "lose", "attr": "luck", "amount": 2},
                {"op": "lose", "attr": "fortitude", "amount": "two"}, {"op": "lose", "attr": "fortitude", "who": "nobody"},
                {"op": "lose", "attr": "fortitude", "colour": "red"}, {"op": "debuff", "kind": "pain_curse"}):
        with pytest.raises(ValueError):
            parse_effect(bad, "rdi")
    assert "debuff" in INTERNAL["rdi"]
