"""Resolve: declining, stepping, and resolving the top play of the chain. Reads the state; changes the
chain, and the rest of the state only through the ops that apply the top play's effects."""

from __future__ import annotations

from referee.core import chain
from referee.core.ruling import ASK, IllegalPlay, Outcome
from referee.games.rdi import announce as A
from referee.games.rdi import contest, gambling, splitting
from referee.games.rdi.characters import after_card, passes_in_round, typed_card
from referee.games.rdi.drinks import resolve_drink
from referee.games.rdi.effects import ed, flat_effects, say_one_book_rule
from referee.games.rdi.ops import Resolving, resolve_effects, resolve_in_front
from referee.games.rdi.losing import apply_losses
from referee.games.rdi.state import GameState


def deciders(state: GameState, owner: int) -> list[int]:
    """Who declares in turn order from the window's owner. Otto never declares: his deck answers for him
    when a player's card affects him (Smorgasbox, Otto's responses)."""
    people = state.people()
    return [s for s in state.turn_order_from(owner) if s in people]


def deciders_of(state: GameState, play) -> list[int]:
    """The players still to respond to ``play`` or pass, in turn order (step mode's next is the first)."""
    return chain.still_to_answer(play, deciders(state, contest.window_owner(state, play)))


class Resolution:
    """Engine methods; mixed into referee.games.rdi.engine.Engine."""

    def pass_(self, state: GameState, pass_: A.Pass, out: Outcome) -> None:
        top = state.top
        if top is None and state.round is not None:
            seat = state.seat(pass_.player)
            passes_in_round(state, seat, out)
            gambling.pass_turn(state, seat, out)
            return
        if top is None:
            raise IllegalPlay("Nothing is waiting for responses.", (ed(state, "other-rules/timing"),))
        owner = contest.window_owner(state, top)
        before = chain.still_to_answer(top, self._deciders(state, owner))
        seat = state.seat(pass_.player)
        if before and seat in before and before[0] != seat:
            raise IllegalPlay(f"Players decide in turn order from {state.players[owner].name}: it is "
                              f"{state.players[before[0]].name}'s turn to respond to {contest.window_name(state, top)} "
                              "or pass.", (ed(state, "other-rules/timing"),), code="not-your-turn")
        chain.decline(top, seat)
        out.say(f"{pass_.player} does not respond to {contest.window_name(state, top)}.",
                ed(state, "other-rules/timing"))
        waiting = chain.still_to_answer(top, self._deciders(state, owner))
        if waiting:
            out.say(f"Next to decide: {state.players[waiting[0]].name}.")
        else:
            out.say("Everyone has declined: it resolves.", ed(state, "other-rules/timing"))
            self.resolve(state, A.Resolve(), out)

    @staticmethod
    def _deciders(state: GameState, owner: int) -> list[int]:
        return deciders(state, owner)

    def step(self, state: GameState, _: A.Step, out: Outcome) -> None:
        top = state.top
        if top is None:
            raise IllegalPlay("Nothing is waiting for responses.", (ed(state, "other-rules/timing"),))
        waiting = chain.still_to_answer(top, self._deciders(state, contest.window_owner(state, top))) or [top.player]
        out.code = "step"
        out.say(f"{state.players[waiting[0]].name}: respond to {contest.window_name(state, top)}, or pass? (in turn order from "
                f"{state.players[contest.window_owner(state, top)].name}; each declares in turn, which also breaks a deadlock)",
                ed(state, "other-rules/timing"), ed(state, "other-rules/timing/deadlock"))
        out.say("If several players answer the same event, Anytime Cards resolve first, then Sometimes Cards, "
                "each in turn order from the active player.", ed(state, "other-rules/timing/anytime-before-sometimes"))

    def resolve(self, state: GameState, _: A.Resolve, out: Outcome) -> None:
        if not state.chain:
            if state.last_chance:
                state.last_chance = []
                apply_losses(state, out)  # a player whose turn it was and who is out: the turn moves on (turns.py)
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
            copies = (top.group or "").startswith("copies")
            out.say("The Drinks are drunk at once" + (": every player's copy is their own Drink, not a split."
                                                      if copies else "."),
                    ed(state, "other-rules/round-on-the-house" if copies else "other-rules/splitting-drinks"))
            for drink in group:
                resolve_drink(state, drink, out)
            self._after_drinks(state, group, out)
            self._reopen(state, out)
            return
        if top.kind == "drink" and splitting.offer_builtin_split(state, top, self.cards.by_id[top.card_id], out):
            out.verdict, out.code = ASK, "ask-split"
            return
        if top.kind in ("card", "event") and self.asks_before_resolving(state, top, out):
            return
        state.chain.pop()
        state.recent_hits = []
        if top.kind == "drink":
            resolve_drink(state, top, out)
            self._after_drinks(state, [top], out)
        elif top.kind == "event":
            self._resolve_event(state, top, out)
        elif top.kind == "front":
            resolve_in_front(state, top, self.cards, out)
        else:
            self._resolve_card(state, top, out)
        self.close_windows(state, out)  # a Round it ended leaves nothing waiting that could only act on it
        if not state.chain and state.choice is None:
            self.resume_play(state, out)
        self._reopen(state, out, top)

    def _reopen(self, state: GameState, out: Outcome, resolved=None) -> None:
        beneath = chain.reopen(state.chain)
        if beneath is None:
            return
        # Name the play the resolved response answered (it may not be the top: one half of a split Drink).
        answered = state.entry(resolved.responds_to) if resolved is not None and resolved.responds_to is not None else None
        waiting = answered or beneath
        waiting.passed = []
        name = contest.window_name(state, waiting, *([resolved] if resolved is not None else []))
        out.say(f"{name[0].upper()}{name[1:]} {'are' if name.startswith('the Drinks') else 'is'} waiting again: everyone "
                "may respond once more, even those who passed before.", ed(state, "other-rules/timing"))

    def _after_drinks(self, state: GameState, drinks: list, out: Outcome) -> None:
        """GII's two rules for Drinks with card effects: one draw/discard/reveal at a time; and who keeps
        a Drink card that is not discarded."""
        first = drinks[0]
        cards = [self.cards.by_id[c.id] for c in (self._card(p) for p in first.parts)] if first.parts else []
        card_ops = [e.op for c in cards for e in c.effects]
        if sum(op in ("draw", "discard") for op in card_ops) >= 2:
            say_one_book_rule(state, out, f"{first.name} has several draw or discard effects: the drinker resolves them "
                              "in the order they choose, finishing each before the next.",
                              "gii/more-drink-rules/discarding-and-drawing")
        kept = next((c for c in cards if c.get("kept")), None)
        if kept is None:
            return
        original = next((d for d in drinks if d.copy_of is None), first)
        start = state.active if original.group and original.group.startswith("copies") else original.drinker
        instructed = {d.drinker for d in drinks if d.drinker not in d.ignored_by}
        mover = next((s for s in state.turn_order_from(start) if s in instructed), None)
        if mover is None:
            say_one_book_rule(state, out, f"Nobody who took {kept.name} may keep the card, so it goes to the Drink "
                              "discard pile.", "gii/more-drink-rules/drinks-that-arent-discarded")
            return
        state.drink_discard -= 1
        state.players[mover].kept.append(kept.name)
        say_one_book_rule(state, out, f"{kept.name} is not discarded: {state.players[mover].name}, the first affected "
                          "player in turn order from the Drink's controller (skipping anyone who Ignored or passed it), "
                          "puts it in front of them.", "gii/more-drink-rules/drinks-that-arent-discarded")

    def _resolve_event(self, state: GameState, entry, out: Outcome) -> None:
        state.drink_discard += 1
        card = self.cards.by_id.get(entry.card_id)
        if card is not None and card.get("event") == "drinking_contest":
            state.drink_discard -= 1  # the Drinking Contest! card is discarded once the contest is over
            contest.start(state, entry.player, out)
            return
        if card is not None and card.get("event") in ("round_on_the_house", "toast"):
            state.copies_for = entry.player
            out.verdict, out.code = ASK, "ask-reveal"
            out.say(f"{entry.name}: {state.players[entry.player].name} reveals a Drink from the Drink Deck "
                    f"(`{state.players[entry.player].name} reveals CARD`), and every player gets a copy of it.",
                    ed(state, "other-rules/round-on-the-house"))
            return
        if card is not None and card.effects:  # a Drink Event the table taught, or one whose effects are data
            out.say(f"{entry.name} resolves.", ed(state, "more-drink-rules/drink-events"))
            resolve_effects(Resolving(state, entry, card, out, self.cards), flat_effects(card, entry, state))
            return
        out.say(f"{entry.name} resolves: follow its instructions. The referee does not apply this Drink Event itself; "
                "the table applies it and corrects the figures with `set`.", ed(state, "more-drink-rules/drink-events"))

    def _resolve_card(self, state: GameState, entry, out: Outcome) -> None:
        card = self.cards.by_id[entry.card_id] if entry.card_id else typed_card(state, entry)
        out.say(f"{card.name} ({state.players[entry.player].name}) resolves.", ed(state, "other-rules/timing"))
        resolve_effects(Resolving(state, entry, card, out, self.cards), flat_effects(card, entry, state))
        after_card(state, entry, card, out)
