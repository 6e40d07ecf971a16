"""Flights: which side a flight fights for, its strength, and the special flights it completes.

A flight's strength is its dragons plus the mortals declared for the dragons, or
its giants plus the mortals declared for the giants, whichever is higher; never
the two added together. Equal sides fight for neither stakes and count as 0.
"""

from __future__ import annotations

from collections import Counter

from referee.core.carddb import Card, CardDB
from referee.games.tda import cardinfo as C
from referee.games.tda.state import STAKES_OF, Placed, Player


def card_of(db: CardDB, placed: Placed) -> Card:
    return db.by_id[placed.card_id]


def is_dragon(db: CardDB, placed: Placed) -> bool:
    return C.kind(card_of(db, placed)) == "dragon" or placed.wild_dragon


def is_giant(db: CardDB, placed: Placed) -> bool:
    return C.kind(card_of(db, placed)) == "giant"


def is_mortal(db: CardDB, placed: Placed) -> bool:
    return C.is_mortal(card_of(db, placed))


def totals(db: CardDB, player: Player) -> tuple[int, int]:
    """(dragon side, giant side) of a flight."""
    dragons = giants = 0
    for placed in player.flight:
        kind = C.kind(card_of(db, placed))
        if kind == "dragon" or (kind == "mortal" and placed.side == "dragons"):
            dragons += placed.strength
        elif kind == "giant" or (kind == "mortal" and placed.side == "giants"):
            giants += placed.strength
    return dragons, giants


def side(db: CardDB, player: Player) -> str | None:
    dragons, giants = totals(db, player)
    if dragons > giants:
        return "dragons"
    if giants > dragons:
        return "giants"
    return None


def stakes_of(db: CardDB, player: Player) -> str | None:
    found = side(db, player)
    return STAKES_OF[found] if found else None


def strength(db: CardDB, player: Player) -> int:
    dragons, giants = totals(db, player)
    return 0 if dragons == giants else max(dragons, giants)


def describe_flight(db: CardDB, player: Player) -> str:
    if not player.flight:
        return f"{player.name} has no flight yet (strength 0, fighting for neither stakes)"
    dragons, giants = totals(db, player)
    cards = ", ".join(p.label for p in player.flight)
    found = side(db, player)
    if found is None:
        return (f"{player.name}'s flight ({cards}) is in perfect balance, {dragons} for the dragons and {giants} for "
                "the giants: it fights for neither stakes and counts as 0")
    return (f"{player.name}'s flight ({cards}): {dragons} for the dragons, {giants} for the giants, so it is a "
            f"{found[:-1]} flight of strength {max(dragons, giants)}")


def god_in_flight(db: CardDB, player: Player) -> bool:
    return any(C.is_god(card_of(db, p)) for p in player.flight)


def completed_specials(db: CardDB, player: Player, placed: Placed) -> list[str]:
    """The colour and strength flights that ``placed`` (just added) completes."""
    found = []
    card = card_of(db, placed)
    wild = sum(1 for p in player.flight if p.wild_dragon)
    colour_count: Counter = Counter()
    for other in player.flight:
        for colour in C.colours(card_of(db, other)):
            colour_count[colour] += 1
    for colour in sorted(C.colours(card)):
        count = colour_count[colour] + (wild if C.kind(card) == "dragon" and colour != "Mortal" else 0)
        if count == 3:
            what = "mortals" if colour == "Mortal" else f"{colour} {'dragons' if C.kind(card) == 'dragon' else 'giants'}"
            found.append(f"a colour flight of three {what}")
    same = [p for p in player.flight if p.strength == placed.strength]
    if len(same) == 3:
        found.append(f"a strength flight of three {placed.strength}s")
    return found


def holds(db: CardDB, player: Player, what: str) -> bool:
    """Does a flight hold a card of this kind (for `cannot_win`): mortal, dragon, evil_dragon, good_dragon."""
    for placed in player.flight:
        card = card_of(db, placed)
        if what == "mortal" and C.is_mortal(card):
            return True
        if what == "dragon" and is_dragon(db, placed):
            return True
        if what in ("evil_dragon", "good_dragon") and is_dragon(db, placed) \
                and C.alignment(card) == what.split("_")[0]:
            return True
    return False


def cannot_win(db: CardDB, player: Player) -> list[str]:
    """Reasons a flight cannot win, from the always-on god abilities in it."""
    reasons = []
    for placed in player.flight:
        card = card_of(db, placed)
        for effect in C.god_effects(card):
            if effect.op == "cannot_win":
                what = effect.with_
                others = [p for p in player.flight if p.uid != placed.uid]
                probe = Player(player.name, 0, flight=others)
                if holds(db, probe, what):
                    reasons.append(f"{card.name} shares the flight with {what.replace('_', ' ')}")
    return reasons
