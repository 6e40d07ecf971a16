"""Properties over random Rounds of Gambling and Drinking Contests: Gold is only moved, and each one ends."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.ruling import REFUSED
from referee.core.session import Session

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
NAMES = ["Phrenk", "Kaylin", "Wizgille", "Serena", "Ann"]
CONTROL = ['"Winning Hand!"', '"I raise!"', '"Do you even know how to play this game?"',
           '"Of course I\'m winning! Pixies are lucky!"', '"Gambling? I\'m in!"']
DRINKS = ["Wine", "Dark Ale", "Light Ale", "Dragon Breath Ale", "Elven Wine", "Wine with a Chaser", "Mead",
          "Drinking Contest!", "Round on the House!"]


def gold(session: Session) -> int:
    return session.state.total_gold()


def round_step(session: Session, rng: random.Random) -> str:
    """A plausible line during a Round: mostly the player to act passes or plays a control card."""
    state = session.state
    round_ = state.round
    if state.chain:
        return "resolve"
    actor = state.players[round_.next_actor].name if round_.next_actor is not None else rng.choice(NAMES)
    roll = rng.random()
    if roll < 0.6:
        return f"{actor} passes"
    if roll < 0.9:
        return f"{actor} plays {rng.choice(CONTROL)}"
    return f'{rng.choice(NAMES[:len(state.players)])} plays "Oh, I guess the Wench thought that was her tip…"'


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), rules=st.sampled_from(["gii", "rdi3"]))
def test_rounds_of_gambling_move_gold_and_end(cards, seed, players, rules):
    rng = random.Random(seed)
    session = Session(cards)
    session.handle(f"new rdi {' '.join(NAMES[:players])} --rules {rules}")
    total = gold(session)
    assert session.handle('Phrenk plays "Gambling? I\'m in!"').verdict != REFUSED
    if rng.random() < 0.3:
        session.handle(f'{NAMES[1]} plays "Not now, I\'m feeding Wulfric"')
    for _ in range(200):
        if session.state.round is None and not session.state.chain:
            break
        if session.state.round is None:
            session.handle("resolve")
        else:
            session.handle(round_step(session, rng))
        assert gold(session) == total
    assert session.state.round is None, "the Round did not end"
    assert session.state.pot == 0
    assert gold(session) == total


def contest_step(session: Session, rng: random.Random) -> str:
    state = session.state
    contest = state.contest
    waiting = next((e for e in state.chain if e.awaiting_chaser), None)
    if waiting is not None:
        return f"chaser {rng.choice(DRINKS[:6])}"
    if contest is not None and contest.next < len(contest.order):
        who = state.players[contest.order[contest.next]].name
        return f"{who} reveals {rng.choice(DRINKS)}"
    if rng.random() < 0.2:
        return f'{rng.choice(NAMES[:len(state.players)])} plays "Here ya go… This\'ll make that drink better!"'
    return "resolve"


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), rules=st.sampled_from(["gii", "rdi3"]),
       deck=st.integers(1, 12))
def test_drinking_contests_move_gold_and_end(cards, seed, players, rules, deck):
    rng = random.Random(seed)
    session = Session(cards)
    session.handle(f"new rdi {' '.join(NAMES[:players])} --rules {rules}")
    session.handle(f"set deck {deck}")
    session.handle(f"set discard {rng.randint(0, 10)}")
    total = gold(session)
    session.handle(f"Phrenk orders a drink for {NAMES[1]}")
    assert session.handle("Phrenk reveals Drinking Contest!").verdict != REFUSED
    session.handle("resolve")
    for _ in range(300):
        if session.state.contest is None:
            break
        ruling = session.handle(contest_step(session, rng))
        assert ruling.message
        assert gold(session) == total
    assert session.state.contest is None, "the contest did not end"
    while session.state.chain or session.state.last_chance:
        session.handle("resolve")
    assert gold(session) == total
    for player in session.state.players:
        assert 0 <= player.alcohol <= 20 and player.gold >= 0
