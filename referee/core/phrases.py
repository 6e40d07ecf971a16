"""The phrase language's game-independent parts: words, a cursor that knows what it expected,
and the structured form every op has.

A game adds its own clauses in players' words (referee/games/rdi/phrases.py); every op can also
be written in the structured form, with the same words as the card files:
`[modify change=fortitude_loss by=-1 scope=self]`. The grammar is in docs/phrases.md.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from referee.core.effect_model import (
    FIGURE_LIMIT, SPECS, UNKNOWN, Band, CountOf, Effect, EffectError, Option, card_ops, effect_data, is_figure,
    parse_effect,
)
from referee.core.text import LONGEST_NUMBER

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[+-]?\d+|[A-Za-z_][A-Za-z0-9_\'’-]*|[()\[\]{}:,;=?]|\S')
_TRAILING = ".!"
_PUNCTUATION = re.compile(r"[()\[\]{}:,;=]")
NUMBER_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}


class PhraseError(ValueError):
    """A phrase that does not read: ``word`` is where it stopped, ``expected`` what would fit there."""

    def __init__(self, word: str | None, position: int, expected: str):
        where = f"at {word!r} (word {position + 1})" if word is not None else "at the end"
        super().__init__(f"{where}: expected {expected}")
        self.word, self.position, self.expected = word, position, expected


class Cursor:
    """Tokens of one phrase, read left to right; remembers the furthest point any reading reached."""

    def __init__(self, text: str):
        raw = _TOKEN.findall(text.replace("’", "'"))
        self.tokens = [t.rstrip(_TRAILING) if not t.startswith('"') and len(t) > 1 else t for t in raw]
        self.tokens = [t for t in self.tokens if t not in (".", "!")]
        self.pos = 0
        self.furthest = (0, "a clause")

    def peek(self, ahead: int = 0) -> str | None:
        index = self.pos + ahead
        return self.tokens[index] if index < len(self.tokens) else None

    def low(self, ahead: int = 0) -> str:
        word = self.peek(ahead)
        return word.lower() if word is not None else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    def fail(self, expected: str) -> None:
        """Note what was expected here, for the error if no reading gets further."""
        if self.pos >= self.furthest[0]:
            self.furthest = (self.pos, expected)

    def error(self) -> PhraseError:
        pos, expected = self.furthest
        words_before = sum(1 for t in self.tokens[:pos] if not _PUNCTUATION.fullmatch(t))  # as count_words
        return PhraseError(self.tokens[pos] if pos < len(self.tokens) else None, words_before, expected)

    def accept(self, *words: str) -> bool:
        """Take the words if they come next (case-free); else take nothing."""
        for i, word in enumerate(words):
            if self.low(i) != word:
                self.fail(" ".join(words))
                return False
        self.pos += len(words)
        return True

    def accept_any(self, *choices: str) -> str | None:
        for choice in choices:
            if self.accept(*choice.split()):
                return choice
        self.fail(" or ".join(repr(c) for c in choices))
        return None

    def number(self, signed: bool = False, unknown: bool = False) -> int | str | None:
        word = self.peek()
        if word is not None and re.fullmatch(r"[+-]?\d+", word) and (signed or word[0] not in "+-"):
            if len(word.lstrip("+-")) > LONGEST_NUMBER or not is_figure(int(word)):  # no card gives such a number
                self.fail(f"a number from 0 to {FIGURE_LIMIT}")
                return None
            self.pos += 1
            return int(word)
        if self.low() in NUMBER_WORDS:
            self.pos += 1
            return NUMBER_WORDS[self.low(-1)]
        if unknown and word == "?":
            self.pos += 1
            return UNKNOWN
        self.fail("a number" + (" (or ? if the card gives none)" if unknown else ""))
        return None

    def quoted(self) -> str | None:
        word = self.peek()
        if word is not None and word.startswith('"') and len(word) >= 2 and word.endswith('"'):
            self.pos += 1
            return json.loads(word)
        self.fail('text in "quotes"')
        return None

    def word(self) -> str | None:
        word = self.peek()
        if word is not None and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", word):
            self.pos += 1
            return word
        self.fail("a word")
        return None

    def attempt(self, reader: Callable[["Cursor"], Any]) -> Any:
        """Run a reader; on no match put the cursor back."""
        start = self.pos
        result = reader(self)
        if result is None:
            self.pos = start
        return result


def count_words(text: str) -> int:
    """How many words an error position counts in ``text`` (punctuation is not a word)."""
    return sum(1 for t in Cursor(text).tokens if not _PUNCTUATION.fullmatch(t))


def quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


# ------------------------------------------------------------------ the structured form


def read_structured(cursor: Cursor, game: str, read_clauses: Callable[[Cursor], tuple]) -> Effect | None:
    """`[op key=value ...]`; values are read by the parameter's kind."""
    if not cursor.accept("["):
        return None
    op = cursor.word()
    if op is None or op not in card_ops(game):
        cursor.pos -= 1 if op is not None else 0
        cursor.fail(f"an op ({', '.join(sorted(card_ops(game)))})")
        raise cursor.error()
    params = {p.name: p for p in SPECS[game][op]}
    data: dict[str, Any] = {"op": op}
    while not cursor.accept("]"):
        key = cursor.word()
        if key is None or key not in params:
            if key is not None:
                cursor.pos -= 1
            cursor.fail(f"a parameter of {op} ({', '.join(params) or 'none'}) or ]")
            raise cursor.error()
        if not cursor.accept("="):
            raise cursor.error()
        data[key] = _read_value(cursor, params[key].kind, read_clauses)
    try:
        return parse_effect(_to_file_data(data), game, "phrase")
    except EffectError as error:
        cursor.fail(f"a valid {op}: {error.message}")
        raise cursor.error() from None


def _to_file_data(data: dict) -> dict:
    """Structured values hold typed pieces (options, bands, counts); turn them into file data."""
    from referee.core.effect_model import _value_data

    return {k: _value_data(v) if isinstance(v, (tuple, CountOf, Effect)) else v for k, v in data.items()}


def _read_value(cursor: Cursor, kind: str, read_clauses: Callable[[Cursor], tuple]) -> Any:
    if kind in ("int",):
        value = cursor.number(signed=True)
    elif kind == "amount":
        value = cursor.number(signed=True, unknown=True)
    elif kind == "count":
        value = cursor.number(signed=True)
        if value is None and cursor.accept("(", "per"):
            what = cursor.word()
            plus, times = 0, 1
            while what is not None and not cursor.accept(")"):
                if cursor.accept("plus"):
                    plus = cursor.number(signed=True)
                elif cursor.accept("times"):
                    times = cursor.number(signed=True)
                else:
                    cursor.fail("plus N, times N or )")
                    raise cursor.error()
            value = CountOf(what, plus, times) if what is not None and None not in (plus, times) else None
    elif kind == "flag":
        word = cursor.accept_any("true", "false")
        value = None if word is None else word == "true"
    elif kind == "text":
        value = cursor.quoted()
    elif kind in ("words", "attrs", "kinds"):
        value = None
        if cursor.accept("("):
            items = []
            while not cursor.accept(")"):
                item = cursor.word()
                if item is None:
                    cursor.fail("a word or )")
                    raise cursor.error()
                items.append(item)
            value = items
    elif kind == "effects":
        value = _braced(cursor, read_clauses)
    elif kind == "options":
        value = None
        if cursor.accept("("):
            options = []
            while not cursor.accept(")"):
                label = cursor.quoted() if (cursor.peek() or "").startswith('"') else None
                effects = _braced(cursor, read_clauses)
                if effects is None:
                    raise cursor.error()
                options.append(Option(label, effects))
            value = tuple(options)
    elif kind == "bands":
        value = None
        if cursor.accept("("):
            bands = []
            while not cursor.accept(")"):
                low = cursor.number()
                high = cursor.number() if low is not None and cursor.accept("to") else None
                effects = _braced(cursor, read_clauses) if high is not None else None
                if effects is None:
                    raise cursor.error()
                bands.append(Band(low, high, effects))
            value = tuple(bands)
    else:  # selector, word, attr
        value = cursor.word()
    if value is None:
        cursor.fail(f"a value ({kind})")
        raise cursor.error()
    return value


def _braced(cursor: Cursor, read_clauses: Callable[[Cursor], tuple]) -> tuple | None:
    if not cursor.accept("{"):
        return None
    if cursor.accept("}"):
        return ()
    effects = read_clauses(cursor)
    if not cursor.accept("}"):
        cursor.fail("} or , and another clause")
        raise cursor.error()
    return effects


def write_structured(effect: Effect, write_clauses: Callable[[tuple], str]) -> str:
    parts = [effect.op]
    for param in SPECS[effect.game][effect.op]:
        value = getattr(effect, param.attr)
        if value is None:
            continue
        parts.append(f"{param.name}={_write_value(value, param.kind, write_clauses)}")
    return "[" + " ".join(parts) + "]"


def _write_value(value: Any, kind: str, write_clauses: Callable[[tuple], str]) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value == UNKNOWN and kind == "amount":
        return "?"
    if isinstance(value, CountOf):
        extra = (f" plus {value.plus}" if value.plus else "") + (f" times {value.times}" if value.times != 1 else "")
        return f"(per {value.what}{extra})"
    if kind == "text":
        return quote(value)
    if kind == "effects":
        return "{" + write_clauses(value) + "}"
    if kind == "options":
        return "(" + " ".join((quote(o.label) + " " if o.label is not None else "") + "{" + write_clauses(o.effects) + "}"
                              for o in value) + ")"
    if kind == "bands":
        return "(" + " ".join(f"{b.low} to {b.high} {{{write_clauses(b.effects)}}}" for b in value) + ")"
    if isinstance(value, tuple):
        return "(" + " ".join(value) + ")"
    return str(value)


def same_effects(a, b) -> bool:
    """Equal as the card files write them (what a round trip must keep)."""
    return [effect_data(e) for e in a] == [effect_data(e) for e in b]
