"""Answering a rule question: the ranked sections (rule_search.py) filtered for the table's edition.

The top floor of the rules: it reads the sections (rules.py) and the ranker (rule_search.py); neither
of them reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.rules import CORE_BOOKS, Section, hidden_by, section


@dataclass(frozen=True)
class RuleHit:
    section: Section
    score: float
    alternatives: tuple[Section, ...] = field(default_factory=tuple)
    note: str = ""  # which core book prints the rule, where only one does


def search_rules(topic: str, book: str | None = None, limit: int = 5, books=None,
                 edition: str | None = None) -> list[RuleHit]:
    """Sections best answering a question or topic, best first (see rule_search.py). ``book`` or
    ``books`` narrow the search. A rule both core RDI books print is listed once: in the table's
    ``edition`` (the other book's section gives way to the chosen book's), else as first ranked. A rule
    only one core book prints is always listed, saying which book prints it."""
    from referee.core.rule_search import default_index, rank

    allowed = {book} if book else set(books) if books else None
    found, seen = [], set()
    index = default_index()
    hidden = index.editions.get("hidden", {}).get(edition) or hidden_by(edition) if edition in CORE_BOOKS \
        else frozenset()
    for score, section_id in rank(index, topic, allowed, limit * 6, hidden):
        key = index.editions.get("same", {}).get(section_id, section_id)  # one entry for both books' wordings
        if key in seen:
            continue
        seen.add(key)
        found.append(RuleHit(section(section_id), score, note=index.editions.get("notes", {}).get(section_id, "")))
        if len(found) == limit:
            break
    return found
