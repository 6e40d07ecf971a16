"""Normalising what people type, so that case, punctuation and accents never matter; and text made safe to show."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = "'\u2018\u2019\u02bc`\u00b4"
_DROP = str.maketrans("", "", _APOSTROPHES)
_NON_WORD = re.compile(r"[^0-9a-z]+")
_LAYOUT = {ord("\n"): None, ord("\t"): None}  # a printer's own line breaks and tabs, never escaped
LONGEST_NUMBER = 9  # digits: no figure at the table or on a card comes near, and int() stays far from its limit
_LONG_NUMBER = re.compile(rf"\d{{{LONGEST_NUMBER + 1},}}")


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


def visible(text: str) -> str:
    """``text`` safe to print on a terminal, whatever came from a player, a file or a store: every character
    that is not printable (control and escape characters, C1 codes, bidi overrides, zero-width marks, the lone
    surrogates of undecodable bytes, as ``str.isprintable`` decides) is written as its escape, ``\\u001b`` for ESC,
    so none of them can move the cursor, recolour or retitle the terminal, or reorder what it shows. Line breaks
    and tabs stay. The escapes are JSON's, so JSON text stays valid JSON with the same data; every printer (the
    CLI, the REPL, the toolbar, completion menus, the table view's banner) sends its text through here."""
    if text.translate(_LAYOUT).isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in "\n\t" else _escape(ch) for ch in text)


def without_controls(text: str) -> str:
    """``text`` with its unprintable characters left out: a name completion types into the line, which the
    parsers read as they read the name (they ignore such characters)."""
    return text if text.isprintable() else "".join(ch for ch in text if ch.isprintable())


def _escape(ch: str) -> str:
    code = ord(ch)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the Basic Multilingual Plane: a surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def overlong_number(text: str) -> str | None:
    """The first number in ``text`` with more digits than any figure has (None if there is none), so that a
    number of thousands of digits is refused in plain words before ``int`` refuses it with a ValueError."""
    found = _LONG_NUMBER.search(text)
    return found.group() if found else None


def digits_text(number: str) -> str:
    """"a number of 5,000 digits": how a refusal names a number too long to print."""
    return f"a number of {len(number):,} digits"
