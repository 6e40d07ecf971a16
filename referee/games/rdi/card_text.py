"""Card text as players copy it from a card, read into the typed effect model.

    parse_card_phrase('action: Pick another player. They lose 2 Fortitude.')
    -> CardPhrase(kind='action', target='other_player', effects=(Lose(attr='fortitude', amount=2, who='target'),))

The grammar is card_text.lark (Lark, Earley); this module prepares the text, parses it, and binds
who is who: "they" and "that player" name the player the card last brought in (the one picked, or
the one whose card a window answers), "that loss" the loss a window names, a clause without a
subject keeps the subject before it when its verb agrees with it. Every reading of the text is
worked out; if two readings mean different things the text is refused with both, so a text is
read exactly or refused, never read as something else. docs/card-text-model.md says what each
reading means. Lark is imported here only: `learn` and deck imports, never the one-shot look-up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from pathlib import Path

from referee.core.effect_model import OPS as MODEL
from referee.core.effect_model import FIGURE_LIMIT, UNKNOWN, Band, Effect, EffectError, Option, is_figure
from referee.core.phrases import Cursor, PhraseError, read_structured
from referee.core.text import LONGEST_NUMBER, digits_text, listed
from referee.games.rdi.kinds import KIND_WORDS

GAME = "rdi"
_OPS = MODEL[GAME]
GRAMMAR = Path(__file__).with_name("card_text.lark")
MAX_READINGS = 64  # more readings than this is a text too tangled to trust
MAX_TEXT = 600  # characters: printed card text is far shorter (the longest of 568 typed ones has 158)

HEADS = {
    "action": "action", "sometimes": "sometimes", "anytime": "anytime", "gambling": "gambling",
    "cheating": "cheating", "drink event": "drink_event", "drink": "drink", "potion": "potion", "gear": "gear",
    "recipe": "recipe", "prize": "prize", "wulfric": "wulfric", "special reserve": "special_reserve",
    "dungeon event": "dungeon_event", "extra": "extra",
}
_HEAD = re.compile(r"^\s*\(?\s*(?P<kind>" + "|".join(sorted(HEADS, key=len, reverse=True)).replace(" ", r"\s+")
                   + r")(?:\s*[-–—]\s*(?:gambling|cheating))?(?:\s+cards?)?\s*\)?\s*(?:[:.\-–—]+\s*|\s+(?=\S))", re.I)
DRINK_OPS = {"gain", "lose", "pay", "draw", "discard", "in_front"}  # what a Drink does to its drinker and the others
ANSWER_OPS = {"negate", "ignore", "reduce", "increase", "redirect", "alter_drink", "split_drink", "pass_drink"}
NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten".split())}
_FIGURE_WORDS = {"fortitude": "Fortitude", "alcohol": "Alcohol Content", "content": "Content", "gold": "Gold",
                 "ac": "Alcohol Content", "inn": "Inn", "round": "Round", "gambling": "Gambling", "drink": "Drink",
                 "chaser": "Chaser", "pot": "pot", **{k: w for k, w in KIND_WORDS.items() if " " not in w}}


@dataclass(frozen=True)
class CardPhrase:
    """What a card's text says: its kind, its effects, and the card-level fields the rules read."""

    kind: str
    effects: tuple
    alcohol: int | str | None = None  # a Drink's own Alcohol Content (None: the text does not give it)
    fortitude: int = 0  # a Drink's Fortitude change for the drinker
    chaser: bool = False
    target: str | None = None  # "other_player" or "any_player" when the card has its player pick someone
    window: tuple = ()  # when a Sometimes card may be played (schema WINDOWS)
    affects: tuple = ()  # the figures a window names

    def fields(self) -> dict:
        """The card-level fields a card file would write."""
        out: dict = {}
        if self.target:
            out["target"] = self.target
        if self.window:
            out["window"] = list(self.window)
        if self.affects:
            out["affects"] = list(self.affects)
        return out


class Unreadable(ValueError):
    """A reading that parses but cannot be bound (who "they" is, a second picked player...): said at a word."""

    def __init__(self, message: str, at: int | None = None):
        super().__init__(message)
        self.message, self.at = message, at


# ------------------------------------------------------------------ preparing the text

@dataclass
class Prepared:
    text: str  # lower-cased, quotes and structured forms as single tokens
    origin: list  # origin[i]: the index in the typed text of text[i]
    typed: str
    structured: list = field(default_factory=list)  # the effects of each §N


_REPLACE = [("’", "'"), ("‘", "'"), ("“", '"'), ("”", '"'), ("—", " - "), ("–", " - "), ("…", "..."),
            ("drink me!", "drink me")]


def prepare(typed: str, read_inner) -> Prepared:
    """Lower-case outside quotes, keep each character's place in the typed text, and read each structured
    form `[op key=value …]` (its {…} in players' words, through ``read_inner``) into one token."""
    out, origin, structured = [], [], []
    i, n = 0, len(typed)
    while i < n:
        for old, new in _REPLACE:
            if typed.startswith(old, i) or typed[i:i + len(old)].lower() == old:
                out.extend(new)
                origin.extend([i] * len(new))
                i += len(old)
                break
        else:
            char = typed[i]
            if char in "\"“":
                end = _closing_quote(typed, i)
                quoted = '"' + typed[i + 1:end] + '"'
                out.extend(quoted)
                origin.extend(range(i, i + len(quoted)))
                i = end + 1
                continue
            if char == "[":
                end = _closing_bracket(typed, i)
                structured.append(_structured(typed[i:end + 1], i, read_inner))
                token = f" §{len(structured) - 1} "
                out.extend(token)
                origin.extend([i] * len(token))
                i = end + 1
                continue
            if not char.isprintable() and char not in "\t\n\r":  # an escape sequence is no card text
                raise UnboundText(None, 0, f"it holds a control character ({char!r}) after word "
                                           f"{_words_before(typed, i)}, and card text has none")
            lowered = char.lower()
            out.append(lowered if len(lowered) == 1 else char)
            origin.append(i)
            i += 1
    return Prepared("".join(out), origin, typed, structured)


def _closing_quote(text: str, start: int) -> int:
    for j in range(start + 1, len(text)):
        if text[j] in "\"”":
            return j
    raise PhraseError(None, _words_before(text, len(text)), 'a closing " for the quoted text')


def _closing_bracket(text: str, start: int) -> int:
    depth = 0
    for j in range(start, len(text)):
        depth += {"[": 1, "]": -1}.get(text[j], 0)
        if depth == 0:
            return j
    raise PhraseError(None, _words_before(text, len(text)), "] to close the structured form")


def _structured(span: str, offset: int, read_inner) -> Effect:
    """One `[op key=value …]`, checked against the model (an unknown op, key or word is refused)."""
    cursor = Cursor(span)

    def inner(c: Cursor):
        # the clauses of a `{…}`: the words up to its closing brace, read by this grammar
        depth, start = 0, c.pos
        while c.pos < len(c.tokens):
            token = c.tokens[c.pos]
            if token in "{[(":
                depth += 1
            elif token in "}])":
                if depth == 0:
                    break
                depth -= 1
            c.pos += 1
        return read_inner(" ".join(c.tokens[start:c.pos]))

    effect = read_structured(cursor, GAME, inner)
    if effect is None or not cursor.at_end():
        raise PhraseError(cursor.peek(), cursor.pos, "the end of the structured form ]")
    return effect


def _words_before(text: str, index: int) -> int:
    return len(re.findall(r"[\w?+-]+|\"[^\"]*\"|§\d+", text[:index]))


def take_head(typed: str) -> tuple[str, str, int]:
    """The card's kind from the start of the text ("action:", "Sometimes -", "(Anytime)", "Cheating card:"),
    the rest, and where the rest starts."""
    match = _HEAD.match(typed)
    if match is None:
        first = typed.split()[0].rstrip(":.-") if typed.split() else None
        raise PhraseError(first, 0, "the card's kind first: " + ", ".join(HEADS) + " (then a colon)")
    kind = HEADS[" ".join(match.group("kind").lower().split())]
    return kind, typed[match.end():], match.end()


# ------------------------------------------------------------------ parsing

@lru_cache(maxsize=1)
def parser():
    from lark import Lark

    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="earley", lexer="basic", ambiguity="explicit",
                start=["start", "clauses_only"], keep_all_tokens=True, propagate_positions=True)


@lru_cache(maxsize=1)
def _terminal_words() -> dict[str, str]:
    """Each terminal's name -> the word a player types for it."""
    words = {}
    for terminal in parser().terminals:
        pattern = terminal.pattern
        if pattern.type == "str":
            words[terminal.name] = pattern.value
    words.update({"NUMBER": "a number", "QUOTED": 'text in "quotes"', "STRUCTURED": "[op key=value]",
                  "$END": "the end", "_SEP": "."})
    return words


def _expected(names) -> str:
    """Every word that fits where reading stopped: the words first, then punctuation."""
    words = _terminal_words()
    said = {_display(words.get(name, name)) for name in names if name not in ("WORD", "_NEVER", "MINUS")}
    if "a number" in said:  # "two", "?" and the rest are numbers too
        said = (said - set(NUMBERS) - {"?"}) | {"a number (or ? when the card gives none)"}
    said = sorted(said, key=lambda w: (not w[0].isalpha(), w.lower()))
    return listed([f"'{w}'" if w in ".,;:!()-" else w for w in said], "or") if said else "nothing more"


def _display(word: str) -> str:
    return _FIGURE_WORDS.get(word, word)


def _parse(prepared: Prepared, start: str, offset: int = 0):
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

    grammar = parser()  # built outside the try: a broken grammar is a bug, never a refusal
    try:
        return grammar.parse(prepared.text, start=start)
    except UnexpectedToken as error:
        token = error.token
        if token.type == "$END":
            raise PhraseError(None, _words_before(prepared.text, len(prepared.text)) + offset,
                              _expected(error.expected)) from None
        at = token.start_pos
        typed_word = _typed_word(prepared, at, len(token.value))
        raise PhraseError(typed_word, _words_before(prepared.text, at) + offset, _expected(error.expected)) from None
    except UnexpectedEOF as error:
        raise PhraseError(None, _words_before(prepared.text, len(prepared.text)) + offset,
                          _expected(error.expected)) from None
    except UnexpectedCharacters as error:
        at = error.pos_in_stream
        raise PhraseError(prepared.typed[prepared.origin[at]] if at < len(prepared.origin) else None,
                          _words_before(prepared.text, at) + offset,
                          _expected(error.allowed or ())) from None
    except UnexpectedInput as error:  # any other parse failure: said plainly, never a traceback
        raise PhraseError(None, offset, str(error).splitlines()[0]) from None


def _typed_word(prepared: Prepared, at: int, length: int) -> str:
    start = prepared.origin[at]
    end = prepared.origin[min(at + length, len(prepared.origin)) - 1] + 1
    return prepared.typed[start:end]


def readings(tree) -> list:
    """Every tree an explicitly ambiguous parse stands for (at most MAX_READINGS)."""
    from lark import Tree

    def expand(node) -> list:
        if not isinstance(node, Tree):
            return [node]
        if node.data == "_ambig":
            out = []
            for child in node.children:
                out.extend(expand(child))
                if len(out) > MAX_READINGS:
                    raise Unreadable("the text can be read in too many ways; say it in shorter sentences")
            return out
        choices = [expand(child) for child in node.children]
        total = 1
        for options in choices:
            total *= len(options)
            if total > MAX_READINGS:
                raise Unreadable("the text can be read in too many ways; say it in shorter sentences")
        return [Tree(node.data, list(children), node.meta if hasattr(node, "meta") else None)
                for children in product(*choices)]

    return expand(tree)


# ------------------------------------------------------------------ the parse tree as plain values

@dataclass(frozen=True)
class Who:
    kind: str  # you, another_player, a_player, each_other, each_player, that_player, attacker, drinker, inn, pot
    plural: bool = False  # takes a verb without -s ("they lose", "all other players lose")
    at: int = 0


@dataclass(frozen=True)
class Act:
    """One verb phrase: ``what`` names it, ``data`` its pieces; ``verb`` is the verb as typed (agreement)."""
    what: str
    data: dict
    verb: str = ""
    at: int = 0


@dataclass(frozen=True)
class Clause:
    who: Who | None
    act: Act


@dataclass(frozen=True)
class Sentence:
    what: str  # clauses, pick, window, choice, front, timed, once, pot_to_inn, loss_changed, by_piety
    data: dict


def _tokens(node) -> list[str]:
    from lark import Token, Tree

    out = []
    for child in node.children if isinstance(node, Tree) else [node]:
        if isinstance(child, Token):
            out.append(child.value)
        elif isinstance(child, Tree):
            out.extend(_tokens(child))
    return out


def _words(node) -> list[str]:
    from lark import Token

    return [c.value for c in node.children if isinstance(c, Token)]


def _subtrees(node, name: str | None = None) -> list:
    from lark import Tree

    return [c for c in node.children if isinstance(c, Tree) and (name is None or c.data == name)]


def _first(node, name: str):
    found = _subtrees(node, name)
    return found[0] if found else None


def _any(node, names) -> list:
    """The subtrees named any of ``names`` (a rule's alternatives come back under their aliases)."""
    from lark import Tree

    return [c for c in node.children if isinstance(c, Tree) and c.data in names]


def _one(node, names):
    found = _any(node, names)
    return found[0] if found else None


def _at(node) -> int:
    meta = getattr(node, "meta", None)
    return getattr(meta, "start_pos", 0) if meta is not None and not getattr(meta, "empty", True) else 0


FIGURE_RULES = {"fortitude": "fortitude", "alcohol": "alcohol", "gold": "gold"}
KIND_RULES = {"action": "action", "sometimes": "sometimes", "anytime": "anytime", "gambling": "gambling",
              "cheating": "cheating", "drink_kind": "drink", "drink_event": "drink_event", "gear": "gear"}
WHO_RULES = {"you", "another_player", "a_player", "each_other", "each_player", "that_player", "attacker", "drinker",
             "who"}
PLACE_RULES = WHO_RULES | {"place", "inn", "pot"}
CHANGED_RULES = {"that_change", "named_loss", "named_gain", "figure_change"}
ANSWERED_RULES = {"answered", "that_card"}
KINDS_RULES = {"some_kinds", "any_card"}
PLURAL_WHO = {"they", "them", "all", "you"}


class Reader:
    """Turns one parse tree into sentences of plain values."""

    def __init__(self, prepared: Prepared):
        self.prepared = prepared

    def number(self, node) -> int | str:
        word = _tokens(node)[0]
        if word == "?":
            return UNKNOWN
        if word in NUMBERS:
            return NUMBERS[word]
        if len(word) > LONGEST_NUMBER or not is_figure(int(word)):  # (int() refuses thousands of digits: ValueError)
            shown = digits_text(word) if len(word) > LONGEST_NUMBER else word
            raise UnboundText(None, 0, f"{shown} is more than any card gives (a card's numbers run to {FIGURE_LIMIT})")
        return int(word)

    def figure(self, node) -> str:
        return FIGURE_RULES[node.data]

    def figures(self, node) -> tuple:
        return tuple(dict.fromkeys(self.figure(f) for f in _subtrees(node) if f.data in FIGURE_RULES))

    def who(self, node) -> Who:
        if node.data in ("inn", "pot"):
            return Who(node.data, at=_at(node))
        if node.data == "place":
            return self.who(_subtrees(node)[0]) if _subtrees(node) else Who("inn")
        if node.data == "who":
            node = _subtrees(node)[0] if _subtrees(node) else node
        first = (_tokens(node) or [""])[0]
        return Who(node.data, plural=first in PLURAL_WHO, at=_at(node))

    def kinds(self, node) -> tuple:
        return tuple(dict.fromkeys(KIND_RULES[k.data] for k in _subtrees(node) if k.data in KIND_RULES))

    def kind_list(self, node) -> tuple:
        found = _first(node, "kind_list")
        return self.kinds(found) if found is not None else ()

    # -------------------------------------------------------- sentences
    def body(self, tree) -> list[list[Sentence]]:
        body = _first(tree, "body") if tree.data == "start" else tree
        return [[self.sentence(s) for s in _subtrees(part)] for part in _subtrees(body, "part")]

    def sentence(self, node) -> Sentence:
        what = node.data
        if what == "clauses":
            return Sentence("clauses", {"clauses": self.clauses(node)})
        if what in ("pick", "pick_to"):
            picked = _one(node, ("another_player", "a_player"))
            clauses = _first(node, "clauses")
            return Sentence("pick", {"who": Who(picked.data, at=_at(picked)), "to": what == "pick_to",
                                     "clauses": self.clauses(clauses) if clauses is not None else []})
        if what == "window":
            clauses = _first(node, "clauses")
            return Sentence("window", {"moment": self.moment(_subtrees(node)[0]),
                                       "clauses": self.clauses(clauses) if clauses is not None else []})
        if what in ("choice", "chooser_choice"):
            chooser = _one(node, WHO_RULES)
            options = [self.option(o) for o in _subtrees(_first(node, "options"), "option")]
            return Sentence("choice", {"by": self.who(chooser) if chooser is not None else None, "options": options,
                                       "at": _at(node)})
        if what == "front":
            return Sentence("front", {"who": self.who(_one(node, PLACE_RULES)), "at": _at(node)})
        if what in ("at_start", "at_end", "while_there"):
            place = _one(node, PLACE_RULES)
            clauses = _first(node, "clauses")
            standing = next((s for s in _subtrees(node) if s.data.startswith("standing")), None)
            return Sentence("timed", {"when": {"at_start": "start_of_turn", "at_end": "end_of_turn",
                                               "while_there": "while"}[what],
                                      "holder": self.who(place) if place is not None else None,
                                      "clauses": self.clauses(clauses) if clauses is not None else [],
                                      "standing": self.standing(standing) if standing is not None else None,
                                      "at": _at(node)})
        if what == "once":
            return Sentence("once", {"at": _at(node)})
        if what == "not_on_a_round":
            return Sentence("not_on_a_round", {"at": _at(node)})
        if what == "pot_to_inn":
            return Sentence("pot_to_inn", {"at": _at(node)})
        if what in ("loss_reduced", "loss_increased"):
            return Sentence("loss_changed", {"by": self.number(_first(node, "num")), "more": what == "loss_increased",
                                             "word": _tokens(_first(node, "loss_word"))[0], "at": _at(node)})
        if what == "if_hit":
            return Sentence("if_hit", {"who": self.who(_one(node, WHO_RULES)),
                                       "clauses": self.clauses(_first(node, "clauses")), "at": _at(node)})
        if what == "by_piety":
            bands = []
            for band in _subtrees(node, "band"):
                low, high = (self.number(n) for n in _subtrees(band, "num"))
                bands.append((low, high, self.clauses(_first(band, "clauses"))))
            return Sentence("by_piety", {"bands": bands})
        raise Unreadable(f"unknown sentence {what}")  # a grammar rule this reader does not know: a bug

    def option(self, node) -> dict:
        from lark import Token

        label = next((c.value[1:-1] for c in node.children if isinstance(c, Token) and c.type == "QUOTED"), None)
        clauses = _first(node, "clauses")
        items = self.clauses(clauses if clauses is not None else node)
        return {"label": label, "clauses": items}

    def clauses(self, node) -> list[Clause]:
        return [self.clause(c) for c in _any(node, ("clause", "forced_out", "round_ends"))]

    def clause(self, node) -> Clause:
        if node.data == "forced_out":
            return Clause(self.who(_one(node, WHO_RULES)), Act("force", {}, "is", _at(node)))
        if node.data == "round_ends":
            return Clause(None, Act("end_round", {}, "ends", _at(node)))
        who = _one(node, WHO_RULES)
        acts = [c for c in _subtrees(node) if c.data not in WHO_RULES]
        from lark import Token

        if not acts:  # a bare QUOTED or STRUCTURED token
            token = next(c for c in node.children if isinstance(c, Token) and c.type in ("QUOTED", "STRUCTURED"))
            return Clause(self.who(who) if who is not None else None, self.token_act(token))
        return Clause(self.who(who) if who is not None else None, self.act(acts[0]))

    def token_act(self, token) -> Act:
        if token.type == "QUOTED":
            return Act("quoted", {"says": self.prepared.typed[self.prepared.origin[token.start_pos] + 1:
                                                            self.prepared.origin[token.end_pos - 1]]},
                       at=token.start_pos)
        return Act("structured", {"effect": self.prepared.structured[int(token.value[1:])]}, at=token.start_pos)

    def act(self, node) -> Act:
        what = node.data
        words = _words(node)
        verb = next((w for w in words if w not in ("may", "must")), "")
        at = _at(node)
        nums = [self.number(n) for n in _subtrees(node, "num")]
        places = [self.who(p) for p in _any(node, PLACE_RULES)]
        if what in ("gain", "lose"):
            amounts = _first(node, "amounts")
            pairs = list(zip([self.number(n) for n in _subtrees(amounts, "num")],
                             [self.figure(f) for f in _subtrees(amounts) if f.data in FIGURE_RULES]))
            return Act(what, {"amounts": pairs, "source": places[0] if places else None}, verb, at)
        if what == "deal_damage":  # damage is Fortitude lost (both books, Redirecting Damage)
            return Act("damage_to", {"amount": nums[0], "to": places[0]}, verb, at)
        if what == "take_damage":
            return Act("lose", {"amounts": [(nums[0], "fortitude")], "source": None}, verb, at)
        if what == "less_loss":
            figure = next(self.figure(f) for f in _subtrees(node) if f.data in FIGURE_RULES)
            return Act("reduce", {"changed": {"attr": figure, "who": None}, "by": nums[0]}, verb, at)
        if what in ("pay", "give_gold"):
            # "pay you 2 Gold", "pay 2 Gold to the Inn", "give 1 Gold to another player"
            return Act("pay", {"amount": nums[0], "to": places[0] if places else None}, verb, at)
        if what in ("take_gold", "steal"):
            return Act("take_gold", {"amount": nums[0], "source": places[0]}, verb, at)
        if what in ("draw", "discard"):
            cards = _first(node, "cards")
            count = self.number(_first(cards, "num")) if _first(cards, "num") is not None else 1
            random = _first(cards, "random_word") is not None or _first(node, "random") is not None
            return Act(what, {"count": count, "random": random}, verb, at)
        if what == "drink":
            taken = _subtrees(node)[0]
            source = _one(node, ("drink_me", "drink_deck")) or _one(taken, ("drink_me", "drink_deck"))
            count = self.number(_first(taken, "num")) if taken.data == "some_drinks" else 1
            return Act("drink", {"count": count, "source": source.data if source is not None else None}, verb, at)
        if what in ("order", "order_one"):
            return Act("order", {"count": nums[0] if nums else 1, "free": _first(node, "free") is not None}, verb, at)
        if what in ("ante", "ante_more"):
            return Act("ante", {"amount": nums[0], "more": what == "ante_more"}, verb, at)
        if what == "leave":
            return Act("leave", {}, verb, at)
        if what == "force":
            return Act("force_other", {"who": places[0]}, verb, at)
        if what == "end_round":
            return Act(what, {"to_inn": "going" in words}, verb, at)
        if what in ("take_control", "start_round", "win_round", "take_half_pot"):
            return Act(what, {}, verb, at)
        if what == "take_pot":
            return Act("take_pot", {}, verb, at)
        if what == "restrict":
            kinds = tuple(KIND_RULES[k.data] for k in _subtrees(node) if k.data in KIND_RULES)
            return Act("restrict", {"to": kinds}, verb, at)
        if what in ("negate", "ignore"):
            return Act(what, self.answered(_one(node, ANSWERED_RULES)), verb, at)
        if what in ("reduce", "increase"):
            return Act(what, {"changed": self.changed(_one(node, CHANGED_RULES)), "by": nums[-1]}, verb, at)
        if what == "alter_drink":
            return Act("alter_drink", {"by": nums[0], "ref": self.drink_ref(node)}, verb, at)
        if what == "drink_gets":
            return Act("alter_drink", {"by": nums[0], "ref": self.drink_ref(node), "gets": True}, verb, at)
        if what in ("raise_drink", "lower_drink"):
            by = nums[0] if isinstance(nums[0], str) else (nums[0] if what == "raise_drink" else -nums[0])
            return Act("alter_drink", {"by": by, "ref": self.drink_ref(node)}, verb, at)
        if what == "split":
            rounding = _first(node, "rounding")
            return Act("split", {"with": places[0], "rounding": _tokens(rounding)[-1] if rounding is not None else None},
                       verb, at)
        if what == "pass_drink":
            return Act("pass_drink", {"to": places[0]}, verb, at)
        if what == "redirect":
            figure = next((self.figure(f) for f in _subtrees(node) if f.data in FIGURE_RULES), None)
            return Act("redirect", {"attr": figure, "to": places[0]}, verb, at)
        if what == "bare_amount":
            figure = next(self.figure(f) for f in _subtrees(node) if f.data in FIGURE_RULES)
            return Act("bare_amount", {"amount": nums[0], "attr": figure}, "", at)
        if what == "chaser":
            return Act("chaser", {}, "", at)
        if what in ("discard_this", "pot_to_inn"):
            return Act(what, {}, "", at)
        raise Unreadable(f"unknown phrase {what}")  # a grammar rule this reader does not know: a bug

    def drink_ref(self, node) -> str:
        ref = _first(node, "drink_ref")
        return (_tokens(ref) or ["the"])[0] if ref is not None else "the"

    def answered(self, node) -> dict:
        if node.data == "that_card":
            return {"that": True}
        kinds_node = _one(node, KINDS_RULES) or (node if node.data in KINDS_RULES else None)
        what = self.kind_list(kinds_node) if kinds_node is not None and kinds_node.data == "some_kinds" else ()
        condition = next(iter(_subtrees(node, "played_on_you") + _subtrees(node, "affects_you")
                              + _subtrees(node, "changes_a_drink")), None)
        out: dict = {"what": what}
        if condition is not None:
            out["condition"] = condition.data
            if condition.data == "affects_you":
                out["attrs"] = self.figures(_first(condition, "figures"))
        return out

    def changed(self, node) -> dict:
        what = node.data
        word = _tokens(_first(node, "loss_word"))[0] if _first(node, "loss_word") is not None else None
        if what == "that_change":
            return {"that": word}
        figure = next((self.figure(f) for f in _subtrees(node) if f.data in FIGURE_RULES), None)
        if what == "figure_change":
            return {"that": word, "attr": figure}
        who = _one(node, WHO_RULES)
        return {"attr": figure, "who": self.who(who) if who is not None else None,
                "from": self.answered(_one(node, ANSWERED_RULES)) if _one(node, ANSWERED_RULES) is not None else None}

    def moment(self, node) -> dict:
        what = node.data
        out: dict = {"what": what, "at": _at(node)}
        figures = _first(node, "figures")
        if figures is not None:
            out["attrs"] = self.figures(figures)
        kinds = _first(node, "kind_list")
        if kinds is not None:
            out["kinds"] = self.kinds(kinds)
        if what == "in_response":
            answered = self.answered(node)
            out["kinds"] = answered.pop("what")
            out.update(answered)
        return out

    def standing(self, node) -> dict:
        what = node.data
        figure = next(self.figure(f) for f in _subtrees(node) if f.data in FIGURE_RULES)
        words = _tokens(node)
        gain = any(w in ("gain", "gains") for w in words)
        by = self.number(_first(node, "num"))
        more = what in ("standing_more", "standing_whenever_more")
        return {"attr": figure, "gain": gain, "by": by, "more": more}


# ------------------------------------------------------------------ binding who is who

SINGULAR_THIRD = {"another_player", "a_player", "each_other", "each_player", "that_player", "attacker", "drinker"}


@dataclass
class Binding:
    """What the sentences before have brought in: who "they" is, what "that loss" is."""

    kind: str
    default: str  # who a clause with no subject names: "self", or "drinker" on a Drink
    target: str | None = None  # other_player / any_player once someone is picked
    target_scope: int = -1  # the branch (the card, or one option or Piety band) that picked them
    scope: int = 0
    last: str | None = None  # the selector "they" / "that player" names
    loss: dict | None = None  # {attr, who, direction} a window named
    answered: dict | None = None  # {what, condition, attrs} of the card a window answers
    drink_window: bool = False
    windows: list = field(default_factory=list)
    affects: tuple = ()
    used_windows: set = field(default_factory=set)
    fronts: list = field(default_factory=list)  # [holder selector, {when: effects}, once, index in effects]
    effects: list = field(default_factory=list)
    alcohol: int | str | None = None
    chaser: bool = False
    picked_unused: bool = False
    more_antes: set = field(default_factory=set)


class Binder:
    """Sentences -> a CardPhrase; raises Unreadable at the word that cannot be bound."""

    def __init__(self, kind: str):
        self.kind = kind

    def bind(self, parts: list[list[Sentence]]) -> CardPhrase:
        if len(parts) == 1:
            b = self.bind_part(parts[0])
            effects = b.effects
        else:  # "… - OR - …": the card's player picks one part
            bindings = [self.bind_part(part) for part in parts]
            b = bindings[0]
            for other in bindings[1:]:
                b.target = b.target or other.target
                b.windows += [w for w in other.windows if w not in b.windows]
            effects = [_OPS["choose_one"](options=tuple(Option(None, tuple(x.effects)) for x in bindings))]
        return self.finish(b, effects)

    def bind_part(self, sentences: list[Sentence]) -> Binding:
        b = Binding(self.kind, "drinker" if self.kind == "drink" else "self")
        for sentence in sentences:
            getattr(self, f"s_{sentence.what}")(b, sentence.data)
        return b

    # ---------------------------------------------------- sentences
    def s_clauses(self, b: Binding, data: dict, default: str | None = None) -> None:
        b.effects.extend(self.clauses(b, data["clauses"], default))

    def s_pick(self, b: Binding, data: dict) -> None:
        who = data["who"]
        self.introduce(b, "other_player" if who.kind == "another_player" else "any_player", who.at)
        b.picked_unused = True
        if data["clauses"]:  # "pick another player to lose 2": the picked player; "… and take 2 Gold": you
            b.effects.extend(self.clauses(b, data["clauses"], "target" if data["to"] else None))

    def s_window(self, b: Binding, data: dict) -> None:
        moment = data["moment"]
        what = moment["what"]
        attrs = moment.get("attrs", ())
        if what in ("you_would_lose", "you_would_gain"):
            b.loss = {"attrs": attrs, "who": "self", "direction": "gain" if what == "you_would_gain" else "lose"}
            self.window(b, what, attrs)
        elif what == "another_player_would_lose":
            self.introduce(b, "other_player", moment["at"])
            b.loss = {"attrs": attrs, "who": "target", "direction": "lose"}
            self.window(b, what, attrs)
        elif what in ("drink_revealed", "you_are_drinking"):
            b.drink_window = True
            b.answered = {"what": ("drink",)}
            self.window(b, what)
        elif what == "you_lost_fortitude":
            b.last = "attacker"
            b.loss = {"attrs": ("fortitude",), "who": "self", "direction": "lose", "after": True}
            self.window(b, what)
        elif what == "card_played_on_you":
            b.last = "attacker"
            b.answered = {"what": moment.get("kinds", ()), "condition": "played_on_you"}
            self.window(b, what)
            if moment.get("kinds"):
                b.windows[-1] = ("card_played_on_you", moment["kinds"])
        elif what == "kind_played":
            kinds = moment.get("kinds", ())
            b.answered = {"what": kinds}
            b.last = "attacker"
            window = {("sometimes",): "sometimes_card_played", ("action",): "action_played"}.get(kinds)
            self.window(b, window or ("kind_played", kinds))
        elif what == "any_card_played":
            b.answered = {"what": ()}
            b.last = "attacker"
            self.window(b, what)
        elif what == "in_response":
            kinds = moment.get("kinds", ())
            b.answered = {"what": kinds, **{k: moment[k] for k in ("condition", "attrs") if k in moment}}
            b.last = "attacker"
            condition = moment.get("condition")
            if condition == "affects_you":
                self.window(b, "card_affects_you", moment.get("attrs", ()))
                if kinds:
                    b.windows[-1] = ("card_affects_you", kinds)
            elif condition == "played_on_you":
                self.window(b, ("card_played_on_you", kinds) if kinds else "card_played_on_you")
            elif condition == "changes_a_drink":
                self.window(b, "drink_changed" if kinds in ((), ("sometimes",)) else ("drink_changed", kinds))
            else:
                window = {(): "any_card_played", ("sometimes",): "sometimes_card_played",
                          ("action",): "action_played", ("drink",): "drink_revealed"}.get(kinds)
                self.window(b, window or ("kind_played", kinds))
        else:
            if what == "gear_revealed":
                b.answered = {"what": ("gear",)}
            self.window(b, what)
        if data["clauses"]:
            b.effects.extend(self.clauses(b, data["clauses"]))

    def window(self, b: Binding, window, attrs: tuple = ()) -> None:
        b.windows.append(window)
        if attrs:
            b.affects = tuple(dict.fromkeys(b.affects + tuple(attrs)))

    def s_choice(self, b: Binding, data: dict) -> None:
        chooser = data["by"]
        if chooser is None:
            options = tuple(Option(o["label"], self.branch(b, o["clauses"], b.default)) for o in data["options"])
            b.effects.append(_OPS["choose_one"](options=options))
            return
        by = self.selector(b, chooser)
        if by == "self":
            options = tuple(Option(o["label"], self.branch(b, o["clauses"], b.default)) for o in data["options"])
            b.effects.append(_OPS["choose_one"](options=options))
            return
        saved = b.last
        b.last = "chosen"
        options = tuple(Option(o["label"], self.branch(b, o["clauses"], "chosen")) for o in data["options"])
        b.last = saved
        b.effects.append(_OPS["choose_one"](options=options, by=by))

    def s_front(self, b: Binding, data: dict) -> None:
        holder = self.place(b, data["who"])
        if holder in ("inn", "pot"):
            raise Unreadable("a card lies in front of a player, not the Inn or the pot", data["at"])
        b.fronts.append([holder, {}, False, len(b.effects)])
        b.effects.append(None)  # the in_front effect, filled in by finish()

    def s_timed(self, b: Binding, data: dict) -> None:
        when = data["when"]
        if data["holder"] is not None:
            holder = self.place(b, data["holder"])
            if not b.fronts or b.fronts[-1][0] != holder:
                b.fronts.append([holder, {}, False, len(b.effects)])
                b.effects.append(None)
        if not b.fronts:
            raise Unreadable("say where the card lies first: 'Put this card in front of …'", data["at"])
        front = b.fronts[-1]
        holder = front[0]
        saved_last = b.last
        b.last = holder
        if data["standing"] is not None:
            effects = [self.standing(data["standing"])]
        else:
            effects = self.clauses(b, data["clauses"], holder)
        b.last = saved_last
        front[1].setdefault(when, []).extend(self.as_holder(effects, holder))

    def as_holder(self, effects: list, holder: str) -> list:
        """Inside a card in front of a player, `self` is that player; the card's own player is `card_player`."""
        def swap(value):
            if value == holder:
                return "self"
            if value == "self":
                return "card_player"
            return value

        out = []
        for effect in effects:
            changes = {name: swap(getattr(effect, name)) for name in ("who", "to", "from_", "with_")
                       if name in effect._attrs and getattr(effect, name) is not None}
            out.append(effect.replace(**changes) if changes else effect)
        return out

    def standing(self, data: dict) -> Effect:
        attr, gain = data["attr"], data["gain"]
        change = {("fortitude", False): "fortitude_loss", ("alcohol", True): "alcohol_gain"}.get((attr, gain))
        if change is None:
            raise Unreadable("a standing change is made to Fortitude losses or Alcohol Content gains")
        by = data["by"]
        if not isinstance(by, int):
            raise Unreadable("a standing change needs its number")
        return _OPS["modify"](change=change, by=by if data["more"] else -by, scope="self")

    def s_once(self, b: Binding, data: dict) -> None:
        if not b.fronts:
            raise Unreadable("'discard this card' after it acts needs a card left in front of a player", data["at"])
        b.fronts[-1][2] = True

    def s_not_on_a_round(self, b: Binding, data: dict) -> None:
        """"It cannot be used to Ignore a Round of Gambling": said of the Ignore just before."""
        for index in range(len(b.effects) - 1, -1, -1):
            effect = b.effects[index]
            if effect is not None and effect.op == "ignore":
                b.effects[index] = effect.replace(not_round_of_gambling=True)
                return
        raise Unreadable("this says what an Ignore may not be used on: say the Ignore first", data["at"])

    def s_pot_to_inn(self, b: Binding, data: dict, effects: list | None = None) -> None:
        """"All anted Gold goes to the Inn": where the pot of the Round just ended goes."""
        for found in (effects or [], b.effects):
            for index in range(len(found) - 1, -1, -1):
                effect = found[index]
                if effect is not None and effect.op == "end_round":
                    found[index] = effect.replace(pot_to="inn")
                    return
        raise Unreadable("the pot goes to the Inn when a Round ends: say 'End the Round' first", data["at"])

    def s_if_hit(self, b: Binding, data: dict) -> None:
        """The one condition the model has: a Drink the player must take only if this card's hit landed."""
        hit = self.selector(b, data["who"])
        effects = self.clauses(b, data["clauses"])
        if not effects or any(e.op != "drink" or e.who != hit for e in effects):
            raise Unreadable("only a Drink the same player must take can depend on this card's hit", data["at"])
        b.effects.extend(e.replace(condition="lost_fortitude_from_this_card") for e in effects)

    def s_loss_changed(self, b: Binding, data: dict) -> None:
        b.effects.append(self.change_effect(b, "increase" if data["more"] else "reduce",
                                            {"that": data["word"]}, data["by"], data["at"]))

    def s_by_piety(self, b: Binding, data: dict) -> None:
        bands = tuple(Band(low, high, self.branch(b, clauses, b.default)) for low, high, clauses in data["bands"])
        b.effects.append(_OPS["by_piety"](bands=bands))

    # ---------------------------------------------------- clauses
    def clauses(self, b: Binding, clauses: list[Clause], default: str | None = None) -> list[Effect]:
        default = default or b.default
        out: list[Effect] = []
        previous: Who | None = None
        previous_selector: str | None = None
        for clause in clauses:
            if clause.who is not None:
                subject = self.selector(b, clause.who)
                previous, previous_selector = clause.who, subject
            elif previous is not None and self.keeps_subject(previous, clause.act.verb):
                subject = previous_selector
            else:
                subject = default
            if clause.act.what == "pot_to_inn":
                self.s_pot_to_inn(b, {"at": clause.act.at}, out)
                continue
            out.extend(self.act(b, subject, clause.act, clause.who is not None))
        return out

    @staticmethod
    def keeps_subject(previous: Who, verb: str) -> bool:
        """"Another player loses 2 and pays you 1": the -s verb keeps "another player"; "… and draw a card"
        is said to you. A plural subject ("they", "all other players") keeps its verbs without -s."""
        if not verb:
            return True
        s_form = verb.endswith("s") and verb != "pass"  # loses, pays, is; "pass" is the base form
        if previous.plural:
            return not s_form
        return s_form and previous.kind in SINGULAR_THIRD

    def selector(self, b: Binding, who: Who) -> str:
        kind = who.kind
        if kind == "you":
            return b.default if b.default == "drinker" else "self"
        if kind == "another_player":
            self.introduce(b, "other_player", who.at)
            return "target"
        if kind == "a_player":
            self.introduce(b, "any_player", who.at)
            return "target"
        if kind in ("each_other", "each_player"):
            return kind
        if kind == "that_player":
            if b.last is None:
                raise Unreadable("who is meant: no player was named before it", who.at)
            if b.last == "target":
                b.picked_unused = False
            return b.last
        if kind == "attacker":
            if b.answered is None and b.last != "attacker":
                raise Unreadable("'the player who played it': this card answers no card", who.at)
            return "attacker"
        if kind == "drinker":
            return "drinker"
        return kind  # inn, pot

    def place(self, b: Binding, who: Who) -> str:
        return who.kind if who.kind in ("inn", "pot") else self.selector(b, who)

    def introduce(self, b: Binding, target: str, at: int) -> None:
        """"another player" brings in the card's one picked player; said again in the same branch it would be a
        second player, which a card cannot pick (each option or Piety band may name them afresh)."""
        if b.target is not None and b.target_scope == b.scope:
            raise Unreadable("a second player is picked here; the referee follows one picked player: say 'they' "
                             "or 'that player' for the same one", at)
        b.target = b.target or target
        b.target_scope = b.scope
        b.last = "target"

    def branch(self, b: Binding, clauses: list[Clause], default: str) -> tuple[Effect, ...]:
        """One option or Piety band: it may name the picked player as the card's first sentence would."""
        outer = b.scope
        b.scope = max(b.scope, b.target_scope) + 1
        try:
            return tuple(self.clauses(b, clauses, default))
        finally:
            b.scope = outer

    def act(self, b: Binding, who: str, act: Act, named: bool) -> list[Effect]:
        data, what, at = act.data, act.what, act.at
        if who == "target":
            b.picked_unused = False
        if what in ("gain", "lose"):
            out = []
            source = self.place(b, data["source"]) if data["source"] is not None else None
            for amount, attr in data["amounts"]:
                if isinstance(amount, int) and amount < 0:
                    raise Unreadable(f"{what} takes an amount of 0 or more", at)
                if source is not None:
                    if attr != "gold" or what != "gain":
                        raise Unreadable("only Gold is taken from somewhere", at)
                    if source not in ("inn", "pot"):  # Gold from a player is a payment
                        out.append(_OPS["pay"](amount=amount, who=source, to=who))
                        continue
                if what == "gain" and self.kind == "drink" and who == "drinker" and attr == "alcohol" \
                        and source is None:
                    out.extend(self.own_alcohol(b, amount, at))  # a Drink's "Gain 2 Alcohol Content" is its own
                    continue
                out.append(_OPS[what](attr=attr, amount=amount, who=who, from_=source) if what == "gain"
                           else _OPS["lose"](attr=attr, amount=amount, who=who))
            return out
        if what == "damage_to":
            victim = self.place(b, data["to"])
            if victim in ("inn", "pot"):
                raise Unreadable("damage is dealt to a player", at)
            return [_OPS["lose"](attr="fortitude", amount=self.amount(data["amount"], at), who=victim)]
        if what == "pay":
            to = self.place(b, data["to"]) if data["to"] is not None else None
            return [_OPS["pay"](amount=self.amount(data["amount"], at), who=who, to=to)]
        if what == "take_gold":
            source = self.place(b, data["source"])
            amount = self.amount(data["amount"], at)
            if source in ("inn", "pot"):
                return [_OPS["gain"](attr="gold", amount=amount, who=who, from_=source)]
            return [_OPS["pay"](amount=amount, who=source, to=who)]
        if what == "draw":
            return [_OPS["draw"](count=self.amount(data["count"], at, whole=True), who=who)]
        if what == "discard":
            return [_OPS["discard"](count=self.amount(data["count"], at, whole=True), who=who,
                                    random=True if data["random"] else None)]
        if what == "drink":
            return [_OPS["drink"](who=who, count=self.amount(data["count"], at), source=data["source"])]
        if what == "order":
            self.only_you(who, "orders Drinks", at)
            return [_OPS["order_drinks"](count=self.amount(data["count"], at, whole=True),
                                         free=True if data["free"] else None)]
        if what == "ante":
            effect = _OPS["ante"](amount=self.amount(data["amount"], at), who=who)
            if data["more"]:
                b.more_antes.add(id(effect))  # "1 more Gold": an ante of its own, never the starting one said again
            return [effect]
        if what == "leave":
            if who in ("self", "chosen"):  # a chooser who takes this option leaves of their own accord
                return [_OPS["leave_round"](who=who)]
            return [_OPS["force_leave"](who=who)]  # another player made to leave: a forced exit
        if what == "force":
            return [_OPS["force_leave"](who=who)]
        if what == "force_other":
            return [_OPS["force_leave"](who=self.place(b, data["who"]))]
        if what in ("take_control", "start_round", "win_round", "end_round", "take_pot", "take_half_pot"):
            self.only_you(who, "does that", at)
            if what == "take_half_pot":
                return [_OPS["take_pot"](share="half")]
            if what == "end_round":
                return [_OPS["end_round"](pot_to="inn" if data.get("to_inn") else None)]
            return [_OPS[what]()]
        if what == "restrict":
            return [_OPS["restrict_next_control"](to=data["to"])]
        if what in ("negate", "ignore"):
            self.only_you(who, "Negates or Ignores", at)
            return [self.answer(b, what, data, at)]
        if what in ("reduce", "increase"):
            self.only_you(who, "makes that change", at)
            return [self.change_effect(b, what, data["changed"], data["by"], at)]
        if what == "alter_drink":
            by = data["by"]
            if self.kind == "drink" and data["ref"] in ("this", "the") and data.get("gets"):
                return self.own_alcohol(b, by, at)
            if isinstance(by, str):
                raise Unreadable("how much the Drink changes: a number", at)
            self.answers_drink(b)
            return [_OPS["alter_drink"](alcohol=by)]
        if what == "split":
            partner = self.place(b, data["with"])
            if partner != "target":
                raise Unreadable("a Drink is split with one player the card's player picks", at)
            self.answers_drink(b)
            return [_OPS["split_drink"](with_="chosen", rounding=data["rounding"])]
        if what == "pass_drink":
            to = self.place(b, data["to"])
            if to != "target":
                raise Unreadable("a Drink is passed to one player the card's player picks", at)
            self.answers_drink(b)
            return [_OPS["pass_drink"](to="target")]
        if what == "redirect":
            to = self.place(b, data["to"])
            if to != "target":
                raise Unreadable("a loss is redirected to one player the card's player picks", at)
            attr = data["attr"] or (b.loss["attrs"][0] if b.loss and len(b.loss["attrs"]) == 1 else "fortitude")
            b.used_windows.update(w for w in b.windows if w in ("you_would_lose", "card_affects_you"))
            return [_OPS["redirect"](attr=attr, to="target")]
        if what == "bare_amount":
            return self.bare(b, data, at)
        if what == "discard_this":
            self.s_once(b, {"at": at})
            return []
        if what == "chaser":
            if self.kind != "drink":
                raise Unreadable("only a Drink has a Chaser", at)
            b.chaser = True
            return []
        if what == "quoted":
            says = data["says"].strip()
            if not says:
                raise Unreadable("the quoted text is empty", at)
            return [_OPS["unmodelled"](says=says)]
        if what == "structured":
            return [data["effect"]]
        raise Unreadable(f"cannot read {what}", at)

    @staticmethod
    def amount(value, at: int, whole: bool = False):
        if isinstance(value, int) and value < 0:
            raise Unreadable("an amount is 0 or more", at)
        if whole and not isinstance(value, int):
            raise Unreadable("how many: a number", at)
        return value

    @staticmethod
    def only_you(who: str, what: str, at: int) -> None:
        if who not in ("self", "drinker"):
            raise Unreadable(f"only the card's player {what} here", at)

    def own_alcohol(self, b: Binding, amount, at: int) -> list[Effect]:
        if b.alcohol is not None:
            raise Unreadable("a Drink has one Alcohol Content; this text gives a second", at)
        b.alcohol = amount
        return [_OPS["gain"](attr="alcohol", amount=amount, who="drinker")]

    def bare(self, b: Binding, data: dict, at: int) -> list[Effect]:
        amount, attr = data["amount"], data["attr"]
        if self.kind != "drink":
            raise Unreadable(f"'{amount} {_display(attr)}' needs a verb: gain, lose or pay", at)
        if attr == "alcohol":
            return self.own_alcohol(b, amount, at)
        if attr == "fortitude" and isinstance(amount, int):
            op = "gain" if amount >= 0 else "lose"
            return [_OPS[op](attr="fortitude", amount=abs(amount), who="drinker")]
        raise Unreadable(f"'{amount} {_display(attr)}' needs a verb: gain or lose", at)

    def answers_drink(self, b: Binding) -> None:
        b.used_windows.update(w for w in b.windows if w in ("drink_revealed", "you_are_drinking"))

    def answer(self, b: Binding, op: str, data: dict, at: int) -> Effect:
        if not data.get("that") and b.answered is None:
            b.answered = {k: v for k, v in data.items() if v}  # "… The player who played it loses 1 Fortitude."
            b.last = "attacker"
        if data.get("that"):
            answered = b.answered
            if answered is None:
                raise Unreadable("nothing before it names the card this answers; name its kind ('a Sometimes card')",
                                 at)
            b.used_windows.update(b.windows)
            data = answered
        elif b.answered is not None and b.windows and self.fits(data, b.answered):
            b.used_windows.update(b.windows)  # the moment said again: "In response to a Sometimes card. Negate a
            data = {**b.answered, **{k: v for k, v in data.items() if v}}  # Sometimes card."
        what = tuple(data.get("what") or ()) or None
        condition = data.get("condition")
        if op == "negate":
            if condition == "affects_you":
                raise Unreadable("a Negate names the kind of card it Negates, not what it affects", at)
            return _OPS["negate"](what=what, condition=condition)
        if condition == "changes_a_drink":
            raise Unreadable("an Ignore names the kind of card it Ignores or the figures it affects", at)
        return _OPS["ignore"](what=what, if_affects=tuple(data.get("attrs") or ()) or None,
                              condition="played_on_you" if condition == "played_on_you" else None)

    @staticmethod
    def fits(said: dict, window: dict) -> bool:
        """An answer naming the same kinds (or any) and no other condition than the window's."""
        kinds = tuple(said.get("what") or ())
        return (not kinds or not window.get("what") or kinds == tuple(window["what"])) and (
            said.get("condition") in (None, window.get("condition")))

    def change_effect(self, b: Binding, op: str, changed: dict, by, at: int) -> Effect:
        if not isinstance(by, int) or by < 0:
            raise Unreadable(f"{op} by a number of 0 or more", at)
        if "that" in changed and "who" not in changed:
            loss = b.loss
            attr = changed.get("attr")
            if loss is None:
                if attr is None:
                    raise Unreadable(f"which {changed['that']}: no loss or gain was named before it", at)
                who = "self"
            else:
                if attr is None:
                    if len(loss["attrs"]) != 1:
                        raise Unreadable("that change names more than one figure; name the one it changes", at)
                    attr = loss["attrs"][0]
                who = loss["who"]
            b.used_windows.update(w for w in b.windows if w in ("you_would_lose", "you_would_gain",
                                                                 "another_player_would_lose"))
            return _OPS[op](attr=attr, by=by, who=who)
        who = self.selector(b, changed["who"]) if changed.get("who") is not None else "self"
        if who not in ("self", "target"):
            raise Unreadable("a reduction or increase is for one player: you, or one the card picks", at)
        b.used_windows.update(w for w in b.windows if w in ("you_would_lose", "you_would_gain",
                                                             "another_player_would_lose"))
        return _OPS[op](attr=changed["attr"], by=by, who=who)

    # ---------------------------------------------------- the whole card
    def without_restated_rule(self, effects: list, more: set) -> list:
        """"Start a Round of Gambling; everyone antes 1 Gold and you take control": the antes and control are the
        rule of starting a Round (both books, Gambling), said again, not more of them."""
        out = []
        for effect in effects:
            started = any(e.op == "start_round" for e in out)
            if started and (effect.op == "take_control" or effect.op == "ante" and effect.amount == 1
                            and effect.who == "each_player" and id(effect) not in more):
                continue
            if effect.op == "choose_one":
                effect = effect.replace(options=tuple(o._replace(effects=tuple(self.without_restated_rule(
                    list(o.effects), more))) for o in effect.options))
            out.append(effect)
        return out

    def finish(self, b: Binding, effects: list) -> CardPhrase:
        for holder, timed, once, index in b.fronts:
            if not timed:
                raise Unreadable("the card is put in front of a player but nothing says what it does there")
            for position, (when, inner) in enumerate(timed.items()):
                effect = _OPS["in_front"](who=holder, when=when, effects=tuple(inner), once=True if once else None)
                if position == 0:
                    effects[index] = effect
                else:
                    effects.insert(index + position, effect)
        effects = self.without_restated_rule([e for e in effects if e is not None], b.more_antes)
        if not effects and not (self.kind == "drink" and b.alcohol is not None):
            raise Unreadable("the text says nothing the card does")
        if b.picked_unused:
            raise Unreadable("the card picks a player and then does nothing to them")
        answers = {e.op for e in effects} & ANSWER_OPS
        kinds = self.kind
        windows = [w for w in b.windows if w not in b.used_windows]
        if answers and windows:
            if all(w == "round_of_gambling" for w in windows) and all(
                    (e.what or ()) and set(e.what) <= {"gambling", "cheating"} for e in effects if e.op == "negate"):
                windows = []  # a Gambling or Cheating Card is only ever played in a Round
            else:
                raise Unreadable("the moment it is played and what it answers do not fit together: a card that "
                                 "answers another card is played against that card")
        if any(not isinstance(w, str) for w in windows):
            raise Unreadable("the referee cannot hold this card's moment to one kind of card: say it as an "
                             "answer ('Negate …', 'Ignore …') or without the kind")
        if windows and kinds not in ("sometimes", "potion", "extra", "recipe"):
            raise Unreadable(f"only a Sometimes Card says when it is played; {KIND_WORDS.get(kinds, kinds)} Cards "
                             "are played as their kind says")
        if answers and kinds == "action":
            raise Unreadable("an Action Card cannot answer another card: it is played on its own in the Action phase")
        if kinds == "drink":
            self.check_drink(effects)
        if b.chaser and kinds != "drink":
            raise Unreadable("only a Drink has a Chaser")
        named = any(_names_target(e) for e in effects) and kinds != "drink"
        target = (b.target or "other_player") if named else None  # a structured form picks another player
        fortitude = sum(e.amount if e.op == "gain" else -e.amount for e in effects
                        if e.op in ("gain", "lose") and e.attr == "fortitude" and e.who == "drinker"
                        and isinstance(e.amount, int)) if kinds == "drink" else 0
        return CardPhrase(kinds, tuple(effects), b.alcohol, fortitude, b.chaser, target, tuple(windows),
                          b.affects if windows else ())

    @staticmethod
    def check_drink(effects) -> None:
        """A Drink's effects are the drinker's: figures, Gold, draws and discards (drinks.py applies them)."""
        for effect in effects:
            # a split a Drink carries is its built-in split, like Mead's (the revealer picks the partner)
            if effect.op in ("unmodelled", "split_drink"):
                continue
            if effect.op not in DRINK_OPS:
                raise Unreadable("a Drink gives its drinker figures, Gold, card draws and discards; what it says here "
                                 "is not something a Drink does for the referee: put it in quotes for the table")
            if any(getattr(effect, name, None) in ("target", "chosen", "attacker") for name in ("who", "to", "from_")):
                raise Unreadable("a Drink does not pick a player: its drinker takes it (and 'each other player' "
                                 "counts from the drinker)")


def _names_target(effect: Effect) -> bool:
    """Whether the card's player picks someone for this effect (inside a choice other players make, `chosen`
    is the chooser, not a picked player)."""
    for name in ("who", "to", "from_", "with_", "by"):
        if name in effect._attrs and getattr(effect, name) in ("target", "chosen") and not (
                effect.op == "choose_one" and name == "by"):
            return True
    if effect.op == "choose_one" and effect.by is not None:
        return effect.by == "target" or any(getattr(e, name, None) == "target" for o in effect.options for e in o.effects
                   for name in ("who", "to", "from_", "with_"))
    for inner in _inner_effects(effect):
        if _names_target(inner):
            return True
    return False


def _inner_effects(effect: Effect):
    from referee.core.effect_model import nested

    for effects in nested(effect):
        yield from effects


# ------------------------------------------------------------------ reading

@lru_cache(maxsize=4096)  # the result is frozen; writing a card reads its phrase back, often the same one
def parse_card_phrase(typed: str) -> CardPhrase:
    """`KIND: TEXT` -> CardPhrase; raises PhraseError at the first word that cannot be read (or, for a text
    two readings of which differ, naming both)."""
    if len(typed) > MAX_TEXT:
        raise UnboundText(None, 0, f"a card's text is at most {MAX_TEXT} characters; this one has {len(typed)}")
    kind, body, start = take_head(typed)
    if not body.strip():
        raise PhraseError(None, _words_before(typed, len(typed)), "what the card does after its kind")
    offset = _words_before(typed[:start], start)
    prepared = prepare(body, _read_inner_clauses)
    tree = _parse(prepared, "start", offset)
    return _one_meaning(prepared, tree, kind, offset)


@lru_cache(maxsize=4096)
def read_clauses_text(typed: str, default: str = "self", kind: str = "action") -> tuple[Effect, ...]:
    """Clauses alone (the inside of a structured form's {…}), with ``default`` for a clause naming nobody."""
    prepared = prepare(typed, _read_inner_clauses)
    tree = _parse(prepared, "clauses_only")
    meanings = []
    error: Unreadable | None = None
    for reading in readings(tree):
        binder = Binder(kind)
        binding = Binding(kind, default)
        binding.last = default if default not in ("self", "drinker") else None
        try:
            effects = tuple(binder.clauses(binding, Reader(prepared).clauses(_first(reading, "clauses"))))
        except Unreadable as problem:
            error = error or problem
            continue
        if effects not in meanings:
            meanings.append(effects)
    if len(meanings) == 1:
        return meanings[0]
    if not meanings:
        raise _unreadable_error(prepared, error, 0)
    raise PhraseError(None, 0, "one meaning: the clauses can be read in more than one way")


def _read_inner_clauses(text: str) -> tuple[Effect, ...]:
    return read_clauses_text(text)


def _one_meaning(prepared: Prepared, tree, kind: str, offset: int) -> CardPhrase:
    meanings: list[CardPhrase] = []
    error: Unreadable | None = None
    try:
        trees = readings(tree)
    except Unreadable as problem:
        raise _unreadable_error(prepared, problem, offset) from None
    for reading in trees:
        try:
            phrase = Binder(kind).bind(Reader(prepared).body(reading))
        except Unreadable as problem:
            error = error if error is not None and (error.at or 0) >= (problem.at or 0) else problem
            continue
        except EffectError as problem:
            error = error or Unreadable(problem.message)
            continue
        if phrase not in meanings:
            meanings.append(phrase)
    if len(meanings) == 1:
        return meanings[0]
    if not meanings:
        raise _unreadable_error(prepared, error, offset)
    from referee.games.rdi.readback import read_back

    said = " / ".join(f"({n}) {read_back(m)}" for n, m in enumerate(meanings[:3], 1))
    raise AmbiguousText(meanings, f"one meaning; it can be read as {said}. Say it so only one fits")


class AmbiguousText(PhraseError):
    """A text two readings of which mean different things: refused, with the readings."""

    def __init__(self, meanings, expected: str):
        super().__init__(None, 0, expected)
        self.meanings = meanings

    def __str__(self) -> str:
        return f"the text has more than one meaning: {self.expected.split('; ', 1)[1]}"


def _unreadable_error(prepared: Prepared, problem: Unreadable | None, offset: int) -> PhraseError:
    message = problem.message if problem is not None else "a reading"
    at = problem.at if problem is not None and problem.at is not None else None
    if at is None:
        return UnboundText(None, offset, message)
    word = re.match(r"[^\s,.;:]+", prepared.text[at:])
    return UnboundText(_typed_word(prepared, at, len(word.group(0))) if word else None,
                       _words_before(prepared.text, at) + offset, message)


class UnboundText(PhraseError):
    """A text that parses but cannot be bound: its message says why, not what was expected."""

    def __str__(self) -> str:
        where = f"at {self.word!r} (word {self.position + 1})" if self.word is not None else ""
        return f"{where}: {self.expected}" if where else self.expected
