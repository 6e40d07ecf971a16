"""Cards the table teaches: `learn "NAME": PHRASE`, and what happens when a play names a card the
referee does not hold.

A real character deck has 40 cards and the books print a few, so most names at a real table are
new. A play or reveal never dead-ends on one: a fuzzy match is taken only when it is clearly the
best and a card that player may play; otherwise the referee asks, keeps the announcement waiting,
and plays it once the table has taught the card. The game keeps every table card it used in its
own state (`table_cards`), so a saved game resumes identically whatever happens to the files.
"""

from __future__ import annotations

import json

from referee.core.carddb import Card, CardDB
from referee.core.effect_model import effects_data
from referee.core.learned import TABLE_BOOK, card_id
from referee.core.parse import find_card, strip_quotes
from referee.core.phrases import PhraseError
from referee.core.ruling import ASK, NotUnderstood, Outcome, RefereeError
from referee.core.table import plain
from referee.core.text import normalize
from referee.games.rdi import announce as A
from referee.games.rdi.effects import ed
from referee.games.rdi.legality import may_hold
from referee.games.rdi.phrases import card_phrase, parse_card_phrase
from referee.games.rdi.shared_cards import deck_version, no_deck_named, reads_as, shared_card
from referee.games.rdi.state import GAME, GameState

CLEAR_MATCH = 90  # a fuzzy name this close, and no other card near it, is taken without asking
DRINK_DECK = "Drink Deck"
# The general sections that decide how a card of each kind is played (both core books).
KIND_SECTIONS = {
    "action": "on-your-turn/action", "sometimes": "sometimes-and-anytime-cards",
    "anytime": "sometimes-and-anytime-cards", "gambling": "gambling", "cheating": "gambling",
    "drink": "on-your-turn/drink", "drink_event": "more-drink-rules/drink-events",
}
EXAMPLE = {"action": "another player loses 2 Fortitude", "sometimes": "ignore a card that affects your Fortitude",
           "anytime": "gain 2 Fortitude", "drink": "3 Alcohol Content, lose 1 Fortitude"}


class CardToLearn(RefereeError):
    """A play or reveal names a card the referee cannot tell: the table is asked what it is."""

    code = "ask-learn"

    def __init__(self, message: str, name: str, hint: str):
        super().__init__(message, hint=hint)
        self.name = name


def is_table_card(card: Card) -> bool:
    return card.book == TABLE_BOOK


def learn_form(name: str, kind: str = "action", character: str | None = None) -> str:
    who = f" for {character}" if character else ""
    return f'learn "{name}"{who}: {kind}: {EXAMPLE.get(kind, EXAMPLE["action"])}'


def deck_of(owner: str) -> str:
    """The deck an owner names: "Fiona's deck", or the Drink Deck."""
    return owner if owner == DRINK_DECK else f"{owner}'s deck"


def build_card(name: str, phrase_text: str, owner: str | None) -> dict:
    """A table card from its phrase; raises NotUnderstood at the word the phrase language cannot read."""
    try:
        phrase = parse_card_phrase(phrase_text)
    except PhraseError as error:
        raise NotUnderstood(
            f"I can't read what {name} does, {error}.",
            hint=f'Say it as e.g. `{learn_form(name)}`; anything the phrase language cannot say goes in quotes '
                 f'(`learn "{name}": action: "swap hands with another player"`) and the table applies it with '
                 "`set`. `help learn` has the grammar.") from None
    kind = phrase.kind
    card = {
        "id": card_id(GAME, name), "name": name, "game": GAME, "book": TABLE_BOOK, "type": kind,
        "summary": card_phrase(kind, phrase.effects, phrase.alcohol, phrase.chaser, phrase.window, phrase.affects,
                               phrase.target),
        "phrase": phrase_text, "effects": effects_data(phrase.effects), "count": 1,  # physical copies
        "cites": [f"{book}/{KIND_SECTIONS.get(kind, 'on-your-turn')}" for book in ("gii", "rdi3")],
        **phrase.fields(),  # who the card's player picks, and a Sometimes card's moment
    }
    if kind in ("drink", "drink_event"):
        owner = DRINK_DECK
    if owner:
        card["owner"] = owner
        card["deck"] = deck_of(owner)
    if kind == "drink":
        if isinstance(phrase.alcohol, int):
            card["alcohol"] = phrase.alcohol
        else:
            card["unknown"] = ["alcohol"]
        if phrase.fortitude:
            card["fortitude"] = phrase.fortitude
        if phrase.chaser:
            card["chaser"] = True
        if any(e.op == "split_drink" for e in phrase.effects):
            card["builtin_split"] = True  # like Mead: its revealer may split it
    return card


def understood(card: dict, player: str | None = None) -> str:
    """What the referee understood of a taught card, in plain words (readback.py)."""
    from referee.games.rdi.readback import read_back

    return read_back(parse_card_phrase(card["phrase"]), player) if card.get("phrase") else card["summary"]


class Learning:
    """Engine methods; mixed into referee.games.rdi.engine.Engine."""

    base_cards: CardDB
    cards: CardDB

    def cards_for(self, state: GameState) -> CardDB:
        """The session's cards with this game's table cards over them (cached while they stay the same)."""
        if not state.table_cards:
            return self.base_cards
        key = json.dumps(state.table_cards, sort_keys=True)
        cached = getattr(self, "_overlay", None)
        if cached is None or cached[0] != key:
            self._overlay = (key, self.base_cards.with_cards(state.table_cards.values()))
        return self._overlay[1]

    def learn(self, state: GameState, learn: A.Learn, out: Outcome) -> None:
        if learn.character and normalize(learn.character) in {normalize(p.name) for p in state.players}:
            player = state.players[state.seat(next(p.name for p in state.players
                                                   if normalize(p.name) == normalize(learn.character)))]
            character = player.character or player.name
        else:
            character = learn.character
        card = build_card(learn.name, learn.phrase, character)
        shared = shared_card(self.base_cards, learn.name)
        if shared is not None and reads_as(shared, card):
            out.code = "learned"
            out.say(f"That is the printed {shared.name}: a shared card every deck may hold, so there is nothing to "
                    "learn; it is played as the books give it.")
            return
        if shared is not None:
            if not card.get("owner"):
                raise NotUnderstood(f"{no_deck_named(shared)}.",
                                    hint=f'Name whose deck holds this version: `learn "{shared.name}" for NAME: '
                                         f'{learn.phrase}`.')
            card = deck_version(card, shared)
        existing = state.table_cards.get(card["id"])
        printed = self.base_cards.lookup(learn.name, game=GAME)
        state.table_cards[card["id"]] = card
        self.cards = self.cards_for(state)
        deck = (f" It joins the {card['deck']}." if card.get("deck") == DRINK_DECK else
                f" It joins {card['deck']}." if card.get("deck") else " It joins the deck of the first player who plays it.")
        out.code = "learned"
        waiting = state.waiting_line
        goes_ahead = bool(waiting) and normalize(strip_quotes(state.waiting_card or "")) == normalize(learn.name)
        then = f" Now the waiting announcement goes ahead: {waiting}." if goes_ahead else ""
        if existing is not None:
            out.say(f"{learn.name}: this table's version replaces the one it taught before. As the referee reads it: "
                    f"{understood(card, learn.character)}{deck}{then}")
        elif shared is not None:
            out.say(f"{shared.name}: {card['deck']} holds its own version, in this table's wording; every other deck "
                    f"plays the printed card. As the referee reads it: {understood(card, learn.character)}{then}")
        elif printed.how in ("name", "alias") and not is_table_card(printed.found):
            out.say(f"{learn.name}: the books' card stays as printed; at this table its wording is the table's."
                    f"{deck}{then}")
        else:
            out.say(f"Learned {learn.name}. As the referee reads it: {understood(card, learn.character)}{deck}{then}")
        out.say("A card the table teaches follows the general rules of its kind and effects; its wording comes "
                "from the table, not the books.", ed(state, KIND_SECTIONS.get(card["type"], "on-your-turn")))
        if goes_ahead:
            state.waiting_line = state.waiting_card = None
            self.dispatch(state, self.parse(state, waiting), out)

    def _card(self, text: str, out: Outcome | None = None, seat: int | None = None,
              state: GameState | None = None) -> Card:
        """A card from what was typed. A fuzzy match is taken when clearly the best (and, for a play, a
        card that player may play) and the referee says which card it took; otherwise the table is asked."""
        name = strip_quotes(text)
        match = self.cards.lookup(name, game=GAME)
        if match.how in ("name", "alias"):
            return self._used(match.found, state)
        wanted = normalize(name)
        if match.how == "ambiguous" and any(wanted in {normalize(c.name), *map(normalize, c.aliases)}
                                            for c in match.items):
            find_card(text, self.cards, GAME)  # two printings of this very name: say which, with the candidates
        best = match.items[0] if match.items else None
        clear = (match.how == "fuzzy" and match.scores and match.scores[0] >= CLEAR_MATCH
                 and (len(match.scores) == 1 or match.scores[0] - match.scores[1] >= 8))
        if clear and (seat is None or state is None or may_hold(state.players[seat], best)):
            if out is not None:
                out.say(f"(Taking {text.strip()!r} as {best.name}.)")
            return self._used(best, state)
        close = [c.label for c, score in zip(match.items, match.scores) if score >= 60][:3]
        near = (f" The closest I hold: {' or '.join(chr(34) + c + chr(34) for c in close)}; if the table means one of "
                "those, say it again with that name.") if close else ""
        character = None
        if seat is not None and state is not None:
            character = state.players[seat].character or None
        raise CardToLearn(
            f"I don't hold a card called {name!r}.{near}",
            name,
            hint=f"If it is a card new to the referee, tell me what it does, for example "
                 f"`{learn_form(name, character=None)}` (it joins "
                 f"{character + chr(39) + 's deck' if character else 'the deck of the player who plays it'}); "
                 "the waiting announcement then goes ahead.")

    def _used(self, card: Card, state: GameState | None) -> Card:
        """A card of the user's own folder is copied into the game, so the game resumes as it was played."""
        if state is not None and card.get("_source") == "user" and is_table_card(card) \
                and card.id not in state.table_cards:
            state.table_cards[card.id] = plain({k: v for k, v in card.data.items() if not k.startswith("_")})
        return card

    def note_table_card(self, state: GameState, seat: int, card: Card, out: Outcome) -> None:
        """On a table card's first play: it joins the player's deck if it had none, and the ruling says
        once per game that its wording is the table's."""
        if not is_table_card(card):
            return
        data = state.table_cards.get(card.id)
        if data is not None and not data.get("owner"):
            character = state.players[seat].character or state.players[seat].name
            state.table_cards[card.id] = {**data, "owner": character, "deck": f"{character}'s deck"}
            self.cards = self.cards_for(state)
            out.say(f"{card.name} joins {character}'s deck, the deck of the first player to play it.")
        if card.id not in state.table_noted:
            state.table_noted.append(card.id)
            out.say(f"{card.name}'s wording comes from this table, not from the books; the referee rules it by the "
                    "general rules of its kind and effects.")

    def ask_to_learn(self, state: GameState, error: CardToLearn, line: str) -> tuple[GameState, Outcome]:
        new = state.copy()
        new.waiting_line, new.waiting_card = line, error.name
        out = Outcome(verdict=ASK, code="ask-learn")
        out.say(error.message)
        out.say(error.hint)
        return new, out
