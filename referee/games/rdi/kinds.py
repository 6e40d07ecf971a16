"""Card kinds named as the books name them: "an Anytime Card", "Sometimes Cards", "a Drink Event"."""

from __future__ import annotations

from referee.core.text import listed

KIND_WORDS = {
    "action": "Action", "sometimes": "Sometimes", "anytime": "Anytime", "gambling": "Gambling",
    "cheating": "Cheating", "drink": "Drink", "drink_event": "Drink Event", "gear": "Gear",
}
# A card kind named in a message, where "KIND Card" is not its name.
KIND_NAMES = {
    "drink": "Drink Card", "drink_event": "Drink Event", "event": "Drink Event", "dungeon_event": "Dungeon Event",
    "prize": "Prize", "special_reserve": "Special Reserve Drink", "extra": "card",
}


def kind_name(kind: str, article: bool = False, plural: bool = False) -> str:
    """"Anytime Card", "an Anytime Card", "Sometimes Cards", "a Drink Event": a card kind in a message."""
    name = KIND_NAMES.get(kind) or f"{KIND_WORDS.get(kind) or kind.replace('_', ' ').title()} Card"
    if plural:
        return name + "s"
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}" if article else name


def kinds_named(kinds) -> str:
    """Several kinds at once: "Sometimes Cards", "Action, Anytime or Sometimes Cards", "Drink Cards or Drink
    Events"."""
    names = [kind_name(k) for k in dict.fromkeys(kinds)]
    if len(names) > 1 and all(n.endswith(" Card") for n in names):
        return f"{listed([n[: -len(' Card')] for n in names], 'or')} Cards"
    return listed([n + "s" for n in names], "or")


def one_of(kinds) -> str:
    """The phrase language's words for the kinds a card answers: "a card", "an Action or Sometimes card",
    "a Drink"."""
    kinds = list(kinds)
    if not kinds:
        return "a card"
    words = listed([KIND_WORDS[k] for k in kinds], "or")
    article = "an" if words[0].lower() in "aeiou" else "a"
    return f"{article} {words}" + ("" if kinds[-1] in ("drink", "drink_event") else " card")
