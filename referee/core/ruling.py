"""Ruling: the verdict, reason code and cited steps the engine returns instead of printing. Reads and
changes no state.

A Ruling has a verdict, a reason code (stable, for tests and tools), a message,
and steps; every step can cite rulebook section ids. Errors carry the same so a
refusal always says what was wrong, why, and where the book says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Verdicts
OK = "ok"            # accepted: the state changed
REFUSED = "refused"  # illegal or not understood: nothing changed
ANSWER = "answer"    # a question answered: nothing changed
ASK = "ask"          # accepted, and the referee needs the table to tell it something


@dataclass(frozen=True)
class Step:
    text: str
    cites: tuple[str, ...] = ()  # the sections that decide this step, the chosen edition's first
    see_also: tuple[str, ...] = ()  # worked examples and card notes that show it, never the deciding section
    # What the short ruling keeps: an outcome changes the table (who wins the Round, the stakes or the
    # game, who passes out) and is always shown; a standing note (two cards share a name, an edition's
    # note, a silent rule's default) says the same all game, so it is shown once per game.
    role: str = ""

    def as_dict(self) -> dict:
        data = {"text": self.text, "cites": list(self.cites)}
        if self.see_also:
            data["see_also"] = list(self.see_also)
        if self.role:
            data["role"] = self.role
        return data


OUTCOME = "outcome"
STANDING = "standing"


def _step(text: str, cites: tuple[str, ...], see_also: tuple[str, ...] = (), role: str = "") -> Step:
    """A worked example shows a rule and never decides one: it is always "see also"."""
    from referee.core.citations import split_examples

    deciding, examples = split_examples(cites)
    return Step(text, deciding, see_also + tuple(e for e in examples if e not in see_also), role)


@dataclass(frozen=True)
class Ruling:
    verdict: str
    code: str
    message: str
    steps: tuple[Step, ...] = ()
    line: str = ""

    @property
    def citations(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for step in self.steps:
            for cite in step.cites:
                seen.setdefault(cite, None)
        return tuple(seen)

    @property
    def accepted(self) -> bool:
        return self.verdict in (OK, ASK)

    def as_dict(self) -> dict:
        return {"line": self.line, "verdict": self.verdict, "code": self.code, "message": self.message,
                "steps": [s.as_dict() for s in self.steps], "citations": list(self.citations)}

    @staticmethod
    def from_dict(data: dict) -> "Ruling":
        return Ruling(data["verdict"], data["code"], data["message"],
                      tuple(Step(s["text"], tuple(s["cites"]), tuple(s.get("see_also") or ()), s.get("role", ""))
                            for s in data["steps"]),
                      data.get("line", ""))


class RefereeError(Exception):
    """Base of every refusal. ``code`` is stable; ``message`` quotes the input and the state."""

    code = "refused"

    def __init__(self, message: str, cites: tuple[str, ...] = (), hint: str = "", code: str | None = None):
        super().__init__(message)
        self.message = message
        self.cites = tuple(cites)
        self.hint = hint
        if code:
            self.code = code

    def ruling(self, line: str = "") -> Ruling:
        steps = [_step(self.message, self.cites)]
        if self.hint:
            steps.append(Step(self.hint))
        return Ruling(REFUSED, self.code, self.message, tuple(steps), line)


class NotUnderstood(RefereeError):
    code = "not-understood"


class UnknownName(RefereeError):
    code = "unknown-name"


class AmbiguousName(RefereeError):
    code = "ambiguous-name"

    def __init__(self, message: str, candidates: tuple[str, ...], **kwargs):
        super().__init__(message, **kwargs)
        self.candidates = candidates


class IllegalPlay(RefereeError):
    code = "illegal"


class GameOver(RefereeError):
    code = "game-over"


@dataclass
class Outcome:
    """What applying one announcement produced: steps so far, and a reason code."""

    code: str = "ok"
    steps: list[Step] = field(default_factory=list)
    verdict: str = OK

    def say(self, text: str, *cites: str, see_also: tuple[str, ...] = (), role: str = "") -> None:
        self.steps.append(_step(text, tuple(cites), tuple(see_also), role))

    def tell(self, text: str, *cites: str) -> None:
        """A step that changes the table's outcome: the short ruling always keeps it."""
        self.say(text, *cites, role=OUTCOME)

    def note(self, text: str, *cites: str) -> None:
        """A standing note, the same all game: the short ruling shows it once per game."""
        self.say(text, *cites, role=STANDING)

    def ruling(self, line: str, message: str | None = None) -> Ruling:
        text = message or (self.steps[0].text if self.steps else "Done.")
        return Ruling(self.verdict, self.code, text, tuple(self.steps), line)
