"""Pending work as a stack of jobs, run one effect at a time until a question stops it.

A job is a plain dict, kept in the saved state: who it is for, the card (and the
strength its power uses, which for a copied power is the copying card's), the
effects still to do, its variables (the card a power discarded, who paid) and the
answers the table gave. The effects are stored as data (``effect_data``, or a
step's own mapping) and become typed values again when the job runs them: a card
effect its op's frozen value (referee.core.effect_model), one of the engine's own
steps its record (steps.py). Each card op has exactly one handler (``applies``),
each step one (``runs``). A handler that needs the table asks through ``Ctx.ask``
before it changes anything; the runner then keeps the effect, stores the
question, and runs it again once the answer is in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from referee.core.carddb import Card, CardDB
from referee.core.effect_model import SPECS, EffectError
from referee.core.ruling import OUTCOME, STANDING, Outcome
from referee.games.tda.entries import Work, from_data, to_data
from referee.games.tda.state import GameState, Placed
from referee.games.tda.steps import Step, TableStep

Handler = Callable[["Ctx"], None]
OPS: dict[str, Handler] = {}  # card op -> the one handler that applies it
STEP_HANDLERS: dict[type, Handler] = {}  # engine step record -> its handler


def applies(op: str):
    """Register the one handler of a card op of the Giants War vocabulary."""
    if op not in SPECS["tda"]:
        raise ValueError(f"{op!r} is not a Giants War effect op")
    if op in OPS:
        raise ValueError(f"the {op!r} op already has a handler")

    def register(function: Handler) -> Handler:
        OPS[op] = function
        return function
    return register


def runs(step: type[Step]):
    """Register the handler of one of the engine's own steps."""
    def register(function: Handler) -> Handler:
        STEP_HANDLERS[step] = function
        return function
    return register


class Ask(Exception):
    def __init__(self, question: dict):
        super().__init__(question.get("text", ""))
        self.question = question


def new_job(player: int | None, effects, name: str = "", card_id: str | None = None, strength: int = 0,
            this: int | None = None, cites=(), kind: str = "power") -> dict:
    return {"player": player, "name": name, "card_id": card_id, "strength": strength, "this": this,
            "effects": [to_data(e) for e in effects], "vars": {}, "answers": {}, "step": 0, "cites": list(cites),
            "kind": kind}


@dataclass
class Ctx:
    state: GameState
    db: CardDB
    out: Outcome
    job: dict
    effect: Work  # a card effect's typed value, or one of the engine's steps

    @property
    def player(self) -> int:
        return self.job["player"]

    @property
    def name(self) -> str:
        return self.state.name(self.player)

    @property
    def card(self) -> Card | None:
        card_id = self.job.get("card_id")
        return self.db.by_id.get(card_id) if card_id else None

    @property
    def card_name(self) -> str:
        return self.job.get("name") or "the referee"

    @property
    def strength(self) -> int:
        return int(self.job.get("strength") or 0)

    @property
    def this(self) -> Placed | None:
        uid = self.job.get("this")
        return self.state.find_placed(uid)[1] if uid is not None else None

    @property
    def cites(self) -> tuple[str, ...]:
        return tuple(self.job.get("cites") or ())

    @property
    def vars(self) -> dict:
        return self.job["vars"]

    def say(self, text: str, *cites: str, role: str = "") -> None:
        self.out.say(text, *(cites or self.cites), role=role)

    def tell(self, text: str, *cites: str) -> None:
        """An outcome step (who wins a stakes, the game): the short ruling always keeps it."""
        self.say(text, *cites, role=OUTCOME)

    def note(self, text: str, *cites: str) -> None:
        """A standing note (a silent rule's default): the short ruling shows it once per game."""
        self.say(text, *cites, role=STANDING)

    def ask(self, key: str, question: dict):
        full = f"{self.job['step']}:{key}"
        if full in self.job["answers"]:
            return self.job["answers"][full]
        question = dict(question)
        question["key"] = full
        question.setdefault("card", self.card_name)
        raise Ask(question)

    def push_front(self, effects) -> None:
        self.job["effects"][0:0] = [to_data(e) for e in effects]


def run(state: GameState, db: CardDB, out: Outcome, after_each: Callable[[], bool] | None = None) -> None:
    """Run jobs until none is left, a question is asked, or the game ends.
    ``after_each`` may return True to stop (the gambit ended at once)."""
    guard = 0
    while state.jobs and state.question is None and not state.over:
        guard += 1
        if guard > 5000:
            raise RuntimeError("the referee's job runner did not finish")
        job = state.jobs[-1]
        if not job["effects"]:
            state.jobs.pop()
            continue
        entry = job["effects"].pop(0)
        effect, function = _typed(entry)
        try:
            function(Ctx(state, db, out, job, effect))
        except Ask as asked:
            job["effects"].insert(0, entry)
            asked.question["job"] = len(state.jobs) - 1
            state.question = asked.question
            return
        job["step"] += 1
        if after_each is not None and after_each():
            return


def _typed(entry) -> tuple[Work, Handler]:
    """A stored entry's typed value and the handler that runs it."""
    try:
        effect = from_data(entry)
    except EffectError:
        effect = None
    function = None
    if isinstance(effect, Step):
        function = STEP_HANDLERS.get(type(effect))
    elif effect is not None:
        function = OPS.get(effect.op)
    if function is None:
        op = entry.get("op") if isinstance(entry, dict) else None
        return TableStep(f"apply the '{op}' effect"), lambda ctx: unknown_op(ctx, op)
    return effect, function


def unknown_op(ctx: Ctx, op) -> None:
    """A stored entry that is no effect the referee knows (a saved game from another version)."""
    ctx.say(f"{ctx.card_name}: the referee has no rule for a '{op}' effect; the table applies it with `pay`, "
            "`steal`, `draw`, `give` or `discard` announcements.")
    ctx.push_front([TableStep(f"apply {ctx.card_name}'s '{op}' effect")])


def answer(state: GameState, value) -> None:
    """Store the answer to the open question in the job that asked it."""
    question = state.question
    state.jobs[question["job"]]["answers"][question["key"]] = value
    state.question = None
