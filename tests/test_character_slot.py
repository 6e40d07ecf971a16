"""Serena keeps her state in her character slot (issue 23): a game saved before the slot existed, with her
Piety on the player and her atonement on the table, resumes and plays on; the slot is hers alone."""

from __future__ import annotations

from referee.core.ruling import OK, REFUSED
from referee.core.session import Session
from referee.games.rdi import game as rdi_game


def _old_shape(data: dict, seat: int, piety: int) -> dict:
    """The state as it was saved before the slot: `piety` on each player, `atoning` a seat of the table."""
    players = [{**{k: v for k, v in p.items() if k != "part"}, "piety": p["part"].get("piety")} for p in data["players"]]
    players[seat]["piety"] = piety
    return {**data, "players": players, "atoning": seat}


def test_an_old_saved_state_resumes_and_serena_atones_once(cards):
    session = Session(cards)
    session.handle("new rdi Ann Serena Bob")
    seat = session.state.seat("Serena")
    session.state = rdi_game.load_state(_old_shape(session.state.to_dict(), seat, 1))
    assert "Serena atones" in " ".join(str(row) for row in session.game.toolbar_rows(session.state, cards))
    gold, inn = session.state.players[seat].gold, session.state.inn
    ruling = session.handle("Serena tithes")
    assert ruling.verdict == OK, ruling.message
    assert (session.state.players[seat].gold, session.state.inn) == (gold - 1, inn + 1)
    again = session.handle("Serena tithes")
    assert again.verdict == REFUSED and "nothing to atone" in again.message


def test_piety_is_serenas_and_a_position_writes_it_flat(cards):
    session = Session(cards)
    session.handle("new rdi Ann Serena Bob")
    refused = session.handle("set Ann piety 3")
    assert refused.verdict == REFUSED and "Only Serena has a Piety track" in refused.message
    assert session.handle("set Serena piety 3").verdict == OK
    text = session.position_text()
    assert "piety: 3" in text and "part" not in text
    # the written position plays on: a card's Piety arrow moves the Piety read from the flat key
    played = Session(cards)
    from referee.core import position

    _, data = position.load(text)
    played.handle("new rdi Ann Serena Bob")
    played.state = rdi_game.load_position(data, cards)
    assert rdi_game.figures(played.state)["Serena"]["Piety"] == 3
    assert played.handle("set Serena piety 9").verdict == REFUSED  # outside 1..8: an impossible position
