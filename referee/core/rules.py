"""The rulebook section index (rules_data/) and how a citation is written.

Every ruling cites section ids such as ``gii/more-drink-rules/chasers``; this
module turns them into "GII › More Drink Rules › Chasers, p. 6" and finds a
section from plain words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from referee.core.paths import rules_data_dir


@dataclass(frozen=True)
class Section:
    id: str
    book: str
    book_short: str
    title: str
    path: tuple[str, ...]
    kind: str
    summary: str
    page: int | None = None
    keywords: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    differs: tuple[tuple[str, str], ...] = ()
    silent: tuple[str, ...] = ()

    @property
    def citation(self) -> str:
        text = " › ".join((self.book_short,) + self.path)
        return f"{text}, p. {self.page}" if self.page else text

    def as_dict(self) -> dict:
        return {
            "id": self.id, "book": self.book, "title": self.title, "path": list(self.path),
            "page": self.page, "citation": self.citation, "summary": self.summary,
            "keywords": list(self.keywords), "related": list(self.related), "cards": list(self.cards),
            "differs": [{"id": i, "difference": d} for i, d in self.differs], "silent": list(self.silent),
        }


def rules_files() -> list[Path]:
    return sorted(rules_data_dir().glob("*.yaml"))  # citations.py lists them the same way, without importing this


def _parse_rules() -> list[dict]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    entries = []
    for path in rules_files():
        with open(path, encoding="utf-8") as handle:
            document = yaml.load(handle, Loader=loader)  # noqa: S506 - safe loader
        book = document["book"]
        for section in document.get("sections") or []:
            entries.append({**section, "book": book["id"], "book_short": book["short"]})
    return entries


def _to_section(raw: dict) -> Section:
    return Section(
        id=raw["id"], book=raw["book"], book_short=raw["book_short"], title=str(raw["title"]),
        path=tuple(raw.get("path") or ()), kind=raw.get("kind", "section"),
        summary=str(raw.get("summary") or ""), page=raw.get("page"),
        keywords=tuple(raw.get("keywords") or ()), related=tuple(raw.get("related") or ()),
        cards=tuple(raw.get("cards") or ()),
        differs=tuple((d["id"], d.get("difference", "")) for d in raw.get("differs") or ()),
        silent=tuple(raw.get("silent") or ()),
    )


@lru_cache(maxsize=1)
def sections() -> dict[str, Section]:
    from referee.core.cache import cached_json

    raw = cached_json("rules", rules_files(), _parse_rules)
    return {entry["id"]: _to_section(entry) for entry in raw}  # type: ignore[union-attr]


def section_ids() -> set[str]:
    return set(sections())


def citation_map() -> dict[str, str]:
    return {e["id"]: _to_section(e).citation for e in _parse_rules()}


def cite(section_id: str) -> str:
    from referee.core.citations import cite as citation

    return citation(section_id)


@dataclass(frozen=True)
class RuleHit:
    section: Section
    score: float
    alternatives: tuple[Section, ...] = field(default_factory=tuple)


# The books each game's rules are in: a question asked during a game is answered from its own books.
GAME_BOOKS = {"rdi": ("gii", "rdi3", "smb"), "tda": ("tda",)}
CORE_BOOKS = ("gii", "rdi3")  # the two RDI books that print the same core rules, each in its own words


def _other_edition(section_id: str, edition: str | None) -> bool:
    """A core rule in the book the table did not choose, where the chosen book covers that part."""
    book_id, _, rest = section_id.partition("/")
    if edition not in CORE_BOOKS or book_id not in CORE_BOOKS or book_id == edition:
        return False
    return f"{edition}/{rest.split('/')[0]}" in sections()


def search_rules(topic: str, book: str | None = None, limit: int = 5, books=None,
                 edition: str | None = None) -> list[RuleHit]:
    """Sections best answering a question or topic, best first (BM25: see rule_search.py). ``book`` or
    ``books`` narrow the search. A rule both core RDI books print is listed once: in the table's
    ``edition`` where it has that section, else as first ranked."""
    from referee.core.rule_search import default_index, rank

    allowed = {book} if book else set(books) if books else None
    found, seen = [], set()
    for score, section_id in rank(default_index(), topic, allowed, limit * 6):
        book_id, _, rest = section_id.partition("/")
        key = rest if book_id in CORE_BOOKS else section_id
        if key in seen or _other_edition(section_id, edition):
            continue
        if book_id in CORE_BOOKS and edition in CORE_BOOKS and f"{edition}/{rest}" in sections():
            section_id = f"{edition}/{rest}"
        seen.add(key)
        found.append(RuleHit(sections()[section_id], score))
    return found[:limit]
