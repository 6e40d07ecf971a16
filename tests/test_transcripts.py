"""Run every transcript in tests/transcripts/ (format in its README)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.core.ruling import ANSWER, REFUSED
from referee.core.session import Session

HERE = Path(__file__).parent / "transcripts"
FILES = sorted(HERE.rglob("*.txt"))


def editions_of(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("new rdi"):
            found = re.search(r"--rules[ =](\w+)", line)
            return [found.group(1)] if found else ["gii", "rdi3"]
    return ["-"]


CASES = [pytest.param(path, edition, id=f"{path.stem}[{edition}]") for path in FILES for edition in editions_of(path)]


def run_transcript(path: Path, edition: str, cards) -> None:
    session = Session(cards)
    last = None
    only = "all"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        where = f"{path.name}:{number}: {line}"
        if not line or line.startswith("#"):
            continue
        if line.startswith("@rules"):
            only = line.split()[1]
            continue
        if only not in ("all", edition):
            continue
        if line.startswith("expect "):
            check(session, last, line[7:].split(), where)
            continue
        if line.startswith("new rdi") and "--rules" not in line and edition != "-":
            line += f" --rules {edition}"
        if line.startswith("! "):
            last = session.handle(line[2:])
            assert last.verdict == REFUSED, f"{where}\nexpected a refusal, got: {last.message}"
            continue
        if line.startswith(("?yes ", "?no ")):
            wanted, question = line[1:].split(" ", 1)
            last = session.handle(question)
            assert last.verdict == ANSWER and last.code.startswith(wanted), f"{where}\ngot: {last.message}"
            continue
        last = session.handle(line)
        assert last.verdict != REFUSED, f"{where}\nrefused: {last.message}\n{[s.text for s in last.steps]}"


def check(session: Session, last, words: list[str], where: str) -> None:
    summary = session.summary()
    kind = words[0]
    if kind == "says":
        needle = " ".join(words[1:]).lower()
        text = " ".join([last.message] + [s.text for s in last.steps]).lower()
        assert needle in text, f"{where}\nruling was: {text}"
        return
    if kind == "chain":
        assert len(summary["chain"]) == int(words[1]), f"{where}\nchain: {summary['chain']}"
        return
    if kind == "winner":
        assert summary["winner"] == words[1], f"{where}\nwinner: {summary['winner']}"
        return
    if kind == "tie":
        assert sorted(summary["tie"]) == sorted(words[1:]), f"{where}\ntie: {summary['tie']}"
        return
    pairs = words[1:]
    if kind == "table":
        target = summary
    else:
        target = None
        for size in range(len(words) - 1, 0, -1):  # player names may have several words
            name = " ".join(words[:size])
            target = next((p for p in summary["players"] if p["name"] == name), None)
            if target is not None:
                kind, pairs = name, words[size:]
                break
        assert target is not None, f"{where}\nno player {kind}"
    for field, value in zip(pairs[::2], pairs[1::2]):
        expected = {"true": True, "false": False}.get(value, value)
        actual = target[field]
        if isinstance(actual, int) and not isinstance(actual, bool):
            expected = int(expected)
        assert actual == expected, f"{where}\n{kind} {field}: expected {expected}, got {actual}"


@pytest.mark.parametrize("path, edition", CASES)
def test_transcript(path, edition, cards):
    run_transcript(path, edition, cards)
