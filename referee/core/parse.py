"""Parser pieces every game shares: quoted or fuzzy card names, fuzzy player names, numbers."""

from __future__ import annotations

import re

from referee.core.carddb import Card, CardDB
from referee.core.matcher import FuzzyIndex
from referee.core.ruling import AmbiguousName, NotUnderstood, UnknownName
from referee.core.text import normalize

QUOTES = "\"“”'‘’"
_QUOTED = re.compile(r"""^\s*["“](?P<q>[^"”]+)["”]\s*(?P<rest>.*)$""")


def split_quoted(text: str) -> tuple[str | None, str]:
    """A leading double-quoted name and what follows it, or (None, text)."""
    match = _QUOTED.match(text)
    if match:
        return match.group("q").strip(), match.group("rest").strip()
    return None, text.strip()


def strip_quotes(text: str) -> str:
    return text.strip().strip(QUOTES).strip()


def find_player(text: str, names: list[str]) -> str:
    """A player's name from what was typed: exact, prefix, or close spelling."""
    wanted = normalize(text)
    if not wanted:
        raise NotUnderstood(f"Expected a player's name, got {text!r}.", hint=f"Players: {', '.join(names)}.")
    exact = [n for n in names if normalize(n) == wanted]
    if len(exact) == 1:
        return exact[0]
    prefix = [n for n in names if normalize(n).startswith(wanted)]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        raise AmbiguousName(f"{text!r} could be {', '.join(prefix)}.", tuple(prefix))
    match = FuzzyIndex((n, n, True) for n in names).lookup(text)
    if match.found is not None and match.scores and match.scores[0] >= 75:
        return match.found
    raise UnknownName(f"No player called {text!r}.", hint=f"Players: {', '.join(names)}.")


def is_player(text: str, names: list[str]) -> bool:
    try:
        find_player(text, names)
        return True
    except (UnknownName, AmbiguousName, NotUnderstood):
        return False


def find_card(text: str, cards: CardDB, game: str, where=None) -> Card:
    """A card from a possibly misspelled name; ambiguity and no-match are typed errors."""
    query = strip_quotes(text)
    match = cards.lookup(query, game=game, where=where)
    if match.found is not None:
        return match.found
    if match.how == "ambiguous":
        names = tuple(c.label for c in match.items)
        raise AmbiguousName(f"{query!r} could be any of: " + "; ".join(f'"{n}"' for n in names) + ".", names,
                            hint="Type more of the name, or put it in quotes.")
    suggestion = f" Closest: \"{match.items[0].label}\"." if match.items else ""
    raise UnknownName(f"No card matches {query!r}.{suggestion}", hint="`card NAME` looks a card up.")


def find_players(text: str, names: list[str]) -> list[str]:
    """Several players: "Kaylin and Phrenk", "Kaylin, Phrenk"."""
    import re as _re

    parts = [p for p in _re.split(r"\s*(?:,|\band\b|&)\s*", text.strip()) if p]
    return [find_player(p, names) for p in parts]