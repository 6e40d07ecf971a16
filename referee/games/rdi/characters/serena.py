"""Serena the Pious: the Piety track (RDI 3, Appendix A).

Piety starts at 8 and stays within 1..8. A card's Piety arrow applies after all
its other effects, and Piety-banded effects read the Piety at the moment the card
takes effect. A Negated card changes no Piety (it never resolves); an Ignored one
still does. Falling below 1 means atoning once: tithe 1 Gold to the Inn or lose 1
Fortitude that cannot be avoided.
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import Outcome
from referee.games.rdi.state import Entry, GameState

STARTING_PIETY = 8
LOW, HIGH = 1, 8
PIETY = "rdi3/appendix-a/serena/piety"


def is_serena(character: str) -> bool:
    return character.strip().lower() == "serena"


def after_card(state: GameState, entry: Entry, card: Card, out: Outcome) -> None:
    """Apply the card's Piety arrow, once its other effects are done."""
    player = state.players[entry.player]
    if player.piety is None:
        return
    arrow = card.get("piety")
    if arrow is None:
        if "piety" in card.unknown:
            out.say(f"The books do not show the Piety arrow of {card.name}; if it has one, `set {player.name} piety N`.",
                    PIETY)
        return
    if not isinstance(arrow, int):
        out.say(f"{card.name}'s Piety change ({arrow}) is explained on the card; `set {player.name} piety N`.", PIETY)
        return
    before = player.piety
    wanted = before + arrow
    player.piety = max(LOW, min(HIGH, wanted))
    out.say(f"After the card's other effects, {player.name}'s Piety moves {arrow:+d}: {before} → {player.piety}"
            + (" (it cannot go above 8)." if wanted > HIGH else "."), PIETY)
    if wanted < LOW:
        out.say(f"{player.name}'s Piety would drop below 1: she atones once, by tithing 1 Gold to the Inn or losing "
                f"1 Fortitude that cannot be avoided. Tell me which with `set {player.name} gold N` or "
                f"`set {player.name} fortitude N`.", PIETY)
