"""The engine's own steps in a job: bookkeeping the rules ask for, never a card effect.

A job runs card effects (typed values of referee.core.effect_model) and these steps side by
side. Each step is a small frozen record; in the saved state it is a mapping whose `op` starts
with an underscore (`{op: _buy, seat: 1, reason: ...}`), so it can never be mistaken for a
card op, and it is rebuilt into its record when the job runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Step:
    op: ClassVar[str]

    def data(self) -> dict:
        return {"op": self.op, **vars(self)}


@dataclass(frozen=True)
class TableStep(Step):
    """The table applies something the referee cannot follow, then says `done`."""
    text: str = "apply it"
    op: ClassVar[str] = "_table"


@dataclass(frozen=True)
class AnteStep(Step):
    """Everyone has anted: rank the ante cards, set the stakes and the leader."""
    op: ClassVar[str] = "_ante"


@dataclass(frozen=True)
class AntePayStep(Step):
    """One player pays what the ante asks of each stakes."""
    seat: int
    amounts: dict
    op: ClassVar[str] = "_ante_pay"


@dataclass(frozen=True)
class StartPlayStep(Step):
    """The ante is settled: round 1 starts with this leader."""
    leader: int
    op: ClassVar[str] = "_start_play"


@dataclass(frozen=True)
class BuyStep(Step):
    """A player buys new cards, and why."""
    seat: int
    reason: str = ""
    op: ClassVar[str] = "_buy"


@dataclass(frozen=True)
class ScoreStep(Step):
    """Score the gambit; ``early`` when it ended with both stakes empty."""
    early: bool = False
    op: ClassVar[str] = "_score"


@dataclass(frozen=True)
class EndGambitStep(Step):
    """After scoring: the endgame stack, the hole, and the next gambit or the end."""
    op: ClassVar[str] = "_end_gambit"


@dataclass(frozen=True)
class SpecialStep(Step):
    """A card just played may complete a special flight."""
    uid: int
    op: ClassVar[str] = "_special"


STEPS: dict[str, type[Step]] = {cls.op: cls for cls in (TableStep, AnteStep, AntePayStep, StartPlayStep, BuyStep,
                                                         ScoreStep, EndGambitStep, SpecialStep)}


def step_from_data(data: dict) -> Step:
    """The record a saved step mapping stands for (raises KeyError/TypeError on a malformed one)."""
    return STEPS[data["op"]](**{k: v for k, v in data.items() if k != "op"})
