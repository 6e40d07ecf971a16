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
from referee.core.text import normalize


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
    return sorted(rules_data_dir().glob("*.yaml"))


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


_STOPWORDS = {"a", "an", "the", "of", "to", "in", "on", "and", "or", "is", "what", "how", "does",
              "do", "when", "with", "for", "if", "can", "i", "you", "my", "it"}


def _words(text: str) -> list[str]:
    return [w for w in normalize(text).split() if w not in _STOPWORDS]


def _word_match(query_word: str, words: set[str]) -> bool:
    from rapidfuzz import fuzz

    if query_word in words:
        return True
    for word in words:
        if len(query_word) >= 3 and (word.startswith(query_word) or query_word.startswith(word) and len(word) >= 4):
            return True
        if len(query_word) >= 4 and fuzz.ratio(query_word, word) >= 85:
            return True
    return False


# How much a query word counts when found in each part of a section.
_WEIGHTS = (("title", 3.0), ("keywords", 2.5), ("path", 1.5), ("summary", 1.0))
_KIND_BONUS = {"ruling": 0.3, "subsection": 0.2, "section": 0.1, "card-note": 0.1, "example": 0.0, "glossary": 0.05}


def search_rules(topic: str, book: str | None = None, limit: int = 5) -> list[RuleHit]:
    """Sections best matching plain words, best first (scored on title, keywords, path, summary)."""
    query = _words(topic)
    if not query:
        return []
    scored = []
    for section in sections().values():
        if book and section.book != book:
            continue
        parts = {
            "title": set(_words(section.title)),
            "keywords": {w for k in section.keywords for w in _words(k)},
            "path": {w for p in section.path[:-1] for w in _words(p)},
            "summary": set(_words(section.summary)),
        }
        total = 0.0
        for word in query:
            total += max((weight for part, weight in _WEIGHTS if _word_match(word, parts[part])), default=0.0)
        score = total / (3.0 * len(query)) + _KIND_BONUS.get(section.kind, 0.0) * 0.1
        if score > 0.2:
            scored.append((score, section))
    scored.sort(key=lambda pair: (-pair[0], len(pair[1].path), pair[1].id))
    return [RuleHit(section, score) for score, section in scored[:limit]]
