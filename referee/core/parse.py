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
    if not normalize(text):
        raise NotUnderstood(f"Expected a player's name, got {text!r}.", hint=f"Players: {', '.join(names)}.")
    found = match_name(text, names)
    if found is None:
        raise UnknownName(f"No player called {text!r}.", hint=f"Players: {', '.join(names)}.")
    return found


def match_name(text: str, names) -> str | None:
    """The one of ``names`` that ``text`` means: typed exactly, the only one it begins, or a close spelling;
    None when none fits, and AmbiguousName when several fit as well. Each name may come with another way
    to say it, as a (name, saying) pair (a play on the chain: "Kaylin's I don't think so!", said "I don't
    think so!"); two names said the same way are ambiguous when typed that way."""
    pairs = [(n, n) if isinstance(n, str) else tuple(n) for n in names]
    wanted = normalize(text)
    if not wanted:
        return None
    for fits in ([n for n, _ in pairs if normalize(n) == wanted],
                 [n for n, said in pairs if normalize(said) == wanted],
                 [n for n, said in pairs if normalize(n).startswith(wanted) or normalize(said).startswith(wanted)]):
        fits = list(dict.fromkeys(fits))
        if len(fits) == 1:
            return fits[0]
        if len(fits) > 1:
            raise AmbiguousName(f"{text!r} could be {', '.join(fits)}.", tuple(fits))
    entries = [(n, n, True) for n, _ in pairs] + [(said, n, False) for n, said in pairs if said != n]
    match = FuzzyIndex(entries).lookup(text)
    if match.found is not None and match.scores and match.scores[0] >= 75:
        return match.found
    return None


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