"""Announcements of character mechanics and variants: Potions, the kitchen, Otto's boxes,
Prizes, splitting Mead, leaving a Round."""

from __future__ import annotations

from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi import announce as A
from referee.games.rdi import gambling, round_window, splitting, variants
from referee.games.rdi import characters as character_rules
from referee.games.rdi.characters import otto
from referee.games.rdi.effects import ed
from referee.games.rdi.legality import Checker
from referee.games.rdi.phrases import of_kind
from referee.games.rdi.state import Entry, GameState


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

    def split(self, state: GameState, split: A.Split, out: Outcome) -> None:
        self._no_open_question(state)
        splitting.builtin_split(state, state.seat(split.player), state.seat(split.partner), out)

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

    def _prompt_otto(self, state: GameState, entry, card, out: Outcome) -> None:
        otto.prompt_response(state, entry, card, out)
