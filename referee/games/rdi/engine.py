"""The Red Dragon Inn rules engine: apply one announcement to a state, return the new state and a Ruling.

The engine is pure: it copies the state, changes the copy, and returns it with a
Ruling. A refused announcement returns the old state untouched. It never prints.
"""

from __future__ import annotations

from referee.core import chain
from referee.core.carddb import Card, CardDB
from referee.core.parse import find_card, strip_quotes
from referee.core.text import sentence
from referee.core.ruling import (ANSWER, ASK, GameOver, IllegalPlay, NotUnderstood, OK, Outcome,
                                 RefereeError, Ruling, Step)
from referee.games.rdi import announce as A
from referee.games.rdi import contest, gambling, splitting, variants
from referee.games.rdi.characters import after_card, end_of_turn, kaylin, otto, phrenk, roxana, serena
from referee.games.rdi.drinks import add_chaser, resolve_drink, start_drink, take_from_deck
from referee.games.rdi.effects import apply_card_effects, clamp_change, ed, seats_for
from referee.games.rdi.legality import Checker, timing
from referee.games.rdi.losing import apply_losses, at_risk, risk_text
from referee.games.rdi.state import DRINK_DECK_SIZE, PHASE_NAMES, PHASES, Entry, GameState, Player

GAME = "rdi"
EDITIONS = {"gii": "Gambling? I'm In!", "rdi3": "The Red Dragon Inn 3"}


def starting_gold(count: int) -> int:
    return 8 if count == 2 else 12 if count >= 7 else 10


def new_game(names: list[str], cards: CardDB, rules: str = "gii", bar_deck: int | None = None,
             prizes: list[str] | None = None, otto_factions: list[str] | None = None) -> tuple[GameState, Ruling]:
    """Seat the players (clockwise, first to go first) as the books' Getting Started says."""
    if rules not in EDITIONS:
        raise NotUnderstood(f"--rules must be gii or rdi3, not {rules!r}.")
    if len(names) < 2:
        raise NotUnderstood("A game of The Red Dragon Inn needs at least 2 players: `new rdi Phrenk Kaylin ...`.")
    characters = {c.owner.lower(): c.owner for c in cards.cards if c.game == GAME}
    with_otto = any(otto.is_otto(n.partition("=")[0]) for n in names)
    if with_otto and len(names) != 3:
        raise NotUnderstood("Otto is a third seat for a two-player game: `new rdi Otto Ann Bob`.")
    players = []
    for raw in names:
        name, _, character = raw.partition("=")
        if name in [p.name for p in players]:
            raise NotUnderstood(f"Two players are called {name!r}; give each a different name.")
        character = character or characters.get(name.lower(), "")
        players.append(Player(name=name, character=characters.get(character.lower(), character),
                              gold=starting_gold(len(names)), automaton=otto.is_otto(name),
                              piety=serena.STARTING_PIETY if serena.is_serena(character) else None,
                              mood="unknown" if kaylin.is_kaylin(character) else None))
    state = GameState(players=players, rules=rules, drink_deck=DRINK_DECK_SIZE - len(players) + with_otto)
    out = Outcome()
    if with_otto:
        otto.setup(state, otto_factions or [], out)
        state.active = otto.otto_seat(state)
        state.phase = "action"
    if bar_deck is not None:
        if bar_deck < DRINK_DECK_SIZE:
            raise NotUnderstood(f"The Bar Deck is larger than the 30-card Drink Deck; {bar_deck} cards is too few.")
        state.bar_deck = bar_deck - DRINK_DECK_SIZE
        out.say(f"Bar Deck variant: 30 of the {bar_deck} Drink Cards form the Drink Deck; {state.bar_deck} wait in the "
                "Bar Deck.", variants.BAR)
    if prizes is not None:
        names_found = [find_card(p, cards, GAME, where=lambda c: c.type == "prize").name for p in prizes]
        if len(set(names_found)) != len(names_found):
            raise NotUnderstood("Each Prize in the Inn must be a different card.")
        state.prizes_inn = names_found
        out.say(f"Prize variant: the Inn holds {', '.join(names_found) or 'no Prizes'}.", variants.PRIZE)
    out.say(f"New game of The Red Dragon Inn under the rules of {EDITIONS[rules]}. "
            f"Seats, clockwise: {', '.join(p.name for p in players)}. {players[0].name} goes first.",
            ed(state, "getting-started"))
    out.say(f"Each player has {starting_gold(len(names))} Gold, 20 Fortitude, 0 Alcohol Content and one Drink "
            f"on their Drink Me! pile; {state.drink_deck} cards are left in the Drink Deck."
            + (" (Otto counts as a third player for the starting Gold.)" if with_otto else ""), ed(state, "getting-started"))
    for player in players:
        if player.piety is not None:
            out.say(f"{player.name}'s Piety starts at 8.", "rdi3/appendix-a/serena")
        if player.mood is not None:
            out.say(f"Reveal Wulfric's first mood (`{player.name} reveals Wulfric is feeling ...`); until then it is "
                    "unknown and not applied.", kaylin.MOODS)
    return state, out.ruling(" ".join(["new", GAME, *names]))


class Engine:
    """Applies RDI announcements. One per game session; holds the card database."""

    game = GAME

    def __init__(self, cards: CardDB):
        self.cards = cards

    # --- the one entry point -------------------------------------------------------
    def apply(self, state: GameState, line: str) -> tuple[GameState, Ruling]:
        try:
            announcement = A.parse(line, [p.name for p in state.players])
            if isinstance(announcement, A.Can):
                return state, self.can(state, announcement.play, line)
            new = state.copy()
            out = Outcome()
            self.dispatch(new, announcement, out)
            if not new.chain and not new.over:
                self.after_chain_empty(new, out)
            return new, out.ruling(line)
        except RefereeError as error:
            return state, error.ruling(line)

    def dispatch(self, state: GameState, announcement, out: Outcome) -> None:
        handlers = {A.Play: self.play, A.Order: self.order, A.Reveal: self.reveal, A.Resolve: self.resolve,
                    A.Pass: self.pass_, A.Draw: self.draw, A.EndTurn: self.end_turn, A.Set: self.set_,
                    A.Answer: self.answer, A.Step: self.step, A.Split: self.split, A.Prize: self.prize,
                    A.Atone: lambda st, a, o: serena.atone(st, st.seat(a.player), a.how, o),
                    A.Sell: lambda st, a, o: phrenk.sell(st, st.seat(a.player), st.seat(a.buyer), self._card(a.card, o),
                                                         a.price, o),
                    A.Keep: self.keep, A.Kitchen: self.kitchen, A.OttoBox: self.otto_box,
                    A.LeaveRound: self.leave_round,
                    A.Reward: lambda st, a, o: otto.reward(st, st.seat(a.player), a.choice, o)}
        handlers[type(announcement)](state, announcement, out)

    # --- plays -----------------------------------------------------------------------
    def _card(self, text: str, out: Outcome | None = None) -> Card:
        """A card from what was typed; a fuzzy match says which card it was taken to be."""
        match = self.cards.lookup(strip_quotes(text), game=GAME)
        if match.found is None:
            return find_card(text, self.cards, GAME)  # raises the unknown/ambiguous error with candidates
        if out is not None and match.how == "fuzzy":
            out.say(f"(Taking {text.strip()!r} as {match.found.name}.)")
        return match.found

    def _drink_card(self, text: str, out: Outcome) -> tuple[Card, bool]:
        """A revealed Drink; "NAME with a Chaser" that names no card is that Drink declared with a Chaser."""
        from referee.core.text import normalize

        words = normalize(text)
        exact = self.cards.lookup(text.strip().strip('"“”'), game=GAME)
        if exact.how not in ("name", "alias") and words.endswith(" with a chaser"):
            base = self.cards.lookup(words[: -len(" with a chaser")], game=GAME)
            if base.how in ("name", "alias") and base.found.type == "drink":
                return base.found, True
        return self._card(text, out), False

    def _prepare(self, state: GameState, play: A.Play, out: Outcome | None = None):
        card = self._card(play.card, out)
        seat = state.seat(play.player)
        target = state.seat(play.target) if play.target else None
        entry, notes = Checker(state, self.cards).prepare(seat, card, target)
        return card, seat, entry, notes

    def play(self, state: GameState, play: A.Play, out: Outcome) -> None:
        card, seat, entry, notes = self._prepare(state, play, out)
        if state.last_chance:
            out.say("A last-chance play before anyone is out.", ed(state, "losing-the-game/passing-out"))
        if card.type == "potion":
            phrenk.played(state, seat, card)
        if entry.card_type == "action" and otto.jinxed(state, seat):
            entry.jinxed = True
            out.say(f"{play.player} has a Power Jinx: every numeral on this Action Card counts 1 lower (not below 0).",
                    otto.DEBUFFS["power_jinx"], "smb/otto/witchdoctor/numerical-values")
        if entry.card_type == "action":
            state.action_done = True
            state.phase = "action"
        state.chain.append(entry)
        state.next_uid += 1
        if card.get("device"):
            entry.awaiting_gear = True
        if entry.card_type == "action" and gambling.starts_round(card) and state.round is None:
            gambling.open_round(state, seat, out)
        target = f" on {state.players[entry.target].name}" if entry.target is not None else ""
        answered = state.entry(entry.responds_to) if entry.responds_to is not None else None
        against = f" against {answered.name}" if answered is not None else ""
        out.say(f"{play.player} plays {card.name}{target}{against}: {sentence(card.summary)}", *card.cites[:2])
        for note in notes:
            out.say(note)
        if entry.awaiting_gear:
            out.say(f"{card.name} is a Device: reveal the top Gear Card (`{play.player} reveals GEAR [on NAME]`). Nobody "
                    "may respond until it is revealed; the Device and its Gear Card are one card.",
                    "rdi3/appendix-a/wizgille/devices-and-gear")
            return
        order = ", ".join(state.players[s].name for s in state.turn_order_from(seat))
        out.say(f"Responses, in turn order from {play.player}: {order}. `resolve` when nobody responds.",
                ed(state, "other-rules/timing"))
        self._prompt_otto(state, entry, card, out)

    def _prompt_otto(self, state: GameState, entry, card, out: Outcome) -> None:
        from referee.games.rdi.effects import affected_attrs

        seat = otto.otto_seat(state)
        if seat is None or entry.player == seat or not affected_attrs(state, entry, seat, card):
            return
        out.say("Otto is affected: reveal the top card of his deck and type its Sometimes box "
                "(`Otto responds: Ann loses 1 Fortitude`, or `Otto responds: nothing`). It counts as a Sometimes Card.",
                otto.RESPONSES)

    def otto_box(self, state: GameState, box: A.OttoBox, out: Outcome) -> None:
        seat = otto.otto_seat(state)
        if seat is None:
            raise IllegalPlay("Otto is not in this game (`new rdi Otto Ann Bob`).", (otto.GENERAL,))
        effects = otto.parse_effects(state, box.text)
        name = {"action": "Otto's Action", "sometimes": "Otto's response", "gambling": "Otto's Gambling play",
                "cheating": "Otto's Cheating play"}[box.box]
        entry = Entry(uid=state.next_uid, kind="card", player=seat, name=name, card_type=box.box, inline=effects)
        if box.box == "action":
            if state.active != seat or state.chain or state.action_done:
                raise IllegalPlay("Otto's Action box is revealed in his own Action phase, once.", (otto.TURN,))
            state.action_done = True
        elif box.box == "sometimes":
            from referee.games.rdi.effects import affected_attrs

            top = state.top
            if top is None or not affected_attrs(state, top, seat, self.cards.by_id.get(top.card_id) if top.card_id else None):
                raise IllegalPlay("Otto responds only when a card or Drink affects his Fortitude, Alcohol Content or Gold"
                                  + (f"; {top.name} does not." if top else "; nothing is waiting."), (otto.RESPONSES,))
            entry.responds_to = top.uid
        else:
            round_ = state.round
            if round_ is None or round_.next_actor != seat or state.chain:
                raise IllegalPlay("Otto's Gambling box is revealed when it is his turn in a Round of Gambling.", (otto.GAMBLING,))
            if not otto.use_card(state, out):
                gambling.pass_turn(state, seat, out)
                return
            if round_.needs_cheating and box.box == "gambling":
                out.say("Otto's revealed play is Gambling, illegal after \"Winning Hand!\": he passes instead.",
                        otto.GAMBLING, "smb/otto/gambling/example")
                gambling.pass_turn(state, seat, out)
                return
            state.chain.append(entry)
            state.next_uid += 1
            out.say(f"{name}: {box.text}.", otto.GAMBLING)
            return
        if not otto.use_card(state, out):
            return
        state.chain.append(entry)
        state.next_uid += 1
        out.say(f"{name}: {box.text}. Players may respond like any card of this kind; `resolve` when nobody does.",
                otto.TURN if box.box == "action" else otto.RESPONSES)

    def can(self, state: GameState, play: A.Play, line: str) -> Ruling:
        """Would this play be legal now? Answers yes or no, with the reason; changes nothing."""
        try:
            card, seat, entry, notes = self._prepare(state.copy(), play)
        except RefereeError as error:
            return Ruling(ANSWER, f"no:{error.code}", f"No. {error.message}", (Step(f"No. {error.message}", error.cites),), line)
        against = state.entry(entry.responds_to) if entry.responds_to is not None else None
        text = f"Yes: {play.player} may play {card.name} now" + (f" against {against.name}." if against else ".")
        steps = [Step(text, card.cites[:2])] + [Step(n) for n in notes]
        return Ruling(ANSWER, "yes", text, tuple(steps), line)

    # --- turn structure --------------------------------------------------------------
    def _active_only(self, state: GameState, name: str, what: str, section: str) -> int:
        seat = state.seat(name)
        if state.round is not None:
            raise IllegalPlay(f"A Round of Gambling is under way: normal play is suspended, so nobody may {what} "
                              "until it ends.", (ed(state, "gambling"),), code="round-in-progress")
        phrenk.check_choice_made(state, seat)
        roxana.check_no_recipe_choice(state)
        state.last_pot = []  # play has moved on from the end of the last Round
        if seat != state.active:
            raise IllegalPlay(f"Only {state.players[state.active].name}, whose turn it is, may {what} now.",
                              (ed(state, section),), code="not-your-turn")
        if state.chain:
            raise IllegalPlay(f"First resolve what is waiting on the chain ({state.top.name}).",
                              (ed(state, "other-rules/timing"),), hint="`resolve` when nobody responds.")
        return seat

    def _move_to(self, state: GameState, phase: str, out: Outcome) -> None:
        if PHASES.index(phase) < PHASES.index(state.phase):
            raise IllegalPlay(f"The {PHASE_NAMES[phase]} phase is over: it is the {PHASE_NAMES[state.phase]} phase.",
                              (ed(state, "on-your-turn"),), code="wrong-phase")
        if phase != state.phase:
            if state.phase in ("discard_draw", "action") and phase in ("order", "drink"):
                otto.end_of_action_phase(state, state.active, out)
            state.phase = phase
            out.say(f"{state.players[state.active].name}'s {PHASE_NAMES[phase]} phase.", ed(state, "on-your-turn"))

    def draw(self, state: GameState, draw: A.Draw, out: Outcome) -> None:
        self._active_only(state, draw.player, "discard and draw", "on-your-turn/discard-and-draw")
        if state.phase != "discard_draw":
            raise IllegalPlay("Discard and Draw is the first phase of the turn, and it is over.",
                              (ed(state, "on-your-turn/discard-and-draw"),))
        self._move_to(state, "action", out)

    def order(self, state: GameState, order: A.Order, out: Outcome) -> None:
        seat = self._active_only(state, order.player, "order a Drink", "on-your-turn/order-a-drink")
        target = state.seat(order.target)
        extra = state.ordered and state.extra_orders > 0
        if state.ordered and not extra:
            raise IllegalPlay(f"{order.player} has already ordered a Drink this turn.", (ed(state, "on-your-turn/order-a-drink"),))
        if target == seat:
            raise IllegalPlay("A Drink is ordered onto another player's Drink Me! pile, not your own.",
                              (ed(state, "on-your-turn/order-a-drink"),))
        if state.players[target].out:
            raise IllegalPlay(f"{order.target} is out of the game.", (ed(state, "losing-the-game"),))
        if state.players[target].automaton:
            raise IllegalPlay("Players may not Order Drinks for Otto; he drinks from the Drink Deck.", (otto.GENERAL,))
        self._move_to(state, "order", out)
        if extra:
            state.extra_orders -= 1
            out.say(f"An additional Drink ({state.extra_orders} more may be ordered); it may go on any other player's "
                    "pile. Ordering a Drink cannot be Ignored.", ed(state, "more-drink-rules/ordering-additional-drinks"))
        state.ordered = True
        state.players[target].drink_me += 1
        out.say(f"{order.player} orders a Drink for {order.target}: the top card of the Drink Deck goes face down on "
                f"{order.target}'s Drink Me! pile (now {state.players[target].drink_me}).", ed(state, "on-your-turn/order-a-drink"))
        take_from_deck(state, out)
        out.say(f"{state.drink_deck} cards left in the Drink Deck.")

    def reveal(self, state: GameState, reveal: A.Reveal, out: Outcome) -> None:
        if reveal.card is not None:
            card = self._card(reveal.card)
            if card.type == "recipe" and reveal.player is not None and roxana.is_roxana(
                    state.players[state.seat(reveal.player)].character):
                roxana.reveal_recipe(state, state.seat(reveal.player), card, out)
                return
            if card.type == "potion" and reveal.player is not None:
                phrenk.reveal(state, state.seat(reveal.player), card, out)
                return
            if card.type == "wulfric":
                seat = kaylin.kaylin_seat(state)
                if seat is None:
                    raise IllegalPlay("Nobody is playing Kaylin, so Wulfric has no mood to change.", (kaylin.MOODS,))
                kaylin.set_mood(state, seat, str(card.get("mood") or card.name), card.name, out)
                return
        self._no_open_question(state)
        device = next((e for e in state.chain if e.awaiting_gear), None)
        if device is not None:
            self._reveal_gear(state, device, reveal, out)
            return
        waiting = next((e for e in state.chain if e.awaiting_chaser), None)
        if waiting is not None:
            if reveal.player is not None and state.seat(reveal.player) != waiting.drinker:
                raise IllegalPlay(f"{state.players[waiting.drinker].name}'s Chaser must be revealed first.",
                                  (ed(state, "more-drink-rules/chasers"),))
            if reveal.card is None:
                raise NotUnderstood("Which card is the Chaser? `chaser CARD`.")
            add_chaser(state, waiting, self._card(reveal.card, out), out)
            self._ask_unknown_alcohol(state, waiting, out)
            contest.chaser_done(state, waiting, out)
            if waiting.group == "to-copy" and not waiting.awaiting_chaser:
                splitting.copy_for_everyone(state, waiting, out)
            return
        if state.copies_for is not None:
            self._reveal_for_copies(state, reveal, out)
            return
        if contest.revealing(state):
            if reveal.player is None or reveal.card is None:
                raise NotUnderstood("In the Drinking Contest, say who reveals what: `NAME reveals CARD`.")
            card = self._card(reveal.card)
            if card.type not in ("drink", "drink_event"):
                raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (ed(state, "other-rules/drinking-contest"),))
            entry = contest.reveal(state, state.seat(reveal.player), card, out)
            if entry is not None:
                self._ask_unknown_alcohol(state, entry, out)
            return
        if reveal.player is None:
            raise IllegalPlay("No Drink is waiting for a Chaser.", (ed(state, "more-drink-rules/chasers"),))
        if state.over:
            raise GameOver("The game is over.")
        if state.seat(reveal.player) in state.must_drink:
            self._forced_drink(state, state.seat(reveal.player), reveal, out)
            return
        seat = self._active_only(state, reveal.player, "drink", "on-your-turn/drink")
        if state.players[seat].automaton:
            if state.phase == "drink":
                raise IllegalPlay("Otto has already drunk this turn.", (otto.TURN,))
            card = self._card(reveal.card or "", out)
            self._move_to(state, "drink", out)
            take_from_deck(state, out)
            out.say("Otto has no Drink Me! pile: he drinks from the Drink Deck, and it affects both of his tracks.", otto.TURN)
            entry = start_drink(state, seat, card, "drink_deck", out)
            self._ask_unknown_alcohol(state, entry, out)
            return
        if not state.ordered:
            raise IllegalPlay(f"{reveal.player} has not ordered a Drink yet; Order a Drink comes before Drink.",
                              (ed(state, "on-your-turn"),), hint=f"`{reveal.player} orders a drink for NAME`.")
        if state.phase == "drink":
            raise IllegalPlay(f"{reveal.player} has already drunk this turn.", (ed(state, "on-your-turn/drink"),),
                              hint="`end turn` passes the turn to the left.")
        player = state.players[seat]
        if player.drink_me == 0:
            raise IllegalPlay(f"{reveal.player}'s Drink Me! pile is empty: there is nothing to reveal. "
                              "They sober up by 1 instead.", (ed(state, "on-your-turn/drink"),), hint="`end turn` does it.")
        if reveal.card is None:
            raise NotUnderstood(f"Which card does {reveal.player} reveal? `{reveal.player} reveals CARD`.")
        card, declared_chaser = self._drink_card(reveal.card, out)
        if card.type not in ("drink", "drink_event", "special_reserve"):
            raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (ed(state, "on-your-turn/drink"),))
        self._move_to(state, "drink", out)
        player.drink_me -= 1
        entry = start_drink(state, seat, card, "drink_me", out, chaser=declared_chaser)
        self._ask_unknown_alcohol(state, entry, out)

    def prize(self, state: GameState, prize: A.Prize, out: Outcome) -> None:
        if state.prizes_inn is None:
            raise IllegalPlay("The Prize variant is not in play (`new rdi ... --variant prize --prize NAME`).",
                              (variants.PRIZE,))
        card = find_card(prize.prize, self.cards, GAME, where=lambda c: c.type == "prize")
        seat = state.seat(prize.player)
        if prize.verb == "choose":
            variants.choose_prize(state, seat, card.name, out)
        else:
            variants.use_prize(state, seat, card.name, out)

    def _forced_drink(self, state: GameState, seat: int, reveal: A.Reveal, out: Outcome) -> None:
        """A card made this player drink the top Drink of their Drink Me! pile now."""
        state.must_drink.remove(seat)
        player = state.players[seat]
        if player.drink_me == 0:
            out.say(f"{player.name}'s Drink Me! pile is empty, so they sober up by 1 instead.", ed(state, "on-your-turn/drink"))
            clamp_change(state, seat, "alcohol", -1, out, "sobering up")
            return
        if reveal.card is None:
            raise NotUnderstood(f"Which card does {player.name} reveal? `{player.name} reveals CARD`.")
        card = self._card(reveal.card)
        if card.type not in ("drink", "drink_event", "special_reserve"):
            raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (ed(state, "on-your-turn/drink"),))
        player.drink_me -= 1
        entry = start_drink(state, seat, card, "drink_me", out)
        self._ask_unknown_alcohol(state, entry, out)

    def leave_round(self, state: GameState, leave: A.LeaveRound, out: Outcome) -> None:
        """A card the table applies itself (an anti-cheat card, say) takes a player out of the Round."""
        seat = state.seat(leave.player)
        gambling.check_leave(state, seat)
        if state.chain:
            raise IllegalPlay(f"First resolve what is waiting ({state.top.name}).", (ed(state, "other-rules/timing"),))
        if leave.forced:
            out.say("When a player is forced out, every player, the one forced out included, may respond first; "
                    "the referee takes it that nobody did.", ed(state, "gambling/forcing-a-player-to-leave"))
        gambling.leave(state, seat, out, forced=leave.forced)

    def keep(self, state: GameState, keep: A.Keep, out: Outcome) -> None:
        seat = state.seat(keep.player)
        card = self._card(keep.card, out)
        if card.type == "recipe" and roxana.keep_recipe(state, seat, card, out):
            return
        phrenk.keep(state, seat, card, out)

    def kitchen(self, state: GameState, kitchen: A.Kitchen, out: Outcome) -> None:
        seat = state.seat(kitchen.player)
        if not roxana.is_roxana(state.players[seat].character):
            raise IllegalPlay(f"{kitchen.player} is not Roxana: only she has a Cutting Board.", (roxana.INGREDIENTS,))
        if kitchen.verb == "smorgasbord":
            board = self.cards.lookup("Smorgasbord", game=GAME).found
            entry, notes = Checker(state, self.cards).prepare(seat, board, None)
            roxana.smorgasbord(state, seat, out)
            state.chain.append(entry)
            state.next_uid += 1
            out.say("Players may respond to the Smorgasbord like any Anytime Card; `resolve` draws her card.",
                    ed(state, "other-rules/timing"))
            return
        card = self._card(kitchen.card, out)
        if kitchen.verb == "cook":
            roxana.cook(state, seat, card, out)
        else:
            roxana.prepare(state, seat, card, kitchen.kind, out)

    def split(self, state: GameState, split: A.Split, out: Outcome) -> None:
        self._no_open_question(state)
        splitting.builtin_split(state, state.seat(split.player), state.seat(split.partner), out)

    def _reveal_for_copies(self, state: GameState, reveal: A.Reveal, out: Outcome) -> None:
        seat = state.copies_for
        who = state.players[seat].name
        if reveal.player is None or state.seat(reveal.player) != seat or reveal.card is None:
            raise IllegalPlay(f"{who} reveals the Drink for the event first: `{who} reveals CARD`.",
                              (ed(state, "other-rules/round-on-the-house"),))
        card = self._card(reveal.card)
        state.copies_for = None
        take_from_deck(state, out)
        if card.type != "drink":
            state.drink_discard += 1
            out.say(f"{card.name} is not a Drink. The books give no example of this event revealing a Drink Event; "
                    "the referee's default (not from the books): no Drink is copied and the card is discarded. "
                    "Correct the table with `set` if your group rules otherwise.",
                    "rdi3/other-rules/round-on-the-house", "gii/other-rules/round-on-the-house")
            return
        entry = start_drink(state, seat, card, "drink_deck", out)
        entry.group = "to-copy"
        self._ask_unknown_alcohol(state, entry, out)
        if not entry.awaiting_chaser:
            splitting.copy_for_everyone(state, entry, out)

    def _reveal_gear(self, state: GameState, device, reveal: A.Reveal, out: Outcome) -> None:
        owner = state.players[device.player].name
        if reveal.player is not None and state.seat(reveal.player) != device.player or reveal.card is None:
            raise IllegalPlay(f"{owner} must first reveal the Gear Card for {device.name}: `{owner} reveals GEAR [on NAME]`.",
                              ("rdi3/appendix-a/wizgille/devices-and-gear",))
        gear = self._card(reveal.card, out)
        if gear.type != "gear":
            raise IllegalPlay(f"{gear.name} is not a Gear Card.", ("rdi3/appendix-a/wizgille/devices-and-gear",))
        target = state.seat(reveal.target) if reveal.target else None
        if reveal.others:
            target = [target] + [state.seat(n) for n in reveal.others]
        picks = any(isinstance(e, dict) and e.get("who") in ("chosen", "target") for e in gear.effects)
        if picks and target is None:
            raise IllegalPlay(f"{gear.name} has its own target: `{owner} reveals {gear.name} on NAME`.",
                              ("rdi3/appendix-a/wizgille/devices-and-gear",), code="needs-target")
        device.gears.append({"id": gear.id, "name": gear.name, "target": target, "effects": gear.effects, "negated": False})
        device.awaiting_gear = False
        aimed = (f" on {', '.join(state.players[t].name for t in target)}" if isinstance(target, list)
                 else f" on {state.players[target].name}" if target is not None else "")
        out.say(f"{owner} reveals the Gear Card {gear.name}{aimed}: {sentence(gear.summary)} It joins {device.name} as one "
                "card with the combined effects; its own target is chosen apart from the Device's.",
                "rdi3/appendix-a/wizgille/devices-and-gear", "rdi3/appendix-a/wizgille/example-1")
        from referee.games.rdi.effects import device_stopped

        if device_stopped(device):
            out.say(f"{gear.name} stops the Device from taking effect: its effects no longer count when asking what "
                    "the card affects.", "rdi3/appendix-a/wizgille/example-2", "rdi3/appendix-a/wizgille/example-3")
        out.say("Players may respond now, first to the Gear Card's reveal, then to the combined card.",
                ed(state, "other-rules/timing/sequential-events"))

    def _ask_unknown_alcohol(self, state: GameState, entry, out: Outcome) -> None:
        if entry.kind == "drink" and entry.alcohol is None and not entry.awaiting_chaser:
            unknown = [p for p in entry.parts if self._card(p).get("alcohol") is None
                       and f"{self._card(p).id}:alcohol" not in state.answers]
            out.verdict = ASK
            out.code = "ask-alcohol"
            out.say(f"The books do not give the Alcohol Content of {unknown[0] if unknown else entry.name}. "
                    f"How much does it show? (`answer N`)")

    def _no_open_question(self, state: GameState) -> None:
        for entry in state.chain:
            if entry.kind == "drink" and entry.alcohol is None and not entry.awaiting_chaser:
                raise IllegalPlay(f"First tell me the Alcohol Content of {entry.name}: `answer N`.", code="question-open")

    def answer(self, state: GameState, answer: A.Answer, out: Outcome) -> None:
        entry = next((e for e in state.chain if e.kind == "drink" and e.alcohol is None and not e.awaiting_chaser), None)
        if entry is None:
            raise NotUnderstood("There is no open question to answer.")
        known = 0
        unknown_parts = []
        for part in entry.parts:
            card = self._card(part)
            value = card.get("alcohol") if isinstance(card.get("alcohol"), int) else state.answers.get(f"{card.id}:alcohol")
            if value is None:
                unknown_parts.append(card)
            else:
                known += value
        card = unknown_parts[0]
        state.answers[f"{card.id}:alcohol"] = answer.value
        out.say(f"Noted for the rest of the game: {card.name} shows {answer.value} Alcohol Content (the table's answer).")
        if len(unknown_parts) == 1:
            entry.alcohol = known + answer.value
            out.say(f"{entry.name} totals {entry.alcohol} Alcohol Content.")
        else:
            self._ask_unknown_alcohol(state, entry, out)

    def end_turn(self, state: GameState, _: A.EndTurn, out: Outcome) -> None:
        if state.over:
            raise GameOver("The game is over.")
        seat = self._active_only(state, state.players[state.active].name, "end the turn", "on-your-turn/ending-your-turn")
        player = state.players[seat]
        if state.last_chance:
            raise IllegalPlay("First settle who is out: `resolve` ends the last chance to respond.",
                              (ed(state, "losing-the-game/passing-out"),))
        if player.automaton and state.phase != "drink":
            raise IllegalPlay("Otto drinks from the Drink Deck in his Drink phase: `Otto reveals CARD`.", (otto.TURN,))
        if not player.out and state.phase != "drink" and not player.automaton:
            if not state.ordered:
                raise IllegalPlay(f"{player.name} has not ordered a Drink yet.", (ed(state, "on-your-turn"),),
                                  hint=f"`{player.name} orders a drink for NAME`.")
            if player.drink_me:
                raise IllegalPlay(f"{player.name} has not drunk yet: reveal the top card of the Drink Me! pile.",
                                  (ed(state, "on-your-turn/drink"),), hint=f"`{player.name} reveals CARD`.")
            out.say(f"{player.name}'s Drink Me! pile is empty, so they start to sober up.", ed(state, "on-your-turn/drink"))
            clamp_change(state, seat, "alcohol", -1, out, "sobering up")
        end_of_turn(state, seat, out)
        self._next_turn(state, out)

    def _next_turn(self, state: GameState, out: Outcome) -> None:
        following = [s for s in state.turn_order_from(state.active) if s != state.active]
        if not following:
            return
        otto.end_of_action_phase(state, state.active, out)
        state.active = following[0]
        state.phase = "action" if state.players[state.active].automaton else "discard_draw"
        state.turn += 1
        state.action_done = False
        state.ordered = False
        state.extra_orders = 0
        out.say(f"The turn passes to the left: {state.players[state.active].name}'s turn (Discard and Draw).",
                ed(state, "on-your-turn/ending-your-turn"))

    # --- the chain -------------------------------------------------------------------------
    def pass_(self, state: GameState, pass_: A.Pass, out: Outcome) -> None:
        top = state.top
        if top is None and state.round is not None:
            gambling.pass_turn(state, state.seat(pass_.player), out)
            return
        if top is None:
            raise IllegalPlay("Nothing is waiting for responses.", (ed(state, "other-rules/timing"),))
        chain.decline(top, state.seat(pass_.player))
        out.say(f"{pass_.player} does not respond to {top.name}.", ed(state, "other-rules/timing/deadlock"))
        waiting = chain.still_to_answer(top, state.turn_order_from(top.player))
        if waiting:
            out.say(f"Next to decide: {state.players[waiting[0]].name}.")
        else:
            out.say("Everyone has declined: it resolves.", ed(state, "other-rules/timing"))
            self.resolve(state, A.Resolve(), out)

    def step(self, state: GameState, _: A.Step, out: Outcome) -> None:
        top = state.top
        if top is None:
            raise IllegalPlay("Nothing is waiting for responses.", (ed(state, "other-rules/timing"),))
        waiting = chain.still_to_answer(top, state.turn_order_from(top.player)) or [top.player]
        out.code = "step"
        out.say(f"{state.players[waiting[0]].name}: respond to {top.name}, or pass? (in turn order from "
                f"{state.players[top.player].name}; each declares in turn, which also breaks a deadlock)",
                ed(state, "other-rules/timing/deadlock"))
        out.say("If several players answer the same event, Anytime Cards resolve first, then Sometimes Cards, "
                "each in turn order from the active player.", ed(state, "other-rules/timing/anytime-before-sometimes"))

    def resolve(self, state: GameState, _: A.Resolve, out: Outcome) -> None:
        if not state.chain:
            if state.last_chance:
                state.last_chance = []
                apply_losses(state, out)
                if not state.over and state.players[state.active].out:
                    self._next_turn(state, out)
                return
            raise IllegalPlay("Nothing is waiting to resolve.", (ed(state, "other-rules/timing"),))
        top = state.top
        # Nothing the table did not say blocks the game: an unnamed Chaser or Gear Card stays unknown.
        if top.awaiting_chaser:
            top.awaiting_chaser = False
            out.say(f"The Chaser of {top.name} was not named: it resolves with the cards named so far, and whatever the "
                    "Chaser adds is unknown to the referee (correct the figures with `set`).",
                    ed(state, "more-drink-rules/chasers"))
            contest.chaser_done(state, top, out)
            if contest.revealing(state):
                return
        if top.awaiting_gear:
            top.awaiting_gear = False
            out.say(f"The Gear Card of {top.name} was not named: the Device resolves with its own effects; the Gear "
                    "Card's are unknown to the referee (correct the figures with `set`).",
                    "rdi3/appendix-a/wizgille/devices-and-gear")
        if contest.revealing(state):
            who = state.players[state.contest.order[state.contest.next]].name
            raise IllegalPlay(f"The Drinking Contest is still revealing: {who} reveals next.",
                              (ed(state, "other-rules/drinking-contest"),))
        if top.group == contest.CONTEST:
            state.recent_hits = []
            contest.drink_all(state, out)
            return
        if top.kind == "drink" and top.group is not None:
            group = splitting.group_of(state, top)
            state.chain = [e for e in state.chain if e not in group]
            state.recent_hits = []
            out.say("The Drinks are drunk at once.", ed(state, "other-rules/splitting-drinks"))
            for drink in group:
                resolve_drink(state, drink, out)
            self._after_drinks(state, group, out)
            self._reopen(state, out)
            return
        if top.kind == "drink" and splitting.offer_builtin_split(state, top, self.cards.by_id[top.card_id], out):
            out.verdict, out.code = ASK, "ask-split"
            return
        state.chain.pop()
        state.recent_hits = []
        if top.kind == "drink":
            resolve_drink(state, top, out)
            self._after_drinks(state, [top], out)
        elif top.kind == "event":
            self._resolve_event(state, top, out)
        else:
            self._resolve_card(state, top, out)
        self._reopen(state, out)

    def _reopen(self, state: GameState, out: Outcome) -> None:
        beneath = chain.reopen(state.chain)
        if beneath is not None:
            out.say(f"{beneath.name} is waiting again: everyone may respond to it once more, even those who "
                    "passed before.", ed(state, "other-rules/timing"))

    def _after_drinks(self, state: GameState, drinks: list, out: Outcome) -> None:
        """GII's two rules for Drinks with card effects: one draw/discard/reveal at a time; and who keeps
        a Drink card that is not discarded."""
        first = drinks[0]
        cards = [self.cards.by_id[c.id] for c in (self._card(p) for p in first.parts)] if first.parts else []
        card_ops = [e.get("op") for c in cards for e in c.effects if isinstance(e, dict)]
        if sum(op in ("draw", "discard") for op in card_ops) >= 2:
            out.say(f"{first.name} has several draw or discard effects: the drinker resolves them in the order they "
                    "choose, finishing each before the next.", "gii/more-drink-rules/discarding-and-drawing")
        kept = next((c for c in cards if c.get("kept")), None)
        if kept is None:
            return
        original = next((d for d in drinks if d.copy_of is None), first)
        start = state.active if original.group and original.group.startswith("copies") else original.drinker
        instructed = {d.drinker for d in drinks if d.drinker not in d.ignored_by}
        mover = next((s for s in state.turn_order_from(start) if s in instructed), None)
        if mover is None:
            out.say(f"Nobody who took {kept.name} may keep the card, so it goes to the Drink discard pile.",
                    "gii/more-drink-rules/drinks-that-arent-discarded")
            return
        state.drink_discard -= 1
        state.players[mover].kept.append(kept.name)
        out.say(f"{kept.name} is not discarded: {state.players[mover].name}, the first affected player in turn order from "
                "the Drink's controller (skipping anyone who Ignored or passed it), puts it in front of them.",
                "gii/more-drink-rules/drinks-that-arent-discarded")

    def _resolve_event(self, state: GameState, entry, out: Outcome) -> None:
        state.drink_discard += 1
        card = self.cards.by_id.get(entry.card_id)
        if card is not None and card.get("event") == "drinking_contest":
            state.drink_discard -= 1  # the Drinking Contest! card is discarded once the contest is over
            contest.start(state, out)
            return
        if card is not None and card.get("event") in ("round_on_the_house", "toast"):
            state.copies_for = entry.player
            out.verdict, out.code = ASK, "ask-reveal"
            out.say(f"{entry.name}: {state.players[entry.player].name} reveals a Drink from the Drink Deck "
                    f"(`{state.players[entry.player].name} reveals CARD`), and every player gets a copy of it.",
                    ed(state, "other-rules/round-on-the-house"))
            return
        out.say(f"{entry.name} resolves: follow its instructions. The referee does not track this event yet; "
                "correct any figures with `set`.", ed(state, "more-drink-rules/drink-events"))

    def _resolve_card(self, state: GameState, entry, out: Outcome) -> None:
        card = self.cards.by_id[entry.card_id] if entry.card_id else Card(
            id="otto/box", name=entry.name, game=GAME, book="smb", type=entry.card_type, summary=entry.name,
            data={"effects": [], "cites": [otto.GENERAL]})
        out.say(f"{card.name} ({state.players[entry.player].name}) resolves.", ed(state, "other-rules/timing"))
        resolving: dict = {}  # what one effect leaves for the next on the same card (the Negated play)
        for effect in apply_card_effects(state, entry, card, out):
            self._special_effect(state, entry, card, effect, out, resolving)
        after_card(state, entry, card, out)

    def _special_effect(self, state: GameState, entry, card: Card, effect: dict, out: Outcome, resolving: dict) -> None:
        op = effect.get("op")
        target = state.entry(entry.responds_to) if entry.responds_to is not None else None
        if gambling.resolve_op(state, entry, card, effect, out):
            return
        if op == "negate" and target is not None and effect.get("what") == ["gear"]:
            gear = [g for g in target.gears if not g.get("negated")][-1]
            gear["negated"] = True
            out.say(f"The Gear Card {gear['name']} is Negated: {target.name} takes effect without it.",
                    "rdi3/appendix-a/wizgille/devices-and-gear")
            return
        if op == "negate" and target is not None:
            resolving["negated"] = target  # for a following "play again" or "take another Drink" effect
            state.chain.remove(target)
            if state.round is not None and not state.round.started and target.player == state.round.starter \
                    and gambling.starts_round(self.cards.by_id.get(target.card_id)):
                state.round = None
                out.say("The Round of Gambling never starts: nobody antes.", ed(state, "gambling"))
            if target.kind == "drink":
                state.drink_discard += len(target.parts)
            elif target.kind == "event":
                state.drink_discard += 1
            out.say(f"{target.name} is Negated: it goes to its discard pile and none of its effects happen"
                    + (" (so no Piety changes)." if state.players[target.player].piety is not None else "."),
                    ed(state, "other-rules/negate-and-ignore"))
        elif op == "ignore" and target is not None:
            target.ignored_by.append(entry.player)
            out.say(f"{state.players[entry.player].name} will Ignore {target.name}: it resolves normally but has no "
                    "effect on them; it still affects everyone else.", ed(state, "other-rules/negate-and-ignore"))
        elif op == "alter_drink" and target is not None and target.kind == "drink":
            change = effect.get("alcohol")
            if not isinstance(change, int):
                out.say(f"The books do not give how much {card.name} changes the Drink; correct it with `set`.")
                return
            if target.counted is not None:
                target.counted += change
            if target.alcohol is not None:
                before = target.alcohol
                target.alcohol = before + change
                if before > 0 > target.alcohol:
                    target.alcohol = 0
                    out.say("A reduction cannot take a positive effect below 0.", "rdi3/other-rules/reduction-effects")
                out.say(f"{target.name} now has {target.alcohol} Alcohol Content ({before} {change:+d}).")
        elif op == "play_again" and resolving.get("negated") is not None:
            negated = resolving["negated"]
            name = state.players[negated.player].name
            if negated.card_type == "action" and negated.player == state.active:
                state.action_done = False
                out.say(f"{name} may play another Action Card.", "rdi3/appendix-a/wizgille/temporal-dilation")
            elif negated.card_type in ("gambling", "cheating") and state.round is not None:
                state.round.next_actor = negated.player
                out.say(f"{name} gets to replace it with another Gambling or Cheating Card; playing none counts as passing.",
                        "rdi3/appendix-a/wizgille/temporal-dilation")
        elif op == "redraw_drink" and resolving.get("negated") is not None:
            negated = resolving["negated"]
            seat = negated.drinker if negated.drinker is not None else negated.player
            name = state.players[seat].name
            if state.players[seat].drink_me == 0:
                out.say(f"{name} takes another Drink from the same pile, but it is empty: {name} sobers up by 1.",
                        "rdi3/appendix-a/wizgille/temporal-dilation", "rdi3/appendix-a/wizgille/example-4")
                clamp_change(state, seat, "alcohol", -1, out, "sobering up")
            else:
                state.must_drink.append(seat)
                out.verdict, out.code = ASK, "ask-reveal"
                out.say(f"{name} takes another Drink from the same pile: `{name} reveals CARD`.",
                        "rdi3/appendix-a/wizgille/temporal-dilation")
        elif op == "debuff":
            otto.give_debuff(state, effect.get("_seats") or [], effect.get("kind", ""), out)
        elif op == "cutting_board":
            count = effect.get("count") if isinstance(effect.get("count"), int) else 1
            if not self.cards.by_id[entry.card_id].get("cleaver"):  # a cleaver icon is handled with the Ingredient
                roxana.grant_prepare(state, entry, count, out)
        elif op == "draw":
            for seat in seats_for(effect.get("who"), entry, state, effect):
                out.say(f"{state.players[seat].name} draws {effect.get('count', 1)} card(s).")
        elif op == "drink":
            for seat in seats_for(effect.get("who"), entry, state, effect):
                if seat in entry.ignored_by:
                    continue
                state.must_drink.append(seat)
                name = state.players[seat].name
                if state.players[seat].drink_me == 0:
                    state.must_drink.remove(seat)
                    out.say(f"{name} must drink, but their Drink Me! pile is empty: they sober up by 1.",
                            ed(state, "on-your-turn/drink"))
                    clamp_change(state, seat, "alcohol", -1, out, "sobering up")
                else:
                    out.verdict, out.code = ASK, "ask-reveal"
                    out.say(f"{name} must drink the top Drink of their Drink Me! pile now: `{name} reveals CARD`.",
                            ed(state, "on-your-turn/drink"))
        elif op == "order_drinks":
            count = effect.get("count") if isinstance(effect.get("count"), int) else 1
            state.extra_orders += count
            out.say(f"{state.players[entry.player].name} may order {count} additional Drink(s) now, onto any other "
                    f"players' piles (`{state.players[entry.player].name} orders a drink for NAME`). Ordering cannot be "
                    "Ignored; the card's other effects can.", ed(state, "more-drink-rules/ordering-additional-drinks"),
                    "rdi3/more-drink-rules/ordering-drinks-and-ignore-effects")
        elif op == "pass_drink" and target is not None and target.kind == "drink" and entry.target is not None:
            target.drinker = entry.target
            out.say(f"{target.name} is passed to {state.players[entry.target].name}, who will drink it.",
                    ed(state, "other-rules/splitting-drinks"))
        elif op == "split_drink" and target is not None and target.kind == "drink":
            partner = entry.target if effect.get("with", "chosen") != "none" else None
            splitting.split(state, target, partner, effect.get("rounding", "up"), out,
                            f"{state.players[entry.player].name} splits the Drink")
        elif op == "redirect" and target is not None and entry.target is not None:
            target.redirects.append([entry.player, entry.target])
            out.say(f"{state.players[entry.player].name} redirects the Fortitude loss to {state.players[entry.target].name}; "
                    "only the Fortitude loss moves, and it keeps its original source.", "rdi3/other-rules/redirecting-damage")
        elif op in ("negate", "ignore", "alter_drink", "redirect"):
            out.say(f"What {card.name} answered has already left the chain: it has nothing left to do.")
        elif op == "unmodelled":
            out.say(f"{card.name}: {effect.get('says')} The referee does not apply this itself; correct figures with `set`.")
        else:
            out.say(f"{card.name}: its '{op}' effect is not tracked by the referee yet; correct figures with `set`.")

    # --- automatic checks ------------------------------------------------------------------
    def after_chain_empty(self, state: GameState, out: Outcome) -> None:
        """Passing out and running out of Gold, checked only when nothing is waiting to resolve."""
        passing, broke = at_risk(state)
        if not (passing or broke):
            state.last_chance = []
            return
        names = sorted(state.players[s].name for s in passing + broke)
        if state.last_chance == names:
            return
        state.last_chance = names
        out.verdict = ASK if out.verdict == OK else out.verdict
        out.code = "last-chance"
        out.say(f"{risk_text(state)}. Nothing is waiting to resolve, so this is the last chance to play Sometimes "
                "or Anytime Cards, to rescue themselves or strike at others; `resolve` when nobody does.",
                ed(state, "losing-the-game/passing-out"))

    # --- corrections ---------------------------------------------------------------------------
    def set_(self, state: GameState, set_: A.Set, out: Outcome) -> None:
        for field, value in set_.fields:
            if set_.who:
                player = state.players[state.seat(set_.who)]
                if field in ("fortitude", "alcohol") and not 0 <= value <= 20:
                    raise IllegalPlay(f"{field.title()} stays within 0..20; {value} is outside.",
                                      (ed(state, "other-rules/minimum-and-maximum"),))
                if field == "piety" and not 1 <= value <= 8:
                    raise IllegalPlay("Piety stays within 1..8.", ("rdi3/appendix-a/serena/piety",))
                if value < 0:
                    raise IllegalPlay(f"{field} cannot be negative.")
                before = getattr(player, field)
                setattr(player, field, value)
                out.say(f"Set {player.name}'s {field.replace('_', ' ')} to {value} (was {before}), as at the table.")
            else:
                if field != "inn" and value < 0:
                    raise IllegalPlay(f"{field} cannot be negative.")
                before = getattr(state, field)
                setattr(state, field, value)
                out.say(f"Set the {field.replace('_', ' ')} to {value} (was {before}), as at the table.")
        out.code = "set"
