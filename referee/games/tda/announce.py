"""The Giants War announcement language: what players say, as typed values.

    Ann antes Silver Dragon 6                  Ante
    Ben plays Storm Giant 10                   Play (a mortal adds `for the dragons` / `for the giants`)
    Ann chooses dragon stakes / yes / done     an answer to the referee's open question
    Ben pays Ann 5 · Ben pays 3 to the dragon stakes        Pay
    Ann steals 7 from the giant stakes         Steal
    Ann draws 2 · Ann draws a legendary card   Draw
    Ann discards 1 · Ann discards Silver Dragon 6 from Ben's flight · Ann discards Hill Giant 2 from the ante
    Ben pays Ann 5 more · Ann draws 2 more · Cat gives Dee another card   a further move (`more`, `again`,
                                               `another`), never the one the referee has just made
    Ann gives Ben a card                       Give (hidden card: the hand counts move)
    Ann takes Green Dragon 3 from the ante     TakeAnte (into her hand)
    Ann has 4 cards                            HandSize (the table corrects a hidden count)
    Ben leads                                  Leads (before a round's first card)
    score / end gambit                         Score
    set Ann hoard 30 · set dragon stakes 12 · set deck 40         Set (corrections)
    can Ben play Storm Giant 10                a question; changes nothing
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.core.parse import find_player, is_player
from referee.core.ruling import NotUnderstood
from referee.core.suggest import did_you_mean
from referee.games.tda.cardref import first_negative

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}


@dataclass(frozen=True)
class Ante:
    player: str
    card: str


@dataclass(frozen=True)
class Play:
    player: str
    card: str


@dataclass(frozen=True)
class Pay:
    player: str
    amount: int
    to_player: str | None = None
    to_stakes: str | None = None
    again: bool = False  # `more`, `again`, `another`: a further move, not the one the referee made


@dataclass(frozen=True)
class Steal:
    player: str
    amount: int
    stakes: str
    again: bool = False  # `more`, `again`, `another`: a further move, not the one the referee made


@dataclass(frozen=True)
class Draw:
    player: str
    count: int
    deck: str
    again: bool = False  # `more`, `again`, `another`: a further move, not the one the referee made


@dataclass(frozen=True)
class Discard:
    player: str
    count: int
    again: bool = False  # `more`, `again`, `another`: a further move, not the one the referee made


@dataclass(frozen=True)
class DiscardFlight:
    player: str
    card: str
    owner: str


@dataclass(frozen=True)
class Give:
    player: str
    to: str
    count: int
    again: bool = False  # `more`, `again`, `another`: a further move, not the one the referee made


@dataclass(frozen=True)
class DiscardAnte:
    player: str
    card: str


@dataclass(frozen=True)
class TakeAnte:
    player: str
    card: str


@dataclass(frozen=True)
class HandSize:
    player: str
    count: int


@dataclass(frozen=True)
class Denial:
    """`Ann uses card denial on Ben`: the roleplaying appendix's improved Card Denial ability."""

    player: str
    target: str


@dataclass(frozen=True)
class Leads:
    player: str


@dataclass(frozen=True)
class Score:
    pass


@dataclass(frozen=True)
class Set:
    who: str
    fields: tuple[tuple[str, str], ...]  # (field, the value as typed), read by corrections.py


@dataclass(frozen=True)
class Can:
    player: str
    verb: str  # play or ante
    card: str


SCORE = {"score", "end gambit", "end the gambit", "score the gambit", "score gambit", "end of gambit", "scoring"}
HELP = ("Say e.g. `Ann antes Silver Dragon 6`, `Ben plays Storm Giant 10`, `Cat plays The Thief 7 for the dragons`, "
        "`Ann chooses dragon stakes`, `Ben pays Ann 5`, `Ann steals 7 from the giant stakes`, `Ann draws 2`, "
        "`Ann discards 1`, `Ann gives Ben a card`, `Ann has 4 cards`, `Ben leads`, `score`, `done`, "
        "`set Ann hoard 30`, `can Ben play Storm Giant 10`.")


def split_player(text: str, names: list[str]) -> tuple[str, str] | None:
    """The player named at the start of ``text`` and the rest."""
    lowered = text.lower()
    for name in sorted(names, key=len, reverse=True):
        if lowered == name.lower() or lowered.startswith(name.lower() + " "):
            return name, text[len(name):].strip()
    first, _, rest = text.partition(" ")
    if is_player(first, names):
        return find_player(first, names), rest.strip()
    return None


def count_of(text: str, default: int = 1) -> int:
    for word in re.split(r"\s+", text.lower().strip()):
        if word.isdecimal():
            return int(word)
        if word in NUMBER_WORDS:
            return NUMBER_WORDS[word]
    return default


COUNTED = ("pay", "pays", "steal", "steals", "take", "takes", "draw", "draws", "discard", "discards", "give", "gives",
           "has", "holds")


def _no_negative(player: str, verb: str, tail: str) -> None:
    """A count of cards, an amount of gold or a strength is never below 0: `Ann draws -1` is refused, never read
    as 1."""
    found = first_negative(tail)
    if found:
        other = " (gold that goes the other way is said the other way round)" if verb in ("pay", "pays") else ""
        raise NotUnderstood(f"`{player} {verb} {tail}` names {found.group()}: counts of cards, amounts of gold and "
                            "strengths are never below 0.",
                            hint=f"e.g. `{player} {verb} {tail[:found.start()]}{found.group('n')}{tail[found.end():]}`{other}.")


def _stakes_word(text: str) -> str | None:
    low = text.lower()
    if re.search(r"\bdragons?\b", low) and not re.search(r"\bgiants?\b", low):
        return "dragon"
    if re.search(r"\bgiants?\b", low) and not re.search(r"\bdragons?\b", low):
        return "giant"
    return None


def parse(line: str, names: list[str]):
    text = line.strip().rstrip(".!")
    lowered = text.lower()
    if lowered in SCORE:
        return Score()
    if lowered in ("done", "yes", "no", "ok") or lowered.startswith("answer"):
        raise NotUnderstood("There is no open question to answer.", hint=HELP)
    if lowered == "set" or lowered.startswith("set "):
        return _parse_set(text[4:], names)
    match = re.match(r"^can\s+(?P<rest>.+?)\s*\??$", text, re.I)
    if match:
        found = split_player(match.group("rest"), names)
        if found:
            verb_match = re.match(r"^(?P<verb>play|ante)\s+(?P<card>.+)$", found[1], re.I)
            if verb_match:
                return Can(found[0], verb_match.group("verb").lower(), verb_match.group("card"))
        raise NotUnderstood(f"I don't understand the question {text!r}.",
                            hint="Ask `can Ben play Storm Giant 10` or `can Ann ante Io`.")
    found = split_player(text, names)
    if found is None:
        raise NotUnderstood(f"I don't understand {text!r}: an announcement starts with a player's name.",
                            hint=did_you_mean(text, names, FORMS))
    player, rest = found
    return _player_line(player, rest, names, text)


def _player_line(player: str, rest: str, names: list[str], text: str):
    verb, _, tail = rest.partition(" ")
    verb = verb.lower()
    tail = tail.strip()
    if verb in ("ante", "antes") and tail:
        return Ante(player, tail)
    if verb in ("play", "plays") and tail:
        return Play(player, tail)
    if verb in ("lead", "leads") and not tail:
        return Leads(player)
    denial = re.match(r"^(?:uses?\s+(?:a\s+|the\s+|(?:his|her|their)\s+)?card\s+denial(?:\s+ability)?\s+"
                      r"(?:on|against)\s+|denies\s+)(?P<t>.+)$", rest, re.I)
    if denial:
        return Denial(player, find_player(denial.group("t"), names))
    if verb in COUNTED:
        _no_negative(player, verb, tail)
        tail, again = _again(tail)
    else:
        again = False
    if verb in ("pay", "pays") and tail:
        return _pay(player, tail, names, text, again)
    if verb in ("steal", "steals", "take", "takes", "takes") and tail:
        match = re.match(r"^(?P<n>\d+)(?:\s+gold)?\s+from\s+(?:the\s+)?(?P<s>.+)$", tail, re.I)
        if match and _stakes_word(match.group("s")):
            return Steal(player, int(match.group("n")), _stakes_word(match.group("s")), again)
        match = re.match(r"^(?P<card>.+?)\s+from\s+the\s+ante$", tail, re.I)
        if match:
            return TakeAnte(player, match.group("card"))
    if verb in ("draw", "draws"):
        deck = "legendary" if "legendary" in tail.lower() else "main"
        return Draw(player, count_of(tail), deck, again)
    if verb in ("discard", "discards"):
        match = re.match(r"^(?P<card>.+?)\s+from\s+(?:(?P<o>[^\s']+)['’]s?|his|her|their|my|own)\s+flight$", tail, re.I)
        if match:
            owner = player if match.group("o") is None else find_player(match.group("o"), names)
            return DiscardFlight(player, match.group("card"), owner)
        match = re.match(r"^(?P<card>.+?)\s+from\s+the\s+ante$", tail, re.I)
        if match:
            return DiscardAnte(player, match.group("card"))
        if re.fullmatch(r"(?:(?:\d+|a|an|one|two|three|four|five)\s*)?(?:cards?)?(?:\s+from\s+(?:hand|(?:his|her|their)\s+hand))?",
                        tail.lower()):
            return Discard(player, count_of(tail), again)
    if verb in ("give", "gives") and tail:
        to, _, what = tail.partition(" ")
        return Give(player, find_player(to, names), count_of(what), again)
    if verb in ("has", "holds") and tail:
        match = re.match(r"^(?P<n>\d+)\s+cards?(?:\s+in\s+(?:hand|(?:his|her|their)\s+hand))?$", tail, re.I)
        if match:
            return HandSize(player, int(match.group("n")))
    if verb in ("chooses", "choose", "picks", "pick", "puts", "put", "answers", "says", "declines", "swaps"):
        raise NotUnderstood(f"There is no open question for {player} to answer.", hint=HELP)
    raise NotUnderstood(f"I don't understand {text!r}.", hint=did_you_mean(text, names, FORMS))


# Every announcement's shape, most common first ("did you mean" offers the first ones for a player).
FORMS = ["NAME plays CARD", "NAME antes CARD", "NAME pays NAME N", "NAME steals N from the STAKES", "NAME draws N",
         "NAME discards N", "NAME gives NAME a card", "NAME has N cards", "NAME leads", "NAME chooses STAKES",
         "NAME takes CARD from the ante", "score", "done", "yes", "no", "answer N", "set NAME hoard N",
         "can NAME play CARD", "undo", "redo", "why", "state", "help"]


AGAIN = re.compile(r"\s*\b(?:again|more|extra)\b", re.I)
ANOTHER = re.compile(r"\banother\b", re.I)


def _again(tail: str) -> tuple[str, bool]:
    """The tail without the words that make a line a further move (`2 more`, `again`, `another card`), and
    whether it had them."""
    plain = ANOTHER.sub("a", AGAIN.sub("", tail)).strip()
    return plain, plain != tail.strip()


def _pay(player: str, tail: str, names: list[str], text: str, again: bool = False) -> Pay:
    words = tail.replace(",", " ").split()
    amount = next((int(w) for w in words if w.isdecimal()), None)
    if amount is None:
        raise NotUnderstood(f"How much does {player} pay? e.g. `{player} pays Ann 5` or `{player} pays 3 to the dragon "
                            "stakes`.")
    stakes = _stakes_word(tail) if "stake" in tail.lower() else None
    if stakes:
        return Pay(player, amount, None, stakes, again)
    others = [w for w in words if not w.isdecimal() and w.lower() not in ("to", "gold", "the", "coins")]
    for word in others:
        if is_player(word, names):
            return Pay(player, amount, find_player(word, names), None, again)
    raise NotUnderstood(f"Whom does {player} pay? e.g. `{player} pays Ann {amount}` or `{player} pays {amount} to the "
                        "giant stakes`.")


def _parse_set(text: str, names: list[str]) -> Set:
    from referee.games.tda.corrections import parse

    return Set(*parse(text, names))
