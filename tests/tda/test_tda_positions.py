"""Giants War positions round-trip over random play."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import position
from referee.games.tda import game as tda_game
from tda_helpers import RandomPlayer


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_tda_positions_round_trip_over_random_play(cards, seed):
    player = RandomPlayer(cards, random.Random(seed))
    for step in range(100):
        player.step()
        if step % 10:
            continue
        state = player.session.state
        text = position.dump("tda", state, tda_game.SEAT_FIELDS)
        game, data = position.load(text)
        loaded = tda_game.load_position(data, cards)
        assert loaded.to_dict() == state.to_dict(), text
        assert position.dump("tda", loaded, tda_game.SEAT_FIELDS) == text
