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

FILE_FIELDS = {"schema", "game", "book", "deck", "owner", "cards", "note"}
COMMON_FIELDS = {
    "id", "name", "aliases", "type", "subtype", "summary", "cites", "effects", "unknown",
    "links", "note", "edition", "book", "deck", "owner", "game", "count",
}
GAME_FIELDS = {
    "rdi": {
        "target", "window", "affects", "piety", "device", "ingredient", "cleaver", "price",
        "recipe_cost", "alcohol", "fortitude", "chaser", "builtin_split", "event",
        "protected", "mood", "condition", "kept", "mishap", "not_against", "unnegatable_at_piety",
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
    """A mapping that remembers the line of itself and of each key (1-based)."""

    line: int = 0
    key_lines: dict

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
        loader.flatten_mapping(node)
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            mapping[key] = loader.construct_object(value_node, deep=True)
            mapping.key_lines[key] = key_node.start_mark.line + 1
        return mapping

    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return LineLoader


def load_yaml_with_lines(path: Path) -> Any:
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=_loader_class())  # noqa: S506 - a SafeLoader subclass


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
    name = card.get("name")
    if name is not None and not isinstance(name, str):
        out.append((at("name"), "name", "must be text"))
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


def check_file(path: Path, section_ids: set[str] | None) -> tuple[list[Problem], list[dict]]:
    """Problems in one card file, and its cards (with file defaults applied) for later checks."""
    name = str(path)
    try:
        document = load_yaml_with_lines(path)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        return [Problem(name, (mark.line + 1) if mark else 0, "(yaml)", str(getattr(error, "problem", error)))], []
    except OSError as error:
        return [Problem(name, 0, "(file)", error.strerror or str(error))], []
    if not isinstance(document, dict):
        return [Problem(name, 1, "(file)", "a card file is a mapping with `cards:`")], []
    problems: list[Problem] = []
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
        found = check_card(card, defaults, section_ids)
        problems.extend(Problem(name, line, f"{label}.{field}", message) for line, field, message in found)
        merged = dict(defaults)
        merged.update(card)
        merged["_file"] = name
        merged["_line"] = getattr(card, "line", 0)
        good.append(merged)
    return problems, good


def check_paths(paths: Iterable[Path], section_ids: set[str] | None) -> tuple[list[Problem], list[dict]]:
    """Check files (and every *.yaml under folders) together, including ids unique across them."""
    problems: list[Problem] = []
    cards: list[dict] = []
    for path in expand(paths):
        found, good = check_file(path, section_ids)
        problems.extend(found)
        cards.extend(good)
    first_seen: dict[str, dict] = {}
    for card in cards:
        card_id = card.get("id")
        if not isinstance(card_id, str):
            continue
        if card_id in first_seen:
            other = first_seen[card_id]
            problems.append(Problem(card["_file"], card["_line"], "id",
                                    f"{card_id!r} is also used at {other['_file']}:{other['_line']}"))
        else:
            first_seen[card_id] = card
    for card in cards:
        for link in card.get("links") or []:
            target = link.get("id") if isinstance(link, dict) else None
            if target is not None and target not in first_seen:
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
