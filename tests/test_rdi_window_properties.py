"""Windows of play over random games (issue 19): nothing waits on the chain once its window is over, the last
chance before a player is out is never skipped, and a Round of Gambling never asks its controller to act.

Each game teaches the cards of rdi_lines.WINDOW_CARDS and plays lines of rdi_lines.window_line, which reach
Rounds ended every way a go can end, forced exits, players passing out mid-Round and corrections into and out
of risk, under both editions and both readings of negated-gambling-play. The checks read the state only, in
the books' terms; none asks the engine what it would decide.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.ruling import REFUSED
from referee.core.session import Session
from referee.games.rdi import announce as A
from referee.games.rdi.effects import flat_effects
from referee.games.rdi.legality import timing
from rdi_lines import WINDOW_CARDS, window_line

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
NAMES = ["Ann", "Bob", "Cat", "Dee"]
# What acts only on a Round in progress (the books' Gambling effects, save starting one and taking a won pot).
ROUND_EFFECTS = {"ante", "take_control", "restrict_next_control", "leave_round", "force_leave", "win_round",
                 "end_round"}
GAMES = st.tuples(st.integers(0, 10**6), st.integers(2, 4), st.sampled_from(["gii", "rdi3"]),
                  st.sampled_from(["turn-spent", "play-again"]))


def new_game(cards, players: int, rules: str, reading: str) -> Session:
    session = Session(cards)
    line = f"new rdi {' '.join(NAMES[:players])} --rules {rules} --house negated-gambling-play={reading}"
    assert session.handle(line).verdict != REFUSED
    for learn in WINDOW_CARDS:
        assert session.handle(learn).verdict != REFUSED, learn
    return session


def play(session: Session, seed: int, steps: int, check) -> int:
    """Play random window lines; ``check(before, line, ruling, after)`` after each one. Returns how many were
    accepted. A refused line never changes the state."""
    rng = random.Random(seed)
    accepted = 0
    for _ in range(steps):
        if session.state.over:
            break
        before = session.state.copy()
        line = window_line(session, rng)
        ruling = session.handle(line)
        if ruling.verdict == REFUSED:
            assert session.state.to_dict() == before.to_dict(), f"refused {line!r} changed the state"
            assert ruling.message
        else:
            accepted += 1
        check(before, line, ruling, session.state, session)
    return accepted


def round_only(session: Session, state, entry) -> bool:
    """A play that could act only on a Round: a Gambling or Cheating Card, or one whose every effect (for the
    option it was played for) is a Round's."""
    if entry.kind != "card":
        return False
    if entry.card_type in ("gambling", "cheating"):
        return True
    card = session.cards_in_play.by_id.get(entry.card_id) if entry.card_id else None
    effects = flat_effects(card, entry, state) if card is not None else []
    return bool(effects) and all(effect.op in ROUND_EFFECTS for effect in effects)


def check_windows(before, line, ruling, after, session) -> None:
    """(a) No Round, no Round play waiting; once the turn or the phase has moved on, nothing played before it
    is still waiting on the chain."""
    if after.round is None:
        stale = [e.name for e in after.chain if round_only(session, after, e)]
        assert not stale, f"after {line!r} no Round is in progress, yet {stale} wait on the chain"
    moved = (before.turn, before.active, before.phase) != (after.turn, after.active, after.phase)
    if moved and ruling.verdict != REFUSED and not line.startswith("set "):
        carried = [e.name for e in after.chain if before.entry(e.uid) is not None]
        assert not carried, f"{line!r} moved play on ({before.phase} → {after.phase}) with {carried} still waiting"


def at_risk(state) -> list[str]:
    """Who would be out by the books: Alcohol Content at or above Fortitude, or no Gold outside a Round."""
    people = [p for p in state.players if not p.out and not p.automaton]
    return sorted(p.name for p in people if p.alcohol >= p.fortitude or (p.gold <= 0 and state.round is None))


def check_last_chance(before, line, ruling, after, session) -> None:
    """(b) While a last chance is pending only a response (a Sometimes or Anytime Card), what finishes it,
    `resolve` and a correction are accepted; nobody is out without one; and every player at risk once nothing
    is left to resolve has it."""
    newly_out = [p.name for p, q in zip(before.players, after.players) if q.out and not p.out]
    if newly_out:
        assert line == "resolve" and not before.chain, f"{newly_out} went out on {line!r}"
        assert set(newly_out) <= set(before.last_chance), f"{newly_out} went out without a last chance"
    if after.contest is None and not after.chain and after.choice is None and not after.over:
        assert at_risk(after) == sorted(after.last_chance), f"after {line!r}: at risk {at_risk(after)}, " \
                                                             f"last chance {after.last_chance}"
    if not before.last_chance or ruling.verdict == REFUSED:
        return
    said = A.parse(line, [p.name for p in before.players], [])
    if isinstance(said, (A.Resolve, A.Set)):
        return
    if isinstance(said, A.Play):
        card = session.cards_in_play.lookup(said.card.strip('"'), game="rdi").found
        assert card is not None and timing(card) in ("sometimes", "anytime"), f"{line!r} accepted at a last chance"
        return
    if isinstance(said, (A.Pass, A.Split)):
        assert before.chain, f"{line!r} accepted at a last chance with nothing waiting to answer"
        return
    if isinstance(said, A.Reveal):
        assert said.player is not None and before.seat(said.player) in before.must_drink, \
            f"{line!r} accepted at a last chance"
        return
    raise AssertionError(f"{line!r} ({type(said).__name__}) accepted while {before.last_chance} had a last chance")


def check_round(before, line, ruling, after, session) -> None:
    """(c) A Round under way never asks its controller to act, nor has everyone else in it passed or spent their
    go since control last changed (it would be over), and nobody out of the game is still in it."""
    round_ = after.round
    if round_ is None or not round_.started or after.over:
        return  # a game that is over has no more goes
    still = [s for s in round_.members if s not in round_.left]
    assert all(not after.players[s].out for s in still), f"after {line!r} a player out of the game is in the Round"
    others = [s for s in still if s != round_.control]
    assert not all(s in round_.passes or s in round_.spent for s in others), \
        f"after {line!r} everyone else has passed or spent their go, yet the Round goes on"
    assert round_.next_actor in others, f"after {line!r} the Round asks {round_.next_actor} to act (control " \
                                        f"{round_.control}, still in {still})"


@SETTINGS
@given(game=GAMES)
def test_nothing_waits_on_the_chain_outside_its_window(cards, game):
    seed, players, rules, reading = game
    assert play(new_game(cards, players, rules, reading), seed, 120, check_windows) > 0


@SETTINGS
@given(game=GAMES)
def test_the_last_chance_is_never_skipped(cards, game):
    seed, players, rules, reading = game
    assert play(new_game(cards, players, rules, reading), seed, 120, check_last_chance) > 0


@SETTINGS
@given(game=GAMES)
def test_a_round_never_asks_its_controller_to_act(cards, game):
    seed, players, rules, reading = game
    assert play(new_game(cards, players, rules, reading), seed, 120, check_round) > 0


def test_the_lines_reach_the_windows(cards):
    """The generator reaches what the properties are about: Rounds ended, a last chance, plays set aside."""
    seen = {"round ended": 0, "last chance": 0, "set aside": 0, "go spent": 0, "goes again": 0, "out mid-Round": 0}
    for seed in range(40):
        session = new_game(cards, 3, ("gii", "rdi3")[seed % 2], ("turn-spent", "play-again")[seed // 2 % 2])

        def count(before, line, ruling, after, session) -> None:
            text = " ".join(step.text for step in ruling.steps)
            seen["round ended"] += "The Round of Gambling ends" in text
            seen["last chance"] += bool(after.last_chance and not before.last_chance)
            seen["set aside"] += "set aside unresolved" in text
            seen["go spent"] += "go is spent" in text
            seen["goes again"] += "may play another Gambling or Cheating Card" in text
            seen["out mid-Round"] += "out of the Round of Gambling too" in text

        play(session, seed, 120, count)
    assert all(seen.values()), seen


NOT_RESPONSES = ("Ann orders a drink for Cat", "Ann draws", "end turn", "Ann reveals Wine", "Ann reveals Mead",
                 "Bob passes", "Cat passes", "step", "Ann splits the Mead with Bob", 'Ann plays "Gambling? I\'m in!"',
                 'Cat plays "I raise!"', 'Cat plays "Winning Hand!"', "Cat leaves the round", "Bob is forced out",
                 "Bob reveals Wine", "Kaylin reveals Wulfric is feeling Loyal")


def at_a_last_chance(cards, rules: str, in_round: bool) -> Session:
    """Ann's turn, Bob passed in a Round (or no Round), and the table says Cat would pass out on her go."""
    session = new_game(cards, 3, rules, "turn-spent")
    lines = ['Ann plays "Gambling? I\'m in!"', "resolve", "Bob passes"] if in_round else ["Ann draws"]
    for line in lines + ["set Cat fortitude 10 alcohol 10"]:
        assert session.handle(line).verdict != REFUSED, line
    assert session.state.last_chance == ["Cat"]
    return session


@given(rules=st.sampled_from(["gii", "rdi3"]), in_round=st.booleans(), line=st.sampled_from(NOT_RESPONSES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_at_a_last_chance_only_a_response_goes_ahead(cards, rules, in_round, line):
    session = at_a_last_chance(cards, rules, in_round)
    before = session.state.to_dict()
    ruling = session.handle(line)
    assert ruling.verdict == REFUSED, f"{line!r} was accepted at Cat's last chance"
    assert session.state.to_dict() == before
    assert session.handle('Cat plays "Second Wind"').verdict != REFUSED  # a response goes ahead
    assert session.handle("resolve").verdict != REFUSED
    assert session.state.last_chance == [] and not session.state.players[2].out  # it saved her, and said so
