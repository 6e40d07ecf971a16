"""The toolbar shows every player's figures, the phase and the top of the chain, within the width, never
cutting a word (a pure function of the state and the width)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.text import abbreviate, shorten_words
from referee.shell.toolbar import fit, toolbar_lines

from shell_helpers import game_lines, shell_for


def bar(shell, width):
    session = shell.session
    return toolbar_lines(session.game, session.state, session.cards, width)


def assert_figures_in_view(session, lines):
    text = " ".join(lines)
    for p in session.state.players:
        assert (f"F{p.fortitude} A{p.alcohol} G{p.gold}" in text
                or f"Fort {p.fortitude} Alc {p.alcohol} Gold {p.gold}" in text), (p.name, lines)


def test_four_players_followed_for_30_announcements_at_80_columns(cards):
    lines = game_lines()
    shell = shell_for(cards, lines[0])
    for line in lines[1:]:
        shell.respond(line)
        shown = bar(shell, 80)
        assert all(len(x) <= 80 for x in shown)
        assert len(shown) <= 5  # players (2 lines), the turn, the chain, a Round of Gambling when one runs
        assert "…" not in " ".join(shown)  # abbreviated, never cut
        assert_figures_in_view(shell.session, shown)
    assert len(lines) - 1 >= 30


def test_top_of_chain_and_phase_at_80_and_160(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws",
                      'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin')
    narrow, wide = bar(shell, 80), bar(shell, 160)
    assert any("Top of the chain: Phrenk plays You're looking a little green. Drink this. on Kaylin" in x
               for x in narrow + wide)
    assert any("Action" in x for x in narrow) and any("Turn 1: Phrenk, Action phase" in x for x in wide)
    assert narrow[0].startswith("▸Phrenk")  # the active player is marked


def test_round_of_gambling_fits_80_columns(cards):
    shell = shell_for(cards, 'new rdi Warthorn "The Wench" Molly Jasper', "Warthorn draws",
                      'Warthorn plays "Gambling? I\'m in!"', "resolve", "The Wench passes")
    for width in (80, 160):
        shown = bar(shell, width)
        assert all(len(x) <= width for x in shown)
        text = " ".join(shown)
        assert "Gambling" in text and "control Warthorn" in text and "to act Molly" in text and "passed" in text
        assert "…" not in text
        assert_figures_in_view(shell.session, shown)


def test_giants_war_hoards_and_both_stakes(cards):
    shell = shell_for(cards, "new tda Ann Ben Cat Dora", "Ann antes Silver Dragon 6")
    for width in (80, 160):
        text = " ".join(bar(shell, width))
        for p in shell.session.state.players:
            assert re.search(rf"{p.name} (?:hoard )?{p.hoard}", text)
        assert "Dragon Stakes 0" in text and "Giant Stakes 0" in text
        assert "ante (1 of 4 in)" in text


def test_no_game_yet():
    assert "new rdi" in toolbar_lines(None, None, None, 80)[0]


def test_read_only_heads_the_toolbar_while_nothing_can_be_saved(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena")
    session = shell.session
    reason = "the disk holding /home/table/.local/share/referee/games.sqlite3 is full; free some space"
    wide = toolbar_lines(session.game, session.state, session.cards, 160, read_only=reason)
    assert wide[0] == f"READ-ONLY: {reason}; nothing new is saved" and len(wide) <= 4
    narrow = toolbar_lines(session.game, session.state, session.cards, 40, read_only=reason)
    assert narrow[0].startswith("READ-ONLY") and all(len(line) <= 40 for line in narrow)
    assert not any("READ-ONLY" in line for line in bar(shell, 160))  # only while the session says so
    assert toolbar_lines(None, None, None, 80, read_only="the store is damaged")[0].startswith("READ-ONLY")


def test_a_long_question_wraps_whole(cards):
    shell = shell_for(cards, "new tda Ann Ben Cat --giants Storm Fire Frost Cloud Ordning Hill",
                      "Ann antes Storm Giant 10", "Ben antes Cloud Giant 6", "Cat antes Fire Giant 5")
    question = shell.session.state.question["text"]
    shown = bar(shell, 80)
    assert all(len(x) <= 80 for x in shown) and "…" not in " ".join(shown)
    assert question in " ".join(shown)


def test_shortening_drops_whole_words():
    assert shorten_words("Top of the chain: a very long card name", 20) == "Top of the chain: a…"
    assert abbreviate("Wizgille", 5) == "Wizg." and abbreviate("The Wench", 8) == "Wench" and abbreviate("Ann", 5) == "Ann"


words = st.text(alphabet="abcdefghij", min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.lists(words, min_size=1, max_size=6).map(" ".join), min_size=1, max_size=3)
                .map(lambda alts: tuple(sorted(alts, key=len, reverse=True))), min_size=1, max_size=8),
       st.integers(min_value=20, max_value=200))
def test_fit_never_exceeds_the_width_and_keeps_every_segment(segments, width):
    lines = fit([segments], width)
    assert all(len(line) <= width for line in lines)
    text = " ".join(lines)
    for segment in segments:  # each segment appears whole in one of its wordings (a long one wrapped at spaces)
        assert any(w in text for w in segment)


TRANSCRIPTS = sorted((Path(__file__).resolve().parents[1] / "transcripts").glob("*/*.txt"))


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_worked_example_fits_80_columns(path, cards):
    """Through every worked example, the toolbar and the short rulings stay within the width, no word cut."""
    shell = shell_for(cards)
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", "expect", "@")):
            continue
        line = line.lstrip("!").strip()
        if line.startswith("?"):
            line = line.split(maxsplit=1)[1] if " " in line else ""
        shell.respond(line, lambda question: True)
        if shell.session.state is None:
            continue
        for width in (80, 160):
            shown = bar(shell, width)
            assert all(len(x) <= width for x in shown), shown
        assert_figures_in_view_or_otto(shell.session, bar(shell, 80))


def assert_figures_in_view_or_otto(session, lines):
    text = " ".join(lines)
    for p in session.state.players:
        if getattr(p, "automaton", False) or getattr(p, "out", False):
            continue
        if hasattr(p, "fortitude"):
            assert (f"F{p.fortitude} A{p.alcohol} G{p.gold}" in text
                    or f"Fort {p.fortitude} Alc {p.alcohol} Gold {p.gold}" in text), (p.name, lines)
        else:
            assert re.search(rf"{re.escape(p.name[:4])}\S* (?:hoard )?{p.hoard}", text), (p.name, lines)


def layout(lines: list[str]) -> list[str]:
    """A toolbar's shape: for each line, what kind of facts it holds (its words, not its numbers)."""
    shapes = []
    for line in lines:
        if re.match(r"^[ ▸]\S", line) and re.search(r"\b(?:F\d+|Fort|hoard|gold)\b", line):
            shapes.append("players" + str(line.count(" · ")))
        elif line.startswith(("Turn", "T1", "Gambit")):
            shapes.append("turn")
        else:
            shapes.append("other")
    return shapes


GIANTS_WAR = Path(__file__).resolve().parents[1] / "transcripts" / "tda" / "tda_full_game.txt"


@pytest.mark.parametrize("width", [80, 120])
def test_the_toolbar_keeps_its_layout_for_fifty_announcements(cards, width):
    from test_short_rulings import played_lines

    for lines in (game_lines(), played_lines(GIANTS_WAR)[:51]):
        shell = shell_for(cards, lines[0])
        first = layout(bar(shell, width))
        players_lines = [i for i, shape in enumerate(first) if shape.startswith("players")]
        for line in lines[1:51]:
            shell.respond(line)
            shown = bar(shell, width)
            shape = layout(shown)
            if shell.session.state.over:
                break
            # the players' figures stay on the same lines, with the same players on each, and the turn below
            assert [i for i, s in enumerate(shape) if s.startswith("players")] == players_lines, (line, shown)
            assert [shape[i] for i in players_lines] == [first[i] for i in players_lines], (line, shown)
            assert shape[len(players_lines)] == "turn", (line, shown)
            assert all(len(x) <= width for x in shown)


def test_words_not_clashing_letters_at_80_columns_in_giants_war(cards):
    shell = shell_for(cards, "new tda Ann Ben Cat Dora", "Ann antes Silver Dragon 6")
    text = " ".join(bar(shell, 80))
    assert ("40 gold" in text or "hoard 40" in text) and "Gambit 1" in text and "Dragon Stakes 0" in text
    assert not re.search(r"\bG\d", text)  # no G for gold, giants, gambit and the giant stakes at once


def test_step_mode_shows_who_decides_next(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws",
                      'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin', "step", "Phrenk passes")
    assert "next to decide: Kaylin" in " ".join(bar(shell, 120))
    assert "next: Kaylin" in " ".join(bar(shell, 80))


def test_every_player_shows_their_drink_me_pile(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena")
    assert " ".join(bar(shell, 80)).count("DM1") == 4
    assert " ".join(bar(shell, 160)).count("Drink Me! 1") == 4


def test_the_height_never_shrinks_in_a_session():
    from referee.shell.toolbar import SteadyHeight

    steady = SteadyHeight(4)
    assert len(steady(80, ["a", "b", "c"])) == 4
    assert len(steady(80, ["a", "b", "c", "d", "e"])) == 5
    assert len(steady(80, ["a", "b"])) == 5  # a Round's line left a blank, not a jump
    assert len(steady(120, ["a"])) == 4
