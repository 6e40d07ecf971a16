"""The card file schema, and a checker that names file, line and field for every problem.

``python -m referee.core.schema FILE...`` (or ``referee cards check``) runs it.
The schema is documented in docs/card-schema.md; keep the two together.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

SCHEMA_VERSION = 1
GAMES = ("rdi", "tda")
BOOKS = ("rdi3", "gii", "smb", "tda")

CARD_TYPES = {
    "rdi": {
        "action", "sometimes", "anytime", "gambling", "cheating", "drink", "drink_event",
        "gear", "potion", "wulfric", "recipe", "otto", "prize", "special_reserve",
        "dungeon_event", "extra",
    },
    "tda": {"dragon", "giant", "mortal", "dragon_god", "giant_god", "endgame"},
}

EFFECT_OPS = {
    "rdi": {
        "gain", "lose", "pay", "drink", "order_drinks", "alter_drink", "split_drink",
        "pass_drink", "negate", "ignore", "redirect", "reduce", "draw", "discard",
        "start_round", "ante", "take_control", "restrict_next_control", "leave_round",
        "force_leave", "win_round", "take_pot", "end_round", "by_piety", "choose_one",
        "stop_device", "add_numeric", "play_again", "redraw_drink", "modify", "forbid",
        "cutting_board", "piety", "unmodelled",
    },
    "tda": {
        "pay", "steal", "draw", "give", "discard", "trigger", "swap_stakes",
        "strength_bonus", "win_rule", "cannot_win", "extra_round", "split_winnings",
        "halve_winnings", "redirect_buying", "choice", "counts_as", "unmodelled",
    },
}

# Parameters an op cannot do without.
REQUIRED_PARAMS = {
    "gain": ("attr",), "lose": ("attr",), "pay": (), "by_piety": ("bands",),
    "choose_one": ("options",), "unmodelled": ("says",),
}

# Who an effect touches (`who`, `to`, `from`, `by`): docs/card-schema.md, Selectors.
SELECTORS = {
    "rdi": {"self", "target", "each_other", "each_player", "inn", "pot", "card_player", "attacker", "drinker",
            "revealer", "chosen"},
    "tda": {"self", "left", "right", "each_opponent", "each_player", "strongest_opponent", "weakest_opponent",
            "most_cards_opponent", "same_stakes_opponents", "opponents_fighting_for_dragon_stakes",
            "opponents_fighting_for_giant_stakes", "each_player_who_played_a_good_card",
            "each_opponent_with_good_and_evil_dragons_in_flight", "first_willing_opponent_to_left", "their_left",
            "any_player", "dragon_stakes", "giant_stakes", "stakes"},
}
ATTRS = ("fortitude", "alcohol", "gold")
WINDOWS = ("card_affects_you", "drink_revealed", "you_are_drinking", "you_lost_fortitude", "sometimes_card_played",
           "drink_changed", "round_of_gambling", "order_a_drink_phase", "gear_revealed", "action_played",
           "any_card_played", "other")

# Every parameter each op takes, by kind (card_schema.py turns the kinds into JSON Schema). A kind is a name
# below or a tuple of the only values allowed.
PARAM_KINDS = ("amount", "integer", "selector", "attr", "attrs", "bool", "words", "word_list", "effects", "bands",
               "options")
OP_PARAMS: dict[str, dict[str, dict[str, Any]]] = {
    "rdi": {
        "gain": {"attr": "attr", "amount": "amount", "who": "selector", "from": "selector"},
        "lose": {"attr": "attr", "amount": "amount", "who": "selector"},
        "pay": {"amount": "amount", "who": "selector", "to": "selector"},
        "drink": {"who": "selector", "source": ("drink_me", "drink_deck"), "count": "amount", "condition": "words"},
        "order_drinks": {"count": "amount", "free": "bool"},
        "alter_drink": {"alcohol": "amount", "fortitude": "amount"},
        "split_drink": {"with": ("chosen", "none"), "rounding": ("up", "down")},
        "pass_drink": {"to": "selector"},
        "negate": {"what": "word_list", "condition": "words"},
        "ignore": {"what": "word_list", "if_affects": "attrs", "not_round_of_gambling": "bool"},
        "redirect": {"attr": "attr", "to": "selector"},
        "reduce": {"attr": "attr", "amount": "amount"},
        "draw": {"count": "amount", "who": "selector", "random": "bool"},
        "discard": {"count": "amount", "who": "selector", "random": "bool"},
        "start_round": {},
        "ante": {"amount": "amount", "who": "selector"},
        "take_control": {},
        "restrict_next_control": {"to": "word_list"},
        "leave_round": {"who": "selector"},
        "force_leave": {"who": "selector"},
        "win_round": {"pot_to": ("inn", "self")},
        "take_pot": {"pot_to": ("inn", "self")},
        "end_round": {"pot_to": ("inn", "self")},
        "by_piety": {"bands": "bands"},
        "choose_one": {"options": "options"},
        "stop_device": {},
        "add_numeric": {"amount": "amount"},
        "play_again": {"types": "word_list"},
        "redraw_drink": {},
        "modify": {"change": "words", "by": "integer", "scope": "words"},
        "forbid": {"what": "word_list", "scope": "words"},
        "cutting_board": {"count": "amount"},
        "piety": {},  # in the vocabulary, but no card uses it yet: no parameters until one does
        "unmodelled": {"says": "words"},
    },
    "tda": {
        "pay": {"amount": "amount", "who": "selector", "to": "selector", "optional": "bool", "order": "words",
                "condition": "words"},
        "steal": {"amount": "amount", "from": ("stakes", "dragon_stakes", "giant_stakes")},
        "draw": {"count": "amount", "who": "selector", "deck": ("main", "legendary"), "condition": "words",
                 "when": "words"},
        "give": {"what": "words", "who": "selector", "to": "selector"},
        "discard": {"what": "words", "from": ("hand", "ante", "flight", "main_deck"), "who": "selector",
                    "optional": "bool"},
        "trigger": {"source": "words", "as_if": "words", "ignore_strength": "bool", "condition": "words"},
        "swap_stakes": {"optional": "bool"},
        "strength_bonus": {"amount": "amount", "per": "words", "when": "words"},
        "win_rule": {"weakest": "bool", "stakes": "words"},
        "cannot_win": {"with": "words"},
        "extra_round": {"condition": "words"},
        "split_winnings": {"with": "words", "stakes": "words"},
        "halve_winnings": {"rest": "words", "rounding": ("up", "down")},
        "redirect_buying": {"to": "selector", "until": "words"},
        "choice": {"by": "selector", "condition": "words", "options": "options", "otherwise": "effects",
                   "order": "words"},
        "counts_as": {"colors": "word_list", "what": "words", "until": "words"},
        "unmodelled": {"says": "words"},
    },
}

FILE_FIELDS = {"schema", "game", "book", "deck", "owner", "cards", "note"}
COMMON_FIELDS = {
    "id", "name", "aliases", "type", "subtype", "summary", "cites", "effects", "unknown",
    "links", "note", "edition", "book", "deck", "owner", "game", "count", "replaces",
}
GAME_FIELDS = {
    "rdi": {
        "target", "window", "affects", "piety", "device", "ingredient", "cleaver", "price",
        "recipe_cost", "alcohol", "fortitude", "chaser", "builtin_split", "event",
        "protected", "mood", "condition", "kept", "mishap",
    },
    "tda": {
        "color", "counts_as", "alignment", "strength", "strengths", "legendary", "power",
        "god_ability", "known_strengths",
    },
}
REQUIRED_FIELDS = ("id", "name", "type", "summary", "cites")


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.field}: {self.message}"


class LineDict(dict):
    """A mapping that remembers the line of itself and of each key (1-based), and keys it saw twice."""

    line: int = 0
    key_lines: dict
    duplicates: list  # (key, line, line of the first one)

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


def _loader_class():
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class LineLoader(base):  # type: ignore[misc, valid-type]
        pass

    def construct_mapping(loader, node, deep=False):
        mapping = LineDict()
        mapping.line = node.start_mark.line + 1
        mapping.key_lines = {}
        mapping.duplicates = []
        loader.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, (list, dict)):
                key = str(key)  # an unhashable key is reported as an unknown field, not a crash
            line = key_node.start_mark.line + 1
            if key in mapping.key_lines:
                mapping.duplicates.append((key, line, mapping.key_lines[key]))
            mapping[key] = loader.construct_object(value_node, deep=True)
            mapping.key_lines[key] = line
        return mapping

    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return LineLoader


class NotText(ValueError):
    """A file that is not UTF-8 text; ``line`` is where the first bad byte is."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def load_yaml_with_lines(path: Path) -> Any:
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise NotText(line, f"not UTF-8 text (byte {data[error.start]:#04x}); a card file is YAML text") from None
    try:
        return yaml.load(text, Loader=_loader_class())  # noqa: S506 - a SafeLoader subclass
    except yaml.reader.ReaderError as error:  # a control character: the reader gives an offset, not a line
        position = getattr(error, "position", 0) or 0
        character = getattr(error, "character", "?")
        code = character if isinstance(character, int) else ord(character) if len(str(character)) == 1 else None
        shown = f"{code:#04x}" if code is not None else repr(character)
        raise NotText(text[:position].count("\n") + 1, f"control character {shown} is not allowed in YAML text") from None


def duplicate_keys(node: Any, where: str = "") -> list[tuple[int, str, str]]:
    """(line, field, message) for every key written twice in one mapping, anywhere in the document."""
    out: list[tuple[int, str, str]] = []
    if isinstance(node, LineDict):
        for key, line, first in node.duplicates:
            out.append((line, f"{where}{key}", f"written twice (first at line {first}); only the last one counts"))
        for key, value in node.items():
            out.extend(duplicate_keys(value, f"{where}{key}."))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            out.extend(duplicate_keys(item, f"{where.rstrip('.')}[{index}]."))
    return out


def _walk_effects(effects: Any, game: str, where: str, line: int, out: list[tuple[int, str, str]]):
    """Collect (line, field, message) for every malformed effect, nested ones included."""
    if effects is None:
        return
    if not isinstance(effects, list):
        out.append((line, where, "must be a list of effects"))
        return
    for index, effect in enumerate(effects):
        field = f"{where}[{index}]"
        eline = getattr(effect, "line", line)
        if not isinstance(effect, dict):
            out.append((eline, field, "an effect must be a mapping with an `op`"))
            continue
        op = effect.get("op")
        if op not in EFFECT_OPS[game]:
            out.append((eline, f"{field}.op", f"unknown op {op!r}; known: {', '.join(sorted(EFFECT_OPS[game]))}"))
            continue
        for param in REQUIRED_PARAMS.get(op, ()):
            if param not in effect:
                out.append((eline, f"{field}.{param}", f"op {op!r} needs `{param}`"))
        for param in ("amount", "count"):  # what the engines compute with: a wrong kind would do nothing
            value = effect.get(param)
            if param in effect and not (type(value) is int or value == "unknown" or (game == "tda" and isinstance(value, dict))):
                out.append((eline, f"{field}.{param}", f"must be a whole number or `unknown`, not {value!r}"))
        if "who" in effect and effect["who"] not in SELECTORS[game]:
            out.append((eline, f"{field}.who", f"unknown selector {effect['who']!r}; known: {', '.join(sorted(SELECTORS[game]))}"))
        if op == "by_piety":
            for b, band in enumerate(effect.get("bands") or []):
                if isinstance(band, dict):
                    _walk_effects(band.get("effects"), game, f"{field}.bands[{b}].effects", eline, out)
        if op == "choose_one":
            for o, option in enumerate(effect.get("options") or []):
                inner = option.get("effects") if isinstance(option, dict) else option
                _walk_effects(inner, game, f"{field}.options[{o}]", eline, out)


def check_card(card: dict, defaults: dict, section_ids: set[str] | None) -> list[tuple[int, str, str]]:
    """Problems of one card entry, as (line, field, message)."""
    out: list[tuple[int, str, str]] = []
    line = getattr(card, "line", 0)
    at = card.line_of if isinstance(card, LineDict) else (lambda _k: line)
    game = card.get("game", defaults.get("game"))
    if game not in GAMES:
        out.append((at("game"), "game", f"must be one of {', '.join(GAMES)} (on the file or the card)"))
        return out
    for field in REQUIRED_FIELDS:
        if card.get(field) in (None, "", []):
            out.append((line, field, "is required"))
    allowed = COMMON_FIELDS | GAME_FIELDS[game]
    for key in card:
        if key not in allowed:
            out.append((at(key), str(key), f"unknown field for a {game} card"))
    for text_field in ("id", "name", "summary"):
        value = card.get(text_field)
        if value is not None and not isinstance(value, str):
            out.append((at(text_field), text_field, "must be text"))
    ctype = card.get("type")
    if ctype is not None and ctype not in CARD_TYPES[game]:
        out.append((at("type"), "type", f"unknown type {ctype!r}; known: {', '.join(sorted(CARD_TYPES[game]))}"))
    book = card.get("book", defaults.get("book"))
    if book not in BOOKS:
        out.append((at("book"), "book", f"must be one of {', '.join(BOOKS)} (on the file or the card)"))
    for list_field in ("aliases", "unknown", "cites"):
        value = card.get(list_field)
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            out.append((at(list_field), list_field, "must be a list of text"))
    if section_ids is not None and isinstance(card.get("cites"), list):
        for cite in card["cites"]:
            if isinstance(cite, str) and cite not in section_ids:
                out.append((at("cites"), "cites", f"no section {cite!r} in rules_data"))
    _walk_effects(card.get("effects"), game, "effects", at("effects"), out)
    for block in ("power", "god_ability"):
        value = card.get(block)
        if value is not None:
            if not isinstance(value, dict):
                out.append((at(block), block, "must be a mapping with `summary` and `effects`"))
            else:
                _walk_effects(value.get("effects"), game, f"{block}.effects", at(block), out)
    for number in ("strength", "price", "alcohol", "fortitude"):
        value = card.get(number)
        if value is not None and not isinstance(value, int):
            out.append((at(number), number, "must be a whole number (leave it out and list it under `unknown` if the books do not give it)"))
    strengths = card.get("strengths")
    if strengths is not None and not (isinstance(strengths, list) and all(isinstance(s, int) for s in strengths)):
        out.append((at("strengths"), "strengths", "must be a list of whole numbers"))
    return out


def check_file(path: Path, section_ids: set[str] | None, strict: bool = False) -> tuple[list[Problem], list[dict]]:
    """Problems in one card file, and its cards (with file defaults applied) for later checks.
    A card with problems carries the first of them as ``_problem``. ``strict`` also validates the file
    against the JSON Schema (card_schema.json), which needs the jsonschema library."""
    name = str(path)
    try:
        document = load_yaml_with_lines(path)
    except NotText as error:
        return [Problem(name, error.line, "(file)", str(error))], []
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        return [Problem(name, (mark.line + 1) if mark else 0, "(yaml)", str(getattr(error, "problem", error)))], []
    except OSError as error:
        return [Problem(name, 0, "(file)", error.strerror or str(error))], []
    if not isinstance(document, dict):
        return [Problem(name, 1, "(file)", "a card file is a mapping with `cards:`")], []
    problems: list[Problem] = [Problem(name, line, field, message) for line, field, message in duplicate_keys(document)
                               if not field.startswith("cards[")]
    for key in document:
        if key not in FILE_FIELDS:
            problems.append(Problem(name, document.line_of(key), str(key), "unknown file-level field"))
    if document.get("schema", SCHEMA_VERSION) != SCHEMA_VERSION:
        problems.append(Problem(name, document.line_of("schema"), "schema", f"this referee reads schema {SCHEMA_VERSION}"))
    cards = document.get("cards")
    if not isinstance(cards, list):
        problems.append(Problem(name, document.line_of("cards"), "cards", "must be a list of cards"))
        return problems, []
    defaults = {k: document.get(k) for k in ("game", "book", "deck", "owner")}
    good: list[dict] = []
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            problems.append(Problem(name, document.line_of("cards"), f"cards[{index}]", "a card is a mapping"))
            continue
        label = f"cards[{index}]" + (f" ({card.get('id')})" if card.get("id") else "")
        found = duplicate_keys(card) + check_card(card, defaults, section_ids)
        mine = [Problem(name, line, f"{label}.{field}", message) for line, field, message in found]
        problems.extend(mine)
        merged = dict(defaults)
        merged.update(card)
        merged["_file"] = name
        merged["_line"] = getattr(card, "line", 0)
        if mine:
            merged["_problem"] = str(mine[0])
        good.append(merged)
    if strict:
        from referee.core.card_schema import validate

        reported = {(p.line, p.field) for p in problems}
        problems.extend(Problem(name, line, field, message) for line, field, message in validate(document)
                        if not _already(line, field, reported))
        problems.sort(key=lambda p: p.line)
    return problems, good


def _already(line: int, field: str, reported: set) -> bool:
    """A field the hand checks already reported: the same field, or the same last key on the same line
    (they name nested options a little differently)."""
    last = field.rsplit(".", 1)[-1]
    return any(f == field or (n == line and f.rsplit(".", 1)[-1] == last) for n, f in reported)


def check_paths(paths: Iterable[Path], section_ids: set[str] | None,
                shipped_ids: set[str] = frozenset()) -> tuple[list[Problem], list[dict]]:
    """Check files (and every *.yaml under folders) together, including ids unique across them.
    A card may reuse a shipped card's id (``shipped_ids``, or a shipped file checked alongside) only with
    ``replaces: true``."""
    from referee.core.paths import shipped_cards_dir

    shipped_dir = shipped_cards_dir().resolve()
    problems: list[Problem] = []
    cards: list[dict] = []
    for path in expand(paths):
        found, good = check_file(path, section_ids, strict=True)
        problems.extend(found)
        cards.extend(good)
    first_seen: dict[str, dict] = {}
    for card in cards:
        card_id = card.get("id")
        if not isinstance(card_id, str):
            continue
        other = first_seen.get(card_id)
        shipped = card_id in shipped_ids or (other is not None and shipped_dir in Path(other["_file"]).resolve().parents)
        if shipped and shipped_dir not in Path(card["_file"]).resolve().parents:
            if card.get("replaces") is not True:
                problems.append(Problem(card["_file"], card["_line"], "id", f"{card_id!r} is a shipped card's id: "
                                        "add `replaces: true` to replace that card, or choose another id"))
            first_seen.setdefault(card_id, card)
        elif card_id in first_seen:
            other = first_seen[card_id]
            problems.append(Problem(card["_file"], card["_line"], "id",
                                    f"{card_id!r} is also used at {other['_file']}:{other['_line']}"))
        else:
            first_seen[card_id] = card
    for card in cards:
        for link in card.get("links") or []:
            target = link.get("id") if isinstance(link, dict) else None
            if target is not None and target not in first_seen and target not in shipped_ids:
                problems.append(Problem(card["_file"], card["_line"], "links", f"no card with id {target!r}"))
    return problems, cards


def expand(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for path in paths:
        path = Path(path)
        out.extend(sorted(path.rglob("*.yaml")) if path.is_dir() else [path])
    return out


def main(argv: list[str] | None = None) -> int:
    from referee.core.paths import shipped_cards_dir
    from referee.core.rules import section_ids

    args = argv if argv is not None else sys.argv[1:]
    paths = [Path(a) for a in args] or [shipped_cards_dir()]
    problems, cards = check_paths(paths, section_ids())
    for problem in problems:
        print(problem)
    print(f"{len(cards)} cards checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
