"""Whole decks a table owns: `referee cards import FILE` and `referee cards export CHARACTER`.

Each row of a deck file becomes a table card exactly as `learn` builds one (`build_card`), so an
imported card and a card learned at the table are the same thing. A row gives its effects as a
phrase, or (YAML) as structured effects in the card-file vocabulary, which are written as a phrase
and read back, so that every learned card carries the phrase it is listed and exported with.
The whole file is checked before anything is written: one bad row refuses it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.core.carddb import CardDB, shipped_cards
from referee.core.effect_model import FIGURE_LIMIT, EffectError, effect_data, parse_effects, walk
from referee.core.learned import card_id
from referee.core.phrases import PhraseError, count_words, same_effects
from referee.core.rows import Row, RowFileError, read_rows, read_text
from referee.core.ruling import NotUnderstood
from referee.core.schema import Problem
from referee.core.text import LONGEST_NUMBER, digits_text, listed, normalize, overlong_number, plural
from referee.games.rdi.learning import DRINK_DECK, build_card, deck_of, understood
from referee.games.rdi.phrases import HEAD_WORDS, HEADS, CardPhrase, card_phrase, parse_card_phrase
from referee.games.rdi.shared_cards import (
    deck_version, is_deck_version, kinds_of, no_deck_named, reads_as, shared_card,
)

FIELDS = ("name", "character", "deck", "type", "kind", "quantity", "phrase", "effects", "alcohol", "chaser")
FILE_FIELDS = ("character", "deck", "note")  # a YAML file's own keys, beside `cards:`
EXPORT_FIELDS = ["name", "character", "type", "quantity", "phrase"]
YES, NO = {"yes", "y", "true", "1"}, {"no", "n", "false", "0", ""}
_HEAD = re.compile(r"\s*([A-Za-z_ ]+?)\s*:")


@dataclass(frozen=True)
class Copies:
    """A row naming a shared card as printed: copies of the shipped card in the deck of ``owner`` (None:
    no deck named). Nothing is learned: every deck may hold a shared card (legality.may_hold)."""

    name: str  # the shipped card's name
    owner: str | None
    quantity: int


@dataclass
class Imported:
    """What a deck file holds once checked: the cards to learn and the shared cards counted as copies, or
    the problems refusing it."""

    cards: list[dict] = field(default_factory=list)
    copies: list[Copies] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


class _Refused(Exception):
    """A row's problem: ``field`` as reported, ``column`` the row's key whose line it is on."""

    def __init__(self, field: str, message: str, column: str | None = None):
        self.field, self.message, self.column = field, message, column or field


def kind_of(word: Any) -> str | None:
    """The card kind a type column or a phrase head names (`Drink Event`, `drink_event`)."""
    return HEADS.get(" ".join(normalize(str(word).replace("_", " ")).split())) if word is not None else None


def deck_owner(character: Any, deck: Any) -> str | None:
    """The owner a row's character or deck column names: `Drink Deck`, `Fiona's deck` and `Fiona` all work."""
    text = str(character if character not in (None, "") else deck or "").strip()
    if not text:
        return None
    if normalize(text) in ("drink deck", "drink", "drinks"):
        return DRINK_DECK
    return re.sub(r"(?i)['’]s\s+(character\s+)?deck$", "", text).strip() or None


def read_deck_file(path: Path, for_character: str | None = None, shipped: CardDB | None = None) -> Imported:
    """Check every row of a deck file; raises RowFileError for a file that cannot be read at all.
    ``shipped``: the printed cards, whose shared cards a row may name (the shipped cards by default)."""
    shipped = shipped if shipped is not None else shipped_cards()
    text = read_text(path)
    try:
        defaults, rows = read_rows(path, text)
    except RowFileError as error:
        if error.line:
            return Imported(problems=[Problem(str(path), error.line, error.field, error.message)])
        raise
    out = Imported()
    for key in defaults.values:
        if key not in FILE_FIELDS:
            out.problems.append(Problem(str(path), defaults.line_of(key), key,
                                        f"unknown file-level key; a deck file may give {', '.join(FILE_FIELDS)} "
                                        "beside `cards:`"))
    fallback = deck_owner(for_character, None) or deck_owner(defaults.values.get("character"), defaults.values.get("deck"))
    seen: dict[str, int] = {}
    for row in rows:
        name = row.values.get("name")
        key = card_id("rdi", name) if isinstance(name, str) else None
        if key in seen:
            out.problems.append(Problem(str(path), row.line_of("name"), "name",
                                        f"{name.strip()!r} is also on line {seen[key]}; one row per card, "
                                        "with its copies in `quantity`"))
            continue
        if key is not None:
            seen[key] = row.line
        try:
            read = _card(row, fallback, shipped)
        except _Refused as refused:
            out.problems.append(Problem(str(path), row.line_of(refused.column), refused.field, refused.message))
            continue
        (out.copies if isinstance(read, Copies) else out.cards).append(read)
    if not rows and not out.problems:
        out.problems.append(Problem(str(path), 1, "(file)", "holds no cards (see docs/card-import.md for the format)"))
    return out


def _card(row: Row, fallback_owner: str | None, shipped: CardDB) -> dict | Copies:
    values = row.values
    for key in values:
        if key not in FIELDS:
            raise _Refused(key, f"unknown field; a deck file's fields (CSV columns) are {', '.join(FIELDS)}")
    name = values.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _Refused("name", "is required: the card's title, as text")
    name = name.strip()
    owner = deck_owner(values.get("character"), values.get("deck")) or fallback_owner
    type_field = "type" if "type" in values else "kind"
    given_kind = None
    if values.get(type_field) not in (None, ""):
        given_kind = kind_of(values[type_field])
        if given_kind is None:
            raise _Refused(type_field, f"{values[type_field]!r} is not a card kind; one of: {', '.join(HEADS)}")
    quantity = _whole(values.get("quantity", 1), "quantity", minimum=1)
    has_phrase, has_effects = values.get("phrase") not in (None, ""), values.get("effects") is not None
    shared = shared_card(shipped, name)
    if shared is not None and not (has_phrase or has_effects):
        if given_kind is not None and given_kind not in kinds_of(shared):
            kinds = listed([HEAD_WORDS[k] for k in kinds_of(shared)], "or")
            raise _Refused(type_field, f"says {HEAD_WORDS[given_kind]}, but the printed {shared.name} is {kinds}: "
                                       "give that, or leave it empty")
        return Copies(shared.name, owner, quantity)
    figures_only = given_kind == "drink" and values.get("alcohol") not in (None, "") and not has_effects
    if has_phrase == has_effects and not figures_only:
        raise _Refused("phrase", "give the card's effects either as a phrase or (YAML only) as structured "
                                 "`effects`, not both" if has_phrase else
                       "is required: what the card does, e.g. `action: another player loses 2 Fortitude`")
    if has_effects and isinstance(values["effects"], str):
        raise _Refused("effects", "structured effects are a YAML list; in a CSV file say what the card does "
                                  "in the `phrase` column")
    if has_phrase or figures_only:  # a Drink may be its figures alone: `alcohol: 2, chaser: yes`
        phrase = _phrase_text(str(values.get("phrase") or ""), given_kind, values)
    else:
        phrase = _structured_phrase(values["effects"], given_kind, values)
    try:
        card = build_card(name, phrase, owner)
    except NotUnderstood as error:
        raise _Refused("phrase", error.message) from None
    card["count"] = quantity
    if shared is None:
        return card
    if reads_as(shared, card):
        return Copies(shared.name, owner, quantity)
    if not card.get("owner"):
        raise _Refused("character", f"{no_deck_named(shared)}: give it (or `--for CHARACTER`), or leave `phrase` "
                                    "empty to count copies of the printed card")
    return deck_version(card, shared)


def _whole(value: Any, name: str, minimum: int = 0) -> int:
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= LONGEST_NUMBER:
        value = int(value)  # a longer number is refused below, before int() refuses it with a ValueError
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= FIGURE_LIMIT:
        long = overlong_number(value) if isinstance(value, str) else None
        raise _Refused(name, f"must be a whole number from {minimum} to {FIGURE_LIMIT}, "
                             f"not {digits_text(long) if long else repr(value)}")
    return value


def _flag(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    word = normalize(str(value if value is not None else ""))
    if word in YES or word in NO:
        return word in YES
    raise _Refused(name, f"must be yes or no, not {value!r}")


def _phrase_text(text: str, given_kind: str | None, values: dict) -> str:
    """The row's whole phrase: its kind (from the phrase or the type column) and its Drink figures."""
    text = text.strip()
    head = _HEAD.match(text)
    phrase_kind = kind_of(head.group(1)) if head else None
    if phrase_kind is None and given_kind is None:
        raise _Refused("type", "is required when the phrase does not start with the card's kind "
                               f"({', '.join(HEADS)}), e.g. `action: another player loses 2 Fortitude`")
    if phrase_kind and given_kind and phrase_kind != given_kind:
        raise _Refused("type", f"says {HEAD_WORDS[given_kind]} but the phrase says {HEAD_WORDS[phrase_kind]}")
    kind = phrase_kind or given_kind
    body = text[head.end():].strip() if phrase_kind else text
    try:
        # a Drink may give only its figures (the alcohol and chaser columns): nothing else to read
        said = parse_card_phrase(f"{HEAD_WORDS[kind]}: {body}") if body or kind != "drink" else CardPhrase(kind, ())
    except PhraseError as error:
        # Count the words of what the row wrote, not of the kind put in front of it.
        added = 0 if phrase_kind else count_words(f"{HEAD_WORDS[kind]}:")
        error = PhraseError(error.word, error.position - added, error.expected) if error.word is not None else error
        raise _Refused("phrase", f"cannot be read {error}") from None
    alcohol, chaser = _drink_figures(kind, values)
    extra = []
    if alcohol is not None and said.alcohol is None:
        extra.append(f"{alcohol} Alcohol Content")
    elif alcohol is not None and said.alcohol != alcohol:
        raise _Refused("alcohol", f"is {alcohol} but the phrase says {said.alcohol} Alcohol Content")
    if chaser and not said.chaser:
        extra.append("with a Chaser")
    elif chaser is False and said.chaser:
        raise _Refused("chaser", "says no but the phrase says with a Chaser")
    if phrase_kind and not extra:
        return text  # as the table wrote it, so an exported card imports back identical
    return f"{HEAD_WORDS[kind]}: " + ", ".join([*extra, body] if body else extra)


def _drink_figures(kind: str, values: dict) -> tuple[int | None, bool | None]:
    alcohol = values.get("alcohol")
    chaser = values.get("chaser")
    for figure, value in (("alcohol", alcohol), ("chaser", chaser)):
        if value not in (None, "") and kind != "drink":
            raise _Refused(figure, f"only a Drink has {'an Alcohol Content' if figure == 'alcohol' else 'a Chaser'}; "
                                   f"this card is {HEAD_WORDS[kind]}")
    return (_whole(alcohol, "alcohol") if alcohol not in (None, "") else None,
            _flag(chaser, "chaser") if chaser not in (None, "") else None)


def _structured_phrase(raw: Any, kind: str | None, values: dict) -> str:
    """Structured effects written as the phrase that reads back to exactly them."""
    if kind is None:
        raise _Refused("type", "is required with structured effects (action, sometimes, drink, …)")
    try:
        effects = list(parse_effects(raw, "rdi"))
    except EffectError as error:
        raise _Refused(error.where, error.message, "effects") from None
    alcohol, chaser = _drink_figures(kind, values)
    first = effect_data(effects[0]) if effects else {}
    own_alcohol = first.get("amount") if first.get("op") == "gain" and first.get("attr") == "alcohol" \
        and first.get("who") == "drinker" and "from" not in first else None
    if kind == "drink" and alcohol is not None and own_alcohol is None:
        effects.insert(0, parse_effects([{"op": "gain", "attr": "alcohol", "amount": alcohol, "who": "drinker"}],
                                        "rdi")[0])
    elif alcohol is not None and own_alcohol != alcohol:
        raise _Refused("alcohol", f"is {alcohol} but the effects give the drinker {own_alcohol} Alcohol Content")
    alcohol = alcohol if alcohol is not None else own_alcohol
    text = card_phrase(kind, effects, alcohol, bool(chaser))
    try:
        said = parse_card_phrase(text)
    except PhraseError:
        said = None
    if said is None or not same_effects(said.effects, effects):
        raise _Refused("effects", f"cannot be said as a phrase the referee reads back the same ({text!r}); "
                                  "give the card as a phrase instead")
    return text


# ------------------------------------------------------------------ the report

def is_modelled(card: dict) -> bool:
    """A card is unmodelled when any of its effects is left to the table (`unmodelled`)."""
    return not any(e.op == "unmodelled" for e in walk(parse_effects(card.get("effects") or (), "rdi")))


def deck_label(card: dict) -> str:
    return card.get("deck") or "no deck yet (it joins the deck of the first player who plays it)"


def report(cards: list[dict], shipped_names: dict[str, str], learned_before: set[str],
           copies: list[Copies] = (), dropped: list[dict] = ()) -> list[str]:
    """The compatibility report: per deck, cards and physical copies, modelled and unmodelled, and the
    shared cards counted as copies of the printed ones; each deck's own versions of shared cards; the
    names that clash with shipped cards; the learned cards the import replaces or forgets."""
    lines = []
    decks: dict[str, list[dict]] = {}
    counted: dict[str, list[Copies]] = {}
    for card in cards:
        decks.setdefault(deck_label(card), []).append(card)
    for copy in copies:
        counted.setdefault(copies_label(copy), []).append(copy)
    for deck in sorted(set(decks) | set(counted)):
        parts = [_learned_part(decks[deck])] if deck in decks else []
        if deck in counted:
            parts.append(_copies_part(counted[deck]))
        lines.append(f"{deck}: {'; '.join(parts)}.")
    versions = [c for c in cards if is_deck_version(c)]
    if versions:
        lines.append(_versions_line(versions))
    clashes = [(c["name"], shipped_names[normalize(c["name"])]) for c in cards
               if normalize(c["name"]) in shipped_names and not is_deck_version(c)]
    if clashes:
        names = ", ".join(name if normalize(shipped) == normalize(name) else f"{name} (the books' {shipped})"
                          for name, shipped in clashes)
        lines.append(f"{plural(len(clashes), 'name')} clash{'es' if len(clashes) == 1 else ''} with shipped cards: "
                     f"{names}. As with `learn`, the table's card is used in its place; the shipped card stays "
                     "as printed.")
    replaced = [c["name"] for c in cards if c["id"] in learned_before]
    if replaced:
        lines.append(f"Replaces {plural(len(replaced), 'card')} learned before: {', '.join(replaced)}.")
    if dropped:
        names = ", ".join(f"{c['name']} ({deck_label(c)})" for c in dropped)
        lines.append(f"Forgets {plural(len(dropped), 'card')} learned before under a shared card's name in the same "
                     f"deck, which this file now counts or words anew: {names}.")
    lines.append("As the referee reads each card:")
    lines.extend(f"  {card['name']} ({deck_label(card)}): {understood(card, card.get('owner'))}" for card in cards)
    return lines


def _learned_part(held: list[dict]) -> str:
    physical = sum(c.get("count", 1) for c in held)
    unmodelled = [c["name"] for c in held if not is_modelled(c)]
    text = f"{plural(len(held), 'card')}, {plural(physical, 'physical card')}; {len(held) - len(unmodelled)} modelled"
    if unmodelled:
        text += f", {len(unmodelled)} unmodelled ({', '.join(unmodelled)}); the referee rules the timing " \
                "of an unmodelled card and the table applies what it does with `set`"
    return text


def copies_label(copy: Copies) -> str:
    return deck_of(copy.owner) if copy.owner is not None else "No deck named"


def _copies_part(copies: list[Copies]) -> str:
    total = sum(c.quantity for c in copies)
    return (f"{plural(total, 'shared card')} counted as {'a copy' if total == 1 else 'copies'} of the printed "
            f"card{'' if len(copies) == 1 else 's'}, which every deck may hold: "
            + ", ".join(f"{c.name} ({c.quantity})" for c in copies))


def _versions_line(versions: list[dict]) -> str:
    one = len(versions) == 1
    names = ", ".join(f"{c['name']} ({c['deck']})" for c in versions)
    return (f"{plural(len(versions), 'table version')} of {'a shared card' if one else 'shared cards'} for one "
            f"deck only: {names}. {'Its' if one else 'Their'} wording differs from the printed card: that deck's "
            f"player plays {'it' if one else 'its own'} by the general rules of its kind, and every other deck "
            "keeps the printed card.")


def superseded(found: Imported, learned: list[dict], shipped: CardDB | None = None) -> list[dict]:
    """Learned cards the import's shared rows make stale: another learned card of the same shared card in
    the same deck (one an earlier import made under an alias, or that took the printed card's place)."""
    shipped = shipped if shipped is not None else shipped_cards()
    decks = {(c.name, normalize(c.owner)) for c in found.copies if c.owner is not None}
    decks |= {(c["name"], normalize(c["owner"])) for c in found.cards if is_deck_version(c)}
    kept = {c["id"] for c in found.cards}
    stale = []
    for card in learned:
        shared = shared_card(shipped, card["name"]) if card["id"] not in kept else None
        if shared is not None and (shared.name, normalize(card.get("owner") or "")) in decks:
            stale.append(card)
    return stale


# ------------------------------------------------------------------ export

def export_rows(cards: list[dict]) -> list[dict]:
    """Learned cards as deck-file rows that import back to the identical cards."""
    rows = []
    for card in sorted(cards, key=lambda c: normalize(c["name"])):
        phrase = card.get("phrase") or card_phrase(card["type"], parse_effects(card.get("effects") or (), "rdi"),
                                                   card.get("alcohol"), bool(card.get("chaser")))
        row = {"name": card["name"], "character": card.get("owner") or "", "type": HEAD_WORDS[card["type"]],
               "quantity": card.get("count", 1), "phrase": phrase}
        rows.append(row)
    return rows


def deck_cards(learned: list[dict], character: str) -> list[dict]:
    """The learned cards of one deck (a character's, or the Drink Deck), named case-free."""
    wanted = deck_owner(character, None)
    return [c for c in learned if wanted and normalize(c.get("owner") or "") == normalize(wanted)]


def deck_name(character: str) -> str:
    owner = deck_owner(character, None) or character
    return "the Drink Deck" if owner == DRINK_DECK else f"{owner}'s deck"
