"""Short rulings keep the outcome (issue 21): who wins the Round, the stakes or the game, who passes out and
what is asked next are always in the short form, whole, word-wrapped; standing notes are said once a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.ruling import OUTCOME, STANDING

from shell_helpers import shell_for

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"
GAMBLE = 'Phrenk plays "Gambling? I\'m in!"'


def played_lines(path: Path) -> list[str]:
    """A transcript's announcements (its checks and comments left out), refused ones included."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith(("#", "expect")):
            continue
        line = line[2:] if line.startswith("! ") else line
        lines.append(line.split(" ", 1)[1] if line.startswith("?") else line)
    return lines


def flat(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines())


def check_short_form(shell, line: str, width: int) -> str:
    text = shell.respond(line) or ""
    ruling = shell.session.last
    assert all(len(row) <= width for row in text.splitlines()), text
    if ruling is not None and ruling.line == line:
        joined = flat(text)
        for step in ruling.steps:
            said = flat(step.text)
            if step.role == OUTCOME:
                assert said in joined, (line, step.text)  # every outcome, whole
            elif said[:40] in joined:
                assert said in joined, (line, step.text)  # a step shown is shown whole, never cut
    return text


@pytest.mark.parametrize("width", [80, 120])
def test_a_whole_giants_war_game_keeps_every_stakes_and_the_game_end(cards, tmp_path, width):
    shell = shell_for(cards, width=width)
    said = []
    for line in played_lines(TRANSCRIPTS / "tda" / "tda_full_game.txt"):
        said.append(check_short_form(shell, line, width))
    everything = flat("\n".join(said))
    assert "Cat takes 24 and now has 42." in everything  # gambit 1's Dragon Stakes
    assert "Ann takes 15 and now has 27." in everything  # and its Giant Stakes
    assert "Ann has the largest hoard (25) and wins" in everything


@pytest.mark.parametrize("width", [80, 120])
def test_a_round_and_a_pass_out_keep_their_outcome(cards, width, monkeypatch):
    monkeypatch.chdir(TRANSCRIPTS / "rdi")  # the transcript names its position file from there
    shell = shell_for(cards, width=width)
    for line in played_lines(TRANSCRIPTS / "rdi" / "dispute_serena_round_of_gambling.txt")[:8]:
        text = check_short_form(shell, line, width)
    assert "Serena wins the 6 Gold in the pot." in flat(text)

    shell = shell_for(cards, "new rdi Phrenk Kaylin", "set Kaylin alcohol 19 drinkme 1",
                      "set active Kaylin phase drink", "Kaylin reveals Wine", width=width)
    asked = check_short_form(shell, "resolve", width)
    assert asked.startswith("? ") and "`resolve` when nobody does." in flat(asked)
    ended = flat(check_short_form(shell, "resolve", width))
    assert "Kaylin passes out." in ended and "Phrenk is the last one standing and wins the game!" in ended


def test_a_standing_note_is_said_once_a_game(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin", "Phrenk draws", GAMBLE)
    first = shell.respond("resolve")
    notes = [s.text for s in shell.session.last.steps if s.role == STANDING]
    assert notes and notes[0][:50] in flat(first)
    for line in ("Kaylin passes", "Phrenk orders a drink for Kaylin", "Phrenk reveals Wine", "resolve", "end turn",
                 "Kaylin draws"):
        assert not shell.respond(line).startswith("✗"), line
    shell.respond('Kaylin plays "Gambling? I\'m in!"')
    again = shell.respond("resolve")
    assert notes[0] in [s.text for s in shell.session.last.steps]  # still in the ruling, for `why`
    assert notes[0][:50] not in flat(again)
    assert notes[0][:50] in flat(shell.respond("why"))
    shell.respond("new rdi Ann Bob", lambda question: True)  # a new game says it again
    shell.respond("Ann draws")
    shell.respond('Ann plays "Gambling? I\'m in!"')
    assert notes[0][:50] in flat(shell.respond("resolve"))


def test_a_line_to_type_is_never_broken_across_lines(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", width=80)
    text = shell.respond("Kaylin flurbs the table")
    for row in text.splitlines():
        assert row.count("`") % 2 == 0, row
