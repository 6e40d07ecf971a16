"""Positions as files: a game's state as short, readable YAML, and back.

Only what differs from a fresh value is written (a Player at 20 Fortitude writes no
Fortitude), and seats are written as player names where the game says a field holds
seats (``SEAT_FIELDS`` in its adapter: ``active``, ``round.control``, ``chain.*.player``...).
Loading fills the defaults back in, so a printed position loads to the identical state.
The format is described in docs/positions.md.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import lru_cache

from referee.core.ruling import NotUnderstood

HEADER = "# A position for `referee play --from FILE` or `new --from FILE` (format: docs/positions.md)\n"


def _default(field: dataclasses.Field):
    if field.default is not dataclasses.MISSING:
        return field.default
    if field.default_factory is not dataclasses.MISSING:  # type: ignore[misc]
        return field.default_factory()  # type: ignore[misc]
    return dataclasses.MISSING


def minimal(value):
    """A dataclass value as plain data, leaving out every field still at its default."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if item == _default(field) and _default(field) is not dataclasses.MISSING:
                continue
            out[field.name] = minimal(item)
        return out
    if isinstance(value, list):
        return [minimal(item) for item in value]
    if isinstance(value, dict):
        return {key: minimal(item) for key, item in value.items()}
    return value


@lru_cache(maxsize=None)
def _hints(cls) -> dict:
    return typing.get_type_hints(cls)


def _dataclass_in(hint):
    """The dataclass a field holds, itself or as list items or optionally (``list[Player]``, ``Round | None``)."""
    if dataclasses.is_dataclass(hint):
        return hint
    for arg in typing.get_args(hint):
        found = _dataclass_in(arg)
        if found is not None:
            return found
    return None


def expand(cls, data: dict) -> dict:
    """Plain data for ``cls`` with every left-out field at its default, nested dataclasses included."""
    if not isinstance(data, dict):
        raise NotUnderstood(f"Expected a mapping of fields for {cls.__name__}, got {data!r}.")
    known = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise NotUnderstood(f"The position names {', '.join(map(repr, unknown))}, which {cls.__name__} does not have.",
                            hint=f"Fields: {', '.join(known)}.")
    out = {}
    for name, field in known.items():
        if name in data:
            value = data[name]
        else:
            default = _default(field)
            if default is dataclasses.MISSING:
                raise NotUnderstood(f"The position needs {name!r} for each {cls.__name__}.")
            value = minimal(default)
        inner = _dataclass_in(_hints(cls).get(name))
        if inner is not None and isinstance(value, list):
            value = [expand(inner, item) for item in value]
        elif inner is not None and isinstance(value, dict):
            value = expand(inner, value)
        out[name] = value
    return out


# --- seats written as names ----------------------------------------------------------------------
def _walk(data, path: list[str], change):
    if not path or data is None:
        return data
    key, rest = path[0], path[1:]
    if key == "*":
        return [_walk(item, rest, change) for item in data] if isinstance(data, list) else data
    if not isinstance(data, dict) or key not in data:
        return data
    copy = dict(data)
    copy[key] = change(copy[key]) if not rest else _walk(copy[key], rest, change)
    return copy


def _seats_to_names(value, names: list[str]):
    if isinstance(value, list):
        return [_seats_to_names(v, names) for v in value]
    return names[value] if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names) else value


def _names_to_seats(value, names: list[str]):
    if isinstance(value, list):
        return [_names_to_seats(v, names) for v in value]
    if isinstance(value, str):
        if value not in names:
            raise NotUnderstood(f"The position names a player {value!r} who is not seated.",
                                hint=f"Players: {', '.join(names)}.")
        return names.index(value)
    return value


def dump(game: str, state, seat_fields: tuple[str, ...] = (), shape=None) -> str:
    """``shape``: the game's own rewriting of the plain data before it is written (characters' keys flat)."""
    from referee.core import safe_yaml

    data = minimal(state)
    if shape is not None:
        data = shape(data)
    names = [p.name for p in state.players]
    for path in seat_fields:
        data = _walk(data, path.split("."), lambda v: _seats_to_names(v, names))
    return HEADER + safe_yaml.dump({"game": game, **data}, sort_keys=False, allow_unicode=True,
                                   default_flow_style=None, width=110)


def load(text: str, name: str = "") -> tuple[str, dict]:
    """(game, the position's own fields) from a position file's text; ``name`` names the file in a refusal."""
    import yaml

    from referee.core import safe_yaml

    try:
        data = safe_yaml.load(text)
    except yaml.YAMLError as error:
        where = getattr(error, "problem_mark", None)
        at = f" (line {where.line + 1})" if where is not None else ""
        what = "is beyond what the referee reads" if isinstance(error, safe_yaml.Refused) else "is not valid YAML"
        file = f"The position file {name}" if name else "The position file"
        raise NotUnderstood(f"{file} {what}{at}: {getattr(error, 'problem', error)}.") from None
    if not isinstance(data, dict) or "game" not in data:
        raise NotUnderstood("A position file starts with `game: rdi` or `game: tda`; `referee position` prints one.")
    data = dict(data)
    return str(data.pop("game")), data


def to_state_dict(cls, data: dict, seat_fields: tuple[str, ...] = ()) -> dict:
    """The full state dict of a position, seats back as numbers and defaults filled in."""
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p for p in players):
        raise NotUnderstood("A position lists its `players`, each with a `name`, in seat order.")
    names = [str(p["name"]) for p in players]
    for path in seat_fields:
        data = _walk(data, path.split("."), lambda v: _names_to_seats(v, names))
    return expand(cls, data)


def build(cls, data: dict, seat_fields: tuple[str, ...], problems, complete=None) -> object:
    """The state of a position, refused when it does not fit the game or the books do not allow it.
    ``problems(state)`` is the game's list of (what is impossible, the section it breaks); ``complete(state)``,
    when given, fills what the file left out where the game's own defaults depend on what it wrote."""
    from referee.core.ruling import IllegalPlay

    try:
        state = cls.from_dict(to_state_dict(cls, data, seat_fields))
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        raise NotUnderstood(f"The position does not fit the game ({type(error).__name__}: {error}).",
                            hint="`referee position` prints a position to start from.") from None
    if complete is not None:
        complete(state)
    found = problems(state)
    if found:
        message, cite = found[0]
        raise IllegalPlay(f"That position is impossible: {message}", (cite,))
    return state
