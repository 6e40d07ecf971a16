"""Citation fidelity over every transcript: how many cited steps cite only deciding sections.

Issue 11 counts ruling lines whose citation is the section that decides them. This script replays every
transcript in tests/transcripts (both editions where a file runs under both) and prints, per edition, how
many steps with citations pass tests/test_citations.py's check (no worked example, no character or variant
section absent from the game, no other-edition section where the chosen edition has it), and how many steps
carry a "see also".

Run: python benchmarks/bench_citations.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_citations import FILES, _editions, problems  # noqa: E402

from referee.core.carddb import load_cards  # noqa: E402
from referee.core.session import Session
from referee.core.transcript import case_lines  # noqa: E402


def replay(path: Path, edition: str, cards, counts: Counter) -> None:
    session = Session(cards)
    for _, kind, line in case_lines(path.read_text(encoding="utf-8"), edition):
        if kind == "expect":
            continue
        for step in session.handle(line).steps:
            if step.cites:
                counts[(edition, "cited")] += 1
                counts[(edition, "ok")] += not problems(step.cites, session.state)
            counts[(edition, "see also")] += bool(getattr(step, "see_also", ()))


def main() -> None:
    cards = load_cards()
    counts: Counter = Counter()
    for path in FILES:
        for edition in _editions(path):
            replay(path, edition, cards, counts)
    for edition, label in (("rdi3", "RDI 3"), ("gii", "Gambling? I'm In!"), ("-", "Giants War")):
        cited, ok = counts[(edition, "cited")], counts[(edition, "ok")]
        print(f"{label}: {ok} of {cited} cited steps cite only deciding sections; "
              f"{counts[(edition, 'see also')]} steps add a 'see also'.")


if __name__ == "__main__":
    main()
