"""Tab completion that forgives: fuzzy card names (the announcing player's own deck first), players after
`on`/`with`/`to`/`for` whether the card was quoted or not, `set` figures, `new` options, help topics, and the
strengths a Giants War card list prints.

The completer reads the session (its players and card database) and never changes it.
"""

from __future__ import annotations

import re

from prompt_toolkit.completion import Completer, Completion
from rapidfuzz import fuzz

from referee.core.text import normalize, visible, without_controls
from referee.shell import cards_of
from referee.shell.help import topic_names

COMMANDS = ["new rdi", "new tda", "new --from", "position", "export", "state", "chain", "why", "log", "verbose", "undo", "redo", "card", "rule", "games",
            "resume", "help", "quit", "resolve", "step", "end turn", "set", "can", "answer", "chaser", "score", "done",
            "learn", "serve", "save as"]
VERBS = {
    "rdi": ["plays", "orders a drink for", "reveals", "passes", "draws", "ends turn", "keeps", "sells", "splits the",
            "tithes", "atones gold", "atones fortitude", "cooks", "prepares", "uses the Smorgasbord", "chooses", "uses",
            "takes gold", "draws 2", "leaves the round"],
    "tda": ["antes", "plays", "pays", "steals", "draws", "discards", "gives", "takes", "has", "leads", "chooses",
            "picks", "declines"],
}
SET_FIELDS = {
    # one word each, so the completer can tell a field from its value
    "rdi": (["active", "phase", "ordered", "drunk", "inn", "pot", "deck", "discard", "gambling"],
            ["fortitude", "alcohol", "gold", "piety", "drinkme", "mood", "potion", "potions", "board", "recipe",
             "recipes", "toward", "debuffs", "front", "kept", "prizes"]),
    "tda": (["gambit", "round", "leader", "turn", "dragon stakes", "giant stakes", "deck", "legendary", "discard",
             "pile"], ["hoard", "hand", "hole", "flight", "ante"]),
}
# What follows a `set` field that is not a number.
SET_VALUES = {"phase": ["discard", "action", "order", "drink"], "mood": ["bitey", "loyal", "clumsy", "stalwart"],
              "ordered": ["yes", "no"], "drunk": ["yes", "no"]}
NEW_OPTIONS = {"rdi": ["--rules", "--variant", "--bar-deck", "--prize", "--otto"], "tda": ["--dragons", "--giants", "--long"]}
OPTION_VALUES = {"--rules": ["gii", "rdi3"], "--variant": ["bar-deck", "prize"]}
CARD_VERBS = r"plays?|reveals?|keeps?|cooks?|prepares|antes?|sells?|uses|chooses"
_CARD = re.compile(rf"(?:^(?:card|chaser)|\b(?:{CARD_VERBS}))\s+(?P<partial>\"?[^\"]*)$", re.I)
_TARGET = re.compile(r"(?:\bon|\bwith|\bto|\bfor|\band|,)\s+(?P<partial>[^\s\"]*)$", re.I)
_SIDE = re.compile(r"\b(?:antes?|plays?)\s+.+\s(?P<partial>for(?:\s+\S*)?|f|fo)$", re.I)
_PAID = re.compile(r"\b(?:pays?|gives?)\s+(?P<partial>[^\s\d]*)$", re.I)
CUTOFF = 60.0
LIMIT = 30
OWN_DECK_BOOST = 12.0


def card_score(query: str, key: str) -> float:
    """How well a half-typed, misspelled name fits a card: the better of the whole-string weighted ratio
    and the mean of each typed word's best fit among the card's words (a last word may be a prefix)."""
    if not query:
        return 100.0
    words, key_words = query.split(), key.split()
    total = 0.0
    for index, word in enumerate(words):
        best = max((fuzz.ratio(word, candidate) for candidate in key_words), default=0.0)
        if index == len(words) - 1 and any(c.startswith(word) for c in key_words):
            best = 100.0
        total += best
    return max(total / len(words), fuzz.WRatio(query, key))


class RefereeCompleter(Completer):
    def __init__(self, session):
        self.session = session

    # --- what the session knows -----------------------------------------------------------
    @property
    def kind(self) -> str | None:
        return self.session.game.GAME if self.session.game is not None and self.session.state is not None else None

    def players(self) -> list[str]:
        state = self.session.state
        return [p.name for p in state.players] if state is not None else []

    def _character(self, text: str) -> str | None:
        """The character of the player who announces ``text`` (the first word names them)."""
        state = self.session.state
        lowered = re.sub(r"^can\s+", "", text.lower())
        for p in state.players if state is not None else ():
            if lowered.startswith(p.name.lower() + " "):
                return getattr(p, "character", None)
        return None

    def _cards(self, game: str | None):
        return [c for c in cards_of(self.session).cards if game is None or c.game == game]

    # --- completions ----------------------------------------------------------------------
    def get_completions(self, document, complete_event):
        """What completes the line; a name with control or escape characters (a player's, a card file's) shows
        them as escapes in the menu and types the name without them (the parsers read it the same)."""
        for completion in self._completions(document, complete_event):
            shown, meta = completion.display_text, completion.display_meta_text
            if completion.text.isprintable() and shown.isprintable() and meta.isprintable():
                yield completion
            else:
                yield Completion(without_controls(completion.text), completion.start_position, display=visible(shown),
                                 display_meta=visible(meta), style=completion.style,
                                 selected_style=completion.selected_style)

    def _completions(self, document, complete_event):
        text = document.text_before_cursor
        words = text.split()
        first = words[0].lower() if words else ""
        if first in ("new", "help", "verbose", "set") and (len(words) > 1 or text.endswith(" ")):
            yield from getattr(self, f"_{first}")(text, words)
            return
        answers = self._answers()
        if answers and (first == "answer" or re.match(r"^\S+\s+(?:chooses|picks|answers)\s", text, re.I)):
            partial = "" if text.endswith(" ") else words[-1]
            yield from self._offer(answers, partial)
            return
        if (side := _SIDE.search(text)) and self.kind == "tda":
            yield from self._offer(["for the dragons", "for the giants"], side.group("partial"))
            return
        if (paid := _PAID.search(text)) and self.kind == "tda":
            yield from self._offer(self.players(), paid.group("partial"))
            return
        target = _TARGET.search(text)
        card = _CARD.search(text)
        if target and re.search(rf"\b(?:{CARD_VERBS}|orders?|sells?|splits?)\b", text, re.I):
            players = list(self._offer(self.players(), target.group("partial")))
            yield from players
            if players:  # `on Ka`: a player; `with the dr`: still the card's name
                return
        if card:
            yield from self._card_names(text, card.group("partial"))
            return
        if target:
            return
        partial = "" if text.endswith(" ") else (words[-1] if words else "")
        done = words[:-1] if partial else words
        if not done:
            yield from self._offer(COMMANDS + self.players() + [a for a in answers if " " not in a], partial)
        elif first == "can":
            options = {1: self.players(), 2: ["play", "ante"] if self.kind == "tda" else ["play"]}.get(len(done), [])
            yield from self._offer(options, partial)
        elif len(done) == 1 and done[0] in self.players():
            yield from self._offer(VERBS.get(self.kind or "", []), partial)

    def _answers(self) -> list[str]:
        """Answers to the referee's open question: a Red Dragon Inn choice's numbers and words, or a Giants War
        question's answers by its kind (a Red Dragon Inn amount asked for is a number: nothing to offer)."""
        choice = getattr(self.session.state, "choice", None)
        if choice is not None:
            return [str(i + 1) for i, _, _ in choice.options] + [f'"{w.strip("()")}"' for _, w, _ in choice.options]
        question = getattr(self.session.state, "question", None)
        if not isinstance(question, dict):
            return []
        kind = question.get("kind")
        if kind == "player":
            return [str(o) for o in question.get("options") or []]
        return {"stakes": ["dragon stakes", "giant stakes"], "yesno": ["yes", "no"], "table": ["done"]}.get(kind, [])

    def _offer(self, options, partial: str):
        wanted = partial.lower()
        for option in options:
            if option.lower().startswith(wanted):
                yield Completion(option, start_position=-len(partial))

    def _card_names(self, text: str, partial: str):
        game = self.kind
        character = self._character(text)
        revealing = re.search(r"\b(?:reveals?|chaser)\b", text, re.I) is not None
        typed = partial.lstrip('"')
        # A Giants War strength after the name ("Storm Giant 1") narrows the strengths, not the names.
        digits = re.search(r"(?:^|\s)\d+$", typed) if game == "tda" else None
        query = normalize(typed[: digits.start()] if digits else typed)
        ranked = []
        for card in self._cards(game):
            score = card_score(query, normalize(card.name))
            own = character is not None and card.owner == character
            drink = revealing and card.type in ("drink", "drink_event")
            if score >= CUTOFF or not query:
                ranked.append((score + (OWN_DECK_BOOST if own or drink else 0.0), card))
        ranked.sort(key=lambda pair: (-pair[0], pair[1].name))
        seen: set[str] = set()
        for _, card in ranked[:LIMIT]:
            if card.name in seen:
                continue
            seen.add(card.name)
            if game == "tda":
                yield from self._with_strengths(card, typed, partial)
            else:
                yield Completion(f'"{card.name}"', start_position=-len(partial), display=card.name,
                                 display_meta=card.owner if card.owner not in ("shared", "unknown") else card.deck)

    def _with_strengths(self, card, typed: str, partial: str):
        """Giants War cards complete with every strength their card list prints."""
        strengths = (card.get("strengths") or card.get("known_strengths")
                     or ([card.get("strength")] if card.get("strength") is not None else []))
        digits = re.search(r"(?:^|\s)(\d+)$", typed)
        for value in strengths:
            if digits and normalize(typed[: digits.start()]) == normalize(card.name) \
                    and not str(value).startswith(digits.group(1)):
                continue
            yield Completion(f"{card.name} {value}", start_position=-len(partial), display_meta=card.type)
        if not strengths:
            yield Completion(card.name, start_position=-len(partial), display_meta=card.type)

    # --- commands with their own arguments ------------------------------------------------
    def _new(self, text: str, words: list[str]):
        partial = "" if text.endswith(" ") else words[-1]
        done = words[:-1] if partial else words
        if len(done) == 1:
            yield from self._offer(["rdi", "tda"], partial)
            return
        kind = done[1].lower()
        if done[-1] in OPTION_VALUES:
            yield from self._offer(OPTION_VALUES[done[-1]], partial)
        elif done[-1] == "--prize":
            yield from self._offer([f'"{c.name}"' for c in self._cards("rdi") if c.type == "prize"], partial)
        elif partial.startswith("-"):
            yield from self._offer(NEW_OPTIONS.get(kind, []), partial)
        elif kind == "rdi":
            characters = sorted({c.owner for c in self._cards("rdi") if c.owner not in ("shared", "unknown")})
            yield from self._offer([c for c in characters if " " not in c], partial)

    def _help(self, text: str, words: list[str]):
        partial = text.split(maxsplit=1)[1] if len(words) > 1 else ""
        yield from self._offer(topic_names(), partial)

    def _verbose(self, text: str, words: list[str]):
        yield from self._offer(["on", "off"], "" if text.endswith(" ") else words[-1])

    def _set(self, text: str, words: list[str]):
        table_fields, player_fields = SET_FIELDS.get(self.kind or "", ([], []))
        partial = "" if text.endswith(" ") else words[-1]
        done = words[1:-1] if partial else words[1:]
        if not done:
            yield from self._offer(self.players() + table_fields, partial)
            return
        if done[-1].lower() in SET_VALUES:
            yield from self._offer(SET_VALUES[done[-1].lower()], partial)
            return
        if done[-1].lower() in ("active", "toward", "leader", "turn", "control"):
            yield from self._offer(self.players(), partial)
            return
        fields = player_fields if done[0] in self.players() else table_fields
        expects_figure = len(done) % 2 == (1 if fields is player_fields else 0)
        if expects_figure:
            yield from self._offer(fields, partial)
