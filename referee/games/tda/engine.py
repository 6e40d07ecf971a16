"""The Giants War rules engine: apply one announcement to a state, return the new state and a Ruling.

Pure: the state is copied, the copy changed and returned. A refused line returns
the old state with a REFUSED ruling; a question (`can ...`) returns an ANSWER and
changes nothing. No input raises out of ``apply``.
"""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.ruling import (ANSWER, ASK, REFUSED, IllegalPlay, NotUnderstood, Outcome, RefereeError, Ruling,
                                 Step)
from referee.core.text import count_of
from referee.games.tda import announce as A
from referee.games.tda import ante as ante_rules
from referee.games.tda import buying, discards, lasting, powers, scoring, triggers  # noqa: F401  (job handlers)
from referee.games.tda import cardref, corrections, decks, flow, gold, jobs, questions
from referee.games.tda import flights as F
from referee.games.tda.state import GameState

GAME = "tda"


class Engine:
    game = GAME

    def __init__(self, cards: CardDB):
        self.cards = cards

    def apply(self, state: GameState, line: str) -> tuple[GameState, Ruling]:
        try:
            return self._apply(state, line)
        except RefereeError as error:
            return state, error.ruling(line)
        except Exception as error:  # noqa: BLE001 - the session expects a Ruling, never an exception
            text = f"The referee could not rule on {line.strip()!r} ({type(error).__name__}: {error}); nothing changed."
            return state, Ruling(REFUSED, "internal-error", text, (Step(text),), line)

    def _apply(self, state: GameState, line: str) -> tuple[GameState, Ruling]:
        text = line.strip()
        names = [p.name for p in state.players]
        new = state.copy()
        out = Outcome()
        question = new.question
        if question is not None:
            early = self._parse_or_none(text, names)
            if isinstance(early, (A.Play, A.Ante)):
                # a line that is itself a play never answers a question: it waits until the question is answered
                raise NotUnderstood(f"First answer the open question: {question['text']}",
                                    hint=f"Expected {questions.expected(new, question)}; then play.")
            if isinstance(early, A.Can):
                return state, self.can(state, early, text)
            if isinstance(early, (A.Set, A.HandSize)):
                # a correction never answers a question (`set dragon stakes 5` names no stakes to choose)
                self.dispatch(new, early, out)
                return self._finish(state, new, out, text)
            try:
                value = questions.parse(new, self.cards, question, text)
            except questions.OffAnswer:
                raise
            except RefereeError as error:
                value = error
            if not isinstance(value, RefereeError):
                jobs.answer(new, value)
                return self._finish(state, new, out, text)
            if early is None:
                raise value
            if not (question.get("kind") == "table" and isinstance(early, (A.Pay, A.Steal, A.Draw, A.Discard,
                                                                           A.DiscardFlight, A.Give, A.TakeAnte))):
                raise NotUnderstood(f"First the open question: {question['text']}",
                                    hint=f"Expected {questions.expected(new, question)}.")
            self.dispatch(new, early, out)
            return self._finish(state, new, out, text)
        announcement = A.parse(text, names)
        if isinstance(announcement, A.Can):
            return state, self.can(state, announcement, text)
        if new.over and not isinstance(announcement, A.Set):
            raise IllegalPlay("The game is over." + (f" {new.winner} won." if new.winner else ""),
                              ("tda/ending-the-game",), code="game-over", hint="`new tda NAME NAME ...` starts another.")
        self.dispatch(new, announcement, out)
        return self._finish(state, new, out, text)

    @staticmethod
    def _parse_or_none(text: str, names: list[str]):
        try:
            return A.parse(text, names)
        except RefereeError:
            return None

    def _finish(self, old: GameState, new: GameState, out: Outcome, text: str) -> tuple[GameState, Ruling]:
        flow.settle(new, self.cards, out)
        expected = new.start_gold + new.gold_adjust
        if new.total_gold() != expected:
            raise RuntimeError(f"gold would not add up ({new.total_gold()} instead of {expected})")
        if new.question is not None:
            out.verdict = ASK
            out.code = "ask-" + str(new.question.get("kind"))
            who = new.question.get("who")
            asked = f"Question for {new.name(who)}" if who is not None else "Question for the table"
            out.say(f"{asked}: {new.question['text']}")
        return new, out.ruling(text)

    # --- announcements -------------------------------------------------------------------
    def dispatch(self, state: GameState, item, out: Outcome) -> None:
        kind = type(item)
        if kind is A.Ante:
            seat = state.seat(item.player)
            typed = cardref.typed_card(state, self.cards, item.card, need_side=False)
            self._face_up(state, typed)
            ante_rules.ante(state, self.cards, seat, typed, out)
        elif kind is A.Play:
            seat = state.seat(item.player)
            flow.check_turn(state, seat)
            typed = cardref.typed_card(state, self.cards, item.card, need_side=True)
            self._face_up(state, typed)
            flow.play(state, self.cards, seat, typed, out)
        elif kind is A.Score:
            flow.start_scoring(state, out)
        elif kind is A.Leads:
            flow.set_leader(state, state.seat(item.player), out)
        elif kind is A.Denial:
            buying.card_denial(state, state.seat(item.player), state.seat(item.target), out)
        elif kind is A.Set:
            self.set_(state, item, out)
        else:
            self.table_move(state, item, out)

    def _face_up(self, state: GameState, typed) -> None:
        problem = cardref.face_up(state, typed.card, typed.strength)
        if problem:
            raise IllegalPlay(problem, ("tda/card-list",))

    def table_move(self, state: GameState, item, out: Outcome) -> None:
        """What the table applies itself: payments, steals, draws, discards, gifts it announces."""
        seat = state.seat(item.player)
        player = state.players[seat]
        note = "as the table announces"
        if isinstance(item, A.Pay):
            if item.to_player == item.player:
                raise IllegalPlay("A player cannot pay themselves.", ("tda/glossary/pay",),
                                  hint=f"`{item.player} pays NAME N` or `{item.player} pays N to the dragon stakes`.")
            to = ("player", state.seat(item.to_player)) if item.to_player else ("stakes", item.to_stakes)
            gold.pay(state, seat, to, item.amount, out, note, "tda/glossary/pay")
        elif isinstance(item, A.Steal):
            gold.steal(state, seat, item.stakes, item.amount, out, note, "tda/stealing")
        elif isinstance(item, A.Draw):
            got = decks.draw(state, seat, item.count, item.deck, out, note)
            if not got:
                out.say(f"{player.name} draws nothing.", "tda/glossary/hand")
        elif isinstance(item, A.Discard):
            if player.hand < item.count:
                raise IllegalPlay(f"By the referee's count {player.name} holds {count_of(player.hand, 'card')}, not "
                                  f"{item.count}.", ("tda/glossary/hand",), hint=f"`{player.name} has N cards` corrects it.")
            decks.discard_from_hand(state, seat, item.count, out, note, "tda/glossary/hand")
        elif isinstance(item, A.Give):
            target = state.players[state.seat(item.to)]
            if player.hand < item.count:
                raise IllegalPlay(f"By the referee's count {player.name} holds only {count_of(player.hand, 'card')}.",
                                  ("tda/glossary/hand",), hint=f"`{player.name} has N cards` corrects the count.")
            player.hand -= item.count
            target.hand += item.count
            out.say(f"{player.name} gives {target.name} {count_of(item.count, 'card')} from hand; {player.name} holds "
                    f"{player.hand}, {target.name} {target.hand}.", "tda/glossary/hand")
        elif isinstance(item, A.DiscardFlight):
            owner = state.players[state.seat(item.owner)]
            typed = questions.flight_card(state, self.cards, f"{owner.name}'s {item.card}")
            _, placed = state.find_placed(typed["uid"])
            owner.flight.remove(placed)
            state.discard += 1
            out.say(f"{placed.label} leaves {owner.name}'s flight for the discard pile ({note}).", "tda/glossary/flight")
            out.say(F.describe_flight(self.cards, owner) + ".", "tda/flight-strength")
        elif isinstance(item, A.TakeAnte):
            found = questions.ante_card(state, self.cards, {}, item.card)
            placed = next(p for p in state.ante if p.uid == found["uid"])
            state.ante.remove(placed)
            player.hand += 1
            out.say(f"{player.name} takes {placed.label} from the ante into hand ({note}); {player.hand} in hand.",
                    "tda/glossary/ante-card")
        elif isinstance(item, A.HandSize):
            before = player.hand
            player.hand = item.count
            out.say(f"{player.name} holds {item.count} cards (the referee had counted {before}).", "tda/glossary/hand")
        else:
            raise NotUnderstood("I don't understand that announcement.", hint=A.HELP)

    def set_(self, state: GameState, item: A.Set, out: Outcome) -> None:
        corrections.apply(state, self.cards, item.who, item.fields, out)

    # --- questions -----------------------------------------------------------------------
    def can(self, state: GameState, item: A.Can, line: str) -> Ruling:
        seat = state.seat(item.player)
        try:
            if state.question is not None:
                raise IllegalPlay(f"First the open question: {state.question['text']}")
            if item.verb == "ante":
                typed = cardref.typed_card(state, self.cards, item.card, need_side=False)
                probe = state.copy()
                ante_rules.ante(probe, self.cards, seat, typed, Outcome())
                text = f"Yes: {item.player} may ante {typed.card.name} {typed.strength}."
            else:
                flow.check_turn(state, seat)
                typed = cardref.typed_card(state, self.cards, item.card, need_side=None)
                self._face_up(state, typed)
                if state.players[seat].hand <= 0:
                    raise IllegalPlay(f"By the referee's count {item.player} holds no card.")
                triggers, why = flow.trigger_reason(state, seat, typed.strength)
                text = f"Yes: it is {item.player}'s turn; {typed.card.name} {typed.strength}: {why}."
        except RefereeError as error:
            return Ruling(ANSWER, f"no:{error.code}", f"No. {error.message}", (Step(f"No. {error.message}", error.cites),),
                          line)
        return Ruling(ANSWER, "yes", text, (Step(text, ("tda/glossary/power",)),), line)
