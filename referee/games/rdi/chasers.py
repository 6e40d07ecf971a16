"""A Drink named as the books name one declared with a Chaser: "Elven Wine with a Chaser" is Elven Wine
with a Chaser, where no card carries that whole name."""

from __future__ import annotations

from referee.core.parse import strip_quotes
from referee.core.text import normalize

SUFFIX = " with a chaser"


def declared_base(db, text: str):
    """The Drink "NAME with a Chaser" declares, when no card is called that; else None."""
    words = normalize(text)
    if not words.endswith(SUFFIX) or db.lookup(strip_quotes(text), game="rdi").how in ("name", "alias"):
        return None
    base = db.lookup(words[: -len(SUFFIX)], game="rdi")
    return base.found if base.how in ("name", "alias") and base.found.type == "drink" else None
