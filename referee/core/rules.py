"""The rulebook section index (rules_data/) and how a citation is written.

Every ruling cites section ids such as ``gii/more-drink-rules/chasers``; this
module reads the sections and works out the edition filter's data (which section of
one core book prints the same rule as the other's). citations.py writes a citation
from them and rule_lookup.py answers a question with them; this module reads neither.
"""

from __future__ import annotations

from dataclasses import dataclass
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
    card_kinds: tuple[str, ...] = ()  # the card kinds whose general rule this is ("sometimes", "giant_god")
    one_book: bool = False  # only this core book prints the rule; its `differs` links say where the other is silent

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
            "one_book": self.one_book,
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
        silent=tuple(raw.get("silent") or ()), card_kinds=tuple(raw.get("card_kinds") or ()),
        one_book=bool(raw.get("one_book")),
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


# The books each game's rules are in: a question asked during a game is answered from its own books.
GAME_BOOKS = {"rdi": ("gii", "rdi3", "smb"), "tda": ("tda",)}
CORE_BOOKS = ("gii", "rdi3")  # the two RDI books that print the same core rules, each in its own words
BOOK_NAMES = {"rdi3": "RDI 3", "gii": "Gambling? I'm In!"}
RANKED = 10  # sections in a `rule --all` list


def counterpart(section_id: str, book: str) -> str | None:
    """The section of core ``book`` that prints the same rule as ``section_id`` (another core book's):
    the same path, or a `differs` link to a rule that book prints too. A section with neither takes its
    nearest parent's (an example under Mead is under Mead and Similar Drinks there); a rule marked
    `one_book` has none, and nor has a part only one book has (RDI 3's Appendix A)."""
    index = sections()
    own, _, rest = section_id.partition("/")
    if own not in CORE_BOOKS or book not in CORE_BOOKS or own == book or section_id not in index:
        return None
    current, below = section_id, ""
    while True:
        if current in index:
            found = index[current]
            if found.one_book:
                return None
            same = f"{book}/{current.partition('/')[2]}"
            linked = [same] if same in index else [
                other for other, _ in found.differs if other.startswith(f"{book}/") and not index[other].one_book]
            if linked:
                return linked[0] + below if linked[0] + below in index else linked[0]
        if current.count("/") < 2:
            return None
        current, _, last = current.rpartition("/")
        below = f"/{last}{below}"


def one_book_note(section: Section) -> str:
    """"Only RDI 3 prints this rule; Gambling? I'm In! is silent." for a core rule only one book prints,
    where the other book covers that part of the game (so not for RDI 3's character appendix)."""
    if section.book not in CORE_BOOKS:
        return ""
    other = next(b for b in CORE_BOOKS if b != section.book)
    top = section.id.split("/")[1]
    if f"{other}/{top}" not in sections() or counterpart(section.id, other):
        return ""
    return f"Only {BOOK_NAMES[section.book]} prints this rule; {BOOK_NAMES[other]} is silent."


@lru_cache(maxsize=2)
def hidden_by(edition: str) -> frozenset[str]:
    """The other core book's sections that give way when the table plays ``edition``: those whose rule
    the chosen book prints too."""
    return frozenset(s for s in sections() if s.split("/")[0] in CORE_BOOKS and counterpart(s, edition))


def editions() -> dict:
    """What the edition filter needs, worked out once with the index: for each core edition the other
    book's sections that give way to it; for each section of RDI 3 its GII wording where GII prints the
    rule (one key for both); each core section's counterpart in the other core book (where a section
    that gives way stands in its family); and the one-book notes."""
    index = sections()
    return {"hidden": {edition: sorted(hidden_by(edition)) for edition in CORE_BOOKS},
            "same": {s: counterpart(s, "gii") for s in index if counterpart(s, "gii")},
            "counterparts": {s: found for s in index for book in CORE_BOOKS if (found := counterpart(s, book))},
            "notes": {s: one_book_note(found) for s, found in index.items() if one_book_note(found)}}


@lru_cache(maxsize=1)
def section_records():
    from referee.core.cache import cached_records

    def build() -> tuple[dict, list]:
        entries = _parse_rules()
        return {"index": {entry["id"]: n for n, entry in enumerate(entries)}}, entries

    return cached_records("rule-sections", rules_files(), build)


def section(section_id: str) -> Section:
    """One section: from the whole index where it is loaded already (a game), else read alone from its
    cache record, so a one-shot `rule` reads only the sections it shows."""
    if sections.cache_info().currsize:
        return sections()[section_id]
    header, records = section_records()
    return _to_section(records[header["index"][section_id]])
