"""How a job keeps its effects in the saved state: as data, typed again when it runs.

A card effect is kept as the mapping a card file writes (``effect_data``), one of the engine's
own steps as its record's mapping (steps.py). The same few effects are stored and read back many
times a game, so both directions remember what they made: an entry is never changed in place
(the runner pops it and puts the same one back), so a remembered mapping can be shared.
"""

from __future__ import annotations

from typing import Union

from referee.core.effect_model import Effect, EffectError, effect_data, parse_effect
from referee.games.tda.steps import STEPS, Step, step_from_data

Work = Union[Effect, Step]

_REMEMBERED = 4096  # forgotten all at once past this many, so a long session cannot grow without end
# Remembered by identity (the value is kept alongside, so its id stays its own): the typed values
# come from each card's parsed effects, and a mapping pushed is usually popped in the same ruling.
_data_of: dict[int, tuple[Effect, dict]] = {}  # id of a typed card effect -> (it, its mapping)
_typed_of: dict[int, tuple[dict, Work]] = {}  # id of a stored mapping -> (it, its typed value)
_typed_by_text: dict[str, Work] = {}  # repr of a stored mapping (one read back from a saved state)


def _remember(memo: dict, key, value) -> None:
    if len(memo) >= _REMEMBERED:
        memo.clear()
    memo[key] = value


def to_data(item: Work) -> dict:
    """How a card effect or a step is kept in a job (JSON-ready)."""
    if isinstance(item, Step):
        return item.data()
    found = _data_of.get(id(item))
    if found is not None and found[0] is item:
        return found[1]
    data = effect_data(item)
    _remember(_data_of, id(item), (item, data))
    _remember(_typed_of, id(data), (data, item))
    return data


def from_data(data: dict) -> Work:
    """The typed value a stored job entry stands for (EffectError if it is not one)."""
    found = _typed_of.get(id(data))
    if found is not None and found[0] is data:
        return found[1]
    key = repr(data)
    typed = _typed_by_text.get(key)
    if typed is None:
        typed = _parse(data)
        _remember(_typed_by_text, key, typed)
    return typed


def _parse(data) -> Work:
    op = data.get("op") if isinstance(data, dict) else None
    if op in STEPS:
        try:
            return step_from_data(data)
        except TypeError as error:
            raise EffectError("step", str(error)) from None
    try:
        return parse_effect(data, "tda")
    except EffectError:
        return parse_effect(_settled_words(data), "tda")


def _settled_words(value):
    """Saves made before the typed model wrote a settled seat as "#N"; it is now the word "seat_N"."""
    if isinstance(value, str) and value[:1] == "#" and value[1:].isdigit():
        return f"seat_{value[1:]}"
    if isinstance(value, dict):
        return {k: _settled_words(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_settled_words(v) for v in value]
    return value
