"""Standing effects on a figure change: what lives with a player and changes what they take, in one order.

A standing effect is an effect that lives somewhere (with a character: Wulfric's mood; in front of a player:
a card, a cooked Recipe, a taught card's curse; a Debuff token from Otto) and applies whenever its timing
comes. For one player's change from one card or Drink, taken as a whole, the order is:

1. the character's own standing modifiers (Wulfric's mood), from the character modules through the registry;
2. the `while` modifiers of the cards in front of the player (in_front.py), in the order they were put there;
3. after the change is made, the Debuffs in front of the player (Pain Curse, Mind Hex): one more each.

Each is a ``Standing`` value (state.py) that its own module makes: ``characters.standing`` (each character's
``standing`` hook: Wulfric's mood, Otto's Debuffs) and ``in_front.standing`` (a card in front). This module
gathers them for one change and applies them in that order; their lifecycles (a mood changing, a card put in
front or discarded, a token given or returned) stay with the module that makes them.

The books give no order where a character's modifier and a card in front of the same player both change one
loss; the referee's default is the order above (character first, then the cards in front), said once here.
Where a Reduction Effect answering the card meets a standing modifier, the house rule `reduction-order`
decides (ops.py asks it).
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.games.rdi import characters, in_front
from referee.games.rdi.state import AFTER, WHILE, Entry, GameState, Standing


def bearing_on(state: GameState, victim: int) -> list[Standing]:
    """Every standing effect bearing on a change to ``victim``, in the one order above: the character's, then
    the cards in front; within a timing each keeps its place."""
    found = [*characters.standing(state, victim), *in_front.standing(state, victim)]
    return [s for s in found if s.timing == WHILE] + [s for s in found if s.timing == AFTER]


def adjust_change(state: GameState, victim: int, attr: str, change: int, entry: Entry | None, out: Outcome) -> int:
    """What ``victim`` takes of ``change`` once the standing modifiers have changed it (steps 1 and 2)."""
    for effect in bearing_on(state, victim):
        if effect.timing == WHILE:
            change = effect.act(state, victim, attr, change, entry, out)
    return change


def after_change(state: GameState, victim: int, attr: str, change: int, out: Outcome) -> None:
    """Right after a change is made: what it sets off in front of the player (step 3)."""
    for effect in bearing_on(state, victim):
        if effect.timing == AFTER:
            effect.act(state, victim, attr, change, None, out)
