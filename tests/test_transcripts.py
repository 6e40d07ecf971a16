"""Run every transcript in tests/transcripts/ (format in its README) with the checker `replay --check` uses."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.session import Session
from referee.core.transcript import check_case, editions_of

HERE = Path(__file__).parent / "transcripts"
FILES = sorted(HERE.rglob("*.txt"))
CASES = [pytest.param(path, edition, id=f"{path.stem}[{edition}]") for path in FILES
         for edition in editions_of(path.read_text(encoding="utf-8"))]


def run_transcript(path: Path, edition: str, cards) -> None:
    session = Session(cards)
    session.base_dir = path.parent
    mismatches = check_case(session, path.read_text(encoding="utf-8"), edition)
    assert not mismatches, f"{path.name}:\n" + "\n".join(map(str, mismatches))


@pytest.mark.parametrize("path, edition", CASES)
def test_transcript(path, edition, cards):
    run_transcript(path, edition, cards)
