"""The announcement language as a JSGF grammar, built from a session: this table's players, the cards of the
decks at this table (each game's `at_table` hook), each player's own verbs (`announcement_verbs`), and
narrower when the state asks for one thing (a Chaser, an answer).

A recogniser constrained to this language is the design (issue 24): free decoding got 0-43 % of lines right.
The grammar also knows how to turn the words it heard back into the line the table would type.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.voice.lexicon import ascii_word

NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
           "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]
NUMBER_OF = {word: str(i) for i, word in enumerate(NUMBERS)}

# What follows each verb, in JSGF over the rules below; a verb not here that is plain words is said as it is.
RDI_TAILS = {
    "plays": "plays <card> [on <player>]",
    "orders a drink for": "orders a drink for <player>",
    "reveals": "reveals <drink> [with a chaser]",
    "passes": "passes", "draws": "draws", "ends turn": "ends turn", "draws 2": "draws two",
    "splits the": "splits the <drink> with <player>",
    "chooses": "chooses <number>",
    "leaves the round": "leaves the round", "takes gold": "takes gold",
    "keeps": "keeps <card>", "sells": "sells <card> to <player>", "cooks": "cooks <card>",
    "prepares": "prepares <card>",
    "uses": None,  # a Prize Card's use: rare, and its names are long; typed
}
RDI_COMMANDS = ["resolve", "end turn", "step", "undo", "redo", "why", "state", "chain", "answer <number>",
                "chaser <drink>"]
TDA_TAILS = {
    "antes": "antes <card>", "plays": "plays <card>", "pays": "pays <player> <number>",
    "steals": "steals <number> from the <stakes>", "draws": "draws <number>", "discards": "discards <number>",
    "gives": "gives <player> a card", "has": "has <number> cards", "leads": "leads",
    "chooses": "chooses <stakes>", "takes": "takes <card> from the ante",
    "picks": None, "declines": None,
}
TDA_COMMANDS = ["score", "done", "yes", "no", "undo", "redo", "why", "state", "answer <number>"]
ALWAYS = ["undo", "state", "why"]  # whatever the state asks, these stay sayable
CARD_VERBS = {"plays", "antes", "keeps", "sells", "cooks", "prepares", "takes"}
DRINK_VERBS = {"reveals", "chaser", "the"}  # `splits the DRINK`


def spoken(text: str) -> list[str]:
    """The words a name or card is said with: letters folded to ASCII, punctuation dropped, digits as words."""
    text = re.sub(r"[…\-–—/_.,!?;:\"“”()\[\]]", " ", text.replace("’", "'"))
    words = []
    for raw in text.split():
        word = ascii_word(raw)
        if word.isdigit():
            words.extend(NUMBERS[int(word)].split() if int(word) < len(NUMBERS) else list(word))
        elif word:
            words.append(word)
    return words


GARBAGE = "ph_"  # the phone loop's words: a phone each, named so no spoken name can be one


@dataclass
class Grammar:
    rules: dict[str, str]
    body: str
    words: set[str]
    players: dict[tuple[str, ...], str]  # spoken → the name as seated
    cards: dict[tuple[str, ...], str]  # spoken → the line's text for it (quoted in the Red Dragon Inn)
    drinks: dict[tuple[str, ...], str]
    mode: str = "table"  # "table", "chaser", "answer" or "none" (no game)
    key: tuple = field(default=())
    _pattern: re.Pattern | None = field(default=None, repr=False)

    def jsgf(self, chatter: float | None = None) -> str:
        """The grammar; with ``chatter``, a free phone loop beside it, each phone of the loop weighed
        ``chatter``: a likelihood ratio test per phone, so a long line and a short one are held to the same
        standard. The best path goes through the loop where free phones explain the audio better than any
        line by more than that ratio a phone."""
        lines = ["#JSGF V1.0;", "grammar referee;"]
        lines += [f"<{name}> = {text};" for name, text in self.rules.items()]
        if chatter is None:
            lines.append(f"public <line> = {self.body};")
        else:
            from referee.voice.lexicon import PHONES

            # JSGF reads no exponent: the weight is written out in full
            weight = f"{max(chatter, 1e-60):.70f}".rstrip("0")
            lines.append(f"<real> = {self.body};")
            lines.append("<phone> = " + " | ".join(GARBAGE + p.lower() for p in sorted(PHONES)) + ";")
            # JSGF weighs alternatives against each other: going on costs the weight, stopping nothing
            lines.append(f"<loop> = /1/ <phone> | /{weight}/ <phone> <loop>;")
            lines.append("public <line> = <real> | <loop>;")
        return "\n".join(lines) + "\n"

    def complete(self, heard: str) -> bool:
        """Whether the words are a whole line of the grammar (a lattice's n-best holds partial ones too)."""
        if self._pattern is None:
            self._pattern = re.compile(_regex(self.body, self.rules))
        return self._pattern.fullmatch(heard.strip() + " ") is not None

    def line(self, heard: str) -> str:
        """The typed line for the words heard."""
        tokens = heard.split()
        if self.mode == "chaser" and tokens and tokens[0] != "chaser" and tuple(tokens) in self.drinks:
            return "chaser " + self.drinks[tuple(tokens)]
        out, i = [], 0
        while i < len(tokens):
            before = tokens[i - 1] if i else ""
            table = self.cards if before in CARD_VERBS else self.drinks if before in DRINK_VERBS else None
            match = _longest(tokens, i, table) if table is not None else None
            if match is None:
                match = _longest(tokens, i, self.players)
            if match is None and tokens[i] in NUMBER_OF:
                match = (1, NUMBER_OF[tokens[i]])
            if match is None:
                match = (1, tokens[i])
            out.append(match[1])
            i += match[0]
        return " ".join(out)


def _regex(text: str, rules: dict[str, str], depth: int = 0) -> str:
    if depth > 8:
        raise ValueError("the grammar nests too deep")
    out = []
    for token in re.findall(r"<[^>]+>|[\[\]()|]|[^\s\[\]()|<>]+", text):
        if token.startswith("<"):
            inner = rules.get(token[1:-1])
            out.append("(?!)" if inner is None else f"(?:{_regex(inner, rules, depth + 1)})")
        else:
            out.append({"[": "(?:", "]": ")?", "(": "(?:", ")": ")", "|": "|"}.get(token, re.escape(token + " ")))
    return "".join(out)


def _longest(tokens: list[str], start: int, table: dict | None):
    if not table:
        return None
    for end in range(len(tokens), start, -1):
        found = table.get(tuple(tokens[start:end]))
        if found is not None:
            return end - start, found
    return None


def _alternatives(items) -> str:
    return " | ".join(" ".join(words) for words in items) or "<VOID>"


def mode_of(session) -> str:
    state = session.state
    if session.game is None or state is None:
        return "none"
    if any(getattr(entry, "awaiting_chaser", False) for entry in getattr(state, "chain", None) or ()):
        return "chaser"
    if getattr(state, "choice", None) is not None or getattr(state, "question", None):
        return "answer"
    return "table"


def _cards(session, game: str) -> list:
    from referee.shell import cards_of

    at_table = getattr(session.game, "at_table", None)
    return [c for c in cards_of(session).cards if c.game == game and (at_table is None or at_table(session.state, c))]


def _tda_card_forms(card) -> list[tuple[str, str]]:
    """A Giants War card is said with its strength ("Black Dragon five"), as completion types it."""
    strengths = (card.get("strengths") or card.get("known_strengths")
                 or ([card.get("strength")] if card.get("strength") is not None else []))
    return [(f"{card.name} {value}", f"{card.name} {value}") for value in strengths] or [(card.name, card.name)]


def key_of(session) -> tuple:
    """What the grammar depends on: rebuilt when a game starts, a card is learned or the state narrows."""
    from referee.shell import cards_of

    state = session.state
    players = tuple(p.name for p in state.players) if state is not None else ()
    return (session.game.GAME if session.game is not None else None, players, len(cards_of(session).cards),
            mode_of(session), id(cards_of(session)))


def build(session) -> Grammar:
    mode = mode_of(session)
    key = key_of(session)
    if mode == "none":
        body = "help | state | games"
        return Grammar({}, body, set(body.replace("|", " ").split()), {}, {}, {}, mode, key)
    game = session.game.GAME
    state = session.state
    players = {}
    for p in state.players:
        words = tuple(spoken(p.name))
        if words and not getattr(p, "automaton", False):
            players.setdefault(words, p.name)
    cards, drinks = {}, {}
    for card in _cards(session, game):
        forms = _tda_card_forms(card) if game == "tda" else [(card.name, f'"{card.name}"')]
        for name, typed in forms:
            words = tuple(spoken(name))
            if not words:
                continue
            if game == "rdi" and card.type in ("drink", "drink_event"):
                drinks.setdefault(words, card.name)
            elif game == "rdi" and card.type == "prize":
                continue
            else:
                cards.setdefault(words, typed)
    rules = {"player": _alternatives(players), "card": _alternatives(cards), "drink": _alternatives(drinks),
             "number": " | ".join(NUMBERS), "stakes": "dragon stakes | giant stakes"}
    tails = RDI_TAILS if game == "rdi" else TDA_TAILS
    if mode == "chaser":
        body = " | ".join(["chaser <drink>", "<drink>", *ALWAYS])
    elif mode == "answer":
        question = getattr(state, "question", None)
        kind = question.get("kind") if isinstance(question, dict) else None
        answers = {"stakes": "<stakes>", "yesno": "yes | no", "player": "<player>", "table": "done"}.get(kind)
        body = " | ".join(["answer <number>", "<player> chooses <number>", *( [answers] if answers else []),
                           *ALWAYS])
    else:
        lines = []
        announce = getattr(session.game, "announcement_verbs", None)
        for seat, p in enumerate(state.players):
            words = tuple(spoken(p.name))
            if words not in players or players[words] != p.name:
                continue
            verbs = announce(state, seat) if announce is not None else list(tails)
            said = []
            for verb in verbs:
                tail = tails.get(verb, "" if verb not in tails else None)
                if tail == "":
                    tail = " ".join(spoken(verb)) if re.fullmatch(r"[A-Za-z ]+", verb) else None
                if tail:
                    said.append(tail)
            if said:
                others = [w for w in players if w != words]
                if others:  # an order, a split, a sale: another player than the one announcing
                    rules[f"o{seat}"] = _alternatives(others)
                    said = [re.sub(r"(for|with|to) <player>", rf"\1 <o{seat}>", tail) for tail in said]
                rule = f"p{seat}"
                rules[rule] = f"{' '.join(words)} ( {' | '.join(dict.fromkeys(said))} )"
                lines.append(f"<{rule}>")
        body = " | ".join(lines + (RDI_COMMANDS if game == "rdi" else TDA_COMMANDS))
    used = set()
    for text in [body, *rules.values()]:
        used.update(w for w in re.sub(r"<[^>]+>|[()|\[\]]", " ", text).split())
    used.discard("<VOID>")
    return Grammar(rules, body, used, players, cards, drinks, mode, key)
