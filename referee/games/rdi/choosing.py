"""The engine's part of a card's choices (the rules of whose and when are in choices.py): asking as a card is
played or resolves, and taking the chooser's answer."""

from __future__ import annotations

from contextlib import contextmanager

from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay, NotUnderstood, Outcome
from referee.core.text import listed
from referee.games.rdi import announce as A
from referee.games.rdi import choices, house, variants
from referee.games.rdi import characters
from referee.games.rdi.effects import ed
from referee.games.rdi.legality import Checker
from referee.games.rdi.state import Choice, GameState


@contextmanager
def _naming_the_player(name: str, index: int, words: str):
    """An option that picks a player the play did not name: say how to name one with the choice."""
    try:
        yield
    except IllegalPlay as error:
        if error.code != "needs-target":
            raise
        raise IllegalPlay(f"The option {words} picks a player, and none was named.", error.cites,
                          code="needs-target",
                          hint=f"Name the player with the choice: `{name} chooses {index + 1} on NAME`.") from None


class Choosing:
    """Engine methods; mixed into referee.games.rdi.engine.Engine."""

    def _asks_own_choice(self, state: GameState, seat: int, card: Card, entry, open_options: list[int],
                         out: Outcome) -> bool:
        """The player's own choice, which the game leaves open: asked now, the play waiting for it, or left
        until the card resolves (the house rule own-choice-timing). True when the play waits."""
        name = state.players[seat].name
        if house.reading(state, house.OWN_CHOICE_TIMING) != choices.WHEN_PLAYED:
            entry.open_options = list(open_options)  # asked as it resolves (asks_before_resolving)
            return False
        self._say_played(state, seat, card, entry, out)
        house.say(state, house.OWN_CHOICE_TIMING, out)
        options = choices.offered(choices.own_choice(card), open_options, name)
        out.say(f"Once {name} has chosen, {card.name} goes on the chain and everyone may respond to it.")
        choices.ask(state, Choice(chooser=seat, card=card.name, options=options, at="play", player=seat,
                                  card_id=card.id, target=entry.target), out)
        return True

    def choose(self, state: GameState, choose: A.Choose, out: Outcome) -> None:
        """`NAME chooses …`: the choice the referee waits for; else, under the Prize variant, the Prize of the
        Round being started. What is pending decides which, never the words."""
        seat = state.seat(choose.player)
        if state.choice is not None:
            self.make_choice(state, seat, choose.text, state.seat(choose.target) if choose.target else None, out)
            return
        if variants.prize_choice_open(state):
            self.prize(state, A.Prize(choose.player, "choose", A.PRIZE_WORDS.sub("", choose.text).strip()), out)
            return
        prize = (" Under the Prize variant a Prize is chosen by the player starting a Round of Gambling, before "
                 "anyone antes.") if state.prizes_inn is not None else ""
        raise IllegalPlay(f"Nothing is waiting for {choose.player} to choose.{prize}", (variants.PRIZE,) if prize else (),
                          code="no-choice", hint="The referee asks when a card's choice is due, naming who chooses "
                                                 "and the options (`state` shows any choice waiting).")

    def answer_words(self, state: GameState, answer: A.AnswerWords, out: Outcome) -> None:
        if state.choice is None:
            raise NotUnderstood(f"`answer` takes a number here, not {answer.text!r}: no choice is waiting.")
        self.make_choice(state, state.choice.chooser, answer.text, None, out)

    def make_choice(self, state: GameState, seat: int, text: str, target: int | None, out: Outcome) -> None:
        """The chooser's answer: the play that waited goes on, or the card goes on resolving."""
        choice = state.choice
        entry = state.entry(choice.uid) if choice.at == "resolve" else None
        card_id = choice.card_id if choice.at == "play" else entry.card_id
        card = self.cards.by_id.get(card_id)
        if seat != choice.chooser:
            raise choices.not_theirs(state, seat, card)
        index = choices.read_option(state, choice, text)
        words = choices.words_of(choice, index)
        name = state.players[seat].name
        state.choice = None
        if choice.at == "play":
            with _naming_the_player(name, index, words):
                self.play_card(state, choice.player, card, target if target is not None else choice.target, out, index)
            return
        if choice.effect is None:
            entry.option = index
            if target is not None:
                entry.target = target
            with _naming_the_player(name, index, words):
                Checker(state, self.cards).check_target(entry.player, card, entry)
            out.say(f"{name} chooses {words} for {card.name}.")
        else:
            if target is not None:
                raise NotUnderstood(f"{name} chooses for themselves: `{name} chooses {index + 1}` names no player.")
            entry.choices.append({"effect": choice.effect, "seat": seat, "option": index})
            out.say(f"{name} chooses {words}.")
        self._go_on_resolving(state, entry, card, out)

    def _go_on_resolving(self, state: GameState, entry, card: Card, out: Outcome) -> None:
        """After a choice made as the card resolves: the next chooser, or the card resolves with every choice."""
        following = choices.waiting_at_resolution(state, entry, card)
        if following is not None:
            if following.effect is not None and any(c["effect"] == following.effect for c in entry.choices):
                out.say(f"Next in turn order from {state.players[state.active].name}: "
                        f"{state.players[following.chooser].name}.", ed(state, "other-rules/timing/deadlock"))
            choices.ask(state, following, out)
            return
        if entry.source == "dungeon":
            state.chain.remove(entry)
            self.resolve_dungeon_event(state, entry, card, out)
            return
        self.resolve(state, A.Resolve(), out)

    def asks_before_resolving(self, state: GameState, entry, out: Outcome) -> bool:
        """A card resolves once every choice on it is made: its player's own, when it was left until now, and
        then those of the players it names, one at a time in turn order from the active player, before any of
        it applies (the books break a deadlock so). Otto is never asked. True when the referee asks."""
        card = self.cards.by_id.get(entry.card_id) if entry.card_id else None
        choices.settle_otto_own_choice(state, entry, card, out)
        choice = choices.waiting_at_resolution(state, entry, card)
        if choice is None:
            return False
        if choice.effect is None:
            out.say(f"{entry.name} resolves once {state.players[choice.chooser].name} says which option of it they "
                    "take.")
        else:
            seats = choices.all_choosers(state, entry, card)
            names = listed([state.players[s].name for s in seats])
            if len(seats) > 1:
                out.say(f"Before {entry.name} resolves, the players it names choose: {names}, one at a time in turn "
                        f"order from {state.players[state.active].name}, each declaring before any of it applies.",
                        ed(state, "other-rules/timing/deadlock"))
            else:
                out.say(f"Before {entry.name} resolves, {names} chooses.")
            for seat in choices.chosen_by_rule(state, entry, card):
                characters.not_asked(state, seat, out)
        choices.ask(state, choice, out)
        return True
