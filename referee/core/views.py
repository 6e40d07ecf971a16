"""Plain-text views of cards, sections and look-up results, shared by the CLI and the REPL."""

from __future__ import annotations

from functools import lru_cache

from referee.core.carddb import Card
from referee.core.citations import cite
from referee.core.matcher import Match
from referee.core.text import plural

GAME_NAMES = {"rdi": "The Red Dragon Inn", "tda": "Three-Dragon Ante: Giants War"}


def card_text(card: Card) -> str:
    kind = card.type.replace("_", " ").title()
    if card.subtype:
        kind += f" - {str(card.subtype).replace('_', ' ').title()}"
    source = " · taught by this table, not from the books" if card.book == "table" else ""
    lines = [f"{card.label}", f"  {GAME_NAMES.get(card.game, card.game)} · {card.deck} · {kind}{source}"]
    strength = card.get("strength")
    strengths = card.get("strengths")
    if strength is not None:
        lines.append(f"  Strength {strength}" + (f" · {card.get('alignment')}" if card.get("alignment") else ""))
    elif strengths:
        lines.append(f"  Strengths {', '.join(map(str, strengths))}" + (f" · {card.get('alignment')}" if card.get("alignment") else ""))
    for label, key in (("Alcohol Content", "alcohol"), ("Fortitude", "fortitude"), ("Price", "price")):
        if card.get(key) is not None:
            lines.append(f"  {label}: {card.get(key)}")
    if card.book != "table":
        lines.append(f"  {card.summary}")
    for block in ("god_ability", "power"):
        value = card.get(block)
        if isinstance(value, dict) and value.get("summary"):
            lines.append(f"  {block.replace('_', ' ').capitalize()}: {value['summary']}")
    for phrase in effect_phrases(card):
        lines.append(f"  As a phrase: {phrase}")
    if card.get("note"):
        lines.append(f"  Note: {card.get('note')}")
    if card.unknown:
        lines.append(f"  Not given by the books: {', '.join(card.unknown)} (the table supplies it)")
    for link in card.get("links") or []:
        if isinstance(link, dict) and link.get("id"):
            lines.append(f"  Linked card ({link.get('relation', 'related')}): [{link['id']}]")
    if card.aliases:
        lines.append(f"  Also written: {'; '.join(card.aliases)}")
    for section_id in card.cites:
        lines.append(f"  See {cite(section_id)}  [{section_id}]")
    return "\n".join(lines)


def effect_phrases(card: Card) -> list[str]:
    """The card's effects in the phrase language (docs/phrases.md); each reads back to the same effects.
    Read from a cache built with the card files, so a one-shot `referee card` parses no effects; a card the
    table taught carries its phrase already (its summary is the phrase printed when it was taught)."""
    if card.book == "table" and card.get("phrase"):
        return [card.summary]
    try:
        index, records = _phrase_cache()
        found = records[index[card.id]] if card.id in index else None
    except (OSError, ValueError, KeyError, IndexError):
        found = None
    if found is not None and found[0] == _effects_key(card):
        return found[1]
    return _phrases_now(card)


def _effects_key(card: Card) -> str:
    import json

    return json.dumps([card.type, card.get("alcohol"), card.get("chaser"), card.get("effects"),
                       (card.get("power") or {}).get("effects"), (card.get("god_ability") or {}).get("effects")],
                      sort_keys=True, default=str)


@lru_cache(maxsize=1)
def _phrase_cache():
    """(card id -> record number, records of [effects key, phrases]); one record is read per look-up."""
    from pathlib import Path

    from referee.core.cache import cached_records
    from referee.core.carddb import card_files, load_cards

    code = Path(__file__).parent
    rdi = code / "games" / "rdi"
    # shipped cards only: a card a table teaches carries its phrase, and another user card is written when looked
    # up, so teaching a card never makes the next look-up write every printed card again
    files = [p for source, p in card_files() if source == "shipped"] + [
        code / "core" / "phrases.py", rdi / "phrases.py", rdi / "card_text.py", rdi / "card_text.lark",
        code / "games" / "tda" / "phrases.py", code / "core" / "effect_model.py"]

    def build():
        cards = [c for c in load_cards().cards if c.get("_source") != "user"]
        return ({"index": {c.id: i for i, c in enumerate(cards)}},
                [[_effects_key(c), _phrases_now(c)] for c in cards])

    header, records = cached_records("phrases", files, build)
    return header["index"], records


def _phrases_now(card: Card) -> list[str]:
    """The card's effects as phrases, written by its own game (found by name, as the session finds a game's
    engine, so that core reads no game's code)."""
    if card.game not in GAME_NAMES:
        return []
    import importlib

    return importlib.import_module(f"referee.games.{card.game}.phrases").card_phrases(card)


def candidates_text(match: Match[Card], heading: str) -> str:
    lines = [heading]
    for card in match.items:
        lines.append(f"  - {card.label}  ({GAME_NAMES.get(card.game, card.game)}, {card.deck})  [{card.id}]")
    return "\n".join(lines)


def card_lookup_text(match: Match[Card]) -> str:
    if match.found is not None:
        return card_text(match.found)
    if match.how == "ambiguous":
        return candidates_text(match, f"{match.query!r} fits more than one card; say which:")
    if match.items:
        return candidates_text(match, f"No card matches {match.query!r}. Closest:")
    return f"No card matches {match.query!r}."


def ruling_text(ruling, detailed: bool = False) -> str:
    """A ruling as the table reads it: the verdict, each step, and its citations."""
    from referee.core.ruling import ASK, REFUSED

    head = {REFUSED: "✗ ", ASK: "? "}.get(ruling.verdict, "")
    lines = []
    for index, step in enumerate(ruling.steps):
        prefix = head if index == 0 else "  "
        lines.append(prefix + step.text)
        for section_id in step.cites:
            lines.append(f"      — {cite(section_id)}" + (f"  [{section_id}]" if detailed else ""))
        for section_id in getattr(step, "see_also", ()):
            lines.append(f"      — see also {cite(section_id)}" + (f"  [{section_id}]" if detailed else ""))
    if not lines:
        lines.append(head + ruling.message)
    return "\n".join(lines)


def learned_text(cards: list[dict], folder) -> str:
    """The learned cards, deck by deck: name, kind and phrase (and the copies, when more than one)."""
    if not cards:
        return f"No learned cards yet (they are kept in {folder})."
    decks: dict[str, list[dict]] = {}
    for card in cards:
        decks.setdefault(card.get("deck") or "No deck yet", []).append(card)
    lines = []
    for deck, held in sorted(decks.items()):
        lines.append(f"{deck}:")
        for card in held:
            copies = f" x{card['count']}" if card.get("count", 1) > 1 else ""
            kind = str(card.get("type", "")).replace("_", " ")
            if card.get("edition"):  # one deck's own printing of a card every deck may hold
                kind += ", this deck's version of a shared card"
            lines.append(f"  {card['name']}{copies} ({kind}): {card.get('phrase') or card.get('summary', '')}")
    lines.append(f"{plural(len(cards), 'learned card')}, kept in {folder}.")
    return "\n".join(lines)
