"""Answers to the referee's questions, as the table says them.

    Ann chooses dragon stakes     a stakes            Ben pays / Ben gives a card   one of a card's options
    Ann picks Cat                 a tied player       yes / no, Ben declines        an offer or an optional power
    answer Brass Dragon 1         a hidden card       answer 7                      a number
    done                          the table has applied what the referee cannot

A name at the front says who answers; it must be the player asked. An answer takes only what its question
offers: a number it names must be an amount the question asks about (`Ben pays 6` to a 6-gold offer, never
`Ben pays 5`), and a player it names must be one the question is about; an option or a tied player may be
picked by its number alone (`Ben picks 2`).
"""

from __future__ import annotations

import re

from referee.core.carddb import CardDB
from referee.core.parse import find_player, is_player
from referee.core.ruling import IllegalPlay, NotUnderstood, RefereeError
from referee.core.text import listed
from referee.games.tda import cardref
from referee.games.tda.state import GameState

YES = {"yes", "y", "pay", "pays", "paid", "accept", "accepts", "ok", "swap", "swaps", "does", "will", "sure", "buy",
       "buys", "agree", "agrees"}
NO = {"no", "n", "decline", "declines", "declined", "pass", "passes", "none", "nobody", "keep", "keeps", "refuse",
      "refuses", "skip", "skips", "not", "don't", "doesn't", "won't"}
DONE = {"done", "ok", "okay", "next", "continue", "applied", "finished", "go on", "that's it", "done applying"}
FILLER = {"chooses", "choose", "picks", "pick", "says", "answers", "answer", "takes", "take", "names", "name", "adds",
          "add", "flips",
          "puts", "put", "selects", "select", "wants", "it's", "its", "it", "is", "was", "discards", "discarded",
          "reveals", "revealed", "the", "a", "an", "card", "to", "in", "into", "on", "odd", "coin", "goes", "from",
          "with", "stakes"}
INDEX = re.compile(r"^(?:(?:option|number|no\.?)\s*|#)?(?P<n>\d+)$", re.I)  # `2`, `option 2`, `#2`


class OffAnswer(IllegalPlay):
    """An answer of the question's kind that names an amount or a player the question does not ask about."""

    code = "answer-off-question"


def speaker(state: GameState, text: str) -> tuple[int | None, str]:
    words = text.split(maxsplit=1)
    if words and is_player(words[0].rstrip(":,"), [p.name for p in state.players]):
        seat = state.seat(find_player(words[0].rstrip(":,"), [p.name for p in state.players]))
        return seat, words[1] if len(words) > 1 else ""
    return None, text


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^\w'#]+", text.lower()) if w]


def _strip_filler(text: str) -> str:
    words = text.split()
    while words and words[0].lower().strip(",:") in FILLER:
        words = words[1:]
    return " ".join(words)


def expected(state: GameState, question: dict) -> str:
    """What would answer ``question``, in the words of the player asked."""
    kind = question.get("kind")
    options = question.get("options") or []
    forms = question.get("forms")
    if forms:
        return listed([f"`{form}`" for form in forms], "or")
    who = question.get("who")
    name = state.name(who) if who is not None else "answer"
    if kind == "player":
        return f"one of {', '.join(str(o) for o in options)} (e.g. `answer NAME`)"
    if kind == "choice":
        return ("one of: " + "; ".join(f"{i + 1}. {o['label']}" for i, o in enumerate(options))
                + f" (`{name} picks 1`)")
    if kind == "card":
        return "a card with its strength (`answer Brass Dragon 1`)" + (", or just its strength"
                                                                         if question.get("number_ok") else "")
    if kind == "flight_card":
        return "a card in a flight (`answer Ben's Silver Dragon 6`)" + (", or `none`" if question.get("optional") else "")
    return {
        "stakes": f"`dragon` or `giant` (e.g. `{name} chooses dragon stakes`)",
        "yesno": "`yes` or `no`",
        "number": "a whole number, 0 or more (`answer 7`)",
        "ante_card": "a card in the ante (`answer Green Dragon 3`)",
        "table": "`done` once the table has applied it (meanwhile `pay`, `steal`, `draw`, `give`, `discard` lines)",
    }.get(kind, "an answer")


def parse(state: GameState, db: CardDB, question: dict, text: str):
    """The answer's value, or a NotUnderstood/IllegalPlay saying what would be accepted."""
    who, rest = speaker(state, text.strip())
    asked = question.get("who")
    if who is not None and asked is not None and who != asked:
        raise IllegalPlay(f"That is {state.name(asked)}'s to answer, not {state.name(who)}'s: {question['text']}",
                          hint=f"Expected {expected(state, question)}.")
    rest = re.sub(r"^answer\s+", "", rest.strip(), flags=re.I).strip().rstrip(".!")
    kind = question.get("kind")
    try:
        value = _parse(state, db, question, rest, kind)
    except RefereeError:
        raise
    except (ValueError, KeyError):
        value = None
    if value is _NOTHING or (value is None and kind not in ("flight_card",)):
        raise NotUnderstood(f"That does not answer the open question: {question['text']}",
                            hint=f"Expected {expected(state, question)}.")
    _check_named(state, question, rest, value)
    return value


_NOTHING = object()


def _parse(state: GameState, db: CardDB, question: dict, rest: str, kind: str):
    words = _words(rest)
    if kind == "table":
        return True if rest.lower() in DONE or (words and words[0] in DONE) else _NOTHING
    if kind == "stakes":
        has_d = any(w.startswith("dragon") for w in words)
        has_g = any(w.startswith("giant") for w in words)
        return "dragon" if has_d and not has_g else "giant" if has_g and not has_d else _NOTHING
    if kind == "yesno":
        if set(words) & NO:
            return False
        if set(words) & YES:
            return True
        return _NOTHING
    if kind == "number":  # a strength or a count: never below 0
        found = cardref.signed_numbers(rest)
        if not found:
            return _NOTHING
        value = found[0]
        allowed = question.get("allowed")
        if value < question.get("min", 0) or (allowed and value not in allowed):
            within = (f"one of the strengths the card list prints ({', '.join(map(str, allowed))})" if allowed
                      else f"a number from {question.get('min', 0)} up")
            raise NotUnderstood(f"{value} does not answer the open question" + (f": {question['text']}" if question.get("text") else "."),
                                hint=f"Expected {within}.")
        return value
    if kind == "player":
        names = question.get("options") or [p.name for p in state.players]
        index = _index(rest, len(names))
        if index is not None:
            return state.seat(names[index])
        for word in words:
            if is_player(word, names):
                return state.seat(find_player(word, names))
        return _NOTHING
    if kind == "choice":
        return _choice(question, rest, words)
    if kind == "card":
        bare = _strip_filler(rest)
        if question.get("place") == "ante":  # `Ann adds Io 13 to the ante`
            bare = re.sub(r"\s+(?:in)?to\s+the\s+ante$", "", bare, flags=re.I)
        if question.get("number_ok") and re.fullmatch(r"\d+", bare):
            return {"card_id": None, "name": None, "strength": int(bare), "side": None}
        typed = cardref.typed_card(state, db, bare, need_side=None)
        return {"card_id": typed.card.id, "name": typed.card.name, "strength": typed.strength, "side": typed.side}
    if kind == "ante_card":
        return ante_card(state, db, question, _strip_filler(rest))
    if kind == "flight_card":
        if set(words) & NO and question.get("optional"):
            return None
        return flight_card(state, db, _strip_filler(rest))
    return _NOTHING


def _index(rest: str, count: int) -> int | None:
    """The option picked by its number alone (`2`, `picks option 2`), counted from 0."""
    found = INDEX.match(_strip_filler(rest))
    if found and 1 <= int(found.group("n")) <= count:
        return int(found.group("n")) - 1
    return None


def _choice(question: dict, rest: str, words: list[str]):
    options = question.get("options") or []
    index = _index(rest, len(options))
    if index is not None:
        return index
    scores = [len(set(words) & set(o.get("words") or [])) for o in options]
    best = max(scores) if scores else 0
    if best > 0 and scores.count(best) == 1:
        return scores.index(best)
    empty = [i for i, o in enumerate(options) if o.get("empty")]
    if len(empty) == 1 and len(options) == 2:
        if set(words) & NO:
            return empty[0]
        if set(words) & YES:
            return 1 - empty[0]
    return _NOTHING


def _check_named(state: GameState, question: dict, rest: str, value) -> None:
    """Refuse an answer that names an amount or a player its question does not ask about."""
    kind = question.get("kind")
    if kind not in ("stakes", "yesno", "choice", "player"):
        return  # a number, a card or `done`: the number is the answer, or the table's own line
    if kind in ("choice", "player") and _index(rest, len(question.get("options") or state.players)) is not None:
        return
    if kind == "choice":
        picked = question["options"][value]
        allowed = picked.get("amounts")
        about = f"the option it picks ({value + 1}) reads: {picked['label']}."
    else:
        allowed = question.get("amounts") or []
        about = (f"the amount asked is {listed([str(a) for a in allowed], 'or')}. {question['text']}" if allowed
                 else f"the question asks for no number. {question['text']}")
    named = cardref.signed_numbers(rest)
    off = [n for n in named if n < 0 or (allowed is not None and n not in allowed)]
    if off:
        raise OffAnswer(f"That answer names {off[0]}, but {about}",
                        hint=f"Expected {expected(state, question)}.")
    people = question.get("people")
    if people is not None:
        names = [p.name for p in state.players]
        exact = {name.lower(): name for name in names}
        strangers = [exact[w] for w in _words(rest) if w in exact and state.seat(exact[w]) not in people]
        if strangers:
            about = listed([state.name(seat) for seat in people])
            raise OffAnswer(f"That answer names {strangers[0]}, but the question is about {about}. "
                            f"{question['text']}", hint=f"Expected {expected(state, question)}.")


def ante_card(state: GameState, db: CardDB, question: dict, text: str):
    name, strength, _ = cardref.split(text)
    card = cardref.lookup(state, db, name)
    found = [p for p in state.ante if p.card_id == card.id and (strength is None or p.strength == strength)]
    if len(found) == 1:
        return {"uid": found[0].uid}
    if len(found) > 1:
        raise NotUnderstood(f"Several {card.name} cards are in the ante: add the strength.",
                            hint=f"e.g. `answer {card.name} {found[0].strength}`.")
    ante = ", ".join(p.label for p in state.ante) or "nothing"
    raise IllegalPlay(f"{card.name}{'' if strength is None else f' {strength}'} is not in the ante (it holds {ante}).",
                      ("tda/glossary/ante-card",))


def flight_card(state: GameState, db: CardDB, text: str):
    owner = None
    match = re.match(r"^(?P<who>[^\s']+)['’]s?\s+(?P<rest>.+)$", text)
    if match and is_player(match.group("who"), [p.name for p in state.players]):
        owner = state.seat(find_player(match.group("who"), [p.name for p in state.players]))
        text = match.group("rest")
    text = re.sub(r"\s+from\s+.*flight\s*$", "", text, flags=re.I)
    name, strength, _ = cardref.split(text)
    card = cardref.lookup(state, db, name)
    found = [(seat, p) for seat, pl in enumerate(state.players) for p in pl.flight
             if p.card_id == card.id and (strength is None or p.strength == strength)
             and (owner is None or seat == owner)]
    if len(found) == 1:
        return {"uid": found[0][1].uid, "seat": found[0][0]}
    if not found:
        raise IllegalPlay(f"No {card.name}{'' if strength is None else f' {strength}'} is in "
                          f"{'any flight' if owner is None else state.name(owner) + chr(39) + 's flight'}.")
    raise NotUnderstood(f"Several flights hold {card.name}: say whose (`Ben's {card.name}`) and its strength.")
