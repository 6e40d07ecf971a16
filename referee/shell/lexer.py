"""Highlighting as the line is typed: players, cards, verbs, numbers and commands in their colours, and a
word the referee cannot read marked before Enter.

``classify`` is a pure function of the line and what the session knows (its players
and card names), so it is tested without a terminal; ``RefereeLexer`` hands its
fragments to prompt_toolkit line by line.
"""

from __future__ import annotations

import functools
import re

from prompt_toolkit.lexers import Lexer
from prompt_toolkit.styles import Style

from referee.core.text import normalize
from referee.shell import LONGEST_ANNOUNCEMENT, cards_of
from referee.shell.completer import CARD_VERBS, COMMANDS, SET_FIELDS, VERBS, card_keys, card_score
from referee.shell.help import TOPICS

CARD_READABLE = 75.0  # a card span scoring below this against every card is unreadable
FREE_TEXT = re.compile(r"^(?:new|rule|help|otto\S*\s+(?:action|respond\w*|response|sometimes|gambling|cheating)|#)",
                       re.I)  # lines whose words are names, topics or the table's own words
_TOKEN = re.compile(r'"[^"]*"?|“[^”]*”?|-?\d+|[^\s"“;,:]+|[;,:]|\s+')
_CARD_START = re.compile(rf"^(?:{CARD_VERBS}|card|chaser|play|ante)$", re.I)
_CARD_END = {"on", "at", "targeting", "against", "to", "for", "with", "from", "as", ";"}
FILLER = {"a", "an", "the", "of", "on", "to", "for", "with", "and", "at", "from", "as", "is", "in", "drink", "drinks",
          "cards", "card", "gold", "stakes", "turn", "round", "me", "my", "his", "her", "their", "own", "flight",
          "hand", "ante", "yes", "no", "ok", "done", "none", "left", "right", "dragons", "giants", "legendary",
          "meat", "vegetables", "sauce", "smorgasbord", "chaser", "fortitude", "alcohol", "content", "prize", "off",
          "responds", "nothing", "step", "resolve", "next", "end", "ends", "a", "be", "would", "legal", "now"}

STYLE_CLASSES = ("player", "card", "verb", "number", "command", "unknown")
_COMMAND_WORDS = {normalize(c).split()[0] for c in COMMANDS}


@functools.cache
def vocabulary() -> frozenset[str]:
    """Every word of the commands, verbs, `set` fields and help topics (the same for every session)."""
    words = set(FILLER)
    for phrase in COMMANDS + [v for vs in VERBS.values() for v in vs]:
        words.update(normalize(phrase).split())
    for table, player in SET_FIELDS.values():
        for phrase in table + player:
            words.update(normalize(phrase).split())
    for topic in TOPICS:
        words.update(normalize(topic.name).split())
    return frozenset(words)




class Reader:
    """What the session knows, normalised once per line."""

    def __init__(self, session):
        state = session.state
        self.players = {normalize(p.name): p.name for p in state.players} if state is not None else {}
        game = session.game.GAME if session.game is not None and state is not None else None
        self.card_keys = [key for key, _ in card_keys(cards_of(session), game)] if session.cards is not None else []
        choice = getattr(state, "choice", None)  # a choice waiting: its options' words read as well as a card's
        if choice is not None:
            self.card_keys += [normalize(text) for _, words, phrase in choice.options for text in (words, phrase)]
        self.card_words = {w for key in self.card_keys for w in key.split()}
        self.words = vocabulary()
        self._longest = max(map(len, self.card_keys), default=0)
        self._cards: dict[str, bool] = {}  # a line is re-read on every keystroke: each span is scored once

    def is_card(self, text: str) -> bool:
        key = normalize(text)
        if len(self._cards) > 10_000:
            self._cards.clear()
        if key not in self._cards:
            # a span far longer than every card's name fits none of them; scoring it would cost its length
            self._cards[key] = bool(key) and len(key) <= 2 * self._longest + 10 \
                and any(card_score(key, k) >= CARD_READABLE for k in self.card_keys)
        return self._cards[key]

    def is_player(self, word: str) -> bool:
        key = normalize(word)
        return bool(key) and any(name == key or name.startswith(key) for name in self.players)


def classify(line: str, reader: Reader) -> list[tuple[str, str]]:
    """The line as (style class, text) fragments; together they spell the line exactly."""
    tokens = _TOKEN.findall(line)
    free = bool(FREE_TEXT.match(line.strip()))
    out: list[tuple[str, str]] = []
    index = 0
    first = True
    while index < len(tokens):
        token = tokens[index]
        if token.isspace() or token in ",:":
            out.append(("", token))
            index += 1
            continue
        lowered = normalize(token)
        if first and lowered in ("card", "chaser"):
            out.append(("class:command", token))
            index = _card_span(tokens, index + 1, reader, out)
            first = False
            continue
        if first and lowered in _COMMAND_WORDS:
            out.append(("class:command", token))
        elif token.startswith(('"', "“")):
            out.append(("class:card" if reader.is_card(token) or free else "class:unknown", token))
        elif re.fullmatch(r"-?\d+", token):
            out.append(("class:number", token))
        elif token == ";":
            out.append(("", token))
            first = True
            index += 1
            continue
        elif reader.is_player(token) and not _CARD_START.match(token):
            out.append(("class:player", token))
        elif _CARD_START.match(token) and not free:
            out.append(("class:verb", token))
            index = _card_span(tokens, index + 1, reader, out)
            first = False
            continue
        elif lowered in reader.words or lowered in reader.card_words:
            out.append(("class:verb" if lowered in _VERB_WORDS else "", token))
        else:
            out.append(("" if free else "class:unknown", token))
        first = False
        index += 1
    return out


_VERB_WORDS = {w for vs in VERBS.values() for v in vs for w in normalize(v).split()[:1]}


def _next_word(tokens: list[str], index: int) -> str:
    while index < len(tokens) and tokens[index].isspace():
        index += 1
    return tokens[index] if index < len(tokens) else ""


def _card_span(tokens: list[str], index: int, reader: Reader, out: list) -> int:
    """After a card verb: the card's words, as one fragment. Like the parsers, a card runs to the end of the
    line, a `;`, a strength, or a word such as `on` followed by a player (`for the dragons` in Giants War)."""
    while index < len(tokens) and tokens[index].isspace():
        out.append(("", tokens[index]))
        index += 1
    if index < len(tokens) and tokens[index].startswith(('"', "“")):
        out.append(("class:card" if reader.is_card(tokens[index]) else "class:unknown", tokens[index]))
        return index + 1
    start = end = index
    while end < len(tokens):
        token = tokens[end]
        word = normalize(token)
        following = _next_word(tokens, end + 1)
        if token == ";" or re.fullmatch(r"-?\d+", token):
            break
        if word in _CARD_END and (reader.is_player(following) or (word == "for" and normalize(following) == "the")):
            break
        end += 1
    while end > start and tokens[end - 1].isspace():
        end -= 1  # trailing spaces are not part of the card
    span = "".join(tokens[start:end])
    if span:
        out.append(("class:card" if reader.is_card(span) else "class:unknown", span))
    return end


class RefereeLexer(Lexer):
    def __init__(self, session):
        self.session = session

        self._reader: tuple[tuple, Reader] | None = None

    def reader(self) -> Reader:
        """What the session knows, read again only when its state or cards change (not on every keystroke)."""
        session = self.session
        key = (session.state, session.game, session.cards, getattr(session, "cards_in_play", None))
        if self._reader is None or any(a is not b for a, b in zip(self._reader[0], key)):
            self._reader = (key, Reader(session))
        return self._reader[1]

    def lex_document(self, document):
        reader = self.reader()
        lines = document.lines

        def get_line(number: int):
            if number >= len(lines):
                return []
            line = lines[number]
            head, rest = line[:LONGEST_ANNOUNCEMENT], line[LONGEST_ANNOUNCEMENT:]
            return classify(head, reader) + ([("", rest)] if rest else [])

        return get_line


def style(colours: dict, notices: list | None = None) -> Style:
    """The prompt's style from the config's colours; a colour prompt_toolkit cannot read is skipped, with a notice."""
    rules = {}
    for name, value in colours.items():
        key = "bottom-toolbar" if name == "toolbar" else name
        try:
            Style.from_dict({key: value})
        except (ValueError, AssertionError) as error:
            if notices is not None:
                notices.append(f"colours: {name} = {value!r} is not a colour prompt_toolkit reads ({error}); skipped.")
            continue
        rules[key] = value
    rules.setdefault("bottom-toolbar", "noreverse")
    return Style.from_dict(rules)
