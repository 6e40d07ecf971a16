"""Cards in front of a player (in_front) outside the transcripts: the views, positions and saved games of
older versions, and `on CARD` naming a play on the chain."""

from __future__ import annotations

import pytest

from referee.core import position
from referee.core.ruling import REFUSED, AmbiguousName
from referee.core.session import Session
from referee.games.rdi import announce as A
from referee.games.rdi import game as rdi_game
from referee.games.rdi.state import GameState

HEX = 'learn "Hex of Aches": action: [in_front who=target when=start_of_turn effects={lose 1 Fortitude}]'


def playing(cards, *lines: str) -> Session:
    session = Session(cards)
    for line in ("new rdi Ann Bob Cat", HEX, *lines):
        ruling = session.handle(line)
        assert ruling.verdict != REFUSED, (line, ruling.message)
    return session


def hex_acting(cards) -> Session:
    """Bob's turn has just begun and the Hex Ann put in front of him waits on the chain."""
    return playing(cards, 'Ann plays "Hex of Aches" on Bob', "resolve", "Ann orders a drink for Cat",
                   "set Ann drinkme 0", "end turn")


def test_the_toolbar_and_the_table_view_show_what_lies_in_front_of_a_player(cards):
    session = hex_acting(cards)
    rows = rdi_game.toolbar_rows(session.state, cards)
    assert ("In front of Bob: Hex of Aches", "Bob front 1") in rows[3]  # the row of what only some moments have
    assert rows[2][-1][0] == "Top of the chain: Hex of Aches acts, in front of Bob"
    summary = rdi_game.summary(session.state, cards)
    assert summary["players"][1]["front"] == ["Hex of Aches"]
    assert summary["chain"][0]["kind"] == "front" and summary["chain"][0]["player"] == "Bob"


def test_a_position_with_a_card_in_front_and_its_acting_on_the_chain_round_trips(cards, tmp_path):
    session = hex_acting(cards)
    text = session.position_text()
    assert "played_by: Ann" in text and "sent_by: Ann" in text
    loaded = rdi_game.load_position(position.load(text)[1], cards)
    assert loaded.to_dict() == session.state.to_dict()
    path = tmp_path / "hex.yaml"
    path.write_text(text, encoding="utf-8")
    again = Session(cards)
    assert again.handle(f"new --from {path}").verdict != REFUSED
    assert again.handle("resolve").verdict != REFUSED
    assert again.state.players[1].fortitude == 19


def test_the_front_of_a_game_saved_before_cards_in_front_acted_still_works(cards):
    """Older saved games held `[name, effects]` pairs (Spatchcocked Cockatrice's standing modifier only)."""
    session = playing(cards, 'learn "Shove": action: another player loses 3 Fortitude')
    data = session.state.to_dict()
    data["players"][1]["front"] = [["Spatchcocked Cockatrice", [
        {"op": "modify", "change": "fortitude_loss", "by": -1, "scope": "while_in_front_of_you"}]]]
    session.state = GameState.from_dict(data)
    assert session.state.players[1].front[0]["when"] == "while"
    for line in ('Ann plays Shove on Bob', "resolve"):
        assert session.handle(line).verdict != REFUSED, line
    assert session.state.players[1].fortitude == 18


NAMES = ["Ann", "Bob", "Dee"]


def test_on_a_waiting_play_is_read_apart_from_the_card_name():
    plays = [("Stacked the deck", "Stacked the deck")]
    assert A.parse("Dee plays Hawk's eye on Stacked the deck", NAMES, plays) == \
        A.Play("Dee", "Hawk's eye", None, "Stacked the deck")
    assert A.parse('Dee plays "Hawk\'s eye" on stacked deck', NAMES, plays).answers == "Stacked the deck"
    # with nothing of that name waiting, the words stay part of the card's name, as before
    assert A.parse("Dee plays Hawk's eye on Stacked the deck", NAMES) == A.Play("Dee", "Hawk's eye on Stacked the deck")
    # a player's name wins over a play's, and both may be named
    assert A.parse("Dee plays Shove on Bob", NAMES, [("Bobbing", "Bobbing")]).target == "Bob"
    both = A.parse("Dee plays Redirect on Bob on Stacked the deck", NAMES, plays)
    assert (both.card, both.target, both.answers) == ("Redirect", "Bob", "Stacked the deck")


def test_two_waiting_plays_of_one_name_are_told_apart_by_their_players():
    plays = [("Ann's I don't think so!", "I don't think so!"), ("Bob's I don't think so!", "I don't think so!")]
    with pytest.raises(AmbiguousName, match="Ann's I don't think so!, Bob's I don't think so!"):
        A.parse("Dee plays Stop That on I don't think so!", NAMES, plays)
    assert A.parse("Dee plays Stop That on Bob's I don't think so!", NAMES, plays).answers == "Bob's I don't think so!"
