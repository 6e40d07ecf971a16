"""The Giants War package's face to the session and shells: setup words, views, JSON.

The views need the card data (a flight's side depends on each card's type): the
session passes its card database to every view.
"""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.ruling import Ruling
from referee.games.tda import engine as _engine
from referee.games.tda import setup, views
from referee.games.tda.state import GameState

GAME = _engine.GAME

__all__ = ["GAME", "Engine", "start", "load_state", "load_position", "SEAT_FIELDS", "player_names", "describe", "chain_text", "toolbar", "summary",
           "completion_words", "announcement_verbs", "at_table", "speaker"]

Engine = _engine.Engine


def start(words: list[str], cards: CardDB) -> tuple[GameState, Ruling]:
    """`new tda NAME NAME ... [--dragons ...] [--giants ...] [--long]`."""
    return setup.new_game(words, cards)


TITLE = "Three-Dragon Ante: Giants War"


def edition(state: GameState) -> str:
    return ""


def rule_edition(state: GameState) -> str | None:
    """The book whose wording `rule` answers from, where two books print the same rules."""
    return None


def load_state(data: dict) -> GameState:
    return GameState.from_dict(data)


# Fields holding seats, written as player names in a position file.
SEAT_FIELDS = ("leader", "turn", "ante.*.owner", "players.*.flight.*.owner", "round_plays.*.seat")


def load_position(data: dict, cards: CardDB) -> GameState:
    from referee.core.position import build
    from referee.games.tda.corrections import position_problems

    return build(GameState, data, SEAT_FIELDS, lambda state: position_problems(state, cards))


def player_names(state: GameState) -> list[str]:
    return [p.name for p in state.players]


def describe(state: GameState, cards: CardDB) -> str:
    return views.describe(state, cards)


def chain_text(state: GameState, cards: CardDB) -> str:
    return views.chain_text(state)


def toolbar(state: GameState, cards: CardDB) -> str:
    return views.toolbar(state, cards)


def summary(state: GameState, cards: CardDB) -> dict:
    return views.summary(state, cards)


def completion_words(state: GameState, cards: CardDB) -> list[str]:
    names = sorted({c.name for c in cards.cards if c.game == "tda" and c.type != "endgame"})
    return [p.name for p in state.players] + ["antes", "plays", "for the dragons", "for the giants", "chooses",
                                              "dragon stakes", "giant stakes", "pays", "steals", "draws", "discards",
                                              "gives", "leads", "score", "done", "yes", "no", "answer", "set", "can",
                                              "undo", "redo", "why", "state", "chain"] + names


# What the prompt completes after a player's name.
VERBS = ("antes", "plays", "pays", "steals", "draws", "discards", "gives", "takes", "has", "leads", "chooses", "picks",
         "declines")


def announcement_verbs(state: GameState, seat: int) -> list[str]:
    return list(VERBS)


def at_table(state: GameState, card) -> bool:
    """Whether a card is in this game's decks: the colours chosen for the main deck, and the Legendary deck."""
    return card.id in state.dragons or card.id in state.giants or bool(card.get("legendary"))


def speaker(state: GameState) -> str | None:
    """Whose turn it is in a round (nobody in particular while the antes come in)."""
    seat = state.turn if state.turn is not None else None
    return state.players[seat].name if seat is not None else None


def toolbar_rows(state: GameState, cards: CardDB) -> list:
    return views.toolbar_rows(state, cards)


def figures(state: GameState, cards: CardDB) -> dict[str, dict[str, object]]:
    return views.figures(state, cards)
