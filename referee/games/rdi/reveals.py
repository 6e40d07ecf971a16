"""Revealed cards: Drinks and Chasers, Gear Cards, Drinks a card makes you take, the Drink for
Round on the House, and the table's answers to the values the books leave out."""

from __future__ import annotations

from referee.core.effect_model import effects_data
from referee.core.ruling import ASK, GameOver, IllegalPlay, NotUnderstood, Outcome
from referee.core.text import sentence
from referee.games.rdi import announce as A
from referee.games.rdi import contest, house, splitting
from referee.games.rdi import characters as character_rules
from referee.games.rdi.bookkeeping import OTTO_TURN
from referee.games.rdi.drinks import add_chaser, start_drink, take_from_deck
from referee.games.rdi.effects import clamp_change, ed, flat_effects
from referee.games.rdi.ops import Resolving, resolve_effects
from referee.games.rdi.state import DRINK_DECK_SIZE, Entry, GameState

# An automaton (Otto) has no Drink Me! pile: its own Drink (his turn's rules, OTTO_TURN) and one a card makes
# it drink come from the Drink Deck.
SENT_DRINK_FROM_DECK = "smb/otto/targeting"


class Reveals:
    """Engine methods; mixed into referee.games.rdi.engine.Engine."""

    def reveal(self, state: GameState, reveal: A.Reveal, out: Outcome) -> None:
        if reveal.card is not None:
            card, _ = self._drink_card(reveal.card, None, state)
            if card.type == "dungeon_event":
                self._dungeon_event(state, reveal, card, out)
                return
            if character_rules.reveal(state, state.seat(reveal.player) if reveal.player is not None else None, card,
                                      out):
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
            add_chaser(state, waiting, *self._drink_card(reveal.card, out, state), out)
            self._drink_ready(state, waiting, out)
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
            card, declared_chaser = self._drink_card(reveal.card, out, state)
            if card.type not in ("drink", "drink_event"):
                raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (ed(state, "other-rules/drinking-contest"),))
            entry = contest.reveal(state, state.seat(reveal.player), card, out, declared_chaser)
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
            if state.drunk:
                raise IllegalPlay("Otto has already drunk this turn.", (OTTO_TURN,))
            card = self._card(reveal.card or "", out)
            if card.type not in ("drink", "drink_event", "special_reserve"):
                raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (OTTO_TURN,))
            self._start_drinking(state, out)
            take_from_deck(state, out)
            out.say("Otto has no Drink Me! pile: he drinks from the Drink Deck, and it affects both of his tracks.", OTTO_TURN)
            entry = start_drink(state, seat, card, "drink_deck", out, rule=OTTO_TURN)
            self._drink_ready(state, entry, out)
            return
        if not state.ordered:
            raise IllegalPlay(f"{reveal.player} has not ordered a Drink yet; Order a Drink comes before Drink.",
                              (ed(state, "on-your-turn"),), hint=f"`{reveal.player} orders a drink for NAME`.")
        if state.drunk:
            raise IllegalPlay(f"{reveal.player} has already drunk this turn.", (ed(state, "on-your-turn/drink"),),
                              hint="`end turn` passes the turn to the left.")
        player = state.players[seat]
        if player.drink_me == 0:
            raise IllegalPlay(f"{reveal.player}'s Drink Me! pile is empty: there is nothing to reveal. "
                              "They sober up by 1 instead.", (ed(state, "on-your-turn/drink"),), hint="`end turn` does it.")
        if reveal.card is None:
            raise NotUnderstood(f"Which card does {reveal.player} reveal? `{reveal.player} reveals CARD`.")
        card, declared_chaser = self._drink_card(reveal.card, out, state)
        if card.type not in ("drink", "drink_event", "special_reserve"):
            raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (ed(state, "on-your-turn/drink"),))
        self._start_drinking(state, out)
        player.drink_me -= 1
        entry = start_drink(state, seat, card, "drink_me", out, chaser=declared_chaser)
        self.note_table_card(state, seat, card, out)
        self._ask_unknown_alcohol(state, entry, out)

    def _dungeon_event(self, state: GameState, reveal: A.Reveal, card, out: Outcome) -> None:
        """A Dungeon Event (RDI 6) faced by one player. The Dungeon Event rules are not in these books: the
        referee applies what they say of the card, at once, and rules no answers to it."""
        self._no_open_question(state)
        if reveal.player is None:
            raise NotUnderstood(f"Who faces {card.name}? `NAME reveals {card.name}`.")
        seat = state.seat(reveal.player)
        entry = Entry(uid=state.next_uid, kind="event", player=seat, name=card.name, card_id=card.id,
                      card_type=card.type, drinker=seat, source="dungeon")
        state.next_uid += 1
        out.say(f"{state.players[seat].name} faces the Dungeon Event {card.name}. Dungeon Events come from The Red "
                "Dragon Inn 6, whose rules are not among these books: the referee applies what the books say of the "
                "card, at once, and rules no answers to it.", *card.cites)
        state.chain.append(entry)  # only while a choice on it waits: nobody may answer it meanwhile
        if self.asks_before_resolving(state, entry, out):
            return
        state.chain.remove(entry)
        self.resolve_dungeon_event(state, entry, card, out)

    def resolve_dungeon_event(self, state: GameState, entry, card, out: Outcome) -> None:
        resolve_effects(Resolving(state, entry, card, out, self.cards), flat_effects(card, entry, state))

    def _forced_drink(self, state: GameState, seat: int, reveal: A.Reveal, out: Outcome) -> None:
        """A card made this player drink the top Drink of their Drink Me! pile now."""
        state.must_drink.remove(seat)
        player = state.players[seat]
        if player.automaton:
            self._otto_forced_drink(state, seat, reveal, out)
            return
        if player.drink_me == 0:
            out.say(f"{player.name}'s Drink Me! pile is empty, so they sober up by 1 instead.", ed(state, "on-your-turn/drink"))
            clamp_change(state, seat, "alcohol", -1, out, "sobering up")
            return
        if reveal.card is None:
            raise NotUnderstood(f"Which card does {player.name} reveal? `{player.name} reveals CARD`.")
        card, declared_chaser = self._drink_card(reveal.card, out, state)
        if card.type not in ("drink", "drink_event", "special_reserve"):
            raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (ed(state, "on-your-turn/drink"),))
        player.drink_me -= 1
        entry = start_drink(state, seat, card, "drink_me", out, chaser=declared_chaser)
        self._ask_unknown_alcohol(state, entry, out)

    def _otto_forced_drink(self, state: GameState, seat: int, reveal: A.Reveal, out: Outcome) -> None:
        """A player's card made Otto drink: the top card of the Drink Deck, on that player's track only."""
        sent_by = state.otto_sent_by.pop(0) if state.otto_sent_by else None
        if reveal.card is None:
            raise NotUnderstood("Which card does Otto reveal from the Drink Deck? `Otto reveals CARD`.")
        card, declared_chaser = self._drink_card(reveal.card, out, state)
        if card.type not in ("drink", "drink_event", "special_reserve"):
            raise IllegalPlay(f"{card.name} is not a Drink Deck card.", (SENT_DRINK_FROM_DECK,))
        take_from_deck(state, out)
        entry = start_drink(state, seat, card, "drink_deck", out, chaser=declared_chaser, rule=SENT_DRINK_FROM_DECK)
        entry.sent_by = sent_by
        self._drink_ready(state, entry, out)

    def _drink_ready(self, state: GameState, entry, out: Outcome) -> None:
        """A Drink just revealed: ask for what the books leave out; tell the characters it is on the chain (Otto's
        deck answers one that affects him)."""
        self._ask_unknown_alcohol(state, entry, out)
        if entry.kind == "drink" and not entry.awaiting_chaser:
            character_rules.joined_chain(state, entry, None, out)

    def _reveal_for_copies(self, state: GameState, reveal: A.Reveal, out: Outcome) -> None:
        seat = state.copies_for
        who = state.players[seat].name
        if reveal.player is None or state.seat(reveal.player) != seat or reveal.card is None:
            raise IllegalPlay(f"{who} reveals the Drink for the event first: `{who} reveals CARD`.",
                              (ed(state, "other-rules/round-on-the-house"),))
        card, declared_chaser = self._drink_card(reveal.card, out, state)
        state.copies_for = None
        take_from_deck(state, out)
        if card.type != "drink":
            state.drink_discard += 1
            out.say(f"{card.name} is not a Drink: it is discarded.", ed(state, "other-rules/round-on-the-house"))
            if house.say(state, house.ROUND_ON_THE_HOUSE_EVENT, out) == "reveal-again":
                state.copies_for = seat
                out.verdict, out.code = ASK, "ask-reveal"
                out.say(f"{who} reveals the next card of the Drink Deck (`{who} reveals CARD`).",
                        ed(state, "other-rules/round-on-the-house"))
            return
        entry = start_drink(state, seat, card, "drink_deck", out, chaser=declared_chaser,
                            rule=ed(state, "other-rules/round-on-the-house"))
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
        picks = any(getattr(e, "who", None) in ("chosen", "target") for e in gear.effects)
        if picks and target is None:
            raise IllegalPlay(f"{gear.name} has its own target: `{owner} reveals {gear.name} on NAME`.",
                              ("rdi3/appendix-a/wizgille/devices-and-gear",), code="needs-target")
        device.gears.append({"id": gear.id, "name": gear.name, "target": target, "effects": effects_data(gear.effects),
                             "negated": False})
        device.awaiting_gear = False
        aimed = (f" on {', '.join(state.players[t].name for t in target)}" if isinstance(target, list)
                 else f" on {state.players[target].name}" if target is not None else "")
        out.say(f"{owner} reveals the Gear Card {gear.name}{aimed}: {sentence(gear.summary)} It joins {device.name} as one "
                "card with the combined effects; its own target is chosen apart from the Device's.",
                "rdi3/appendix-a/wizgille/devices-and-gear", "rdi3/appendix-a/wizgille/example-1")
        from referee.games.rdi.effects import device_stopped

        if device_stopped(device):
            out.say(f"{gear.name} stops the Device from taking effect: its effects no longer count when asking what "
                    "the card affects.", "rdi3/appendix-a/wizgille/devices-and-gear",
                    "rdi3/appendix-a/wizgille/example-2", "rdi3/appendix-a/wizgille/example-3")
        out.say("Players may respond now, first to the Gear Card's reveal, then to the combined card.",
                ed(state, "other-rules/timing/sequential-events"))
        self._ask_unknown_amount(state, device, self.cards.by_id[device.card_id], out,
                                 shown=f"{device.name} with its Gear Card {gear.name}")

    def _ask_unknown_alcohol(self, state: GameState, entry, out: Outcome) -> None:
        """Asked as soon as the card is revealed, even while a Chaser is still to come."""
        if entry.kind == "drink" and entry.alcohol is None:
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
        if state.choice is not None:  # the choice waiting is the referee's latest question
            self.make_choice(state, state.choice.chooser, str(answer.value), None, out)
            return
        if state.question is not None:
            low, high, what = answer_bounds(state, state.question)
            if not low <= answer.value <= high:
                raise IllegalPlay(f"{what} is {low} to {high}, not {answer.value}.", (ed(state, BOUND_RULE[what]),))
            state.answers[state.question] = answer.value
            out.say(f"Noted for the rest of the game: {self.cards.by_id[state.question.split(':')[0]].name} shows "
                    f"{answer.value} (the table's answer; the books do not print it).")
            state.question = None
            return
        entry = next((e for e in state.chain if e.kind == "drink" and e.alcohol is None), None)
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
        low, high, what = answer_bounds(state, f"{card.id}:alcohol")
        if not low <= answer.value <= high:
            raise IllegalPlay(f"{what} is {low} to {high}, not {answer.value}.", (ed(state, BOUND_RULE[what]),))
        state.answers[f"{card.id}:alcohol"] = answer.value
        out.say(f"Noted for the rest of the game: {card.name} shows {answer.value} Alcohol Content (the table's answer).")
        if len(unknown_parts) == 1:
            entry.alcohol = known + answer.value
            out.say(f"{entry.name} totals {entry.alcohol} Alcohol Content"
                    + (" so far (a Chaser is still to be revealed)." if entry.awaiting_chaser else "."))
        else:
            self._ask_unknown_alcohol(state, entry, out)


# What an answer may be: a card's amount within the figures it moves (Fortitude and Alcohol Content stay within
# 0..20; a Drink's own Alcohol Content may be below 0, as Coffee's is), Gold and cards within what a card file
# may give (docs/card-schema.md, Limits), Drinks within the Drink Deck.
BOUND_RULE = {"A Fortitude or Alcohol Content amount": "other-rules/minimum-and-maximum",
              "A Drink's Alcohol Content": "other-rules/minimum-and-maximum",
              "A Gold amount": "other-rules/minimum-and-maximum", "A number of cards": "on-your-turn/discard-and-draw",
              "A number of Drinks": "getting-started"}


def answer_bounds(state: GameState, key: str) -> tuple[int, int, str]:
    parts = key.split(":")
    if len(parts) == 2:  # CARD:alcohol, a Drink's own figure
        return -20, 20, "A Drink's Alcohol Content"
    op, attr = parts[1], parts[2]
    if op == "drink":
        return 1, DRINK_DECK_SIZE + (state.bar_deck or 0), "A number of Drinks"
    if attr in ("fortitude", "alcohol"):
        return 0, 20, "A Fortitude or Alcohol Content amount"
    if attr == "gold":
        return 0, 999, "A Gold amount"
    return 0, 40, "A number of cards"
