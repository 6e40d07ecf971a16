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


def sentence(text: str) -> str:
    """End with a full stop unless the text (often a card title) already ends in punctuation."""
    return text if text.rstrip()[-1:] in ".!?…" else text + "."


def count_of(number, noun: str, plural: str | None = None) -> str:
    """"1 card", "2 cards"; a number the books do not give reads "an unknown number of cards"."""
    many = plural or noun + "s"
    if not isinstance(number, int):
        return f"an unknown number of {many}"
    return f"{number} {noun if number == 1 else many}"


def a_or_an(word: str) -> str:
    """"an Anytime card", "a Sometimes card": the article that agrees with the word."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
