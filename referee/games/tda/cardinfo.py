"""What a Giants War card is, read from its data: kind, colours, alignment, strengths.

Nothing here names a single card: every answer comes from the card's fields
(type, color, counts_as, alignment, strength(s), legendary, power, god_ability).
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.effect_model import EffectError

DRAGON_TYPES = ("dragon", "dragon_god")
GIANT_TYPES = ("giant", "giant_god")
GOD_TYPES = ("dragon_god", "giant_god")
PLAYABLE_TYPES = DRAGON_TYPES + GIANT_TYPES + ("mortal",)


def kind(card: Card) -> str:
    """dragon, giant, mortal or endgame."""
    if card.type in DRAGON_TYPES:
        return "dragon"
    if card.type in GIANT_TYPES:
        return "giant"
    return card.type


def is_god(card: Card) -> bool:
    return card.type in GOD_TYPES


def counts_as(card: Card) -> list[str]:
    return [str(c) for c in card.get("counts_as") or []]


def is_mortal(card: Card) -> bool:
    """A mortal card, or a card that counts as one (Hiatea the Huntress)."""
    return card.type == "mortal" or "mortal" in [c.lower() for c in counts_as(card)]


def colours(card: Card) -> set[str]:
    """The colours a card has for colour flights: its own and those its god ability gives it."""
    found = set()
    if card.get("color"):
        found.add(str(card.get("color")))
    for colour in counts_as(card):
        found.add("Mortal" if colour.lower() == "mortal" else colour)
    return found


def alignment(card: Card) -> str | None:
    value = card.get("alignment")
    return str(value) if value else None


def is_legendary(card: Card) -> bool:
    return bool(card.get("legendary"))


def printed_strengths(card: Card) -> list[int] | None:
    values = card.get("strengths")
    return [int(v) for v in values] if isinstance(values, list) and values else None


def fixed_strength(card: Card) -> int | None:
    value = card.get("strength")
    return int(value) if isinstance(value, int) else None


def power(card: Card) -> dict | None:
    value = card.get("power")
    return value if isinstance(value, dict) else None


def power_effects(card: Card) -> tuple | None:
    """The power's effects as typed values, or None when the books do not give the power."""
    block = power(card)
    if block is None or "power" in card.unknown or not isinstance(block.get("effects"), list):
        return None
    try:
        return card.block_effects("power")
    except EffectError:
        return None  # a user's card file `cards check` refuses: the table applies the power, as for an unprinted one


def why_no_power(card: Card) -> str:
    """Why the referee cannot run a card's power (power_effects is None)."""
    block = power(card)
    if block is not None and "power" not in card.unknown and isinstance(block.get("effects"), list):
        return (f"{card.name}'s power in {card.get('_file') or 'your card file'} has an effect `referee cards check` "
                "refuses")
    return f"The Giants War book does not print {card.name}'s power"


def god_effects(card: Card) -> tuple:
    """The god ability's effects as typed values (none for a card that is not a god)."""
    if not isinstance(card.get("god_ability"), dict):
        return ()
    try:
        return card.block_effects("god_ability")
    except EffectError:
        return ()  # a user's card file `cards check` refuses; the ability's summary is still shown


def hook(effect) -> str | None:
    """The moment a god ability's effect waits for (`when`), or None when it applies as the card is played."""
    return getattr(effect, "when", None)


def god_summary(card: Card) -> str:
    block = card.get("god_ability")
    return str(block.get("summary")) if isinstance(block, dict) else ""


def power_summary(card: Card) -> str:
    block = power(card)
    return str(block.get("summary")) if block else card.summary


UNPRINTED_POWER = ("tda/glossary/power",)  # a power the book does not print: only the rule that powers trigger


def first_cite(card: Card, prefix: str = "tda/card-powers/") -> tuple[str, ...]:
    """The card's own power explanation (a power section or a Legendary Edition note about this very card,
    never another card's note it is cited beside), else its first citation; for a power the book does not
    print, the rule of powers alone."""
    own = card.id.rsplit("/", 1)[-1]
    for cite in card.cites:
        section = cite.rsplit("/", 1)[-1]
        if (cite.startswith(prefix) or cite.startswith("tda/le-notes/")) and (section in own or own in section):
            return (cite,)
    if power_effects(card) is None:
        return UNPRINTED_POWER
    return card.cites[:1]


def check_strength(card: Card, typed: int | None) -> tuple[int | None, str, str]:
    """(strength, note, error). Exactly one of strength/error is set."""
    fixed = fixed_strength(card)
    listed = printed_strengths(card)
    if fixed is not None:
        if typed is None or typed == fixed:
            return fixed, "", ""
        return None, "", f"{card.name} has strength {fixed}, not {typed}."
    if listed is not None:
        if typed is None:
            return None, "", (f"Which {card.name}? The colour has several strengths ({', '.join(map(str, listed))}): "
                              f"type the number after the name, e.g. `{card.name} {listed[0]}`.")
        if typed not in listed:
            return None, "", f"No {card.name} has strength {typed}: the card list prints {', '.join(map(str, listed))}."
        return typed, "", ""
    if typed is None:
        return None, "", (f"The Giants War book does not print {card.name}'s strength: type the number on the card "
                          f"after its name, e.g. `{card.name} 6`.")
    if typed < 0:
        return None, "", "A strength is never negative."
    known = card.get("known_strengths")
    seen = f" (the book shows it at {', '.join(map(str, known))})" if known else ""
    return typed, (f"The Giants War book does not print {card.name}'s strengths{seen}; taking {typed} as the table "
                   "reads it."), ""
