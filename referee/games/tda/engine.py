"""The Giants War rules engine: apply one announcement to a state, return the new state and a Ruling.

Pure: the state is copied, the copy changed and returned. A refused line returns
the old state with a REFUSED ruling; a question (`can ...`) returns an ANSWER and
changes nothing. No input raises out of ``apply``.
"""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.ruling import (ANSWER, ASK, REFUSED, IllegalPlay, NotUnderstood, Outcome, RefereeError, Ruling,
                                 Step)
from referee.games.tda import announce as A
from referee.games.tda import ante as ante_rules
from referee.games.tda import buying, discards, lasting, powers, scoring, triggers  # noqa: F401  (job handlers)
from referee.games.tda import cardref, corrections, flow, jobs, made, questions, table_lines
from referee.games.tda.state import GameState

GAME = "tda"
# The lines that set the referee going: what it did for the line before is no longer 'just done' (made.py).
SETS_GOING = (A.Ante, A.Play, A.Score, A.Leads, A.Denial)
# The moves the table applies itself (table_lines.py), taken while the referee waits for the table to apply one.
TABLE_LINES = (A.Pay, A.Steal, A.Draw, A.Discard, A.DiscardFlight, A.DiscardAnte, A.Give, A.TakeAnte)


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
                corrections.end_picture(new)
                jobs.answer(new, value)
                return self._finish(state, new, out, text)
            if early is None:
                raise value
            if not (question.get("kind") == "table" and isinstance(early, TABLE_LINES)):
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
        if kind in SETS_GOING:
            made.begin(state)
        if kind not in (A.Set, A.HandSize):
            corrections.end_picture(state)
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
        if isinstance(item, A.HandSize):  # the table's count of a hidden hand: `set NAME hand N`, deck count kept
            corrections.apply(state, self.cards, item.player, (("hand", str(item.count)),), out)
            return
        table_lines.apply(state, self.cards, item, out)

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
