"""Positions as files: a position printed from any reachable state loads to the identical state,
and loading then printing gives the same file."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import position
from referee.core.ruling import REFUSED
from referee.core.session import Session
from referee.games.rdi import game as rdi_game
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
