"""`rule` answers questions asked in players' words with the deciding section, in the game being played
(the questions are in tests/data/rule_questions.txt; benchmarks/bench_rule_questions.py prints the rates)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from referee.core.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from bench_rule_questions import DATA, answers, questions  # noqa: E402

ROWS = questions(DATA / "rule_questions.txt")


def test_there_are_at_least_40_questions_from_both_games():
    assert len(ROWS) >= 40
    assert {game for game, _, _ in ROWS} == {"rdi", "tda"}


def test_hit_rates():
    found = [(expected, answers(game, question)) for game, question, expected in ROWS]
    top1 = sum(ids[:1] == [expected] for expected, ids in found) / len(found)
    top3 = sum(expected in ids for expected, ids in found) / len(found)
    assert top1 >= 0.85 and top3 >= 0.95, (top1, top3)


@pytest.mark.parametrize("game, question, expected", [
    ("rdi", "can I play a Gambling card if I left the Round?", "gii/gambling/leaving-a-round"),
    ("rdi", "what happens to Otto when a player passes out?", "smb/otto/general-rules"),
    ("tda", "who goes first in the next gambit?", "tda/ante"),
])
def test_the_questions_of_the_issue_land_on_the_deciding_subsection(game, question, expected):
    assert answers(game, question)[0] == expected


def test_rule_in_a_game_answers_from_that_game_and_edition(cards):
    session = Session(cards)
    session.handle("new tda Ann Ben Cat")
    assert "[tda/" in session.handle("rule who wins a tie?").message.splitlines()[1]
    session.handle("new rdi Ann Ben --rules rdi3")
    text = session.handle("rule can I play a Gambling card if I left the Round?").message
    assert "[rdi3/gambling/leaving-a-round]" in text.splitlines()[1]
