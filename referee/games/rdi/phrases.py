"""The Red Dragon Inn's effect phrases, in players' words: `action: another player loses 2 Fortitude`.

A phrase is a card kind, a colon and clauses joined by commas or "and". Each clause reads as a
player says it, or in the structured form every op has (referee/core/phrases.py). Printing a
card picks the players' words where they say exactly the same as the data, and the structured
form otherwise, so a printed phrase always reads back to the identical effects. The grammar,
with examples, is in docs/phrases.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.effect_model import UNKNOWN, Band, Effect, Option, OPS as MODEL
from referee.core.parse import find_card, strip_quotes
from referee.core.phrases import Cursor, PhraseError, quote, read_structured, same_effects, write_structured
from referee.core.ruling import UnknownName
from referee.core.text import listed
from referee.games.rdi.kinds import KIND_WORDS, kind_name, one_of

GAME = "rdi"
_OPS = MODEL[GAME]

HEADS = {
    "action": "action", "sometimes": "sometimes", "anytime": "anytime", "gambling": "gambling",
    "cheating": "cheating", "drink event": "drink_event", "drink": "drink", "potion": "potion", "gear": "gear",
    "recipe": "recipe", "prize": "prize", "wulfric": "wulfric", "special reserve": "special_reserve",
    "dungeon event": "dungeon_event", "extra": "extra",
}
HEAD_WORDS = {kind: words for words, kind in HEADS.items()}

ATTR_WORDS = {"fortitude": "Fortitude", "alcohol": "Alcohol Content", "gold": "Gold"}


def of_kind(text: str, cards, kind: str):
    """The card typed, among cards of ``kind`` (a Prize, a Potion), and None; or, when the name is exactly a
    card of another kind, that card and a refusal saying what it is ("Wine is a Drink Card, not a Prize")."""
    named = cards.lookup(strip_quotes(text), game=GAME)
    if named.how in ("name", "alias") and named.found.type != kind:
        found = named.found
        return found, f"{found.name} is {kind_name(found.type, article=True)}, not {kind_name(kind, article=True)}"
    return find_card(text, cards, GAME, where=lambda c: c.type == kind), None


def card_of_kind(text: str, cards, kind: str):
    """A card of ``kind`` named at setup or in a correction; another kind's card is refused, with the known ones."""
    card, wrong = of_kind(text, cards, kind)
    if wrong:
        known = sorted(c.name for c in cards.cards if c.game == GAME and c.type == kind)
        raise UnknownName(f"{wrong}; the {kind_name(kind, plural=True)} the referee knows: {listed(known)}.")
    return card


# Who an effect points at: the words a player says -> the selector. The first wording is printed.
SUBJECTS = {
    "self": ("you",),
    "target": ("another player", "a player", "target player", "the target"),
    "each_other": ("each other player", "every other player", "all other players"),
    "each_player": ("each player", "every player", "all players", "every player still in the round",
                    "each player still in the round", "everyone"),
    "drinker": ("the drinker",),
    "attacker": ("the attacker", "that player"),
    "chosen": ("a chosen player", "the chosen player", "a player of your choice"),
}
PLACES = {"inn": ("the inn",), "pot": ("the pot",), **SUBJECTS}


@dataclass(frozen=True)
class CardPhrase:
    """What a phrase says of a card: its kind, its effects, and a Drink's figures."""

    kind: str
    effects: tuple
    alcohol: int | None = None  # a Drink's Alcohol Content (None: the phrase does not give it)
    fortitude: int = 0  # a Drink's Fortitude change for the drinker
    chaser: bool = False


# ------------------------------------------------------------------ reading


def _subject(cursor: Cursor, table: dict = SUBJECTS) -> str | None:
    """The longest wording that comes next."""
    best = None
    for selector, wordings in table.items():
        for wording in wordings:
            words = wording.split()
            if all(cursor.low(i) == w for i, w in enumerate(words)) and (best is None or len(words) > best[1]):
                best = (selector, len(words))
    if best is None:
        cursor.fail("who: you, another player, each other player, each player, the drinker, the attacker…")
        return None
    cursor.pos += best[1]
    return best[0]


def _verb(cursor: Cursor, *stems: str) -> str | None:
    for stem in stems:
        if cursor.low() in (stem, stem + "s", stem + "es"):
            cursor.pos += 1
            return stem
    cursor.fail(" or ".join(stems))
    return None


def _attr(cursor: Cursor) -> str | None:
    if cursor.accept("alcohol", "content") or cursor.accept("alcohol"):
        return "alcohol"
    for attr in ("fortitude", "gold"):
        if cursor.accept(attr):
            return attr
    cursor.fail("Fortitude, Alcohol Content or Gold")
    return None


def _attrs(cursor: Cursor) -> tuple[str, ...] | None:
    """`Fortitude`, `Fortitude, Alcohol Content or Gold`; a joiner not followed by a figure is left
    for the next clause."""
    found = []
    while True:
        attr = _attr(cursor)
        if attr is None:
            return tuple(found) or None
        found.append(attr)
        joined = cursor.pos
        if not (cursor.accept(",") or cursor.accept("or") or cursor.accept("and")):
            return tuple(found)
        if cursor.low() not in ("fortitude", "alcohol", "gold"):
            cursor.pos = joined
            return tuple(found)


def _kinds(cursor: Cursor) -> tuple[str, ...] | None:
    """`a card` (None: any), `an Action card`, `an Action, Sometimes or Anytime card`, `a Drink`."""
    if not (cursor.accept("a") or cursor.accept("an")):
        cursor.fail("a or an")
        return None
    if cursor.accept("card"):
        return ()
    found = []
    while True:
        if cursor.accept("drink", "event"):
            found.append("drink_event")
        else:
            kind = next((k for k, w in KIND_WORDS.items() if " " not in w and cursor.accept(w.lower())), None)
            if kind is None:
                cursor.fail("a card kind: Action, Sometimes, Anytime, Gambling, Cheating, Drink, Drink Event, Gear")
                return None
            found.append(kind)
        if cursor.accept("or"):
            continue
        if cursor.low() == "," and _is_kind_word(cursor.low(1)):
            cursor.pos += 1
            continue
        break
    cursor.accept("card") or cursor.accept("cards")
    return tuple(found)


def _is_kind_word(word: str) -> bool:
    return word in {w.split()[0].lower() for w in KIND_WORDS.values()}


def _cards(cursor: Cursor) -> int | None | str:
    """`a card` (count not given) or `N card(s)`; returns "" for `a card`."""
    if cursor.accept("a", "card"):
        return ""
    count = cursor.number()
    if count is None or not (cursor.accept("card") or cursor.accept("cards")):
        cursor.fail("a card or N cards")
        return None
    return count


def _options(cursor: Cursor, default: str) -> tuple[Option, ...] | None:
    """`: ("label": clauses) or (clauses) ...` after `choose one`."""
    cursor.accept(":")
    options = []
    while True:
        if not cursor.accept("("):
            return None
        label = cursor.quoted() if (cursor.peek() or "").startswith('"') else None
        if label is not None and not cursor.accept(":"):
            return None
        effects = read_clauses(cursor, default)
        if not cursor.accept(")"):
            cursor.fail(") or , and another clause")
            raise cursor.error()
        options.append(Option(label, effects))
        if not cursor.accept("or"):
            return tuple(options)


def _clause_with_subject(cursor: Cursor, default: str) -> Effect | None:
    who = cursor.attempt(_subject)
    given = who is not None
    who = who or default
    if (stem := cursor.attempt(lambda c: _verb(c, "gain", "lose"))) is not None:
        amount = cursor.number(unknown=True)
        attr = _attr(cursor) if amount is not None else None
        if attr is None:
            return None
        source = None
        if stem == "gain" and cursor.accept("from"):
            source = _subject(cursor, PLACES)
            if source is None:
                return None
        if stem == "lose":
            return _OPS["lose"](attr=attr, amount=amount, who=who)
        return _OPS["gain"](attr=attr, amount=amount, who=who, from_=source)
    if cursor.attempt(lambda c: _verb(c, "pay")) is not None:
        payee = cursor.attempt(lambda c: _subject(c, PLACES))
        amount = cursor.number(unknown=True)
        if amount is None or not cursor.accept("gold"):
            return None
        return _OPS["pay"](amount=amount, who=who, to=payee)
    if cursor.attempt(lambda c: _verb(c, "ante")) is not None:
        amount = cursor.number(unknown=True)
        if amount is None or not cursor.accept("gold"):
            return None
        return _OPS["ante"](amount=amount, who=who)
    if cursor.attempt(lambda c: _verb(c, "draw")) is not None:
        count = _cards(cursor)
        return None if count is None else _OPS["draw"](count=count or None, who=who)
    if cursor.attempt(lambda c: _verb(c, "discard")) is not None:
        count = _cards(cursor)
        if count is None:
            return None
        return _OPS["discard"](count=count or None, who=who, random=True if cursor.accept("at", "random") else None)
    if cursor.attempt(lambda c: _verb(c, "leave")) is not None and cursor.accept("the", "round"):
        return _OPS["leave_round"](who=who)
    if cursor.attempt(lambda c: _verb(c, "drink")) is not None:
        count = cursor.number(unknown=True)
        if count is None or not (cursor.accept("drink") or cursor.accept("drinks")):
            return None
        source = cursor.accept_any("from their drink me pile", "from the drink deck")
        source = {"from their drink me pile": "drink_me", "from the drink deck": "drink_deck"}.get(source or "")
        return _OPS["drink"](who=who, count=count, source=source)
    if given and who != "self" and cursor.attempt(lambda c: _verb(c, "choose")) is not None:
        # The players named choose, each for themselves: unnamed clauses in the options are the chooser's.
        options = _options(cursor, "chosen") if cursor.accept("one") else None
        return None if options is None else _OPS["choose_one"](options=options, by=who)
    if not given or who == "self":
        if cursor.attempt(lambda c: _verb(c, "take")) is not None and cursor.accept("control"):
            cursor.accept("of", "the", "round")
            return _OPS["take_control"]()
        if cursor.attempt(lambda c: _verb(c, "start")) is not None and cursor.accept("a", "round"):
            cursor.accept("of", "gambling")
            return _OPS["start_round"]()
        if cursor.attempt(lambda c: _verb(c, "win")) is not None and cursor.accept("the", "round"):
            return _OPS["win_round"]()
    return None


def _clause_free(cursor: Cursor, default: str = "self") -> Effect | None:
    if cursor.accept("ignore"):
        what = _kinds(cursor)
        if what is None:
            return None
        affects = None
        if cursor.accept("that", "affects", "your") or cursor.accept("that", "affect", "your"):
            affects = _attrs(cursor)
            if affects is None:
                return None
        return _OPS["ignore"](what=what or None, if_affects=affects)
    if cursor.accept("negate"):
        what = _kinds(cursor)
        if what is None:
            return None
        condition = "changes_a_drink" if cursor.accept("that", "changes", "a", "drink") else None
        return _OPS["negate"](what=what or None, condition=condition)
    if cursor.accept("the", "drink", "gets"):
        change = cursor.number(signed=True)
        if change is None or _attr(cursor) != "alcohol":
            return None
        return _OPS["alter_drink"](alcohol=change)
    if cursor.accept("reduce", "the"):
        attr = _attr(cursor)
        verb = cursor.accept_any("you lose", "you gain") if attr else None
        if verb is None or not cursor.accept("by"):
            return None
        by = cursor.number()
        return None if by is None else _OPS["reduce"](attr=attr, by=by)
    if cursor.accept("order"):
        count = cursor.number()
        if count is None or not cursor.accept("more") or not (cursor.accept("drinks") or cursor.accept("drink")):
            return None
        return _OPS["order_drinks"](count=count)
    if (cursor.peek() or "").startswith('"'):
        return _OPS["unmodelled"](says=cursor.quoted())
    if cursor.accept("split", "the", "drink", "with"):
        partner = "none" if cursor.accept("no", "one") else _subject(cursor)
        rounding = cursor.accept_any("rounding up", "rounding down") if cursor.accept(",") else None
        if partner is None:
            return None
        return _OPS["split_drink"](with_=partner, rounding=rounding.split()[1] if rounding else None)
    if cursor.accept("pass", "the", "drink", "to"):
        who = _subject(cursor)
        return None if who is None else _OPS["pass_drink"](to=who)
    if cursor.accept("redirect", "the"):
        attr = _attr(cursor)
        if attr is None or not cursor.accept("loss", "to"):
            return None
        who = _subject(cursor)
        return None if who is None else _OPS["redirect"](attr=attr, to=who)
    if cursor.accept("take", "the", "pot"):
        return _OPS["take_pot"]()
    if cursor.accept("take", "half", "the", "pot"):
        return _OPS["take_pot"](share="half")
    if cursor.accept("end", "the", "round"):
        to_inn = cursor.accept("with", "the", "pot", "going", "to", "the", "inn")
        return _OPS["end_round"](pot_to="inn" if to_inn else None)
    if cursor.accept("only"):
        what = _kinds(cursor)
        if not what or not cursor.accept("can", "take", "control", "next"):
            return None
        return _OPS["restrict_next_control"](to=what)
    if cursor.accept("choose", "one"):
        options = _options(cursor, default)
        return None if options is None else _OPS["choose_one"](options=options)
    if cursor.accept("by", "piety"):
        cursor.accept(":")
        bands = []
        while True:
            if not cursor.accept("("):
                return None
            low = cursor.number()
            high = cursor.number() if low is not None and cursor.accept("to") else None
            if high is None or not cursor.accept(":"):
                raise cursor.error()
            effects = read_clauses(cursor, default)
            if not cursor.accept(")"):
                raise cursor.error()
            bands.append(Band(low, high, effects))
            if not cursor.accept("or"):
                return _OPS["by_piety"](bands=tuple(bands))
    return None


def read_clause(cursor: Cursor, default: str = "self") -> Effect | None:
    """One clause; ``default`` is who does it when the clause names nobody (a Drink's drinker)."""
    structured = read_structured(cursor, GAME, lambda c: read_clauses(c, default))
    if structured is not None:
        return structured
    for reader in (lambda c: _clause_free(c, default), lambda c: _clause_with_subject(c, default)):
        effect = cursor.attempt(reader)
        if effect is not None:
            return effect
    return None


def read_clauses(cursor: Cursor, default: str = "self") -> tuple[Effect, ...]:
    effects = []
    while True:
        effect = read_clause(cursor, default)
        if effect is None:
            raise cursor.error()
        effects.append(effect)
        if not (cursor.accept(",") or cursor.accept(";") or cursor.accept("and") or cursor.accept("then")):
            return tuple(effects)


def parse_card_phrase(text: str) -> CardPhrase:
    """`KIND: clause, clause…` -> CardPhrase; raises PhraseError at the first word it cannot read."""
    cursor = Cursor(text)
    kind = None
    for words in sorted(HEADS, key=lambda w: -len(w.split())):
        if cursor.accept(*words.split()):
            kind = HEADS[words]
            break
    if kind is None:
        cursor.fail("the card's kind: " + ", ".join(HEADS))
        raise cursor.error()
    if not cursor.accept(":"):
        raise cursor.error()
    alcohol, chaser, effects = None, False, []
    default = "drinker" if kind == "drink" else "self"
    while not cursor.at_end():
        if kind == "drink" and (amount := cursor.attempt(_drink_alcohol)) is not None:
            alcohol = amount
            effects.append(_OPS["gain"](attr="alcohol", amount=amount, who="drinker"))
        elif kind == "drink" and cursor.accept("with", "a", "chaser"):
            chaser = True
        else:
            effect = read_clause(cursor, default)
            if effect is None:
                raise cursor.error()
            effects.append(effect)
        if cursor.at_end():
            break
        if not (cursor.accept(",") or cursor.accept(";") or cursor.accept("and") or cursor.accept("then")):
            cursor.fail(", or and, then another clause")
            raise cursor.error()
    fortitude = sum(e.amount if e.op == "gain" else -e.amount for e in effects
                    if e.op in ("gain", "lose") and e.attr == "fortitude" and e.who == "drinker"
                    and isinstance(e.amount, int))
    return CardPhrase(kind, tuple(effects), alcohol, fortitude if kind == "drink" else 0, chaser)


def _drink_alcohol(cursor: Cursor) -> int | str | None:
    """A Drink's own `N Alcohol Content` (no verb: the drinker gains it)."""
    amount = cursor.number(unknown=True)
    if amount is None or _attr(cursor) != "alcohol":
        return None
    return amount


# ------------------------------------------------------------------ writing


def _say_subject(selector: str) -> str:
    return SUBJECTS[selector][0]


def _s(verb: str, who: str) -> str:
    if who == "self":
        return verb
    return verb + ("es" if verb.endswith(("sh", "ch", "ss")) else "s")


def _amount(value) -> str:
    return "?" if value == UNKNOWN else str(value)


def _natural(effect: Effect, default: str) -> str | None:
    op = effect.op
    who = getattr(effect, "who", None)
    if op in ("take_control", "start_round", "win_round", "ignore", "negate", "alter_drink", "reduce",
              "order_drinks", "unmodelled", "choose_one", "by_piety", "split_drink", "pass_drink", "redirect",
              "take_pot", "end_round", "restrict_next_control"):
        subject = ""  # these read with no one named: the card's player does them
    elif who == default:
        subject = ""
    elif who in SUBJECTS:
        subject = _say_subject(who) + " "
    else:
        return None
    person = who if subject else "self"
    if op in ("gain", "lose") and effect.attr in ATTR_WORDS:
        source, origin = "", getattr(effect, "from_", None)
        if origin is not None:
            if origin not in PLACES:
                return None
            source = f" from {PLACES[origin][0]}"
        return f"{subject}{_s(op, person)} {_amount(effect.amount)} {ATTR_WORDS[effect.attr]}{source}"
    if op == "pay":
        payee = "" if effect.to is None else (PLACES[effect.to][0] + " " if effect.to in PLACES else None)
        return None if payee is None else f"{subject}{_s('pay', person)} {payee}{_amount(effect.amount)} Gold"
    if op == "ante":
        if who == "each_player":
            subject, person = "every player still in the Round ", "each_player"
        return f"{subject}{_s('ante', person)} {_amount(effect.amount)} Gold"
    if op in ("draw", "discard"):
        count = "a card" if effect.count is None else f"{effect.count} card{'s' if effect.count != 1 else ''}"
        tail = " at random" if op == "discard" and effect.random else ""
        return f"{subject}{_s(op, person)} {count}{tail}"
    if op == "leave_round":
        return f"{subject}{_s('leave', person)} the Round"
    if op in ("take_control", "start_round", "win_round"):
        verb = {"take_control": "take control of the Round", "start_round": "start a Round of Gambling",
                "win_round": "win the Round"}[op]
        return "you " + verb
    if op == "ignore":
        tail = ""
        if effect.if_affects:
            attrs = [ATTR_WORDS[a] for a in effect.if_affects]
            tail = " that affects your " + (attrs[0] if len(attrs) == 1 else ", ".join(attrs[:-1]) + " or " + attrs[-1])
        return f"ignore {one_of(effect.what or ())}{tail}"
    if op == "negate":
        tail = " that changes a Drink" if effect.condition == "changes_a_drink" else ""
        return f"negate {one_of(effect.what or ())}{tail}"
    if op == "alter_drink" and isinstance(effect.alcohol, int):
        return f"the Drink gets {effect.alcohol:+d} Alcohol Content"
    if op == "reduce" and effect.attr in ATTR_WORDS:
        verb = "gain" if effect.attr == "alcohol" else "lose"
        return f"reduce the {ATTR_WORDS[effect.attr]} you {verb} by {effect.by}"
    if op == "order_drinks":
        return f"order {effect.count} more Drinks" if effect.count is not None else None
    if op == "unmodelled":
        return quote(effect.says)
    if op == "drink" and effect.condition is None:
        count = _amount(effect.count) if effect.count is not None else None
        source = {None: "", "drink_me": " from their Drink Me! pile", "drink_deck": " from the Drink Deck"}.get(effect.source)
        if count is None or source is None:
            return None
        return f"{subject}{_s('drink', person)} {count} Drink{'s' if count not in ('1',) else ''}{source}"
    if op == "split_drink" and (effect.with_ in SUBJECTS or effect.with_ == "none"):
        partner = "no one" if effect.with_ == "none" else SUBJECTS[effect.with_][0]
        return f"split the Drink with {partner}" + (f", rounding {effect.rounding}" if effect.rounding else "")
    if op == "pass_drink" and effect.to in SUBJECTS:
        return f"pass the Drink to {SUBJECTS[effect.to][0]}"
    if op == "redirect" and effect.attr in ATTR_WORDS and effect.to in SUBJECTS:
        return f"redirect the {ATTR_WORDS[effect.attr]} loss to {SUBJECTS[effect.to][0]}"
    if op == "take_pot" and effect.amount is None and effect.share in (None, "half"):
        return "take half the pot" if effect.share == "half" else "take the pot"
    if op == "end_round":
        return "end the Round" + (" with the pot going to the Inn" if effect.pot_to == "inn" else "")
    if op == "restrict_next_control" and effect.to:
        return f"only {one_of(effect.to)} can take control next"
    if op == "choose_one" and (effect.by is None or effect.by in SUBJECTS and effect.by != "self"):
        chooser = default if effect.by is None else "chosen"
        head = "choose one: " if effect.by is None else f"{_say_subject(effect.by)} chooses one: "
        return head + " or ".join(
            "(" + (quote(o.label) + ": " if o.label is not None else "") + write_clauses(o.effects, chooser) + ")"
            for o in effect.options)
    if op == "by_piety":
        return "by Piety: " + " or ".join(f"({b.low} to {b.high}: {write_clauses(b.effects, default)})"
                                          for b in effect.bands)
    return None


def write_clause(effect: Effect, default: str = "self") -> str:
    """The players' words when they read back to exactly this effect, else the structured form."""
    text = _natural(effect, default)
    if text is not None:
        cursor = Cursor(text)
        try:
            back = read_clause(cursor, default)
        except PhraseError:
            back = None
        if back is not None and cursor.at_end() and same_effects([back], [effect]):
            return text
    return write_structured(effect, lambda effects: write_clauses(effects, default))


def write_clauses(effects, default: str = "self") -> str:
    return ", ".join(write_clause(e, default) for e in effects)


def card_phrase(kind: str, effects, alcohol=None, chaser: bool = False) -> str:
    """The phrase of a card: `KIND: clauses` (a Drink's Alcohol Content and Chaser first)."""
    head = HEAD_WORDS.get(kind, "extra")
    clauses = []
    effects = list(effects)
    if kind == "drink":
        first = effects[0] if effects else None
        if first is not None and first.op == "gain" and first.attr == "alcohol" and first.who == "drinker" \
                and first.amount == alcohol and first.from_ is None:
            clauses.append(f"{_amount(alcohol)} Alcohol Content")
            effects = effects[1:]
        if chaser:
            clauses.append("with a Chaser")
    clauses.extend(write_clause(e, "drinker" if kind == "drink" else "self") for e in effects)
    return f"{head}: " + ", ".join(clauses)
