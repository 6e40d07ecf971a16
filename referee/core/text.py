"""Normalising what people type, so that case, punctuation and accents never matter."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = "'\u2018\u2019\u02bc`\u00b4"
_DROP = str.maketrans("", "", _APOSTROPHES)
_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalize(text: str) -> str:
    """Lower-case words only: "~ Poof! ~" -> "poof", "Don’t call me cute!" -> "dont call me cute"."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.lower().translate(_DROP)
    return _NON_WORD.sub(" ", plain).strip()


def tokens(text: str) -> list[str]:
    return normalize(text).split()


def capitalized(text: str) -> str:
    """A sentence that starts with "the pot" or "the Inn" still starts with a capital."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """End with a full stop unless the text (often a card title) already ends in punctuation."""
    return text if text.rstrip()[-1:] in ".!?…" else text + "."


def abbreviate(name: str, length: int) -> str:
    """A name shortened for a narrow line: "Wizgille" -> "Wizg." at 5, "The Wench" -> "Wench"; short names stay whole.
    Leading words go first (a title or article says less than the name it precedes)."""
    words = name.split()
    while len(words) > 1 and len(" ".join(words)) > length:
        words.pop(0)
    short = " ".join(words)
    if len(short) <= length or length < 3:
        return short
    return short[: length - 1].rstrip() + "."


def shorten_words(text: str, width: int, ellipsis: str = "…") -> str:
    """``text`` within ``width`` columns, dropping whole words from the end (marked with …)."""
    if len(text) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1 and len(" ".join(words)) + len(ellipsis) > width:
        words.pop()
    kept = " ".join(words)
    return kept + ellipsis if len(kept) + len(ellipsis) <= width else kept[: max(width - 1, 1)] + ellipsis


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 card`, `3 cards` (``many`` for an irregular plural)."""
    return f"{count} {word if count == 1 else many or word + 's'}"
def count_of(number, noun: str, plural: str | None = None) -> str:
    """"1 card", "2 cards"; a number the books do not give reads "an unknown number of cards"."""
    many = plural or noun + "s"
    if not isinstance(number, int):
        return f"an unknown number of {many}"
    return f"{number} {noun if number == 1 else many}"


def listed(names, last: str = "and") -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}" if names else ""


def a_or_an(word: str) -> str:
    """"an Anytime card", "a Sometimes card": the article that agrees with the word."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
