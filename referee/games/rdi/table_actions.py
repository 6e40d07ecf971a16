"""Announcements of character mechanics and variants: Prizes, splitting Mead, leaving a Round, keeping a
revealed card, and what a character's own announcement (Potions, the kitchen, Otto's boxes) may ask of the
engine."""

from __future__ import annotations

from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi import announce as A
from referee.games.rdi import gambling, round_window, splitting, variants
from referee.games.rdi import characters as character_rules
from referee.games.rdi.effects import ed
from referee.games.rdi.legality import Checker
from referee.games.rdi.phrases import of_kind
from referee.games.rdi.state import GameState


class TableActions:
    """Engine methods; mixed into referee.games.rdi.engine.Engine."""

    def prize(self, state: GameState, prize: A.Prize, out: Outcome) -> None:
        if state.prizes_inn is None:
            raise IllegalPlay("The Prize variant is not in play (`new rdi ... --variant prize --prize NAME`).",
                              (variants.PRIZE,))
        seat = state.seat(prize.player)
        card, wrong = of_kind(prize.prize, self.cards, "prize")  # wrong: "Wine is a Drink Card, not a Prize"
        if prize.verb == "choose":
            variants.choose_prize(state, seat, card.name, out, wrong)
        else:
            variants.use_prize(state, seat, card.name, out, wrong)

    def leave_round(self, state: GameState, leave: A.LeaveRound, out: Outcome) -> None:
        """A card the table applies itself (an anti-cheat card, say) takes a player out of the Round."""
        seat = state.seat(leave.player)
        round_window.check_leave(state, seat)
        if state.chain:
            raise IllegalPlay(f"First resolve what is waiting ({state.top.name}).", (ed(state, "other-rules/timing"),))
        if leave.forced:
            out.say("When a player is forced out, every player, the one forced out included, may respond first; "
                    "the referee takes it that nobody did.", ed(state, "gambling/forcing-a-player-to-leave"))
        gambling.leave(state, seat, out, forced=leave.forced)

    def keep(self, state: GameState, keep: A.Keep, out: Outcome) -> None:
        seat = state.seat(keep.player)
        card = self._card(keep.card, out)
        if not character_rules.keep(state, seat, card, out):
            raise IllegalPlay(f"{keep.player} is not choosing between two revealed cards.", (ed(state, "on-your-turn"),))

    # --- what a plugged character's own announcement may ask of the engine (its ``table``) -----------------
    def chain_play(self, state: GameState, seat: int, card) -> None:
        """A card a character's mechanic plays for its player (the Smorgasbord), put on the chain to be answered."""
        entry, _ = Checker(state, self.cards).prepare(seat, card, None)
        state.chain.append(entry)
        state.next_uid += 1

    def card_named(self, name: str, out: Outcome):
        return self._card(name, out)

    @staticmethod
    def timing(state: GameState) -> str:
        return ed(state, "other-rules/timing")

    def pass_in_round(self, state: GameState, seat: int, out: Outcome) -> None:
        """A character's go in a Round of Gambling that comes to a pass (Otto's empty deck)."""
        gambling.pass_turn(state, seat, out)

    def split(self, state: GameState, split: A.Split, out: Outcome) -> None:
        self._no_open_question(state)
        splitting.builtin_split(state, state.seat(split.player), state.seat(split.partner), out)
