"""Every Giants War card op has exactly one handler, and a job keeps its effects as data."""

from __future__ import annotations

from referee.core.carddb import load_cards
from referee.core.effect_model import INTERNAL, SPECS, effect_data, parse_effect, walk
from referee.games.tda import engine  # noqa: F401  (registers every handler)
from referee.games.tda import cardinfo as C
from referee.games.tda.entries import from_data, to_data
from referee.games.tda.jobs import OPS, STEP_HANDLERS, new_job
from referee.games.tda.steps import STEPS, BuyStep, TableStep


def test_every_card_op_has_a_handler():
    missing = sorted(set(SPECS["tda"]) - INTERNAL["tda"] - set(OPS))
    assert not missing, f"Giants War ops with no handler: {missing}"


def test_every_engine_step_has_a_handler_and_no_step_is_a_card_op():
    assert set(STEPS.values()) <= set(STEP_HANDLERS)
    assert not set(STEPS) & set(SPECS["tda"])


def test_every_shipped_effect_round_trips_through_a_job():
    for card in load_cards().cards:
        if card.game != "tda":
            continue
        effects = tuple(C.power_effects(card) or ()) + tuple(C.god_effects(card))
        for effect in walk(effects):
            assert effect.op in OPS, f"{card.id}: {effect.op}"
        job = new_job(0, effects)
        assert [from_data(entry) for entry in job["effects"]] == list(effects), card.id


def test_steps_round_trip_and_stay_apart_from_card_effects():
    job = new_job(1, [BuyStep(1, "no cards"), TableStep("apply it"), parse_effect({"op": "swap_stakes"}, "tda")])
    assert job["effects"][0] == {"op": "_buy", "seat": 1, "reason": "no cards"}
    assert [from_data(e) for e in job["effects"]][:2] == [BuyStep(1, "no cards"), TableStep("apply it")]
    assert to_data(from_data(job["effects"][2])) == effect_data(parse_effect({"op": "swap_stakes"}, "tda"))


def test_a_seat_settled_in_an_old_save_still_reads():
    old = {"op": "pay", "amount": 1, "who": "#2", "to": "self"}
    assert from_data(old).who == "seat_2"


def test_an_entry_no_handler_knows_is_left_to_the_table(cards):
    from tda_helpers import Table

    from referee.core.ruling import Outcome
    from referee.games.tda import jobs

    state = Table(cards).state
    job = new_job(0, [], "Old Card")
    job["effects"] = [{"op": "frobnicate", "amount": 2}]
    state.jobs.append(job)
    out = Outcome()
    jobs.run(state, cards, out)
    said = " ".join(step.text for step in out.ruling("x").steps)
    assert "no rule for a 'frobnicate' effect" in said
    assert state.question["kind"] == "table" and "Old Card's 'frobnicate' effect" in state.question["text"]


def test_a_card_whose_power_the_checker_refuses_is_skipped_with_a_notice(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "mine.yaml").write_text(
        "schema: 1\ngame: tda\nbook: tda\ncards:\n"
        "  - {id: tda/my-giant, name: My Giant, type: giant, color: Hill, strength: 4, summary: pays,\n"
        "     cites: [tda/card-list], power: {summary: pays, effects: [{op: pay, amount: two}]},\n"
        "     god_ability: {summary: odd, effects: [{op: cannot_win}]}}\n", encoding="utf-8")
    db = load_cards([folder])
    assert all(c.id != "tda/my-giant" for c in db.cards)  # never loaded, so never read as a broken power
    assert any("mine.yaml" in notice for notice in db.notices)
