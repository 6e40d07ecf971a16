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

    __slots__ = ("id", "name", "game", "book", "type", "summary", "data", "_effects")

    def __init__(self, id: str, name: str, game: str, book: str, type: str, summary: str, data: dict):
        self.id, self.name, self.game, self.book, self.type, self.summary, self.data = (
            id, name, game, book, type, summary, data)
        self._effects: dict = {}

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
    def effects(self) -> tuple:
        """The card's effects as typed values (referee.core.effect_model), parsed once."""
        return self.block_effects(None)

    def block_effects(self, block: str | None) -> tuple:
        """Typed effects of the card (``block`` None) or of one of its blocks (a Giants War
        ``power`` or ``god_ability``). A card the loader accepted always parses."""
        if block not in self._effects:
            from referee.core.effect_model import parse_effects

            raw = self.data.get("effects") if block is None else (self.data.get(block) or {}).get("effects")
            self._effects[block] = parse_effects(raw or (), self.game)
        return self._effects[block]

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
    """Parse and merge card files. A broken card is skipped with a notice, never fatal."""
    from referee.core.schema import REQUIRED_FIELDS, check_file

    merged: dict[str, dict] = {}
    by_name: dict[tuple[str, str], str] = {}
    notices: list[str] = []
    for source, path in files:
        problems, cards = check_file(path, None)
        if problems and source == "user":
            notices.append(f"{path}: {len(problems)} problem(s); run `referee cards check {path}`")
        for card in cards:
            if any(card.get(f) in (None, "", []) for f in REQUIRED_FIELDS) or not isinstance(card.get("name"), str):
                continue
            card = {k: v for k, v in card.items()}  # plain dict, JSON-ready
            card["_source"] = source
            name_key = (str(card.get("game")), normalize(card["name"]) + "|" + str(card.get("edition") or ""))
            replaced = by_name.get(name_key) if source == "user" else None
            if replaced and merged.get(replaced, {}).get("_source") == "shipped":
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

    def with_cards(self, extra: Iterable[dict]) -> "CardDB":
        """This database with more cards (the table's own), each replacing any card with its id
        or, for the table's version of a printed name, its name."""
        extra = [dict(c) for c in extra]
        if not extra:
            return self
        ids = {c["id"] for c in extra}
        names = {(c.get("game"), normalize(c["name"])) for c in extra}
        kept = [c.data for c in self.cards
                if c.id not in ids and (c.game, normalize(c.name)) not in names]
        return CardDB(kept + extra, self.notices)


def shipped_cards() -> CardDB:
    """The shipped cards alone, as the books give them (none of the user's over them)."""
    from referee.core.cache import cached_json

    files = [(source, path) for source, path in card_files() if source == "shipped"]
    raw = cached_json("shipped", [p for _, p in files], lambda: _build(files))
    return CardDB(raw["cards"], raw["notices"], raw["keys"])  # type: ignore[index]


def load_cards(extra_dirs: Iterable[Path] = ()) -> CardDB:
    from referee.core.cache import cached_json

    files = card_files(extra_dirs)
    raw = cached_json("cards", [p for _, p in files], lambda: _build(files))
    return CardDB(raw["cards"], raw["notices"], raw["keys"])  # type: ignore[index]
