"""Character mechanics, one module each, hooked into the engine at a few fixed points:

* ``adjust_change``: a standing modifier changes what one player takes from a card or Drink,
  once for the card as a whole (Wulfric's moods).
* ``after_card``: after a card's other effects (Serena's Piety).
* ``forbid_response``: a standing prohibition on answering a card (Wulfric's Stalwart).
* ``end_of_turn``: after a player's Drink phase (Wulfric's mood changes).
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.games.rdi.characters import kaylin, serena
from referee.games.rdi.state import Entry, GameState


def adjust_change(state: GameState, victim: int, attr: str, change: int, entry: Entry | None, out: Outcome) -> int:
    return kaylin.adjust_change(state, victim, attr, change, entry, out)


def forbid_response(state: GameState, target: Entry, out_reason: list) -> str | None:
    return kaylin.forbid_response(state, target)


def end_of_turn(state: GameState, seat: int, out: Outcome) -> None:
    kaylin.end_of_turn(state, seat, out)
