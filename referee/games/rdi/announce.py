"""Parse: the RDI announcement language, a typed line to typed values. Reads the line and the table's names and
cards; changes nothing.

    Kaylin plays "Don't call me cute!" on Serena      Play
    Dee plays "Hawk's eye" on Stacked the deck         Play answering a play waiting on the chain
    Phrenk orders a drink for Kaylin                   Order
    Phrenk reveals Wine with a Chaser                  Reveal (own Drink phase, or when told to drink)
    chaser Light Ale                                   Reveal of the Chaser the referee asked for
    resolve                                            nobody responds further: the top resolves
    Kaylin passes                                      one player declines (step mode)
    Kaylin draws                                       Discard and Draw is done
    end turn                                           the turn passes to the left
    set Kaylin fortitude 12 alcohol 10 gold 3          correct figures to match the table
    can Serena play Poof [on Kaylin]                   a question; changes nothing
    answer 2  (or just 2)                              answer the referee's question
    Dee chooses 2 / Dee chooses "lose 2 Alcohol Content"  the choice the referee waits for (or a Prize)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.core.parse import find_player, find_players, is_player, match_name, split_quoted
from referee.core.ruling import NotUnderstood
from referee.core.suggest import did_you_mean


@dataclass(frozen=True)
class Play:
    player: str
    card: str
    target: str | None = None
    answers: str | None = None  # the waiting play it names (`on CARD`), as the chain names it


@dataclass(frozen=True)
class Discard:
    """`Kaylin discards 1 at random`: the table carries out a discard a card asked for."""

    player: str
    count: int
    at_random: bool = False


@dataclass(frozen=True)
class Order:
    player: str
    target: str


@dataclass(frozen=True)
class Reveal:
    player: str | None
    card: str | None  # None: "Kaylin drinks" with the card not named yet
    target: str | None = None  # a Gear Card's own target: "Wizgille reveals Sorry, loose gear on Eve"
    others: tuple = ()  # further targets: "Wizgille reveals Too much steam! on Kaylin and Phrenk"


@dataclass(frozen=True)
class Split:
    player: str
    partner: str


@dataclass(frozen=True)
class Prize:
    player: str
    verb: str  # "choose" or "use"
    prize: str


@dataclass(frozen=True)
class Choose:
    """`Dee chooses 2`, `Dee chooses "lose 2 Alcohol Content"`: the choice the referee waits for, or, under the
    Prize variant, the Prize for a Round being started. What is pending tells the two apart (engine.choose)."""

    player: str
    text: str
    target: str | None = None  # `Dee chooses 1 on Bob`: the player the chosen option picks


@dataclass(frozen=True)
class AnswerWords:
    """`answer lose 2 Alcohol Content`: a waiting choice answered by the option's words."""

    text: str


@dataclass(frozen=True)
class Atone:
    player: str
    how: str  # "gold" or "fortitude"


@dataclass(frozen=True)
class Sell:
    player: str
    card: str
    buyer: str
    price: int | None = None


@dataclass(frozen=True)
class Keep:
    player: str
    card: str


@dataclass(frozen=True)
class Kitchen:
    player: str
    verb: str  # "prepare", "cook", "smorgasbord"
    card: str = ""
    kind: str | None = None
    spent: tuple = ()  # cook: the Ingredients the table names


@dataclass(frozen=True)
class OttoBox:
    box: str  # "action", "sometimes", "gambling", "cheating"
    text: str


@dataclass(frozen=True)
class Reward:
    player: str
    choice: str  # "gold" or "cards"


@dataclass(frozen=True)
class LeaveRound:
    player: str
    forced: bool


@dataclass(frozen=True)
class Together:
    """Several players answering the same event at once: `Kaylin plays Poof; Phrenk plays Acid Spit Potion`."""

    plays: tuple


@dataclass(frozen=True)
class Learn:
    """`learn "NAME" [for CHARACTER]: PHRASE`: the table teaches the referee a card."""

    name: str
    character: str | None
    phrase: str


@dataclass(frozen=True)
class Resolve:
    pass


@dataclass(frozen=True)
class Pass:
    player: str


@dataclass(frozen=True)
class Draw:
    player: str


@dataclass(frozen=True)
class EndTurn:
    pass


@dataclass(frozen=True)
class Set:
    who: str  # a player's name, or "" for table figures
    fields: tuple[tuple[str, str], ...]  # (field, the value as typed), read by corrections.py


@dataclass(frozen=True)
class Can:
    play: Play


@dataclass(frozen=True)
class Answer:
    value: int


@dataclass(frozen=True)
class Step:
    pass


_PLAY = re.compile(r"^(?P<p>.+?)\s+(?:plays?|casts?|uses?)\s+(?P<rest>.+)$", re.I)
_ORDER = re.compile(r"^(?P<p>.+?)\s+orders?\s+(?:a\s+|an\s+|one\s+)?drinks?\s+(?:for|to|on)\s+(?P<t>.+)$", re.I)
_REVEAL = re.compile(r"^(?P<p>.+?)\s+(?:reveals?|drinks?|flips?)(?:\s+(?P<card>.+))?$", re.I)
_CHASER = re.compile(r"^(?:the\s+)?chaser(?:\s+is)?\s*:?\s+(?P<card>.+)$", re.I)
_SPLIT = re.compile(r"^(?P<p>.+?)\s+splits?\s+(?:.*\s+)?with\s+(?P<t>.+?)\s*$", re.I)
_PRIZE = re.compile(r"^(?P<p>.+?)\s+(?P<verb>uses)\s+(?:the\s+)?(?:prize\s+)?(?P<prize>.+)$", re.I)
_CHOOSE = re.compile(r"^(?P<p>.+?)\s+chooses?\s+(?P<text>.+)$", re.I)
PRIZE_WORDS = re.compile(r"^(?:the\s+)?(?:prize\s+)?", re.I)
_ATONE = re.compile(r"^(?P<p>.+?)\s+(?:(?P<tithe>tithes)|atones?\s+(?:with\s+)?(?:(?:1|one)\s+)?(?P<how>gold|fortitude))\s*$", re.I)
_SELL = re.compile(r"^(?P<p>.+?)\s+sells?\s+(?P<card>.+?)\s+to\s+(?P<t>.+?)(?:\s+for\s+(?P<n>\d+)(?:\s+gold)?)?\s*$", re.I)
_KEEP = re.compile(r"^(?P<p>.+?)\s+keeps?\s+(?P<card>.+)$", re.I)
_PREPARE = re.compile(r"^(?P<p>.+?)\s+(?:prepares|cleaves|puts)\s+(?P<card>.+?)(?:\s+on the cutting board)?(?:\s+as\s+(?P<kind>meat|vegetables|sauce))?\s*$", re.I)
_COOK = re.compile(r"^(?P<p>.+?)\s+cooks?\s+(?P<card>.+)$", re.I)
_SMORG = re.compile(r"^(?P<p>.+?)\s+(?:uses|activates|cooks for)\s+the\s+smorgasbord\s*$", re.I)
_OTTO = re.compile(r"^otto(?:'s)?\s+(?P<box>action|responds?|response|sometimes|gambling|cheating)\s*(?:box)?\s*:?\s*(?P<text>.*)$", re.I)
_REWARD = re.compile(r"^(?P<p>.+?)\s+(?:takes?\s+(?:the\s+|1\s+)?(?P<gold>gold)|draws?\s+(?:2|two)(?:\s+cards)?)\s*$", re.I)
_LEAVE = re.compile(r"^(?P<p>.+?)\s+(?:(?P<forced>is forced out|is forced to leave)|leaves)(?:\s+(?:of\s+)?the\s+round)?\s*$", re.I)
_PASS = re.compile(r"^(?P<p>.+?)\s+(?:pass(?:es)?|declines?|no response)$", re.I)
_DISCARD = re.compile(r"^(?P<p>.+?)\s+discards?\s+(?P<n>\d+|a|an|one)(?:\s+cards?)?(?P<random>\s+at\s+random)?"
                      r"(?:\s+cards?)?\s*$", re.I)
_DRAW = re.compile(r"^(?P<p>.+?)\s+(?:discards? and draws?|draws?|is done drawing)$", re.I)
_CAN = re.compile(r"^can\s+(?P<p>.+?)\s+(?:play|use)\s+(?P<rest>.+?)\s*\??$", re.I)
_TARGET_WORD = re.compile(r"\s+(?:on|at|targeting|against|to)\s+", re.I)
_RESOLVE = {"resolve", "resolves", "ok", "no response", "no responses", "nobody responds", "done"}
_END = {"end turn", "end of turn", "next", "next turn", "end"}


def _cook(player: str, rest: str) -> Kitchen:
    """`Roxana cooks RECIPE [with A and B]`: the Ingredients she spends, when the table names them."""
    recipe, _, spent = rest.strip().partition(" with ")
    named = tuple(n.strip().strip('"“”') for n in re.split(r"\s*(?:,|\band\b|&)\s*", spent) if n.strip())
    return Kitchen(player, "cook", recipe.strip(), None, named)


def _play(player: str, rest: str, names: list[str], plays=()) -> Play:
    """`CARD [on PLAYER] [on PLAY]`: the last `on NAME` whose NAME is a player is the target; one whose NAME is a
    play waiting on the chain (``plays``: (how the chain names it, its card's name) pairs) is the play it
    answers; any other `on …` belongs to the card's name."""
    quoted, after = split_quoted(rest)
    if quoted is not None:
        target = answers = None
        if after:
            words = after.split(maxsplit=1)
            if len(words) == 2 and words[0].lower() in ("on", "at", "targeting", "against", "to"):
                answers = match_name(words[1], plays) if not is_player(words[1], names) else None
                target = None if answers else find_player(words[1], names)
            else:
                raise NotUnderstood(f"After the card name I expected `on PLAYER` or `on` a play waiting on the chain, "
                                    f"not {after!r}.")
        return Play(player, quoted, target, answers)
    # The last "on NAME" whose NAME is a player (names may have several words: "on The Wench").
    for match in reversed(list(_TARGET_WORD.finditer(rest))):
        named = rest[match.end():].strip().rstrip("?").strip()
        if named and '"' not in named and "”" not in named and is_player(named, names):
            return Play(player, rest[:match.start()].strip(), find_player(named, names))
    # Else the last "on NAME" whose NAME is a play waiting on the chain; the card's name may still name a player.
    for match in reversed(list(_TARGET_WORD.finditer(rest))):
        named = rest[match.end():].strip().rstrip("?").strip()
        answers = match_name(named, plays) if named and plays else None
        if answers:
            before = _play(player, rest[:match.start()], names)
            return Play(player, before.card, before.target, answers)
    return Play(player, rest.strip().rstrip("?").strip(), None)


def _choose(player: str, text: str, names: list[str]) -> Choose:
    """The option's number or words, and a player it picks when the text ends `on NAME`."""
    quoted, after = split_quoted(text)
    rest = after if quoted is not None else text
    for match in reversed(list(re.finditer(r"\s+on\s+", " " + rest, re.I))):
        named = (" " + rest)[match.end():].strip()
        if named and is_player(named, names):
            words = quoted if quoted is not None else (" " + rest)[:match.start()].strip()
            return Choose(player, words, find_player(named, names))
    if quoted is not None and after:
        raise NotUnderstood(f"After the option I expected `on PLAYER`, not {after!r}.")
    return Choose(player, quoted if quoted is not None else text.strip())


_SEVERAL = re.compile(r"^(?P<card>.+?)\s+(?:on|at|targeting)\s+(?P<t>[^\"”]+?\s+(?:and|&)\s+.+|[^\"”]+,.+)$", re.I)


def _reveal(player: str, rest: str | None, names: list[str]) -> Reveal:
    if not rest or not rest.strip():
        return Reveal(player, None)
    several = _SEVERAL.match(rest.strip())
    if several:
        quoted, _ = split_quoted(several.group("card"))
        try:
            targets = find_players(several.group("t"), names)
        except Exception:  # not a list of players: read it as a plain card name
            targets = []
        if len(targets) > 1:
            return Reveal(player, quoted or several.group("card").strip(), targets[0], tuple(targets[1:]))
    play = _play(player, rest, names)
    return Reveal(player, play.card, play.target)


def parse(line: str, names: list[str], plays=()):
    """One announcement from one line; ``plays`` are the plays waiting on the chain, (how the chain names each,
    its card's name), which a play may answer by name. Raises NotUnderstood with what would be accepted."""
    text = line.strip()
    if ";" in text:
        parts = [parse(part, names, plays) for part in text.split(";") if part.strip()]
        if len(parts) > 1 and all(isinstance(p, Play) for p in parts):
            return Together(tuple(parts))
        raise NotUnderstood("Only plays can be announced together, separated by `;`: "
                            "`Kaylin plays Poof; Phrenk plays Acid Spit Potion on Kaylin`.")
    if (m := _LEARN.match(text)):
        return _learn(m)
    lowered = text.lower().rstrip(".!")
    if lowered in _RESOLVE:
        return Resolve()
    if lowered in _END or re.fullmatch(r".+\s+ends?\s+(?:(?:his|her|their)\s+)?turn", lowered):
        return EndTurn()
    if lowered == "step":
        return Step()
    if re.fullmatch(r"(?:answer\s+)?-?\d+", lowered):
        return Answer(int(lowered.split()[-1]))
    if (m := re.fullmatch(r"answer\s+(?P<text>.+)", text, re.I | re.S)):
        return AnswerWords(m.group("text").strip())
    if lowered == "set" or lowered.startswith("set "):
        return _parse_set(text[4:], names)
    if (m := _CAN.match(text)):
        return Can(_play(find_player(m.group("p"), names), m.group("rest"), names, plays))
    if (m := _OTTO.match(text)):
        box = m.group("box").lower()
        box = "sometimes" if box.startswith(("respon", "sometimes")) else box
        return OttoBox(box, m.group("text").strip() or "nothing")
    if (m := _CHASER.match(text)):
        return Reveal(None, m.group("card").strip())
    for pattern, build in ((_ORDER, lambda m, p: Order(p, find_player(m.group("t"), names))),
                           (_REWARD, lambda m, p: Reward(p, "gold" if m.group("gold") else "cards")),
                           (_LEAVE, lambda m, p: LeaveRound(p, bool(m.group("forced")))),
                           (_SPLIT, lambda m, p: Split(p, find_player(m.group("t"), names))),
                           (_SELL, lambda m, p: Sell(p, m.group("card").strip(), find_player(m.group("t"), names),
                                                     int(m.group("n")) if m.group("n") else None)),
                           (_KEEP, lambda m, p: Keep(p, m.group("card").strip())),
                           (_SMORG, lambda m, p: Kitchen(p, "smorgasbord")),
                           (_PREPARE, lambda m, p: Kitchen(p, "prepare", m.group("card").strip(),
                                                           (m.group("kind") or "").lower() or None)),
                           (_COOK, lambda m, p: _cook(p, m.group("card"))),
                           (_ATONE, lambda m, p: Atone(p, "gold" if m.group("tithe") else m.group("how").lower())),
                           (_CHOOSE, lambda m, p: _choose(p, m.group("text"), names)),
                           (_PRIZE, lambda m, p: Prize(p, "use", m.group("prize").strip())),
                           (_PASS, lambda m, p: Pass(p)),
                           (_DISCARD, lambda m, p: Discard(p, int(m.group("n")) if m.group("n").isdigit() else 1,
                                                           bool(m.group("random")))),
                           (_DRAW, lambda m, p: Draw(p)),
                           (_PLAY, lambda m, p: _play(p, m.group("rest"), names, plays)),
                           (_REVEAL, lambda m, p: _reveal(p, m.group("card"), names))):
        m = pattern.match(text)
        if m and is_player(m.group("p"), names):
            return build(m, find_player(m.group("p"), names))
    raise NotUnderstood(f"I don't understand {text!r}.", hint=did_you_mean(text, list(names), FORMS))


# Every announcement's shape, most common first ("did you mean" offers the first ones for a player).
FORMS = ["NAME plays CARD", "NAME passes", "NAME orders a drink for NAME", "NAME reveals DRINK", "NAME draws",
         "NAME discards N", "NAME ends turn", "NAME keeps CARD", "NAME sells CARD to NAME", "NAME splits the DRINK with NAME",
         "NAME tithes", "NAME atones gold", "NAME cooks RECIPE", "NAME prepares INGREDIENT", "NAME chooses OPTION",
         "NAME leaves the round", "NAME uses the Smorgasbord", "resolve", "end turn", "step", "answer N", "set NAME gold N",
         "can NAME play CARD", "undo", "redo", "why", "state", "chain", "help", "learn \"NAME\": EFFECTS"]


_LEARN = re.compile(r"""^learn\b\s*(?:["“](?P<q>[^"”]+)["”]|(?P<u>[^:"“]*?))\s*(?:\bfor\s+(?P<c>[^:]+?))?\s*(?::\s*(?P<phrase>.*))?$""",
                    re.IGNORECASE | re.DOTALL)
LEARN_FORM = 'learn "NAME" [for CHARACTER]: KIND: EFFECTS'


def _learn(m: re.Match) -> Learn:
    name = (m.group("q") or m.group("u") or "").strip()
    if not name:
        raise NotUnderstood("`learn` needs the card's name and what it does.",
                            hint=f'`{LEARN_FORM}`, e.g. `learn "Sword of Might": action: another player loses 3 Fortitude`.')
    phrase = (m.group("phrase") or "").strip()
    if not phrase:
        raise NotUnderstood(f"What does {name} do? Say it after a colon.",
                            hint=f'`learn "{name}": KIND: WHAT IT DOES`, the kind as the card prints it, e.g. '
                                 f'`learn "{name}": action: another player loses 2 Fortitude` or '
                                 f'`learn "{name}": drink: 3 Alcohol Content` (see `help learn`).')
    return Learn(name, (m.group("c") or "").strip() or None, phrase)


def _parse_set(text: str, names: list[str]) -> Set:
    from referee.games.rdi.set_words import parse

    return Set(*parse(text, names))
