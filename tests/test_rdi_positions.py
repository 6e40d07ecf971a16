"""Positions as files: a position printed from any reachable state loads to the identical state,
and loading then printing gives the same file; a position set up from a file or with `set` plays on."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.core import position
from referee.core.ruling import REFUSED
from referee.core.session import Session
from referee.games.rdi import game as rdi_game
from referee.games.rdi.state import PHASES
from rdi_lines import PLAIN_NAMES, next_announcement, plausible_lines, set_lines, settable
from test_rdi_properties import new_session, play_randomly


def round_trip(adapter, state, cards):
    text = position.dump(adapter.GAME, state, adapter.SEAT_FIELDS)
    game, data = position.load(text)
    assert game == adapter.GAME
    loaded = adapter.load_position(data, cards)
    assert loaded.to_dict() == state.to_dict(), text
    assert position.dump(adapter.GAME, loaded, adapter.SEAT_FIELDS) == text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=st.sampled_from(["gii", "rdi3"]))
def test_rdi_positions_round_trip_over_random_play(cards, seed, players, rules):
    session = new_session(cards, players, rules)
    for data in play_randomly(session, seed, 80)[::4]:
        round_trip(rdi_game, rdi_game.load_state(data), cards)


def test_a_position_file_starts_a_game_there_and_the_session_prints_it_back(cards, tmp_path):
    session = new_session(cards, 4, "gii")
    for line in ("set active Serena", "set phase drink", "set Serena piety 5", "set gambling pot 4 control Kaylin"):
        assert session.handle(line).verdict != REFUSED, line
    path = tmp_path / "dispute.yaml"
    path.write_text(session.position_text(), encoding="utf-8")
    again = Session(cards)
    ruling = again.handle(f"new --from {path}")
    assert ruling.verdict != REFUSED, ruling.message
    assert again.state.to_dict() == session.state.to_dict()
    assert again.position_text() == session.position_text()
    assert "active: Serena" in again.position_text() and "control: Kaylin" in again.position_text()


def test_the_position_is_short_and_omits_defaults(cards):
    session = new_session(cards, 2, "gii")
    text = session.position_text()
    assert "fortitude" not in text and "chain" not in text and len(text.splitlines()) < 10


def test_bad_position_files_are_refused_with_the_reason(cards, tmp_path):
    cases = {"not: [valid": "not valid YAML", "players: []": "starts with `game: rdi`",
             "game: rdi\nplayers:\n- {name: Ann, character: '', gold: 10, fortitude: 25}\n- {name: Bob, character: '', gold: 10}":
                 "Fortitude stays within 0..20",
             "game: rdi\nplayers:\n- {name: Ann, character: '', gold: 10, wings: 2}": "does not have",
             "game: rdi\nplayers:\n- {name: Ann, character: '', gold: 10}\nactive: Zed": "not seated",
             "game: chess\nplayers: []": "Unknown game"}
    for number, (text, reason) in enumerate(cases.items()):
        path = tmp_path / f"p{number}.yaml"
        path.write_text(text, encoding="utf-8")
        ruling = Session(cards).handle(f"new --from {path}")
        assert ruling.verdict == REFUSED and reason in ruling.message, (text, ruling.message)
    assert "Cannot read" in Session(cards).handle(f"new --from {tmp_path / 'missing.yaml'}").message


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), line=st.sampled_from([
    "new rdi Otto Ann Bob --otto witchdoctor,paladin", "new rdi Roxana Phrenk Kaylin Serena",
    'new rdi Ann Ben Cat --variant prize --prize "Absorbent Towel" --prize "Talisman of Lightning"']))
def test_positions_round_trip_with_characters_and_variants(cards, seed, line):
    session = Session(cards)
    assert session.handle(line).verdict != REFUSED
    for data in play_randomly(session, seed, 60)[::3]:
        round_trip(rdi_game, rdi_game.load_state(data), cards)


# --- a position set up by a file or by `set` plays on as the game it was taken from ------------------------------
UID_KEYS = ("uid", "responds_to", "opened_by", "next_uid", "front")


def _relative(data, base: int):
    """A state dict with play numbers counted from ``base`` and the turn count left out: two games that reach the
    same position by different roads number their plays differently (and a play before ``base`` is no longer
    waiting, whatever its number was)."""
    if isinstance(data, list):
        return [_relative(item, base) for item in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        if key == "turn":
            continue
        if key in UID_KEYS and isinstance(value, int) and not isinstance(value, bool):
            value = value - base if value >= base else "before"
        elif key == "opened_by" and value is None:
            value = "before"  # the card that opened a Round already resolved, or a Round set up: none waits
        out[key] = _relative(value, base)
    return out


def _same_rulings(loaded, played, rng, count: int, relative: bool = False) -> int:
    """Play ``count`` plausible lines in both sessions; each ruling and each state after it must be the same.
    Returns how many were accepted."""
    bases = (loaded.state.next_uid, played.state.next_uid)
    accepted = 0
    for _ in range(count):
        if played.state.over:
            break
        line = plausible_lines(played, rng, 1)[0]
        expected, got = played.handle(line), loaded.handle(line)
        assert got.as_dict() == expected.as_dict(), line
        if relative:
            assert _relative(loaded.state.to_dict(), bases[0]) == _relative(played.state.to_dict(), bases[1]), line
        else:
            assert loaded.state.to_dict() == played.state.to_dict(), line
        accepted += expected.verdict != REFUSED
    return accepted


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=st.sampled_from(["gii", "rdi3"]))
def test_a_position_file_printed_from_play_plays_on_identically(cards, tmp_path_factory, seed, players, rules):
    rng = random.Random(seed)
    played = new_session(cards, players, rules)
    folder = tmp_path_factory.mktemp("positions")
    for stop in range(5):
        play_randomly(played, rng.randrange(10**6), 12)
        path = folder / f"stop{stop}.yaml"
        path.write_text(played.position_text(), encoding="utf-8")
        loaded = Session(cards)
        assert loaded.handle(f"new --from {path}").verdict != REFUSED
        _same_rulings(loaded, played, rng, 6)


def _set_up(cards, state) -> Session:
    session = Session(cards)
    for line in set_lines(state):
        ruling = session.handle(line)
        assert ruling.verdict != REFUSED, (line, ruling.message)
    return session


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=st.sampled_from(["gii", "rdi3"]))
def test_the_same_position_reached_by_play_and_by_set_rules_the_next_plays_identically(cards, seed, players, rules):
    rng = random.Random(seed)
    played = Session(cards)
    assert played.handle(f"new rdi {' '.join(PLAIN_NAMES[:players])} --rules {rules}").verdict != REFUSED
    stops = 0
    for _ in range(60):
        play_randomly(played, rng.randrange(10**6), 3)
        if played.state.over:
            break
        if not settable(played.state):
            continue
        stops += 1
        by_set = _set_up(cards, played.state)
        assert _relative(by_set.state.to_dict(), by_set.state.next_uid) == \
            _relative(played.state.to_dict(), played.state.next_uid), set_lines(played.state)
        _same_rulings(by_set, played, rng, 5, relative=True)
    assume(stops)


# About two random games in three stop where `set` cannot rebuild them (something waiting): filtered by design.
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), rules=st.sampled_from(["gii", "rdi3"]),
       phase=st.sampled_from(PHASES), whose=st.integers(0, 5), how=st.sampled_from(["set", "file"]))
def test_every_phase_set_up_accepts_the_announcement_a_player_makes_there(cards, tmp_path_factory, seed, players,
                                                                         rules, phase, whose, how):
    """Wherever a random game stands, `set active NAME` / `set phase P` (or a position file naming only the active
    player and the phase) leaves the turn where a player at the start of P is: their next announcement goes."""
    played = Session(cards)
    assert played.handle(f"new rdi {' '.join(PLAIN_NAMES[:players])} --rules {rules}").verdict != REFUSED
    play_randomly(played, seed, 40)
    assume(settable(played.state) and not played.state.round)
    name = PLAIN_NAMES[whose % players]
    if how == "set":
        session = _set_up(cards, played.state)
        for line in (f"set active {name}", f"set phase {phase.split('_')[0]}"):
            ruling = session.handle(line)
            assert ruling.verdict != REFUSED and "So at the table:" in ruling.message + str(ruling.as_dict()), line
    else:
        text = played.position_text()
        turn = {"active", "phase", "turn", "action_done", "ordered", "drunk", "extra_orders"}
        kept = [row for row in text.splitlines() if row.split(":")[0] not in turn]
        path = tmp_path_factory.mktemp("by-hand") / "position.yaml"
        path.write_text("\n".join(kept + [f"active: {name}", f"phase: {phase}"]) + "\n", encoding="utf-8")
        session = Session(cards)
        ruling = session.handle(f"new --from {path}")
        assert ruling.verdict != REFUSED, ruling.message
    line = next_announcement(session.state, phase)
    ruling = session.handle(line)
    assert ruling.verdict != REFUSED, (line, ruling.message)
    if phase == "drink" and line != "end turn":
        session.handle("resolve")
        assert session.handle("end turn").verdict != REFUSED
        assert session.state.players[session.state.active].name != name
