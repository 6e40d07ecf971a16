"""Property tests: random but well-formed Giants War games keep the gold and the cards whole."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.ruling import REFUSED
from referee.core.session import Session
from tda_helpers import RandomPlayer, invariants

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_gold_and_cards(cards, seed):
    player = RandomPlayer(cards, random.Random(seed))
    start_cards = player.session.state.total_cards()
    for _ in range(160):
        line, ruling = player.step()
        assert ruling.message.strip(), line
        assert ruling.code != "internal-error", f"{line}: {ruling.message}\n" + "\n".join(player.log[-30:])
        if line.startswith("undo") and ruling.verdict == REFUSED:
            continue
        invariants(player.session.state, cards, start_cards)
        if player.session.state.over:
            break


@SETTINGS
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_replaying_a_game_gives_the_same_state(cards, seed):
    player = RandomPlayer(cards, random.Random(seed))
    for _ in range(80):
        player.step()
    again = Session(cards)
    again.handle(player.session.moves[0].line)
    for line in player.log:
        again.handle(line)
    assert again.state.to_dict() == player.session.state.to_dict()


NAMES = ["Ann", "Ben", "Cat"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(
    st.text(max_size=60),
    st.builds(lambda who, verb, rest: f"{who} {verb} {rest}", st.sampled_from(NAMES + ["Zed", ""]),
              st.sampled_from(["antes", "plays", "pays", "steals", "draws", "discards", "gives", "chooses", "leads",
                               "has", "takes"]), st.text(max_size=30)),
    st.sampled_from(["score", "done", "yes", "no", "answer 3", "set Ann hoard -1", "set dragon stakes 4", "set",
                     "can Ann play", "can Ben play Storm Giant 10", "Ann antes Storm Giant 99", "Ann plays Io 13",
                     "Ben pays Ann 500", "Ann steals 5 from the dragon stakes", "Ann draws 40 legendary cards"]),
), max_size=25))
def test_no_input_raises(cards, lines):
    session = Session(cards)
    session.handle("new tda " + " ".join(NAMES) + " --giants Storm Fire Frost Cloud Ordning Hill")
    for line in lines:
        ruling = session.handle(line)
        assert ruling.verdict in ("ok", "refused", "answer", "ask")
        assert ruling.code != "internal-error", f"{line}: {ruling.message}"
        if ruling.verdict == "refused":
            assert ruling.message.strip()
