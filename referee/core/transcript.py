"""Written-up cases: a file of announcements with expectations, checked line by line.

Shared by `referee replay FILE --check` and the test suite (format: tests/transcripts/README.md):

    ! LINE                     this line must be refused
    ?yes LINE / ?no LINE       a question whose answer must be yes / no
    expect NAME FIELD VALUE    a player's figures, as the game's summary shows them
    expect table FIELD VALUE   a table figure
    expect says TEXT           the last ruling's text contains TEXT (any case)
    expect chain N             how many plays are waiting
    expect winner NAME / expect tie NAME NAME
    @rules rdi3 / @rules all   the lines below run only under this edition

The figures are read from each game's summary (its ``summary`` view), so this module knows no game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.core.ruling import ANSWER, REFUSED, Ruling


@dataclass(frozen=True)
class Mismatch:
    number: int
    line: str
    problem: str

    def __str__(self) -> str:
        return f"line {self.number}: {self.line}\n  {self.problem}"


def editions_of(text: str) -> list[str]:
    """The editions a case runs under: the one its `new rdi` line names, or both; '-' for other games."""
    for line in text.splitlines():
        if line.startswith("new rdi"):
            found = re.search(r"--rules[ =](\w+)", line)
            return [found.group(1)] if found else ["gii", "rdi3"]
    return ["-"]


def case_lines(text: str, edition: str = "-"):
    """The lines of a case that run under ``edition``, as (line number, kind, line): kind is `expect`
    (the line without the word), `refuse` (a `!` line), `yes` / `no` (a question), or `say`; a `new rdi`
    line gets the edition's `--rules`."""
    only = "all"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@rules"):
            only = (line.split() + ["all"])[1]
            continue
        if only not in ("all", edition):
            continue
        if line.startswith("expect "):
            yield number, "expect", line[len("expect "):]
            continue
        kind = "say"
        if line.startswith("! "):
            kind, line = "refuse", line[2:]
        elif line.startswith(("?yes ", "?no ")):
            kind, line = line[1:].split(" ", 1)
        if line.startswith("new rdi") and "--rules" not in line and edition not in ("-", ""):
            line += f" --rules {edition}"
        yield number, kind, line


def check_case(session, text: str, edition: str = "-") -> list[Mismatch]:
    """Run every line of a case through ``session``; the mismatches, in order (empty: the case holds)."""
    mismatches: list[Mismatch] = []
    last: Ruling | None = None
    raw_lines = text.splitlines()
    for number, kind, command in case_lines(text, edition):
        def miss(problem: str) -> None:
            mismatches.append(Mismatch(number, raw_lines[number - 1].strip(), problem))

        if kind == "expect":
            problem = expectation_problem(session, last, command.split())
            if problem:
                miss(problem)
            continue
        last = session.handle(command)
        if kind == "refuse" and last.verdict != REFUSED:
            miss(f"expected a refusal, but it was accepted: {last.message}")
        elif kind in ("yes", "no") and not (last.verdict == ANSWER and last.code.startswith(kind)):
            miss(f"expected the answer {kind}, got: {last.message}")
        elif kind == "say" and last.verdict == REFUSED:
            miss(f"refused: {last.message}")
    return mismatches


def expectation_problem(session, last: Ruling | None, words: list[str]) -> str:
    """What is wrong with one `expect` line, or '' when it holds."""
    if not words:
        return "`expect` needs something to check: a player's figures, `table`, `says`, `chain`, `winner`, `tie`."
    if session.state is None:
        return "no game has started yet"
    summary = session.summary()
    kind = words[0]
    if kind == "says":
        needle = " ".join(words[1:]).lower()
        text = " ".join([last.message] + [s.text for s in last.steps]).lower() if last else ""
        return "" if needle in text else f"the last ruling does not say {needle!r}; it was: {text}"
    if kind == "chain":
        count = len(summary.get("chain") or [])
        return "" if words[1:] and str(count) == words[1] else f"chain: expected {' '.join(words[1:])}, got {count}"
    if kind == "winner":
        return "" if summary.get("winner") == " ".join(words[1:]) else f"winner: {summary.get('winner')}"
    if kind == "tie":
        return "" if sorted(summary.get("tie") or []) == sorted(words[1:]) else f"tie: {summary.get('tie')}"
    if kind == "table":
        return _figures_problem(summary, "table", words[1:])
    for size in range(len(words) - 1, 0, -1):  # a player's name may have several words
        name = " ".join(words[:size])
        player = next((p for p in summary.get("players", []) if p.get("name") == name), None)
        if player is not None:
            return _figures_problem(player, name, words[size:])
    return f"no player called {kind}"


def _figures_problem(figures: dict, whose: str, pairs: list[str]) -> str:
    if not pairs or len(pairs) % 2:
        return "expected FIELD VALUE pairs"
    problems = []
    for field, value in zip(pairs[::2], pairs[1::2]):
        if field not in figures:
            problems.append(f"{whose} has no figure {field!r} (figures: {', '.join(sorted(figures))})")
            continue
        actual = figures[field]
        expected: object = {"true": True, "false": False, "none": None}.get(value.lower(), value)
        if isinstance(actual, int) and not isinstance(actual, bool) and isinstance(expected, str):
            expected = int(expected) if re.fullmatch(r"-?\d{1,18}", expected) else expected  # no ValueError
        if actual != expected:
            problems.append(f"{whose} {field}: expected {value}, got {actual}")
    return "; ".join(problems)
