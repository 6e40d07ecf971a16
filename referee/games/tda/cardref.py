"""A card as the table types it: "Silver Dragon 6", "The Thief 7 for the dragons", "Io".

The name is matched fuzzily among the Giants War cards; where two printings share
a name (Copper, Gold) the one this game's deck uses is meant. The number after the
name is the strength: one of a colour's printed strengths, a Legendary card's own,
or, where the book prints none, the number on the card as the table reads it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from referee.core.carddb import Card, CardDB
from referee.core.parse import find_card
from referee.core.ruling import IllegalPlay, NotUnderstood
from referee.games.tda import cardinfo as C
from referee.games.tda.state import GameState

_SIDE = re.compile(r"[\s,]+(?:and\s+)?(?:declared\s+)?(?:for|fighting\s+for|on|with)\s+(?:the\s+)?"
                   r"(?P<side>dragons?|giants?)(?:\s+stakes?)?\s*$", re.I)
_NUMBER = re.compile(r"^(?P<name>.*?)[\s,(]+(?:strength\s+)?(?P<n>\d+)\)?\s*$", re.I)


SIGNED = re.compile(r"(?<![\w])(?P<sign>[-−–]\s?)?(?P<n>\d+)")  # a minus sign is kept, never dropped


def signed_numbers(text: str) -> list[int]:
    """The numbers ``text`` names, negative ones as typed (`-1` is -1, never 1)."""
    return [-int(m.group("n")) if m.group("sign") else int(m.group("n")) for m in SIGNED.finditer(text)]


def first_negative(text: str) -> re.Match | None:
    return next((m for m in SIGNED.finditer(text) if m.group("sign")), None)


@dataclass(frozen=True)
class Typed:
    card: Card
    strength: int
    side: str | None
    note: str = ""


def split(text: str) -> tuple[str, int | None, str | None]:
    """(name, strength, side) from "Name 7 for the dragons"."""
    text = text.strip().rstrip(".!?").strip()
    side = None
    match = _SIDE.search(text)
    if match:
        side = "dragons" if match.group("side").lower().startswith("dragon") else "giants"
        text = text[: match.start()].strip()
    negative = first_negative(text)
    if negative:
        raise NotUnderstood(f"`{text}` names {negative.group()}: a card's strength is never below 0.",
                            hint="Type the strength printed on the card after its name.")
    strength = None
    match = _NUMBER.match(text)
    if match and match.group("name").strip():
        strength = int(match.group("n"))
        text = match.group("name").strip()
    return text, strength, side


def standard(card: Card) -> bool:
    return card.type in ("dragon", "giant") and not C.is_legendary(card)


def _reprinted_colours(db: CardDB) -> tuple[list[Card], ...]:
    return _reprinted_colours_of(db, len(db.cards))


@lru_cache(maxsize=4)
def _reprinted_colours_of(db: CardDB, size: int) -> tuple[list[Card], ...]:
    """The standard colours printed more than once, each with its printings. Worked out once per card
    database (the size is part of the key, so a database that grows at the table is looked at again)."""
    groups: dict[tuple, list[Card]] = {}
    for card in db.cards:
        if card.game == "tda" and standard(card):
            groups.setdefault((card.type, card.get("color")), []).append(card)
    return tuple(printings for printings in groups.values() if len(printings) > 1)


def excluded_printings(state: GameState, db: CardDB) -> set[str]:
    """Other printings of a colour this game's deck does not use (so "Copper Dragon" means the one in play)."""
    chosen = set(state.dragons) | set(state.giants)
    out = set()
    for printings in _reprinted_colours(db):
        used = [c for c in printings if c.id in chosen]
        keep = used or [c for c in printings if c.get("edition") == "giants-war"] or printings[:1]
        out.update(c.id for c in printings if c not in keep)
    return out


def lookup(state: GameState, db: CardDB, name: str) -> Card:
    skip = excluded_printings(state, db)
    return find_card(name, db, "tda", where=lambda c: c.id not in skip and c.type != "endgame")


def in_game(state: GameState, db: CardDB, card: Card) -> str:
    """Why a card cannot be in this game, or ''."""
    if card.type not in C.PLAYABLE_TYPES:
        return f"{card.name} is not a card that is played or anted."
    if standard(card) and card.id not in state.dragons + state.giants:
        pool = state.dragons if card.type == "dragon" else state.giants
        return (f"{card.label} is not in this game's main deck; its {card.type} colours are "
                f"{', '.join(colour_names(db, pool))}.")
    return ""


def colour_names(db: CardDB, ids: list[str]) -> list[str]:
    return [db.by_id[i].label if i in db.by_id else i for i in ids]


def unique(card: Card) -> bool:
    """Each colour has one card of each printed strength and each Legendary card is unique."""
    return C.printed_strengths(card) is not None or C.is_legendary(card)


def face_up(state: GameState, card: Card, strength: int) -> str:
    """A unique card already face up cannot be played again."""
    if not unique(card):
        return ""
    for player in state.players:
        for placed in player.flight:
            if placed.card_id == card.id and placed.strength == strength:
                return f"{card.name} {strength} is already face up in {player.name}'s flight; there is only one."
    for placed in state.ante:
        if placed.card_id == card.id and placed.strength == strength:
            return f"{card.name} {strength} is already face up in the ante; there is only one."
    return ""


def typed_card(state: GameState, db: CardDB, text: str, need_side: bool | None = None) -> Typed:
    """Parse and check a typed card. ``need_side``: True for a play (mortals must declare),
    False for the ante (no declaring), None for either."""
    name, strength, side = split(text)
    if not name:
        raise NotUnderstood("Name the card, then its strength: e.g. `Silver Dragon 6`.")
    card = lookup(state, db, name)
    problem = in_game(state, db, card)
    if problem:
        raise IllegalPlay(problem, ("tda/setup/main-deck",), hint="Legendary cards may be played in any game.")
    value, note, error = C.check_strength(card, strength)
    if error:
        raise IllegalPlay(error, ("tda/card-list",), hint="Type the strength printed on the card after its name.")
    if side and C.kind(card) != "mortal":
        raise IllegalPlay(f"Only mortals declare a side; {card.name} is a {C.kind(card)} and always counts for the "
                          f"{C.kind(card)}s.", ("tda/mortals",), hint=f"Say just `{card.name} {value}`.")
    if need_side and C.kind(card) == "mortal" and side is None:
        raise IllegalPlay(f"{card.name} is a mortal: say which stakes it fights for, `{card.name} {value} for the "
                          f"dragons` or `... for the giants`.", ("tda/mortals",))
    if need_side is False and side:
        raise IllegalPlay("An ante card does not declare a side.", ("tda/ante",), hint=f"Say `{card.name} {value}`.")
    return Typed(card, value, side, note)
