"""The card database: every card of cards/*.yaml, the user's own card files merged over them.

Loading goes through a JSON cache (see cache.py), so a one-shot ``referee card``
parses no YAML unless a card file changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from referee.core.matcher import FuzzyIndex, Match
from referee.core.paths import card_files, shipped_cards_dir  # noqa: F401 - card_files: callers import it from here
from referee.core.text import normalize


class Card:
    """One card as the books describe it; ``data`` holds every field of its YAML entry.
    Treated as a value (never changed after loading); equal when the ids are."""

    __slots__ = ("id", "name", "game", "book", "type", "_summary", "_data", "_load", "_effects")

    def __init__(self, id: str, name: str, game: str, book: str, type: str, summary: str | None, data: dict | None,
                 load: Callable[[], dict] | None = None):
        """``load`` reads ``data`` when first needed (a card of the cache, found by its name alone);
        ``summary`` None is the data's."""
        self.id, self.name, self.game, self.book, self.type = id, name, game, book, type
        self._summary, self._data, self._load = summary, data, load
        self._effects: dict = {}

    @property
    def summary(self) -> str:
        return self._summary if self._summary is not None else str(self.data.get("summary", ""))

    @property
    def data(self) -> dict:
        if self._data is None:
            self._data = self._load() if self._load is not None else {}
        return self._data

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


def _printing_key(card: dict) -> tuple[str, str, str]:
    """What makes one printing: a card with the same key replaces it (game, name, edition)."""
    return str(card.get("game")), normalize(card["name"]), str(card.get("edition") or "")


def _build(files: list[tuple[str, Path]]) -> dict:
    """Parse and merge card files. A broken user file or card is skipped with a notice naming file and line;
    nothing here is fatal."""
    from referee.core.schema import REQUIRED_FIELDS, check_file

    merged: dict[str, dict] = {}
    by_name: dict[tuple[str, str, str], str] = {}
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
            name_key = _printing_key(card)
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


def _head(card: dict) -> list:
    """What a card is known by before its data is read: id, name, game, book, type."""
    return [card["id"], card["name"], card["game"], card.get("book", ""), card["type"]]


class CardDB:
    def __init__(self, raw_cards: Sequence[dict], notices: list[str] = (), keys: list | None = None,
                 heads: list | None = None):
        """``raw_cards``: each card's data (a list, or cache Records); ``keys``: the normalised names and
        aliases as (key, position, primary); ``heads``: each card's `_head`, when its data is to be
        read only once something asks for it (a one-shot look-up among thousands of learned cards)."""
        self._raw = raw_cards
        self._heads = heads
        self._made: list[Card | None] = [None] * len(raw_cards)
        self._all: list[Card] | None = None
        self._by_id: dict[str, Card] | None = None
        self.notices = list(notices)
        self._keys = keys
        self._index: FuzzyIndex[int] | None = None

    def _card(self, position: int) -> Card:
        card = self._made[position]
        if card is None:
            if self._heads is not None:
                raw = self._raw
                card = Card(*self._heads[position], summary=None, data=None, load=lambda: raw[position])
            else:
                card = Card(*_head(self._raw[position]), summary=None, data=self._raw[position])
            self._made[position] = card
        return card

    @property
    def cards(self) -> list[Card]:
        if self._all is None:
            every = getattr(self._raw, "all", None)
            if every is not None:  # read every record at once rather than one at a time
                for card, data in zip(map(self._card, range(len(self._raw))), every()):
                    if card._data is None:
                        card._data = data
            self._all = [self._card(i) for i in range(len(self._raw))]
        return self._all

    @property
    def by_id(self) -> dict[str, Card]:
        if self._by_id is None:
            self._by_id = {c.id: c for c in self.cards}
        return self._by_id

    @property
    def index(self) -> FuzzyIndex[int]:
        """Card positions by name and alias."""
        if self._index is None and self._keys is not None:
            self._index = FuzzyIndex(((key, i, primary) for key, i, primary in self._keys), normalized=True)
        if self._index is None:
            entries = []
            for i, card in enumerate(self.cards):
                entries.append((card.name, i, True))
                entries.extend((alias, i, False) for alias in card.aliases)
            self._index = FuzzyIndex(entries)
        return self._index

    def lookup(self, query: str, game: str | None = None, where=None) -> Match[Card]:
        def keep(position: int) -> bool:
            card = self._card(position)
            return (game is None or card.game == game) and (where is None or where(card))

        match = self.index.lookup(query, keep if (game or where) else None)
        return _prefer_standard_printing(match._replace(items=tuple(self._card(i) for i in match.items)))

    def __len__(self) -> int:
        return len(self._raw)

    def with_cards(self, extra: Iterable[dict]) -> "CardDB":
        """This database with more cards (the table's own), each replacing any card with its id
        or, for the table's version of a printed name, its printing: the name and `edition` (one deck's
        own printing, with an edition, leaves the standard card in place, as the card files do)."""
        extra = [dict(c) for c in extra]
        if not extra:
            return self
        ids = {c["id"] for c in extra}
        printings = {_printing_key(c) for c in extra}
        kept = [c.data for c in self.cards if c.id not in ids and _printing_key(c.data) not in printings]
        return CardDB(kept + extra, self.notices)


def _cached(name: str, files: list[tuple[str, Path]]) -> CardDB:
    """Cards from the cache: names, aliases and each card's `_head` read whole; a card's data when needed."""
    from referee.core.cache import cached_records

    def build() -> tuple[dict, list]:
        built = _build(files)
        return {"keys": built["keys"], "notices": built["notices"], "heads": [_head(c) for c in built["cards"]]}, \
            built["cards"]

    header, records = cached_records(name, [p for _, p in files], build)
    return CardDB(records, header["notices"], header["keys"], header["heads"])


def shipped_cards() -> CardDB:
    """The shipped cards alone, as the books give them (none of the user's over them)."""
    return _cached("shipped", [(source, path) for source, path in card_files() if source == "shipped"])


def shipped_card_ids() -> set[str]:
    """The ids of the shipped cards alone (user cards may reuse one only with `replaces: true`)."""
    from referee.core.cache import cached_json

    files = [("shipped", p) for p in sorted(shipped_cards_dir().rglob("*.yaml"))]
    raw = cached_json("shipped-cards", [p for _, p in files], lambda: _build(files))
    return {card["id"] for card in raw["cards"]}  # type: ignore[index]


def load_cards(extra_dirs: Iterable[Path] = ()) -> CardDB:
    return _cached("cards", card_files(extra_dirs))
