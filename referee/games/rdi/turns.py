"""Phases and the turn: Discard and Draw, Order a Drink, the end of a turn."""

from __future__ import annotations

from referee.core.ruling import GameOver, IllegalPlay, Outcome
from referee.games.rdi import announce as A
from referee.games.rdi import in_front
from referee.games.rdi.bookkeeping import begin_turn
from referee.games.rdi.characters import (
    check_end_turn, check_order, check_owed_choices, end_of_action_phase, end_of_turn, turn_end_order)
from referee.games.rdi.drinks import take_from_deck
from referee.games.rdi.effects import clamp_change, ed
from referee.games.rdi.state import PHASE_NAMES, PHASES, GameState


class TurnStructure:
    """Engine methods; mixed into referee.games.rdi.engine.Engine."""

    def _active_only(self, state: GameState, name: str, what: str, section: str) -> int:
        seat = state.seat(name)
        if state.round is not None:
            raise IllegalPlay(f"A Round of Gambling is under way: normal play is suspended, so nobody may {what} "
                              "until it ends.", (ed(state, "gambling"),), code="round-in-progress")
        check_owed_choices(state, seat)
        if seat != state.active:
            raise IllegalPlay(f"Only {state.players[state.active].name}, whose turn it is, may {what} now.",
                              (ed(state, section),), code="not-your-turn")
        if state.chain:
            raise IllegalPlay(f"First resolve what is waiting on the chain ({state.top.name}).",
                              (ed(state, "other-rules/timing"),), hint="`resolve` when nobody responds.")
        drinker = state.must_drink[0] if state.must_drink else state.copies_for
        if drinker is not None:  # the card that asked for the Drink has not finished resolving
            name = state.players[drinker].name
            raise IllegalPlay(f"First {name} reveals the Drink a card asked for: a card resolves whole, its Drinks "
                              "included, before play moves on.", (ed(state, "other-rules/timing"),),
                              hint=f"`{name} reveals CARD`.")
        return seat

    def _move_to(self, state: GameState, phase: str, out: Outcome) -> None:
        if PHASES.index(phase) < PHASES.index(state.phase):
            raise IllegalPlay(f"The {PHASE_NAMES[phase]} phase is over: it is the {PHASE_NAMES[state.phase]} phase.",
                              (ed(state, "on-your-turn"),), code="wrong-phase")
        if phase != state.phase:
            if state.phase in ("discard_draw", "action") and phase in ("order", "drink"):
                end_of_action_phase(state, state.active, out)
            state.phase = phase
            out.say(f"{state.players[state.active].name}'s {PHASE_NAMES[phase]} phase.", ed(state, "on-your-turn"))

    def _start_drinking(self, state: GameState, out: Outcome) -> None:
        """The active player reveals this turn's Drink: the Drink phase (if it had not begun), and the Drink drunk."""
        self._move_to(state, "drink", out)
        state.drunk = True

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
        check_order(state, seat, target)
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

    def end_turn(self, state: GameState, _: A.EndTurn, out: Outcome) -> None:
        if state.over:
            raise GameOver("The game is over.")
        seat = self._active_only(state, state.players[state.active].name, "end the turn", "on-your-turn/ending-your-turn")
        player = state.players[seat]
        if state.last_chance:
            raise IllegalPlay("First settle who is out: `resolve` ends the last chance to respond.",
                              (ed(state, "losing-the-game/passing-out"),))
        if state.turn_ending:  # the cards in front of its player have acted: the turn is over
            self._finish_turn(state, seat, out)
            return
        check_end_turn(state, seat)
        if not player.out and not state.drunk:
            if not state.ordered:
                raise IllegalPlay(f"{player.name} has not ordered a Drink yet.", (ed(state, "on-your-turn"),),
                                  hint=f"`{player.name} orders a drink for NAME`.")
            if player.drink_me:
                raise IllegalPlay(f"{player.name} has not drunk yet: reveal the top card of the Drink Me! pile.",
                                  (ed(state, "on-your-turn/drink"),), hint=f"`{player.name} reveals CARD`.")
            out.say(f"{player.name}'s Drink Me! pile is empty, so they start to sober up.", ed(state, "on-your-turn/drink"))
            clamp_change(state, seat, "alcohol", -1, out, "sobering up")
        if in_front.act(state, seat, "end_of_turn", self.cards, out):
            state.turn_ending = True
            out.say(f"Then {player.name}'s turn ends and the turn passes to the left.",
                    ed(state, "on-your-turn/ending-your-turn"))
            turn_end_order(state, seat, out)
            return
        self._finish_turn(state, seat, out)

    def _finish_turn(self, state: GameState, seat: int, out: Outcome) -> None:
        end_of_turn(state, seat, out)
        self._next_turn(state, out)

    def pass_ended_turn(self, state: GameState, out: Outcome) -> None:
        """The turn whose end the cards in front of its player were acting at passes once they have resolved and
        nothing is left waiting: no last chance, no Drink to drink, no question."""
        if state.turn_ending and not (state.chain or state.last_chance or state.must_drink or state.question
                                      or state.over):
            self._finish_turn(state, state.active, out)

    def resume_play(self, state: GameState, out: Outcome) -> None:
        """Normal play resumes only once nothing is left waiting on the chain, so no play outlasts the phase or
        turn it was played in: after a Round of Gambling its starter moves on to the Order a Drink phase (both
        books, Ending the Round), and a turn whose player is out passes to the left (none while a Round is
        under way: normal play is suspended until it ends)."""
        if state.chain or state.round is not None or state.over:
            return
        starter, state.round_over = state.round_over, None
        # the books' Round follows its starter's Action; one a card started later in the turn (a Drink Event in the
        # Drink phase) does not send play back to an earlier phase
        if starter is not None and starter == state.active and not state.players[starter].out \
                and state.phase in ("discard_draw", "action"):
            state.phase = "order"
            out.say(f"Normal play resumes: {state.players[starter].name} moves on to the Order a Drink phase.",
                    ed(state, "gambling/ending-the-round"))
        if state.players[state.active].out and not state.last_chance:
            self._next_turn(state, out)

    def _next_turn(self, state: GameState, out: Outcome) -> None:
        state.turn_ending = False
        following = [s for s in state.turn_order_from(state.active) if s != state.active]
        if not following:
            return
        end_of_action_phase(state, state.active, out)
        begin_turn(state, following[0])
        state.turn += 1
        state.last_pot = []  # play has moved on from the end of the last Round
        out.say(f"The turn passes to the left: {state.players[state.active].name}'s turn (Discard and Draw).",
                ed(state, "on-your-turn/ending-your-turn"))
        in_front.act(state, state.active, "start_of_turn", self.cards, out)
