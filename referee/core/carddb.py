"""The card database: every card of cards/*.yaml, the user's own card files merged over them.

Loading goes through a JSON cache (see cache.py), so a one-shot ``referee card``
parses no YAML unless a card file changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from referee.core.matcher import FuzzyIndex, Match
from referee.core.paths import shipped_cards_dir, user_cards_dir
from referee.core.text import normalize


class Card:
    """One card as the books describe it; ``data`` holds every field of its YAML entry.
    Treated as a value (never changed after loading); equal when the ids are."""

    __slots__ = ("id", "name", "game", "book", "type", "summary", "data")

    def __init__(self, id: str, name: str, game: str, book: str, type: str, summary: str, data: dict):
        self.id, self.name, self.game, self.book, self.type, self.summary, self.data = (
            id, name, game, book, type, summary, data)

    def __repr__(self) -> str:
        return f"Card({self.id!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def aliases(self) -> tuple[str, ...]:
        return tuple(self.data.get("aliases") or ())

    @property
    def cites(self) -> tuple[str, ...]:
        return tuple(self.data.get("cites") or ())

    @property
    def unknown(self) -> tuple[str, ...]:
        return tuple(self.data.get("unknown") or ())

    @property
    def owner(self) -> str:
        return str(self.data.get("owner") or "unknown")

    @property
    def deck(self) -> str:
        return str(self.data.get("deck") or "unknown")

    @property
    def subtype(self) -> str | None:
        return self.data.get("subtype")

    @property
    def effects(self) -> list:
        return list(self.data.get("effects") or ())

    @property
    def label(self) -> str:
        """The name, with the edition where two printings share it."""
        edition = self.data.get("edition")
        return f"{self.name} ({edition})" if edition else self.name

    def public_dict(self) -> dict:
        out = {k: v for k, v in self.data.items() if not k.startswith("_")}
        out.update(id=self.id, name=self.name, game=self.game, book=self.book, type=self.type,
                   summary=self.summary, citations=list(self.cites))
        return out


def _prefer_standard_printing(match: Match[Card]) -> Match[Card]:
    """Several printings of one exact name: the one without an edition is the standard card
    (its view lists the others through `links`). With no single standard one it stays ambiguous."""
    if match.how != "ambiguous" or len({normalize(c.name) for c in match.items}) != 1:
        return match
    standard = [c for c in match.items if not c.get("edition")]
    if len(standard) != 1:
        return match
    return Match(match.query, "name", (standard[0],), (100.0,))


def card_files(extra_dirs: Iterable[Path] = ()) -> list[tuple[str, Path]]:
    """(source, file) pairs: shipped first, then the user's config folder, then --cards folders."""
    out = [("shipped", p) for p in sorted(shipped_cards_dir().rglob("*.yaml"))]
    for folder in [user_cards_dir(), *extra_dirs]:
        folder = Path(folder)
        if folder.is_dir():
            out.extend(("user", p) for p in sorted(folder.rglob("*.yaml")))
        elif folder.is_file():
            out.append(("user", folder))
    return out


def _build(files: list[tuple[str, Path]]) -> dict:
    """Parse and merge card files. A broken user file or card is skipped with a notice naming file and line;
    nothing here is fatal."""
    from referee.core.schema import REQUIRED_FIELDS, check_file

    merged: dict[str, dict] = {}
    by_name: dict[tuple[str, str], str] = {}
    notices: list[str] = []
    for source, path in files:
        problems, cards = check_file(path, None)
        if source == "user":
            if problems and not cards:
                notices.append(f"{problems[0]} (file skipped; `referee cards check {path}` lists every problem)")
            elif any(not p.field.startswith("cards[") for p in problems):
                notices.append(f"{next(p for p in problems if not p.field.startswith('cards['))}")
        for card in cards:
            if source == "user" and card.get("_problem"):
                notices.append(f"{card['_problem']} (card skipped; `referee cards check {path}` lists every problem)")
                continue
            if any(card.get(f) in (None, "", []) for f in REQUIRED_FIELDS) or not isinstance(card.get("name"), str):
                continue
            card = {k: v for k, v in card.items()}  # plain dict, JSON-ready
            card["_source"] = source
            shipped = merged.get(card["id"], {}).get("_source") == "shipped"
            if source == "user" and shipped and card.get("replaces") is not True:
                notices.append(f"{card['_file']}:{card['_line']}: id: {card['id']!r} is a shipped card's id; the shipped "
                               "card stays (add `replaces: true` to replace it, or choose another id)")
                continue
            if source == "user" and shipped:
                notices.append(f"{card['_file']}:{card['_line']}: your card {card['name']!r} replaces the shipped one")
            name_key = (str(card.get("game")), normalize(card["name"]) + "|" + str(card.get("edition") or ""))
            replaced = by_name.get(name_key) if source == "user" else None
            if replaced and replaced != card["id"] and merged.get(replaced, {}).get("_source") == "shipped":
                notices.append(f"{card['_file']}:{card['_line']}: your card {card['name']!r} replaces the shipped one")
                del merged[replaced]
            merged[card["id"]] = card
            by_name[name_key] = card["id"]
    cards = list(merged.values())
    # Normalised names and aliases are stored, so a warm look-up does no text work.
    keys = [[normalize(text), index, primary]
            for index, card in enumerate(cards)
            for text, primary in [(card["name"], True)] + [(a, False) for a in card.get("aliases") or () if isinstance(a, str)]]
    return {"cards": cards, "keys": keys, "notices": notices}


class CardDB:
    def __init__(self, raw_cards: list[dict], notices: list[str] = (), keys: list | None = None):
        self.cards: list[Card] = [
            Card(id=c["id"], name=c["name"], game=c["game"], book=c.get("book", ""), type=c["type"],
                 summary=str(c["summary"]), data=c)
            for c in raw_cards
        ]
        self.by_id = {c.id: c for c in self.cards}
        self.notices = list(notices)
        self._keys = keys
        self._index: FuzzyIndex[Card] | None = None

    @property
    def index(self) -> FuzzyIndex[Card]:
        if self._index is None and self._keys is not None:
            self._index = FuzzyIndex(((key, self.cards[i], primary) for key, i, primary in self._keys), normalized=True)
        if self._index is None:
            entries = []
            for card in self.cards:
                entries.append((card.name, card, True))
                entries.extend((alias, card, False) for alias in card.aliases)
            self._index = FuzzyIndex(entries)
        return self._index

    def lookup(self, query: str, game: str | None = None, where=None) -> Match[Card]:
        def keep(card: Card) -> bool:
            return (game is None or card.game == game) and (where is None or where(card))

        match = self.index.lookup(query, keep if (game or where) else None)
        return _prefer_standard_printing(match)

    def __len__(self) -> int:
        return len(self.cards)


def shipped_card_ids() -> set[str]:
    """The ids of the shipped cards alone (user cards may reuse one only with `replaces: true`)."""
    from referee.core.cache import cached_json

    files = [("shipped", p) for p in sorted(shipped_cards_dir().rglob("*.yaml"))]
    raw = cached_json("shipped-cards", [p for _, p in files], lambda: _build(files))
    return {card["id"] for card in raw["cards"]}  # type: ignore[index]


def load_cards(extra_dirs: Iterable[Path] = ()) -> CardDB:
    from referee.core.cache import cached_json

    files = card_files(extra_dirs)
    raw = cached_json("cards", [p for _, p in files], lambda: _build(files))
    return CardDB(raw["cards"], raw["notices"], raw["keys"])  # type: ignore[index]
