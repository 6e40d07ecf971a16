"""A Drink named as the books name one declared with a Chaser: "Elven Wine with a Chaser" is Elven Wine
with a Chaser, where no card carries that whole name."""

from __future__ import annotations

from referee.core.matcher import Match
from referee.core.text import normalize

SUFFIX = " with a chaser"


def declared_base(db, text: str):
    """The Drink "NAME with a Chaser" declares, when no card is called that; else None."""
    words = normalize(text)
    if not words.endswith(SUFFIX) or db.lookup(text.strip().strip('"“”'), game="rdi").how in ("name", "alias"):
        return None
    base = db.lookup(words[: -len(SUFFIX)], game="rdi")
    return base.found if base.how in ("name", "alias") and base.found.type == "drink" else None


def with_declared_base(db, match: Match):
    """A card look-up that also offers the Drink a "… with a Chaser" name declares (never picking for the
    table: it joins the candidates)."""
    base = declared_base(db, match.query)
    if base is None or (match.found is not None and match.found.id == base.id):
        return match
    others = tuple(c for c in match.items if c.id != base.id) if match.how != "none" else ()
    return Match(match.query, "ambiguous", (base,) + others)
