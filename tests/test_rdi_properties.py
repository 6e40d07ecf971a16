"""Invariants over random play: Gold is only moved, figures stay in range, undo and resume are exact."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.ruling import REFUSED
from referee.core.session import Session
from referee.core.store import Store
from rdi_lines import plausible_lines

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def play_randomly(session: Session, seed: int, steps: int) -> list[dict]:
    """Play ``steps`` random lines; return the state after each accepted one (setup first)."""
    rng = random.Random(seed)
    states = [session.state.to_dict()]
    for _ in range(steps):
        if session.state.over:
            break
        line = plausible_lines(session, rng, 1)[0]
        before = session.state.to_dict()
        ruling = session.handle(line)
        if ruling.verdict == REFUSED:
            assert session.state.to_dict() == before, f"refused {line!r} changed the state"
            assert ruling.message, f"refusal of {line!r} has no message"
        else:
            states.append(session.state.to_dict())
    return states


def new_session(cards, players: int, rules: str, store=None) -> Session:
    session = Session(cards, store)
    names = ["Phrenk", "Kaylin", "Wizgille", "Serena", "Ann", "Ben", "Cat"][:players]
    assert session.handle(f"new rdi {' '.join(names)} --rules {rules}").verdict != REFUSED
    return session


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7), rules=st.sampled_from(["gii", "rdi3"]))
def test_gold_is_only_moved_and_figures_stay_in_range(cards, seed, players, rules):
    session = new_session(cards, players, rules)
    total = session.state.total_gold()
    for state in play_randomly(session, seed, 120):
        gold = sum(p["gold"] for p in state["players"]) + state["inn"] + state["pot"]
        assert gold == total
        for p in state["players"]:
            assert 0 <= p["fortitude"] <= 20 and 0 <= p["alcohol"] <= 20 and p["gold"] >= 0
            if "piety" in p["part"]:  # Serena's, in her character slot
                assert 1 <= p["part"]["piety"] <= 8


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_undo_restores_every_earlier_state_exactly(cards, seed, players):
    session = new_session(cards, players, "gii")
    states = play_randomly(session, seed, 60)
    for expected in reversed(states[:-1]):
        assert session.handle("undo").verdict != REFUSED
        assert session.state.to_dict() == expected
    assert session.handle("undo").verdict == REFUSED  # nothing before the setup
    for expected in states[1:]:
        session.handle("redo")
        assert session.state.to_dict() == expected


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_save_and_resume_gives_the_identical_state(cards, tmp_path_factory, seed):
    path = tmp_path_factory.mktemp("store") / "games.sqlite3"
    session = new_session(cards, 4, "rdi3", Store(path))
    play_randomly(session, seed, 50)
    if seed % 3 == 0 and session.head > 0:
        session.handle("undo")
    expected = session.state.to_dict()
    resumed = Session(cards, Store(path))
    resumed.resume(session.game_id)
    assert resumed.state.to_dict() == expected
    assert resumed.log() == session.log()
