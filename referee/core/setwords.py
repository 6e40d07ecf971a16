"""The words of a `set` correction, for every game: field names, each followed by its value.

`set gambling pot 6 control Kaylin passed Phrenk` or `set Ann flight "Red Dragon 5", "Storm Giant 10"`:
a value runs up to the next field name. Quoted text is never taken for a field name, so a card
called "Gold Dragon" can be a value.
"""

from __future__ import annotations

import re
from typing import Iterable

from referee.core.ruling import NotUnderstood
from referee.core.text import digits_text, overlong_number

_TOKEN = re.compile(r'"[^"]*"|“[^”]*”|\S+')
_NOTHING = {"none", "nothing", "empty", "no one", "nobody", "-"}
_YES = {"yes", "true", "on", "played", "ordered", "done", "1"}
_NO = {"no", "false", "off", "not", "0", "not played", "not ordered"}


def split_fields(text: str, keys: Iterable[str], example: str) -> list[tuple[str, str]]:
    """[(field, value text)] in the order typed. ``keys`` may have several words ("drink me")."""
    # Field names by their first word, longest first, so each word is checked against a few names only.
    by_first: dict[str, list[str]] = {}
    for name in sorted({k.lower() for k in keys}, key=lambda k: -len(k.split())):
        by_first.setdefault(name.split()[0], []).append(name)
    tokens = _TOKEN.findall(text)
    fields: list[tuple[str, list[str]]] = []
    index = 0
    while index < len(tokens):
        key = None
        if not tokens[index].startswith(('"', "“")):
            for candidate in by_first.get(tokens[index].lower(), ()):
                width = len(candidate.split())
                if " ".join(t.lower() for t in tokens[index:index + width]) == candidate:
                    key = candidate
                    index += width
                    break
        if key is not None:
            fields.append((key, []))
            continue
        if not fields:
            raise NotUnderstood(f"`set`: {tokens[index]!r} is not something the referee can set.",
                                hint=f"e.g. {example}. Fields: {', '.join(sorted(set(keys)))}.")
        fields[-1][1].append(tokens[index])
        index += 1
    if not fields:
        raise NotUnderstood("`set` needs a field and its value.", hint=f"e.g. {example}.")
    return [(key, " ".join(words)) for key, words in fields]


def unquote(text: str) -> str:
    return text.strip().strip('"“”').strip()


def as_int(field: str, text: str) -> int:
    if not text.strip():
        raise NotUnderstood(f"`set {field}` needs a whole number after it.")
    try:
        return int(text.strip())
    except ValueError:  # a word, or a number of thousands of digits (named by its length, not printed whole)
        long = overlong_number(text)
        shown = digits_text(long) if long else repr(text.strip())
        raise NotUnderstood(f"`set {field}` takes a whole number, not {shown}.") from None


def as_list(text: str) -> list[str]:
    """Quoted names, or else comma-separated ones; `none` (or nothing) is the empty list."""
    if text.strip().lower() in _NOTHING or not text.strip():
        return []
    quoted = [a or b for a, b in re.findall(r'"([^"]*)"|“([^”]*)”', text)]
    if quoted:
        return [q.strip() for q in quoted if q.strip()]
    return [part.strip() for part in text.split(",") if part.strip()]


def as_bool(field: str, text: str) -> bool:
    word = text.strip().lower()
    if word in _YES or not word:
        return True
    if word in _NO:
        return False
    raise NotUnderstood(f"`set {field}` takes yes or no, not {text.strip()!r}.")


def shown(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v[0] if isinstance(v, list) else v) for v in value) or "none"
    return "none" if value is None else str(value)


def report(out, what: str, value, before, *cites: str) -> None:
    """Say what a correction changed; it is the table's word, not a ruling."""
    out.say(f"Set {what} to {shown(value)} (was {shown(before)}), as at the table.", *cites)
