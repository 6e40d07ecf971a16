"""The card file format as one JSON Schema, generated from the typed effect model and card_fields.py.

``card_schema.json`` next to this module is the shipped artifact: editors read it for completion
(docs/card-schema.md says how) and ``referee cards check`` validates every file against it with the
``jsonschema`` library. Regenerate it after changing the vocabulary:

    python -m referee.core.card_schema          # writes card_schema.json
    python -m referee.core.card_schema --check  # exit 1 when the file is out of date

A test fails when the shipped file and the vocabulary disagree. ``jsonschema`` is imported only by
``validate``, so the one-shot card look-up never loads it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from referee.core import card_fields as V
from referee.core.effect_model import ATTRS, FIGURE_LIMIT, RDI_CARD_KINDS, RDI_SELECTORS, SPECS, TDA_POSITIONS, card_ops

SCHEMA_PATH = Path(__file__).with_name("card_schema.json")
SCHEMA_ID = "https://referee.invalid/card_schema.json"

TEXT = {"type": "string", "minLength": 1}
TEXT_LIST = {"type": "array", "items": TEXT}
INTEGER = {"type": "integer", "minimum": -FIGURE_LIMIT, "maximum": FIGURE_LIMIT}  # every number a card gives
INTEGER_LIST = {"type": "array", "items": INTEGER}
BOOL = {"type": "boolean"}


def _enum(values, message: str | None = None) -> dict:
    out: dict[str, Any] = {"enum": sorted(values)}
    if message:
        out["x-message"] = message
    return out


def _amount(game: str) -> dict:
    """An integer, `unknown` (the table is asked), or for Giants War a counted amount."""
    choices: list[dict] = [INTEGER, {"const": "unknown"}]
    message = "must be a whole number or `unknown`"
    if game == "tda":
        choices.append({"type": "object", "required": ["count"], "additionalProperties": False,
                        "properties": {"count": TEXT, "plus": INTEGER, "times": INTEGER}})
        message = "must be a whole number, `unknown`, or {count: WHAT, plus: N, times: N}"
    return {"anyOf": choices, "x-message": message}


def _param(param, game: str) -> dict:
    """A parameter's JSON Schema: a word with a closed vocabulary is one of its words."""
    if param.values and param.kind == "word":
        return _enum(param.values)
    if param.values and param.kind == "words":
        return {"type": "array", "items": _enum(param.values)}
    return _kind(param.kind, game)


def _kind(kind: str, game: str) -> dict:
    """A parameter's JSON Schema, from its kind in the typed effect model (referee/core/effect_model.py)."""
    effects = {"$ref": f"#/$defs/{game}_effects"}
    return {
        "int": lambda: INTEGER,
        "amount": lambda: _amount(game),
        "count": lambda: _amount(game),
        "selector": lambda: {"$ref": f"#/$defs/{game}_selector"},
        "position": lambda: {"anyOf": [_enum(TDA_POSITIONS), {"type": "string", "pattern": "^seat_[0-9]+$"}],
                             "x-message": f"unknown selector; known: {', '.join(TDA_POSITIONS)}"},
        "word": lambda: {"type": "string", "pattern": "^[A-Za-z0-9_]+$",
                         "x-message": "must be one word of the vocabulary (letters, digits and _)"},
        "words": lambda: TEXT_LIST,
        "attr": lambda: _enum(ATTRS),
        "attrs": lambda: {"type": "array", "items": _enum(ATTRS)},
        "kinds": lambda: {"type": "array", "items": _enum(RDI_CARD_KINDS)},
        "flag": lambda: BOOL,
        "text": lambda: TEXT,
        "effects": lambda: effects,
        "bands": lambda: {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["effects"],
            "properties": {"from": INTEGER, "to": INTEGER, "effects": effects}}},
        "options": lambda: {"type": "array", "items": {"anyOf": [
            effects,
            {"type": "object", "additionalProperties": False, "required": ["effects"],
             "properties": {"label": TEXT, "effects": effects}}],
            "x-message": "an option is a list of effects, or {label: ..., effects: [...]}"}},
    }[kind]()


def _effect(game: str) -> dict:
    """One effect: `op` from the game's vocabulary, then exactly that op's parameters."""
    ops = card_ops(game)
    cases = []
    for op in sorted(ops):
        params = SPECS[game][op]
        cases.append({
            "if": {"properties": {"op": {"const": op}}, "required": ["op"]},
            "then": {"properties": {"op": True, **{p.name: _param(p, game) for p in params}},
                     "required": ["op", *(p.name for p in params if p.required)], "additionalProperties": False},
        })
    return {"type": "object", "required": ["op"], "properties": {"op": _enum(ops)}, "allOf": cases,
            "x-message": "an effect is a mapping with an `op`"}


def _power(game: str) -> dict:
    return {"type": "object", "additionalProperties": False,
            "properties": {"summary": TEXT, "effects": {"$ref": f"#/$defs/{game}_effects"}},
            "x-message": "must be a mapping with `summary` and `effects`"}


GAME_FIELD_KINDS: dict[str, dict[str, Any]] = {
    "rdi": {
        "target": _enum({"other_player", "any_player", "none"}),
        "window": {"anyOf": [_enum(V.WINDOWS), {"type": "array", "items": _enum(V.WINDOWS)}],
                   "x-message": f"must be a window ({', '.join(V.WINDOWS)}) or a list of them"},
        "affects": {"type": "array", "items": _enum(ATTRS)},
        "piety": {"anyOf": [INTEGER, {"const": "X"}], "x-message": "must be a whole number or `X`"},
        "device": BOOL, "ingredient": _enum({"meat", "vegetables", "sauce", "unknown"}), "cleaver": BOOL,
        "price": INTEGER,
        "recipe_cost": {"type": "array", "items": _enum(
            {"meat", "vegetables", "sauce", "meat_or_sauce", "vegetables_or_sauce", "any"})},
        "alcohol": INTEGER, "fortitude": INTEGER, "chaser": BOOL, "builtin_split": BOOL,
        "event": _enum({"drinking_contest", "round_on_the_house", "toast", "other"}),
        "protected": TEXT_LIST, "mood": TEXT, "condition": TEXT, "kept": BOOL, "mishap": BOOL,
        "not_against": TEXT_LIST, "unnegatable_at_piety": {"type": "integer", "minimum": 1, "maximum": 8},
    },
    "tda": {
        "color": TEXT, "counts_as": TEXT_LIST, "alignment": _enum({"good", "evil", "neutral"}),
        "strength": INTEGER, "strengths": INTEGER_LIST, "legendary": BOOL,
        "power": _power("tda"), "god_ability": _power("tda"), "known_strengths": INTEGER_LIST,
    },
}


def _card(game: str) -> dict:
    common = {
        "id": TEXT, "name": TEXT, "aliases": TEXT_LIST, "type": _enum(V.CARD_TYPES[game]), "subtype": TEXT,
        "summary": TEXT, "cites": {**TEXT_LIST, "minItems": 1}, "effects": {"$ref": f"#/$defs/{game}_effects"},
        "unknown": TEXT_LIST, "note": TEXT, "edition": TEXT, "book": _enum(V.BOOKS), "deck": TEXT, "owner": TEXT,
        "game": {"const": game}, "count": {**INTEGER, "minimum": 1}, "replaces": BOOL, "phrase": TEXT,
        "links": {"type": "array", "items": {"type": "object", "required": ["id"], "additionalProperties": False,
                                             "properties": {"id": TEXT, "relation": TEXT}}},
    }
    properties = {**common, **GAME_FIELD_KINDS[game]}
    assert set(properties) == V.COMMON_FIELDS | V.GAME_FIELDS[game], "schema.py's field lists changed"
    return {"type": "object", "required": list(V.REQUIRED_FIELDS), "additionalProperties": False,
            "properties": properties, "x-message": "a card is a mapping"}


def build() -> dict:
    defs: dict[str, Any] = {}
    for game in V.GAMES:
        if game == "rdi":
            defs[f"{game}_selector"] = _enum(RDI_SELECTORS, f"unknown selector; known: {', '.join(RDI_SELECTORS)}")
        defs[f"{game}_effects"] = {"type": "array", "items": {"$ref": f"#/$defs/{game}_effect"},
                                   "x-message": "must be a list of effects"}
        defs[f"{game}_effect"] = _effect(game)
        defs[f"{game}_card"] = _card(game)
    file_fields = {"schema": {"const": V.SCHEMA_VERSION}, "game": _enum(V.GAMES), "book": _enum(V.BOOKS),
                   "deck": TEXT, "owner": TEXT, "note": TEXT, "cards": {"type": "array"}}
    assert set(file_fields) == V.FILE_FIELDS, "schema.py's file fields changed"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "referee card file",
        "description": "Cards for The Red Dragon Inn (game: rdi) or Three-Dragon Ante: Giants War (game: tda). "
                       "Generated by `python -m referee.core.card_schema` from referee/core/schema.py.",
        "type": "object",
        "required": ["game", "cards"],
        "additionalProperties": False,
        "properties": file_fields,
        "allOf": [{"if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                   "then": {"properties": {"cards": {"items": {"$ref": f"#/$defs/{game}_card"}}}}}
                  for game in V.GAMES],
        "$defs": defs,
    }


def rendered() -> str:
    return json.dumps(build(), indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def shipped() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


# --- validation (the only place jsonschema is imported) -------------------------------------------
_TYPE_WORDS = {"integer": "a whole number", "string": "text", "boolean": "true or false", "array": "a list",
               "object": "a mapping", "number": "a number"}


def _message(error) -> str:
    custom = error.schema.get("x-message") if isinstance(error.schema, dict) else None
    if error.validator == "type":
        expected = error.validator_value
        return f"must be {_TYPE_WORDS.get(expected, expected)}, not {error.instance!r}"
    if error.validator == "enum":
        if custom:
            return f"{error.instance!r}: {custom}"
        return f"unknown value {error.instance!r}; known: {', '.join(map(str, error.validator_value))}"
    if error.validator == "const":
        return f"must be {error.validator_value!r}, not {error.instance!r}"
    if error.validator == "minLength":
        return "must not be empty"
    if error.validator == "minItems":
        return f"needs at least {error.validator_value} entr{'y' if error.validator_value == 1 else 'ies'}"
    if error.validator == "minimum":
        return f"must be at least {error.validator_value}"
    if error.validator == "maximum":
        return f"must be at most {error.validator_value}"
    if custom:
        return f"{custom}, not {error.instance!r}" if not isinstance(error.instance, (dict, list)) else custom
    return error.message


def _located(document: Any, path: list) -> tuple[int, Any]:
    """The line of the value at ``path`` (the nearest mapping key or list item that has one)."""
    line, node = getattr(document, "line", 1), document
    for step in path:
        if isinstance(node, dict) and step in node:
            line = node.line_of(step) if hasattr(node, "line_of") else line
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and step < len(node):
            node = node[step]
            line = getattr(node, "line", line)
        else:
            break
    return line, node


def _label(document: Any, path: list) -> str:
    out = ""
    node = document
    for index, step in enumerate(path):
        if isinstance(step, int):
            out += f"[{step}]"
            if index == 1 and path[0] == "cards" and isinstance(node, list) and step < len(node) \
                    and isinstance(node[step], dict) and node[step].get("id"):
                out += f" ({node[step].get('id')})"
        else:
            out += ("." if out else "") + str(step)
        node = node[step] if isinstance(node, (dict, list)) and _has(node, step) else None
    return out or "(file)"


def _has(node, step) -> bool:
    return step in node if isinstance(node, dict) else isinstance(step, int) and step < len(node)


def _leaves(error):
    """The most specific errors: an `if`/`then` or `anyOf` failure stands for the errors inside it."""
    if error.validator in ("anyOf", "oneOf") and error.schema.get("x-message"):
        branch = _fitting_branch(error)
        if branch is None:
            yield error
        else:
            for inner in branch:
                yield from _leaves(inner)
        return
    if error.context:
        for inner in error.context:
            yield from _leaves(inner)
        return
    yield error


def _fitting_branch(error) -> list | None:
    """The errors of the one `anyOf` branch whose shape (list, mapping, ...) fits the value, if only one does:
    its errors say more than "must be one of these shapes"."""
    branches: dict[int, list] = {}
    for inner in error.context:
        branches.setdefault(inner.relative_schema_path[0], []).append(inner)
    fitting = [errors for errors in branches.values()
               if not any(e.validator in ("type", "const") and not e.relative_path for e in errors)]
    return fitting[0] if len(fitting) == 1 else None


def validate(document: Any) -> list[tuple[int, str, str]]:
    """(line, field, message) for every place the document breaks the JSON Schema."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(shipped())
    out: list[tuple[int, str, str]] = []
    for error in validator.iter_errors(_plain(document)):
        for leaf in _leaves(error):
            path = list(leaf.absolute_path)
            if leaf.validator == "additionalProperties" and isinstance(leaf.instance, dict):
                allowed = set(leaf.schema.get("properties", {}))
                for key in leaf.instance:
                    if key not in allowed:
                        line, _ = _located(document, [*path, key])
                        out.append((line, _label(document, [*path, key]), "unknown field"))
                continue
            if leaf.validator == "required":
                missing = [k for k in leaf.validator_value if k not in leaf.instance]
                line, _ = _located(document, path)
                out.extend((line, _label(document, [*path, k]), "is required") for k in missing)
                continue
            line, _ = _located(document, path)
            out.append((line, _label(document, path), _message(leaf)))
    seen: set = set()
    return [p for p in out if not (p in seen or seen.add(p))]


def _plain(node: Any) -> Any:
    """Plain JSON values: YAML may give dates, sets or odd keys that a JSON validator cannot take."""
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if node is None or isinstance(node, (str, int, float, bool)):
        return node
    return str(node)


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if "--check" in args:
        if not SCHEMA_PATH.exists() or SCHEMA_PATH.read_text(encoding="utf-8") != rendered():
            print(f"{SCHEMA_PATH} is out of date: run python -m referee.core.card_schema")
            return 1
        return 0
    SCHEMA_PATH.write_text(rendered(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")
    from referee.core import op_docs

    if op_docs.DOC_PATH.exists():  # a source checkout: the op tables of docs/card-schema.md too
        op_docs.DOC_PATH.write_text(op_docs.rendered(op_docs.DOC_PATH.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"wrote the op tables of {op_docs.DOC_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
