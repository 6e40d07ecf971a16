"""Card kinds named as the books name them: "an Anytime Card", "Sometimes Cards", "a Drink Event"."""

from __future__ import annotations

from referee.core.text import listed

KIND_WORDS = {
    "action": "Action", "sometimes": "Sometimes", "anytime": "Anytime", "gambling": "Gambling",
    "cheating": "Cheating", "drink": "Drink", "drink_event": "Drink Event", "gear": "Gear",
}
_NOT_CARDS = ("drink", "drink_event", "event")  # a Drink is "a Drink", not "a Drink Card"


def _word(kind: str) -> str:
    return KIND_WORDS.get(kind) or ("Drink Event" if kind == "event" else kind.replace("_", " ").title())


def _article(words: str) -> str:
    return "an" if words[0].lower() in "aeiou" else "a"


def a_kind(kind: str) -> str:
    """`an Anytime Card`, `a Drink`, `a Drink Event`."""
    return kinds([kind], one=True)


def kinds(what, one: bool = False) -> str:
    """`Sometimes Cards`, `Action, Sometimes or Anytime Cards`, `Drinks`; with ``one``: `an Action or
    Sometimes Card`, `a Drink`."""
    what = list(what)
    if not what:
        return "a card" if one else "cards"
    if all(k in _NOT_CARDS for k in what):
        words = [_word(k) for k in what]
        return f"{_article(words[0])} {listed(words, 'or')}" if one else listed([w + "s" for w in words], "or")
    words = listed([_word(k) for k in what], "or")
    return f"{_article(words)} {words} Card" if one else f"{words} Cards"
