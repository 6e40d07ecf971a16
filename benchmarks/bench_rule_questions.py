"""How often `rule` answers a player's question with the deciding section: prints the hit rate at
top 1 and top 3 over tests/data/rule_questions.txt, and the time per question.

Run: python benchmarks/bench_rule_questions.py [-v]   (-v lists every miss)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.core.rules import GAME_BOOKS, search_rules  # noqa: E402

QUESTIONS = ROOT / "tests" / "data" / "rule_questions.txt"


def questions() -> list[tuple[str, str, str]]:
    rows = []
    for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            game, question, expected = (part.strip() for part in line.split("|"))
            rows.append((game, question, expected))
    return rows


def answers(game: str, question: str) -> list[str]:
    return [hit.section.id for hit in search_rules(question, books=GAME_BOOKS[game], limit=3,
                                                   edition="gii" if game == "rdi" else None)]


def main() -> None:
    rows = questions()
    search_rules("warm up")  # loads the section index once, as a session does
    top1 = top3 = 0
    start = time.perf_counter()
    misses = []
    for game, question, expected in rows:
        found = answers(game, question)
        top1 += found[:1] == [expected]
        top3 += expected in found
        if found[:1] != [expected]:
            misses.append((question, expected, found))
    elapsed = (time.perf_counter() - start) / len(rows)
    print(f"{len(rows)} questions: top-1 {top1}/{len(rows)} ({top1 / len(rows):.0%}), "
          f"top-3 {top3}/{len(rows)} ({top3 / len(rows):.0%}); {elapsed * 1000:.1f} ms per question")
    if "-v" in sys.argv:
        for question, expected, found in misses:
            print(f"  {question!r}: expected {expected}, got {found}")


if __name__ == "__main__":
    main()
