"""The Red Dragon Inn rules engine: apply one announcement to a state, return the new state and a Ruling.

The engine is pure: it copies the state, changes the copy, and returns it with a
Ruling. A refused announcement returns the old state untouched. It never prints.
"""

from __future__ import annotations

import re

from referee.core.carddb import Card, CardDB
from referee.core.ruling import (
    ANSWER,
    ASK,
    OK,
    GameOver,
    IllegalPlay,
    NotUnderstood,
    Outcome,
    RefereeError,
    Ruling,
    Step,
)
from referee.core.text import capitalized, count_of, listed, normalize, sentence
from referee.games.rdi import announce as A
from referee.games.rdi import choices, corrections, gambling, house, last_chance, round_window, variants
from referee.games.rdi import characters as character_rules
from referee.games.rdi.chasers import declared_base
from referee.games.rdi.choosing import Choosing
from referee.games.rdi.citing import REASONS, reason, settle_ruling
from referee.games.rdi.effects import ATTR_NAMES, amount_key, amount_of, ed, flat_effects, named, played_summary
from referee.games.rdi.learning import CardToLearn, Learning, is_table_card
from referee.games.rdi.legality import Checker, timing
from referee.games.rdi.losing import at_risk, risk_text
from referee.games.rdi.phrases import card_of_kind
from referee.games.rdi.resolution import Resolution
from referee.games.rdi.reveals import Reveals
from referee.games.rdi.state import DRINK_DECK_SIZE, GAME, GameState, Player
from referee.games.rdi.table_actions import TableActions
from referee.games.rdi.turns import TurnStructure

EDITIONS = {"gii": "Gambling? I'm In!", "rdi3": "The Red Dragon Inn 3"}
# While a choice waits the engine takes only the chooser's answer, in any of its forms, and `set`; a `can` is
# answered before (it says the choice comes first), and `undo`, `why`, `state` and the views are the session's.
WHILE_CHOOSING = (A.Choose, A.Answer, A.AnswerWords, A.Set)


def starting_gold(count: int) -> int:
    return 8 if count == 2 else 12 if count >= 7 else 10


def new_game(names: list[str], cards: CardDB, rules: str = "gii", bar_deck: int | None = None,
             prizes: list[str] | None = None, otto_factions: list[str] | None = None,
             house: dict | None = None) -> tuple[GameState, Ruling]:
    """Seat the players (clockwise, first to go first) as the books' Getting Started says."""
    if rules not in EDITIONS:
        raise NotUnderstood(f"--rules must be gii or rdi3, not {rules!r}.")
    if len(names) < 2:
        raise NotUnderstood("A game of The Red Dragon Inn needs at least 2 players: `new rdi Phrenk Kaylin ...`.")
    characters = {c.owner.lower(): c.owner for c in cards.cards if c.game == GAME}
    character_rules.check_seats(names)
    players = []
    for raw in names:
        name, _, character = raw.partition("=")
        if name in [p.name for p in players]:
            raise NotUnderstood(f"Two players are called {name!r}; give each a different name.")
        character = character_rules.seat_character(name) or character or characters.get(name.lower(), "")
        character = characters.get(character.lower(), character)
        players.append(Player(name=name, character=character, gold=starting_gold(len(names)),
                              part=character_rules.new_part(character)))
    state = GameState(players=players, rules=rules, house=dict(house or {}))
    out = Outcome()
    character_rules.table_setup(state, otto_factions, out)
    state.drink_deck = DRINK_DECK_SIZE - sum(p.drink_me for p in players)  # one Drink for each Drink Me! pile
    if bar_deck is not None:
        if bar_deck < DRINK_DECK_SIZE:
            raise NotUnderstood(f"The Bar Deck is larger than the 30-card Drink Deck; {bar_deck} cards is too few.")
        state.bar_deck = bar_deck - DRINK_DECK_SIZE
        out.say(f"Bar Deck variant: 30 of the {bar_deck} Drink Cards form the Drink Deck; {state.bar_deck} wait in the "
                "Bar Deck.", variants.BAR)
    if prizes is not None:
        names_found = [card_of_kind(p, cards, "prize").name for p in prizes]
        if len(set(names_found)) != len(names_found):
            raise NotUnderstood("Each Prize in the Inn must be a different card.")
        state.prizes_inn = names_found
        out.say(f"Prize variant: the Inn holds {', '.join(names_found) or 'no Prizes'}.", variants.PRIZE)
    out.say(f"New game of The Red Dragon Inn under the rules of {EDITIONS[rules]}. "
            f"Seats, clockwise: {', '.join(p.name for p in players)}. {players[0].name} goes first.",
            ed(state, "getting-started"))
    out.say(f"Each player has {starting_gold(len(names))} Gold, 20 Fortitude, 0 Alcohol Content and one Drink "
            f"on their Drink Me! pile; {state.drink_deck} cards are left in the Drink Deck."
            + character_rules.starting_gold_note(state), ed(state, "getting-started"))
    for rule_id, chosen in sorted(state.house.items()):
        out.say(f"House rule {rule_id}: {chosen} (where the books are silent; see docs/house-rules.md).")
    for seat, player in enumerate(players):
        character_rules.on_setup(state, seat, out)
    return state, settle_ruling(state, out.ruling(" ".join(["new", GAME, *names])))


def waiting_plays(state: GameState) -> list[tuple[str, str]]:
    """The plays on the chain, top first, each as the chain names it and by its card's name."""
    return [(named(state, e), e.name) for e in reversed(state.chain)]


def _answered(state: GameState, play: A.Play):
    """The chain entry a play names as the one it answers (None when it names none)."""
    if play.answers is None:
        return None
    from referee.core.parse import match_name

    label = match_name(play.answers, waiting_plays(state))
    entry = next((e for e in reversed(state.chain) if named(state, e) == label), None)
    if entry is None:
        raise IllegalPlay(f"{play.answers} is no longer waiting on the chain, so {play.player} cannot answer it.",
                          (ed(state, "other-rules/timing"),), code="not-your-window")
    return entry


def _note(note) -> tuple[str, tuple[str, ...]]:
    """A legality note: text alone, or (text, cites)."""
    return (note[0], tuple(note[1])) if isinstance(note, tuple) else (note, ())


class Engine(TurnStructure, Reveals, Resolution, TableActions, Learning, Choosing):
    """Applies RDI announcements. One per game session; holds the card database."""

    game = GAME

    def __init__(self, cards: CardDB):
        self.base_cards = cards
        self.cards = cards

    def apply(self, state: GameState, line: str) -> tuple[GameState, Ruling]:
        self.cards = self.cards_for(state)
        try:
            announcement = self.parse(state, line)
            if isinstance(announcement, A.Can):
                return state, settle_ruling(state, self.can(state, announcement.play, line))
            if state.choice is not None and not isinstance(announcement, WHILE_CHOOSING):
                raise choices.pending(state)
            last_chance.check(state, announcement)
            new = state.copy()
            out = Outcome()
            self.dispatch(new, announcement, out)
            if not isinstance(announcement, A.Learn):
                new.waiting_line = new.waiting_card = None  # the table went on without teaching the card
            self.close_windows(new, out)
            self.resume_waiting(new, out)
            if not new.chain and not new.over and new.choice is None:
                self.resume_play(new, out)
                self.after_chain_empty(new, out)
                self.pass_ended_turn(new, out)
            if new.choice is not None and new.choice != state.choice:
                out.say(choices.question(new))  # last, where the short ruling shows what the referee asks
            return new, settle_ruling(new, out.ruling(line))
        except CardToLearn as error:
            asked, out = self.ask_to_learn(state, error, line)
            return asked, settle_ruling(asked, out.ruling(line))
        except RefereeError as error:
            return state, settle_ruling(state, error.ruling(line))

    def dispatch(self, state: GameState, announcement, out: Outcome) -> None:
        handlers = {A.Play: self.play, A.Order: self.order, A.Reveal: self.reveal, A.Resolve: self.resolve,
                    A.Pass: self.pass_, A.Draw: self.draw, A.EndTurn: self.end_turn, A.Set: self.set_,
                    A.Answer: self.answer, A.AnswerWords: self.answer_words, A.Choose: self.choose,
                    A.Step: self.step, A.Split: self.split, A.Prize: self.prize,
                    A.Keep: self.keep, A.LeaveRound: self.leave_round, A.Together: self.together,
                    A.Learn: self.learn, A.Discard: self.discard}
        if character_rules.handles(announcement):
            character_rules.announced(state, announcement, out, self)
        else:
            handlers[type(announcement)](state, announcement, out)

    def _printing(self, state: GameState, seat: int, text: str, out: Outcome | None) -> Card:
        """Two cards may share a name (the shared "I don't think so!" and Serena's own): a player plays the
        printing of their own deck unless the table names the shared one (`plays shared NAME`)."""
        shared = re.match(r"^(?:the\s+)?(?:shared|common)\s+(?P<name>.+)$", text.strip(), re.I)
        card = self._card(shared.group("name") if shared else text, out, seat, state)
        decks = {(p.character or p.name).lower() for p in state.players}
        # printings of decks not at this table (another table's version, say) are not in play
        same = [c for c in self._printings(card) if c == card or c.owner.lower() in decks]
        if len(same) < 2:
            return card
        player = state.players[seat]
        # the table's version for this deck (learned, or imported) before a printing of the books
        deck = (player.character or player.name).lower()  # a player with no character has a deck of their own
        owned = sorted((c for c in same if c.owner.lower() == deck), key=lambda c: not is_table_card(c))
        own = owned[0] if owned else None
        chosen = self._used(card if shared or own is None else own, state)
        if out is not None:
            kind = "version, in this table's wording" if own is not None and is_table_card(own) else "printing"
            which = f"{player.name}'s own {kind}" if chosen is own else "the shared printing"
            other = (f"`{player.name} plays shared {card.name}` for the shared one" if chosen is own
                     else "a player's own printing is played when they do not say `shared`")
            out.note(f"Two cards are called {card.name}: this is {which} ({other}).")
        return chosen

    def _printings(self, card: Card) -> list[Card]:
        """Every card of this game with ``card``'s name (normalised once per card database, not per play)."""
        cached = getattr(self, "_by_name", None)
        if cached is None or cached[0] is not self.cards:
            by_name: dict[str, list[Card]] = {}
            for other in self.cards.cards:
                if other.game == GAME:
                    by_name.setdefault(normalize(other.name), []).append(other)
            cached = self._by_name = (self.cards, by_name)
        return cached[1].get(normalize(card.name), [card])

    def _drink_card(self, text: str, out: Outcome | None, state: GameState | None = None) -> tuple[Card, bool]:
        """A revealed Drink; "NAME with a Chaser" that names no card is that Drink declared with a Chaser."""

        base = declared_base(self.cards, text)
        if base is not None:
            return self._used(base, state), True
        return self._card(text, out, state=state), False

    @staticmethod
    def parse(state: GameState, line: str):
        """An announcement, read with the players' names and the plays waiting on the chain, which a play may
        name as the one it answers (`Dee plays Hawk's eye on Stacked the deck`)."""
        return A.parse(line, [p.name for p in state.players], waiting_plays(state))

    def _prepare(self, state: GameState, play: A.Play, out: Outcome | None = None):
        """The card, seat, prepared entry and notes of a play, and the options of the player's own choice
        still open (empty when the game settles it or the card has none)."""
        seat = state.seat(play.player)
        card = self._printing(state, seat, play.card, out)
        target = state.seat(play.target) if play.target else None
        checker = Checker(state, self.cards)
        entry, notes = checker.prepare(seat, card, target, answers=_answered(state, play))
        return card, seat, entry, notes, checker.open_options

    def play(self, state: GameState, play: A.Play, out: Outcome) -> None:
        seat = state.seat(play.player)
        card = self._printing(state, seat, play.card, out)
        self.play_card(state, seat, card, state.seat(play.target) if play.target else None, out,
                       answers=_answered(state, play))

    def play_card(self, state: GameState, seat: int, card: Card, target: int | None, out: Outcome,
                  option: int | None = None, answers=None) -> None:
        """A card played from a hand (or in front of its player). ``option``: the option of the player's own
        choice they took; a choice still open is asked first, and the play waits for it (choices.py)."""
        checker = Checker(state, self.cards)
        entry, notes = checker.prepare(seat, card, target, option, answers)
        if checker.open_options and self._asks_own_choice(state, seat, card, entry, checker.open_options, out):
            return
        name = state.players[seat].name
        if state.last_chance:
            out.say("A last-chance play before anyone is out.", ed(state, "losing-the-game/passing-out"))
        character_rules.card_played(state, seat, card)
        character_rules.marks_play(state, seat, entry, out)
        if entry.card_type == "action":
            state.action_done = True
            state.phase = "action"
        state.chain.append(entry)
        state.next_uid += 1
        if card.get("device"):
            entry.awaiting_gear = True
        if entry.card_type == "action" and gambling.starts_round(card) and state.round is None:
            gambling.open_round(state, seat, out, entry.uid)
        self._say_played(state, seat, card, entry, out, option)
        if entry.open_options:
            house.say(state, house.OWN_CHOICE_TIMING, out)
            out.say(f"{name} says which option of {card.name} they take when it resolves.")
        for note in notes:
            text, cites = _note(note)
            out.say(text, *cites)
        if entry.awaiting_gear:
            out.say(f"{card.name} is a Device: reveal the top Gear Card (`{name} reveals GEAR [on NAME]`). Nobody "
                    "may respond until it is revealed; the Device and its Gear Card are one card.",
                    "rdi3/appendix-a/wizgille/devices-and-gear")
            return
        order = ", ".join(state.players[s].name for s in state.turn_order_from(seat))
        out.say(f"Responses, in turn order from {name}: {order}. `resolve` when nobody responds.",
                ed(state, "other-rules/timing"))
        self._ask_unknown_amount(state, entry, card, out)
        character_rules.joined_chain(state, entry, card, out)

    def _say_played(self, state: GameState, seat: int, card: Card, entry, out: Outcome,
                    option: int | None = None) -> None:
        """"Ann plays X on Bob: what it does", or with the option its player chose, ", choosing (…)"."""
        name = state.players[seat].name
        on = f" on {state.players[entry.target].name}" if entry.target is not None else ""
        answered = state.entry(entry.responds_to) if entry.responds_to is not None else None
        against = f" against {named(state, answered)}" if answered is not None else ""
        own = choices.own_choice(card)
        does = (f", choosing {choices.option_words(own.options[option], name, False)}." if option is not None and own
                else f": {sentence(played_summary(card, state.players[seat]))}")
        out.say(f"{name} plays {card.name}{on}{against}{does}", *self._play_cites(state, entry), see_also=card.cites)
        self.note_table_card(state, seat, card, out)

    def _play_cites(self, state: GameState, entry) -> tuple[str, ...]:
        """A play decides that a card of its kind may be played now: the rule for that kind of card."""
        code = f"play/{entry.card_type}"
        return (reason(state, code),) if code in REASONS else ()

    def _ask_unknown_amount(self, state: GameState, entry, card: Card, out: Outcome, shown: str = "") -> None:
        """An amount the books do not print is asked for when the card is played (or its Gear Card revealed:
        ``shown`` names it); the answer is kept."""
        for effect in flat_effects(card, entry, state):
            op = effect.op
            if op in ("gain", "lose", "pay", "drink") and amount_of(state, card, effect) is None:
                state.question = amount_key(card, effect)
                what = ATTR_NAMES.get(getattr(effect, "attr", None) or "gold", "Gold")
                name = shown or card.name
                asked = (f"how many Drinks {name} makes a player drink" if op == "drink"
                         else f"how much {what} {name} makes a player {op}")
                out.verdict, out.code = ASK, "ask-amount"
                out.say(f"The books do not print {asked}. What does the card show? (`answer N`; the referee keeps "
                        "it for the rest of the game)")
                return

    def together(self, state: GameState, together: A.Together, out: Outcome) -> None:
        """Players answering the same event at once take their plays back and play them again in order:
        Anytime Cards first, then Sometimes Cards, each in turn order from the active player, each one
        resolving whole before the next is played, a Drink it makes someone drink included; like any card
        played, each may be answered before it resolves (both books, Timing). A play that cannot be made now
        is told why and waits for its moment; the others go ahead."""
        if state.over:
            raise GameOver("The game is over" + (f": {state.winner} won." if state.winner else "."))
        for play in together.plays:
            if state.players[state.seat(play.player)].out:
                raise IllegalPlay(f"{play.player} is out of the game, so cannot answer.", (ed(state, "losing-the-game"),))
        order = state.turn_order_from(state.active)

        def key(play: A.Play):
            kind = timing(self._card(play.card))
            return (0 if kind == "anytime" else 1, order.index(state.seat(play.player)))

        ordered = sorted(together.plays, key=key)
        if len(ordered) > 1:
            out.say("Several answers to the same event: " + "; then ".join(f"{p.player}'s {self._card(p.card).name}"
                                                                           for p in ordered)
                    + " (Anytime Cards first, then Sometimes Cards, each in turn order from the active player, "
                      "each resolved before the next).", ed(state, "other-rules/timing/anytime-before-sometimes"))
        played = waiting = 0
        depth = len(state.chain)
        for number, play in enumerate(ordered):
            if state.must_drink or len(state.chain) > depth or state.choice is not None:
                # the play before is on the chain: everyone may answer it, and it resolves whole first
                self._wait_for_play_before(state, ordered[number:], depth, out)
                return
            try:
                self.play(state, play, out)
            except IllegalPlay as error:
                early = error.code == "not-your-window"
                later = " It waits and is played as soon as its moment comes." if early else ""
                out.say(f"{play.player}'s {self._card(play.card).name} is not played now: {error.message}{later}",
                        *error.cites)
                if early:
                    state.early_plays.append([play.player, play.card, play.target, play.answers])
                    waiting += 1
                continue
            played += 1
        if not played and not waiting:
            raise IllegalPlay("None of these answers can be played now; each one's reason is above.",
                              (ed(state, "other-rules/timing"),))

    def _wait_for_play_before(self, state: GameState, plays: list, depth: int, out: Outcome) -> None:
        """The answers after one just played wait until it has resolved whole, a Drink it makes someone drink
        included; meanwhile anyone may answer it, as any card played (both books, Timing)."""
        state.waiting_plays = [[p.player, p.card, p.target, p.answers] for p in plays]
        state.waiting_depth = depth
        names = ", ".join(f"{p.player}'s {self._card(p.card).name}" for p in plays)
        waits = "waits" if len(plays) == 1 else "wait"
        if state.choice is not None:
            until = (f"until {state.players[state.choice.chooser].name} has chosen for {state.choice.card} and it has "
                     "resolved whole")
        elif state.must_drink:
            until = f"until {state.players[state.must_drink[0]].name}'s Drink is drunk: the card before resolves whole first"
        else:
            until = (f"until {state.top.name} has resolved; anyone may answer it first (`resolve` when nobody does)")
        out.say(f"{names} {waits} {until}.", ed(state, "other-rules/timing/anytime-before-sometimes"))

    def resume_waiting(self, state: GameState, out: Outcome) -> None:
        """Play the answers that waited: those announced too early, and those that waited for a Drink."""
        self._play_early(state, out)
        self._play_after_play_before(state, out)

    def _play_early(self, state: GameState, out: Outcome) -> None:
        """An answer announced before the event it answers waits for that event (both books, Timing): it is
        played as soon as it fits, and dropped once nothing is left to resolve and it still does not fit."""
        if not state.early_plays or state.must_drink or state.question or state.choice is not None \
                or any(e.awaiting_chaser or e.awaiting_gear for e in state.chain):
            return
        still: list = []
        for waiting in state.early_plays:
            play = A.Play(*waiting)
            try:
                self._prepare(state.copy(), play)
            except RefereeError:
                still.append(waiting)
                continue
            out.say(f"{play.player}'s {self._card(play.card).name}, announced earlier, fits now and is played.",
                    ed(state, "other-rules/timing"))
            try:
                self.play(state, play, out)
            except RefereeError as error:  # never let a waiting answer refuse the line the table just said
                out.say(f"It is not played after all: {error.message}", *error.cites)
        if still and not state.chain:
            names = " and ".join(f"{p[0]}'s {self._card(p[1]).name}" for p in still)
            out.say(f"{names} {'is' if len(still) == 1 else 'are'} not played: the event "
                    f"{'it' if len(still) == 1 else 'they'} waited for is over and nothing is left to resolve.",
                    ed(state, "other-rules/timing"))
            still = []
        state.early_plays = still

    def _play_after_play_before(self, state: GameState, out: Outcome) -> None:
        """Play the answers that waited for the play before them, once it has resolved whole."""
        if not state.waiting_plays or state.must_drink or state.choice is not None \
                or len(state.chain) > state.waiting_depth \
                or any(e.awaiting_chaser for e in state.chain):
            return
        plays = tuple(A.Play(*p) for p in state.waiting_plays)
        state.waiting_plays = []
        out.say("The play before has resolved whole; the answers that waited are played now.",
                ed(state, "other-rules/timing/anytime-before-sometimes"))
        try:
            self.together(state, A.Together(plays), out)
        except RefereeError as error:
            out.say(f"None of them is played: {error.message}")

    def can(self, state: GameState, play: A.Play, line: str) -> Ruling:
        """Would this play be legal now? Answers yes or no, with the reason; changes nothing."""
        try:
            card, seat, entry, notes, open_options = self._prepare(state.copy(), play)
        except RefereeError as error:
            steps = (Step(f"No. {error.message}", error.cites),) + ((Step(error.hint),) if error.hint else ())
            return Ruling(ANSWER, f"no:{error.code}", f"No. {error.message}", steps, line)
        against = state.entry(entry.responds_to) if entry.responds_to is not None else None
        text = sentence(f"Yes: {play.player} may play {card.name} now"
                        + (f" against {named(state, against, entry)}" if against else ""))
        steps = [Step(text, self._play_cites(state, entry), card.cites)] + [Step(*_note(n)) for n in notes]
        if open_options:
            own = choices.own_choice(card)
            listed_options = " · ".join(f"{i + 1}. {choices.option_words(own.options[i], play.player, False)}"
                                        for i in open_options)
            steps.append(Step(f"Playing it, {play.player} would choose one: {listed_options}."))
        return Ruling(ANSWER, "yes", text, tuple(steps), line)

    # --- the chain -------------------------------------------------------------------------
    def close_windows(self, state: GameState, out: Outcome) -> None:
        """Nothing waits on the chain once its window is over: with no Round of Gambling in progress, a play that
        could act only on a Round is set aside (round_window.py)."""
        round_window.set_aside_round_plays(state, self.cards, out)

    def after_chain_empty(self, state: GameState, out: Outcome) -> None:
        """Passing out and running out of Gold, checked only when nothing is waiting to resolve. A player no
        longer at risk (a card or a correction saved them) is told so, and the last chance closes for them."""
        passing, broke = at_risk(state)
        names = sorted(state.players[s].name for s in passing + broke)
        saved = [name for name in state.last_chance if name not in names] if state.contest is None else []
        if saved:
            figures = [next(f"{p.name} ({p.alcohol} Alcohol Content, {p.fortitude} Fortitude, {p.gold} Gold)"
                            for p in state.players if p.name == name) for name in saved]
            out.say(f"{listed(figures)} {'is' if len(saved) == 1 else 'are'} no longer about to lose: the last chance "
                    "is over for them and they stay in the game" + ("." if names else "; play goes on."),
                    ed(state, "losing-the-game/passing-out"))
        if not names:
            state.last_chance = []
            return
        if state.last_chance == names:
            return
        state.last_chance = names
        out.verdict = ASK if out.verdict == OK else out.verdict
        out.code = "last-chance"
        out.say(f"{risk_text(state)}. Nothing is waiting to resolve, so this is the last chance to play Sometimes "
                "or Anytime Cards, to rescue themselves or strike at others; `resolve` when nobody does.",
                ed(state, "losing-the-game/passing-out"))

    def discard(self, state: GameState, discard: A.Discard, out: Outcome) -> None:
        """Hands are hidden: a discard a card asked for is noted, and the table carries it out."""
        if state.players[state.seat(discard.player)].out:
            raise IllegalPlay(f"{discard.player} is out of the game.", (ed(state, "losing-the-game"),))
        out.code = "discard"
        if character_rules.asked_to_discard(state, state.seat(discard.player), "the table's discard", out):
            return
        seat = state.seat(discard.player)
        how = " at random" if discard.at_random else ""
        owed = next((o for o in state.owed_discards if o["seat"] == seat), None)
        if owed is not None:
            count, at_random, source, section = owed["count"], owed["random"], owed["source"], owed["section"]
            if discard.count != count or bool(discard.at_random) != at_random:
                form = f"{discard.player} discards {count}" + (" at random" if at_random else "")
                said = f"{count_of(discard.count, 'card')}{how or (' of their choice' if at_random else '')}"
                raise IllegalPlay(capitalized(f"{source} makes {discard.player} discard {count_of(count, 'card')}"
                                              f"{' at random' if at_random else ''}, not {said}."),
                                  (section,) if section else (), hint=f"`{form}`.")
            state.owed_discards.remove(owed)
            out.say(f"{discard.player} discards {count_of(count, 'card')}{how} from their hand, for {source}, as the "
                    "table does it (the referee does not see hands).", *((section,) if section else ()))
            return
        owing = [state.players[o["seat"]].name for o in state.owed_discards]
        why = f" nothing makes them discard now (only {listed(owing)} owes a discard)" if owing else ""
        out.say(f"{discard.player} discards {count_of(discard.count, 'card')}{how} from their hand, as the table says "
                f"(the referee does not see hands){';' + why if why else ''}.")

    def set_(self, state: GameState, set_: A.Set, out: Outcome) -> None:
        corrections.apply(state, set_.who, set_.fields, self.cards, out)
