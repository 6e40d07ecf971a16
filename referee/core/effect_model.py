"""The typed effect model: every card effect parsed once into a frozen value, one type per op.

A card file writes an effect as a mapping (`{op: lose, attr: fortitude, amount: 2, who: target}`);
`parse_effect` checks it against the op's parameters and returns an instance of that op's own
class (`Lose(attr='fortitude', amount=2, who='target')`). The engines never read YAML dicts: each
op has one handler that applies it and one that says what it affects (see each game's `ops`
module). `effect_data` turns a value back into the mapping, so files, JSON state and the phrase
language (`phrases.py`) all round-trip through the same vocabulary.

The vocabulary is data (`SPECS`): the card schema, the checker and the phrase language read it,
so an op is declared once.
"""

from __future__ import annotations

import keyword
import re
from typing import Any, ClassVar, Iterator, NamedTuple

ATTRS = ("fortitude", "alcohol", "gold")
UNKNOWN = "unknown"  # an amount the books do not give; the table supplies it

# Who or what an RDI effect points at. (Giants War has a larger, open vocabulary of positions.)
RDI_SELECTORS = (
    "self", "target", "chosen", "each_other", "each_player", "attacker", "drinker", "inn", "pot",
    "card_player", "revealer", "none", "seats",
)
# Who or what a Giants War effect points at (positions round the table, the stakes). A choice the
# engine has settled names a seat: `seat_2`.
TDA_POSITIONS = (
    "self", "left", "right", "their_left", "each_opponent", "each_player", "any_player", "strongest_opponent",
    "weakest_opponent", "most_cards_opponent", "same_stakes_opponents", "opponents_fighting_for_dragon_stakes",
    "opponents_fighting_for_giant_stakes", "each_player_who_played_a_good_card",
    "each_opponent_with_good_and_evil_dragons_in_flight", "first_willing_opponent_to_left", "dragon_stakes",
    "giant_stakes", "stakes",
)
RDI_CARD_KINDS = (
    "action", "sometimes", "anytime", "gambling", "cheating", "drink", "drink_event", "gear", "potion",
    "wulfric", "recipe", "otto", "prize", "special_reserve", "dungeon_event", "extra",
)


class EffectError(ValueError):
    """A malformed effect: ``where`` names the field (``effects[1].amount``)."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where, self.message = where, message


class Param(NamedTuple):
    name: str  # the word a card file writes
    kind: str  # int, amount, count, selector, position, word, words, attr, attrs, kinds, flag, text, effects, options, bands
    required: bool = False
    values: tuple[str, ...] = ()  # a word or words parameter's whole vocabulary (empty: any one word)

    @property
    def attr(self) -> str:
        """The Python attribute: `from` and `with` are keywords, so they become `from_` and `with_`."""
        return self.name + "_" if keyword.iskeyword(self.name) else self.name


class CountOf(NamedTuple):
    """A Giants War number counted at the table ("1 Gold per dragon in your flight"), plus a constant."""
    what: str
    plus: int = 0
    times: int = 1


class Option(NamedTuple):
    """One choice of a choose-one effect: a label (RDI) and its effects."""
    label: str | None
    effects: tuple


class Band(NamedTuple):
    """Effects that apply while Serena's Piety is within ``low``..``high``."""
    low: int
    high: int
    effects: tuple


def _p(spec: str) -> tuple[Param, ...]:
    """`name:kind` words; `word(a|b)` lists a word's whole vocabulary; a trailing `!` marks a required
    parameter."""
    out = []
    for word in spec.split():
        name, kind = word.split(":")
        required = kind.endswith("!")
        kind, _, values = kind.rstrip("!").partition("(")
        out.append(Param(name, kind, required, tuple(values.rstrip(")").split("|")) if values else ()))
    return tuple(out)


# op -> parameters, per game. `internal` ops are made by the engines (Otto's boxes), never by card files.
SPECS: dict[str, dict[str, tuple[Param, ...]]] = {
    "rdi": {
        "gain": _p("attr:attr! amount:amount who:selector from:selector"),
        "lose": _p("attr:attr! amount:amount who:selector"),
        "pay": _p("amount:amount who:selector to:selector"),
        "drink": _p("who:selector count:amount source:word(drink_me|drink_deck) "
                    "condition:word(lost_fortitude_from_this_card)"),
        "order_drinks": _p("count:int free:flag"),
        "alter_drink": _p("alcohol:amount!"),
        "split_drink": _p("with:selector rounding:word(up|down)"),
        "pass_drink": _p("to:selector"),
        "negate": _p("what:kinds condition:word(changes_a_drink|not_copied_or_split|played_on_you)"),
        "ignore": _p("what:kinds if_affects:attrs not_round_of_gambling:flag condition:word(played_on_you)"),
        "redirect": _p("attr:attr to:selector"),
        # who: the player whose loss or gain the card makes smaller (or larger); the card's player by default
        "reduce": _p("attr:attr! by:int! who:selector"),
        "increase": _p("attr:attr! by:int! who:selector"),
        "draw": _p("count:int who:selector"),
        "discard": _p("count:int who:selector random:flag"),
        "start_round": (),
        "ante": _p("amount:amount who:selector"),
        "take_control": (),
        "restrict_next_control": _p("to:kinds"),
        "leave_round": _p("who:selector"),
        "force_leave": _p("who:selector"),
        "win_round": (),
        "take_pot": _p("amount:amount share:word(half)"),
        "end_round": _p("pot_to:selector"),
        "by_piety": _p("bands:bands!"),
        "choose_one": _p("options:options! by:selector"),  # by: who chooses when not the card's player
        "stop_device": (),
        "add_numeric": _p("amount:int!"),
        "play_again": _p("types:kinds"),
        "redraw_drink": (),
        "modify": _p("change:word(fortitude_loss|alcohol_gain|action_numbers)! by:int! "
                     "scope:word(self|kaylins_hand_cards|other_players_from_kaylins_hand_cards|"
                     "next_loss_then_return|next_gain_then_return|own_action_phase_then_return)"),
        "forbid": _p("what:words(negate|ignore)! scope:word(self|kaylins_hand_cards)"),
        # A card left in front of a player (who; the card's player by default) whose effects act at a time of
        # their own; inside them `self` is that player. once: it is discarded after acting once.
        "in_front": _p("who:selector when:word(start_of_turn|end_of_turn|while)! effects:effects! once:flag"),
        "cutting_board": _p("count:int"),
        "piety": _p("by:int!"),
        "unmodelled": _p("says:text!"),
        "debuff": _p("kind:word(pain_curse|mind_hex|power_jinx)!"),
    },
    "tda": {
        "pay": _p("amount:count who:position to:position order:word condition:word optional:flag"),
        "steal": _p("amount:count from:word"),
        "draw": _p("count:count who:position deck:word condition:word when:word"),
        "give": _p("what:word! who:position to:position"),
        "discard": _p("what:word from:word who:position optional:flag"),
        "add_to_ante": _p("deck:word(legendary|main)"),  # the deck's top card goes face up into the ante
        "trigger": _p("source:word! as_if:word ignore_strength:flag condition:word"),
        "swap_stakes": _p("optional:flag"),
        "strength_bonus": _p("amount:int! per:word! when:word"),
        "win_rule": _p("weakest:flag stakes:word"),
        "cannot_win": _p("with:word!"),
        "extra_round": _p("condition:word"),
        "split_winnings": _p("with:word stakes:word"),
        "halve_winnings": _p("rest:word rounding:word"),
        "redirect_buying": _p("to:position until:word"),
        "choice": _p("by:position options:options! condition:word otherwise:effects order:word"),
        "counts_as": _p("colors:words what:word until:word"),
        "unmodelled": _p("says:text!"),
    },
}
INTERNAL = {"rdi": {"debuff"}, "tda": set()}


def card_ops(game: str) -> set[str]:
    """The ops a card file may use."""
    return set(SPECS[game]) - INTERNAL[game]


class Effect:
    """The base of every op's class: a frozen value of its parameters (None where the card gives
    none). ``aim`` is the engine's, never the card's: the seats a Gear Card or one of Otto's boxes
    names for this one effect (not compared, never written out).

    The classes are built with ``type()`` rather than ``dataclasses``: fifty dataclasses cost about
    100 ms at import, too much for the one-shot look-up."""

    __slots__ = ("aim",)
    op: ClassVar[str]
    game: ClassVar[str]
    _attrs: ClassVar[tuple[str, ...]] = ()

    def __init__(self, aim: Any = None, **values: Any):
        unknown = set(values) - set(self._attrs)
        if unknown:
            raise TypeError(f"{type(self).__name__} takes no {sorted(unknown)[0]!r}")
        for name in self._attrs:
            object.__setattr__(self, name, values.get(name))
        object.__setattr__(self, "aim", aim)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self._attrs)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._key() == self._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._attrs if getattr(self, n) is not None)
        return f"{type(self).__name__}({shown})"

    def replace(self, **changes: Any) -> "Effect":
        values = {name: getattr(self, name) for name in self._attrs}
        aim = changes.pop("aim", self.aim)
        values.update(changes)
        return type(self)(aim=aim, **values)


def _camel(op: str) -> str:
    return "".join(part.capitalize() for part in op.split("_"))


def _make_classes() -> dict[str, dict[str, type]]:
    classes: dict[str, dict[str, type]] = {}
    for game, specs in SPECS.items():
        classes[game] = {}
        for op, params in specs.items():
            attrs = tuple(p.attr for p in params)
            name = _camel(op) + ("Power" if game == "tda" else "")
            classes[game][op] = type(name, (Effect,), {"__slots__": attrs, "op": op, "game": game, "_attrs": attrs,
                                                       "__module__": __name__})
    return classes


OPS = _make_classes()


# ------------------------------------------------------------------ parsing and writing


def _check_value(param: Param, value: Any, game: str, where: str) -> Any:
    kind = param.kind
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise EffectError(where, f"must be a whole number, not {value!r}")
        return value
    if kind == "amount":
        if value == UNKNOWN or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise EffectError(where, f"must be a whole number or `{UNKNOWN}`, not {value!r}")
    if kind == "count":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, dict) and isinstance(value.get("count"), str) and set(value) <= {"count", "plus", "times"} \
                and all(isinstance(value.get(k, 0), int) for k in ("plus", "times")):
            return CountOf(value["count"], value.get("plus", 0), value.get("times", 1))
        raise EffectError(where, "must be a whole number or {count: WHAT[, plus: N][, times: N]}")
    if kind == "selector":
        if value not in RDI_SELECTORS:
            raise EffectError(where, f"unknown selector {value!r}; known: {', '.join(RDI_SELECTORS)}")
        return value
    if kind == "position":
        if value not in TDA_POSITIONS and not (isinstance(value, str) and re.fullmatch(r"seat_\d+", value)):
            raise EffectError(where, f"unknown selector {value!r}; known: {', '.join(TDA_POSITIONS)}")
        return value
    if kind == "word":
        if not isinstance(value, str) or not value or not value.replace("_", "").isalnum():
            raise EffectError(where, "must be one word of the vocabulary (letters, digits and _)")
        if param.values and value not in param.values:
            raise EffectError(where, f"unknown word {value!r}; {param.name} is one of {', '.join(param.values)}")
        return value
    if kind == "words":
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise EffectError(where, "must be a list of words")
        wrong = [v for v in value if param.values and v not in param.values]
        if wrong:
            raise EffectError(where, f"unknown word {wrong[0]!r}; {param.name} takes {', '.join(param.values)}")
        return tuple(value)
    if kind == "attr":
        if value not in ATTRS:
            raise EffectError(where, f"must be one of {', '.join(ATTRS)}")
        return value
    if kind == "attrs":
        if not isinstance(value, list) or not all(v in ATTRS for v in value):
            raise EffectError(where, f"must be a list of {', '.join(ATTRS)}")
        return tuple(value)
    if kind == "kinds":
        if not isinstance(value, list) or not all(v in RDI_CARD_KINDS for v in value):
            raise EffectError(where, f"must be a list of card kinds: {', '.join(RDI_CARD_KINDS)}")
        return tuple(value)
    if kind == "flag":
        if not isinstance(value, bool):
            raise EffectError(where, "must be true or false")
        return value
    if kind == "text":
        if not isinstance(value, str) or not value.strip():
            raise EffectError(where, "must be text")
        return value
    if kind == "effects":
        return parse_effects(value, game, where)
    if kind == "options":
        if not isinstance(value, list) or not value:
            raise EffectError(where, "must be a list of options")
        out = []
        for i, option in enumerate(value):
            at = f"{where}[{i}]"
            if isinstance(option, dict):
                unknown = set(option) - {"label", "effects"}
                if unknown:
                    raise EffectError(at, f"unknown key {sorted(unknown)[0]!r}; an option has `label` and `effects`")
                label = option.get("label")
                if label is not None and not isinstance(label, str):
                    raise EffectError(f"{at}.label", "must be text")
                out.append(Option(label, parse_effects(option.get("effects") or [], game, f"{at}.effects")))
            else:
                out.append(Option(None, parse_effects(option, game, at)))
        return tuple(out)
    if kind == "bands":
        if not isinstance(value, list) or not value:
            raise EffectError(where, "must be a list of Piety bands")
        out = []
        for i, band in enumerate(value):
            at = f"{where}[{i}]"
            if not isinstance(band, dict):
                raise EffectError(at, "a band is a mapping with `from`, `to` and `effects`")
            unknown = set(band) - {"from", "to", "effects"}
            if unknown:
                raise EffectError(at, f"unknown key {sorted(unknown)[0]!r}; a band has `from`, `to` and `effects`")
            low = band.get("from", 1)
            high = band.get("to", low)
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)):
                raise EffectError(at, "`from` and `to` must be whole numbers")
            low, high = sorted((low, high))
            out.append(Band(low, high, parse_effects(band.get("effects") or [], game, f"{at}.effects")))
        return tuple(out)
    raise EffectError(where, f"unknown parameter kind {kind!r}")  # a mistake in SPECS, not in a card


def parse_effect(data: Any, game: str, where: str = "effect", internal: bool = False) -> Effect:
    """One effect mapping -> its op's frozen value; raises EffectError naming the field."""
    if isinstance(data, Effect):
        return data
    if not isinstance(data, dict):
        raise EffectError(where, "an effect must be a mapping with an `op`")
    op = data.get("op")
    allowed = SPECS[game] if internal else card_ops(game)
    if op not in allowed:
        raise EffectError(f"{where}.op", f"unknown op {op!r}; known: {', '.join(sorted(card_ops(game)))}")
    params = {p.name: p for p in SPECS[game][op]}
    values = {}
    for key, value in data.items():
        if key == "op":
            continue
        if key not in params:
            known = ", ".join(params) or "none"
            raise EffectError(f"{where}.{key}", f"op {op!r} takes no {key!r}; its parameters: {known}")
        values[params[key].attr] = _check_value(params[key], value, game, f"{where}.{key}")
    for param in params.values():
        if param.required and param.attr not in values:
            raise EffectError(f"{where}.{param.name}", f"op {op!r} needs `{param.name}`")
    return OPS[game][op](**values)


def parse_effects(data: Any, game: str, where: str = "effects", internal: bool = False) -> tuple[Effect, ...]:
    if data is None:
        return ()
    if not isinstance(data, (list, tuple)):
        raise EffectError(where, "must be a list of effects")
    return tuple(parse_effect(item, game, f"{where}[{i}]", internal) for i, item in enumerate(data))


def _value_data(value: Any) -> Any:
    if isinstance(value, Effect):
        return effect_data(value)
    if isinstance(value, CountOf):
        out = {"count": value.what}
        if value.plus:
            out["plus"] = value.plus
        if value.times != 1:
            out["times"] = value.times
        return out
    if isinstance(value, Option):
        effects = [_value_data(e) for e in value.effects]
        return {"label": value.label, "effects": effects} if value.label is not None else effects
    if isinstance(value, Band):
        return {"from": value.low, "to": value.high, "effects": [_value_data(e) for e in value.effects]}
    if isinstance(value, tuple):
        return [_value_data(v) for v in value]
    return value


def effect_data(effect: Effect) -> dict:
    """The mapping a card file writes for this effect (parameters left at None are left out)."""
    out: dict = {"op": effect.op}
    for param in SPECS[effect.game][effect.op]:
        value = getattr(effect, param.attr)
        if value is not None:
            out[param.name] = _value_data(value)
    return out


def effects_data(effects) -> list[dict]:
    return [effect_data(e) for e in effects]


def aimed(effect: Effect, seats) -> Effect:
    """The same effect aimed at ``seats`` by the engine (a Gear Card's own target, an Otto box)."""
    return effect.replace(aim=seats)


def nested(effect: Effect) -> Iterator[tuple]:
    """The effect lists inside one effect: options, Piety bands, a fallback."""
    for name in effect._attrs:
        value = getattr(effect, name)
        if isinstance(value, tuple) and value and isinstance(value[0], (Option, Band)):
            for item in value:
                yield item.effects
        elif isinstance(value, tuple) and value and isinstance(value[0], Effect):
            yield value


def walk(effects) -> Iterator[Effect]:
    """Every effect, nested ones included, outermost first."""
    for effect in effects:
        yield effect
        for inner in nested(effect):
            yield from walk(inner)
