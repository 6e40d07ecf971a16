"""Issue 20, item 8: every announcement shape of both games, typed 20,000 characters long in four ways,
is ruled or refused within the budget of one second (a quadratic step took 48 s before)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_long_lines  # noqa: E402

BUDGET_SECONDS = 1.0


def test_a_long_line_is_ruled_within_a_second(cards):
    slow = [(game, shape, round(times[20_000][0], 2), times[20_000][1])
            for game, shape, times in bench_long_lines.worst_times(cards, (20_000,))
            if times[20_000][0] > BUDGET_SECONDS]
    assert not slow, slow


def test_the_long_lines_are_long_and_still_the_shape():
    lines = bench_long_lines.long_lines("set NAME gold N", {"NAME": ("Ann", "Bob"), "N": "3"}, 20_000)
    assert all(19_000 <= len(line) <= 20_100 for line in lines.values())
    assert lines["repeated with and"].startswith("set Ann gold 3 and set Ann gold 3")
