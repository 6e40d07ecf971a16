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

from referee.core.card_fields import (  # noqa: F401  (the vocabulary, read here and by callers of schema)
    ATTRS, BOOKS, CARD_TYPES, COMMON_FIELDS, EFFECT_OPS, FILE_FIELDS, GAME_FIELDS, GAMES, REQUIRED_FIELDS,
    SCHEMA_VERSION, WINDOWS,
)
from referee.core.effect_model import FIGURE_LIMIT, EffectError, is_figure, parse_effects  # noqa: F401


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
    from referee.core.safe_yaml import BoundedLoader

    class LineLoader(BoundedLoader):  # type: ignore[misc, valid-type]
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
    """A card file's document, its mappings LineDicts. Only a regular file of at most CARD_FILE_LIMIT bytes is
    read (FileRefused otherwise), and the YAML within bounds (referee/core/safe_yaml.py)."""
    from referee.core.files import CARD_FILE_LIMIT, read_bytes

    data = read_bytes(path, CARD_FILE_LIMIT, "a card file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise NotText(line, f"not UTF-8 text (byte {data[error.start]:#04x}); a card file is YAML text") from None
    try:
        return yaml_with_lines(text)
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


def yaml_with_lines(stream: Any) -> Any:
    """YAML text (or an open file) whose mappings are LineDicts, loaded within bounds."""
    from referee.core.safe_yaml import load

    return load(stream, _loader_class())


def _walk_effects(effects: Any, game: str, where: str, line: int, out: list[tuple[int, str, str]]):
    """Collect (line, field, message) for a malformed effect list: parsed by the typed model,
    so the checker accepts exactly what the engines can read."""
    try:
        parse_effects(effects, game, where)
    except EffectError as error:
        out.append((_line_at(effects, error.where[len(where):], line), error.where, error.message))


def _line_at(data: Any, path: str, line: int) -> int:
    """The line of the innermost mapping that ``path`` (`[0].options[1].effects[0].op`) reaches."""
    import re

    for key, index in re.findall(r"\.?([A-Za-z_]+)|\[(\d+)\]", path):
        try:
            data = data[int(index)] if index else data[key]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(data, LineDict):
            line = data.line
    return line


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
    for number in ("strength", "price", "alcohol", "fortitude", "count"):
        value = card.get(number)
        if value is not None and not isinstance(value, int):
            out.append((at(number), number, "must be a whole number (leave it out and list it under `unknown` if the books do not give it)"))
        elif value is not None and not is_figure(value):
            out.append((at(number), number, f"must be a whole number from -{FIGURE_LIMIT} to {FIGURE_LIMIT}"))
    strengths = card.get("strengths")
    if strengths is not None and not (isinstance(strengths, list) and all(is_figure(s) for s in strengths)):
        out.append((at("strengths"), "strengths",
                    f"must be a list of whole numbers from -{FIGURE_LIMIT} to {FIGURE_LIMIT}"))
    return out


def check_file(path: Path, section_ids: set[str] | None, strict: bool = False) -> tuple[list[Problem], list[dict]]:
    """Problems in one card file, and its cards (with file defaults applied) for later checks.
    A card with problems carries the first of them as ``_problem``. ``strict`` also validates the file
    against the JSON Schema (card_schema.json), which needs the jsonschema library."""
    from referee.core.files import FileRefused

    name = str(path)
    try:
        document = load_yaml_with_lines(path)
    except FileRefused as error:
        return [Problem(name, 0, "(file)", error.reason)], []
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
