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
from referee.shell import LONGEST_ANNOUNCEMENT, cards_of, playable
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
# The kind of card each verb takes, put first (a reveal takes a Drink: see _card_names).
VERB_KINDS = {"cook": ("recipe",), "sell": ("potion",), "keep": ("potion", "recipe")}
FIT_MARGIN = 15.0  # names fitting within this of the best fit are ordered by whether they can be played now


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


_CARD_KEYS: dict[int, tuple[object, dict[str | None, list]]] = {}


def card_keys(cards, game: str | None) -> list[tuple[str, object]]:
    """(normalised name, card) for a card database's cards of one game, worked out once per database (the
    completer and the highlighter read them on every keystroke)."""
    held = _CARD_KEYS.get(id(cards))
    if held is None or held[0] is not cards:
        if len(_CARD_KEYS) > 8:
            _CARD_KEYS.clear()
        held = _CARD_KEYS[id(cards)] = (cards, {})  # the database is held, so its id is not reused
    by_game = held[1]
    if game not in by_game:
        by_game[game] = [(normalize(c.name), c) for c in cards.cards if game is None or c.game == game]
    return by_game[game]


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

    def _seat(self, text: str) -> int | None:
        """The seat of the player who announces ``text`` (the first word names them, after a `can`)."""
        state = self.session.state
        lowered = re.sub(r"^can\s+", "", text.lower())
        for seat, p in enumerate(state.players if state is not None else ()):
            if lowered.startswith(p.name.lower() + " "):
                return seat
        return None

    def _game(self, hook: str):
        """One of the game's completion hooks (``announcement_verbs``, ``at_table``, ``speaker``), or None."""
        return getattr(self.session.game, hook, None) if self.kind is not None else None

    def _verbs(self, name: str) -> list[str]:
        """What this player may announce: every player's verbs and their own character's, no other's."""
        verbs = self._game("announcement_verbs")
        seat = self.players().index(name)
        return verbs(self.session.state, seat) if verbs is not None else VERBS.get(self.kind or "", [])

    def _players_speaker_first(self) -> list[str]:
        speaker = self._game("speaker")
        first = speaker(self.session.state) if speaker is not None else None
        return sorted(self.players(), key=lambda name: name != first)

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
        if len(text) > LONGEST_ANNOUNCEMENT:
            return  # nothing completes a line longer than any announcement, and scanning it would cost its length
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
        if not done:  # the player most likely to speak first, then the others, then the commands
            yield from self._offer(self._players_speaker_first() + COMMANDS + [a for a in answers if " " not in a],
                                   partial)
        elif first == "can":
            options = {1: self.players(), 2: ["play", "ante"] if self.kind == "tda" else ["play"]}.get(len(done), [])
            yield from self._offer(options, partial)
        elif len(done) == 1 and done[0] in self.players():
            yield from self._offer(self._verbs(done[0]), partial)

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
        """Cards that could be played now first (a play by a player whose deck holds them), then the other cards
        of the decks at this table, then the rest, each marked; by how well they fit what was typed."""
        game = self.kind
        seat = self._seat(text)
        state = self.session.state
        character = getattr(state.players[seat], "character", None) if seat is not None else None
        revealing = re.search(r"\b(?:reveals?|chaser)\b", text, re.I) is not None
        verb = re.search(r"\b(cook|sell|keep)s?\b", text, re.I)
        kinds = VERB_KINDS.get(verb.group(1).lower(), ()) if verb else ("drink", "drink_event") if revealing else ()
        playing = seat is not None and re.search(r"\bplays?\s+\"?[^\"]*$", text, re.I) is not None
        at_table = self._game("at_table")
        typed = partial.lstrip('"')
        # A Giants War strength after the name ("Storm Giant 1") narrows the strengths, not the names.
        digits = re.search(r"(?:^|\s)\d+$", typed) if game == "tda" else None
        query = normalize(typed[: digits.start()] if digits else typed)
        ranked = []
        for key, card in card_keys(cards_of(self.session), game):
            score = card_score(query, key)
            # a reveal turns over a Drink, or a card of the player's own extra deck (a Potion, a Gear Card)
            own = character is not None and card.owner == character \
                and not (revealing and card.deck.endswith("Character Deck"))
            kind = card.type in kinds  # the kind of card the verb takes: a Drink revealed, a Recipe cooked
            if score >= CUTOFF or not query:
                here = at_table is None or at_table(state, card)
                boost = kind or (own and (not kinds or revealing))  # a verb's kind first; else the player's own deck
                ranked.append((not here, -(score + (OWN_DECK_BOOST if boost else 0.0)), card.name, card))
        ranked.sort(key=lambda row: row[:3])
        best = -ranked[0][1] if ranked else 0.0
        shown = []
        seen: set[str] = set()
        for away, rank, name, card in ranked:
            if name not in seen and len(shown) < LIMIT:
                seen.add(name)
                # a play from this player's own hand: the engine says whether it could be played now
                in_hand = playing and game == "rdi" and card.owner in (character, "shared") and card.deck != "Drink Deck"
                tier = 3 if away else (0 if in_hand and self._playable(seat, card) else 1 if in_hand or not playing
                                       else 2)
                # what could be played now comes first among the names that fit what was typed about as well
                shown.append((-rank < best - FIT_MARGIN, tier, card))
        shown.sort(key=lambda row: row[:2])  # stable: within each tier, still by fit
        for _, tier, card in shown:
            mark = {1: " · not now" if playing and game == "rdi" else "", 3: " · not at this table"}.get(tier, "")
            if game == "tda":
                yield from self._with_strengths(card, typed, partial, mark)
            else:
                where = card.owner if card.owner not in ("shared", "unknown") else card.deck
                yield Completion(f'"{card.name}"', start_position=-len(partial), display=card.name,
                                 display_meta=where + mark)

    def _playable(self, seat: int, card) -> bool:
        """Whether the engine would let this player play the card now (a target still to name counts)."""
        return playable(self.session, self.players()[seat], card.name)

    def _with_strengths(self, card, typed: str, partial: str, mark: str = ""):
        """Giants War cards complete with every strength their card list prints."""
        strengths = (card.get("strengths") or card.get("known_strengths")
                     or ([card.get("strength")] if card.get("strength") is not None else []))
        digits = re.search(r"(?:^|\s)(\d+)$", typed)
        for value in strengths:
            if digits and normalize(typed[: digits.start()]) == normalize(card.name) \
                    and not str(value).startswith(digits.group(1)):
                continue
            yield Completion(f"{card.name} {value}", start_position=-len(partial), display_meta=card.type + mark)
        if not strengths:
            yield Completion(card.name, start_position=-len(partial), display_meta=card.type + mark)

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
