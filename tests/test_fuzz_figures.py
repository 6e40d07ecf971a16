"""The fuzz of benchmarks/bench_fuzz.py, short: random and half-right lines break nothing in either game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.core.ruling import NotUnderstood

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_fuzz  # noqa: E402

LINES_PER_GAME = 2_500  # 5,000 lines in all; the benchmark runs 100,000 per game


def _clean(figures) -> str:
    return "\n".join(f"{kind}: {detail}\n  " + "\n  ".join(recent) for kind, detail, recent in figures.examples)


def test_rdi_fuzz_finds_nothing(cards):
    figures = bench_fuzz.fuzz("rdi", LINES_PER_GAME, 5, cards)
    assert (figures.tracebacks, figures.internal_errors, figures.invariant_breaks) == (0, 0, 0), _clean(figures)


def test_giants_war_fuzz_finds_nothing(cards):
    figures = bench_fuzz.fuzz("tda", LINES_PER_GAME, 5, cards)
    assert (figures.tracebacks, figures.internal_errors, figures.invariant_breaks) == (0, 0, 0), _clean(figures)


def test_the_invariant_checks_can_fail(cards):
    from referee.core.session import Session

    session = Session(cards)
    session.handle("new rdi Ann Bob Cat")
    session.state.players[0].gold = -2
    session.state.players[1].alcohol = 21
    assert len(bench_fuzz.rdi_invariants(session.state)) == 2


def test_a_strength_answer_is_never_negative(cards):
    """Found by the fuzz: `-1` answered "what strength was the discarded card?", and Grolantor stole -1 gold."""
    from referee.games.tda import questions

    with pytest.raises(NotUnderstood, match="does not answer the open question"):
        questions._parse(None, cards, {"kind": "number"}, "-1 answer 11", "number")
    assert questions._parse(None, cards, {"kind": "number"}, "7", "number") == 7
