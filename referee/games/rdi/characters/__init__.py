"""Character mechanics, one module each, hooked into the engine at a few fixed points:

* ``adjust_change``: a standing modifier changes what one player takes from a card or Drink,
  once for the card as a whole (Wulfric's moods; and a card lying in front of the player, in_front.py).
* ``after_card``: after a card's other effects (Serena's Piety).
* ``forbid_response``: a standing prohibition on answering a card (Wulfric's Stalwart).
* ``end_of_turn``: after a player's Drink phase (Wulfric's mood changes).
* ``SET_KEYS`` / ``apply_set`` / ``position_problem``: the table corrects a character's part with `set`
  (Wulfric's mood, Piety, Potions, the Cutting Board, Otto's tracks), and an impossible one is refused.
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.games.rdi import in_front
from referee.games.rdi.characters import kaylin, otto, phrenk, roxana, serena
from referee.games.rdi.state import Entry, GameState


def adjust_change(state: GameState, victim: int, attr: str, change: int, entry: Entry | None, out: Outcome) -> int:
    change = kaylin.adjust_change(state, victim, attr, change, entry, out)
    return in_front.standing(state, victim, attr, change, out)


def after_card(state: GameState, entry: Entry, card, out: Outcome) -> None:
    serena.after_card(state, entry, card, out)
    roxana.after_card(state, entry, card, out)


def after_negated(state: GameState, entry: Entry, card, out: Outcome) -> None:
    """A card Negated: where it goes when a character's rules send it somewhere of their own."""
    roxana.negated(state, entry, card, out)


def forbid_response(state: GameState, target: Entry) -> str | None:
    return kaylin.forbid_response(state, target)


def end_of_turn(state: GameState, seat: int, out: Outcome) -> None:
    kaylin.end_of_turn(state, seat, out)


CORRECTABLE = (kaylin, serena, phrenk, roxana, otto)


def set_keys() -> dict[str, str]:
    """Every word a `set` may use for a character's part, and the part it names."""
    return {word: key for module in CORRECTABLE for word, key in module.SET_KEYS.items()}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    module = next(m for m in CORRECTABLE if key in m.SET_KEYS.values())
    module.apply_set(state, seat, key, value, cards, out)


def position_problems(state: GameState) -> list[tuple[str, str]]:
    return [problem for module in CORRECTABLE if (problem := module.position_problem(state))]
