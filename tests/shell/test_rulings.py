"""Short rulings by default, `why` complete, `why N` and `log` numbered, `verbose on|off`; `new` asks first."""

from __future__ import annotations

from referee.core.store import Store
from referee.core.views import ruling_text

from shell_helpers import shell_for

GREEN = 'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin'


def test_short_form_is_the_verdict_and_the_changed_figures(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws", GREEN)
    text = shell.respond("resolve")
    lines = text.splitlines()
    assert 1 <= len(lines) <= 3 and all(len(line) <= 80 for line in lines)
    assert lines[0].startswith("✓ ") and "resolves" in lines[0]
    assert "Phrenk G 10→12 · Kaylin G 10→8" in lines[-1]
    assert "[gii/other-rules/timing" in lines[-1]


def test_why_is_complete(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws", GREEN, "resolve")
    ruling = shell.session.last
    why = shell.respond("why")
    assert why == ruling_text(ruling, detailed=True)
    for step in ruling.steps:
        assert step.text in why
        for section in step.cites:
            assert f"[{section}]" in why


def test_why_n_and_log(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws", GREEN, "resolve")
    log = shell.respond("log")
    assert "  2  " + GREEN in log and "  3  resolve" in log and log.splitlines()[0].startswith("  0  new rdi")
    why_two = shell.respond("why 2")
    assert "Another player of your choice loses 3 Alcohol Content" in why_two and "[" in why_two
    assert shell.respond("why 9").startswith("✗ ")


def test_refusal_says_what_would_be_accepted(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena")
    text = shell.respond("Kaylin flurbs the table")
    assert text.startswith("✗ ") and len(text.splitlines()) <= 3 and "Did you mean `Kaylin plays CARD`" in text
    assert "Did you mean `Kaylin passes`?" in shell.respond("Kaylin pasess")
    assert "`Kaylin orders a drink for Phrenk`" in shell.respond("kaylin ordres a drink for Phrenk")
    assert "Did you mean `resolve`?" in shell.respond("resovle")
    assert "Nobody called 'Bob' is playing" in shell.respond("Bob plays Poof")


def test_verbose_switches_the_default(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "Phrenk draws", GREEN)
    assert "Rulings in full" in shell.respond("verbose on")
    full = shell.respond("resolve")
    assert full == ruling_text(shell.session.last)
    assert "Short rulings" in shell.respond("verbose off")
    assert "`verbose on` or `verbose off`" in shell.respond("verbose maybe")


def test_giants_war_short_form(cards):
    shell = shell_for(cards, "new tda Ann Ben Cat")
    text = shell.respond("Ben pays Ann 5")
    assert "Ben hoard" in text and "Ann hoard" in text and len(text.splitlines()) <= 3


def test_new_asks_before_replacing_and_the_old_game_stays_saved(cards, tmp_path):
    store = Store(tmp_path / "games.db")
    shell = shell_for(cards, "new rdi Phrenk Kaylin", "Phrenk draws", store=store)
    first = shell.session.game_id
    questions = []
    kept = shell.respond("new tda Ann Ben Cat", lambda q: questions.append(q) or False)
    assert "Kept the game" in kept and shell.session.game.GAME == "rdi" and shell.session.game_id == first
    assert "stays saved" in questions[0]
    shell.respond("new tda Ann Ben Cat", lambda q: True)
    assert shell.session.game.GAME == "tda" and shell.session.game_id != first
    assert "rdi: Phrenk, Kaylin" in shell.respond("games")
    resumed = shell.respond(f"resume {first}")
    assert f"Resumed game {first} after 1 announcement" in resumed and shell.session.game.GAME == "rdi"
    assert shell.respond("resume x").startswith("✗ ")


def test_new_follows_the_configured_edition(cards):
    shell = shell_for(cards)
    shell.config.rules = "rdi3"
    shell.respond("new rdi Ann Ben")
    assert shell.session.state.rules == "rdi3"
    shell.respond("new rdi Ann Ben --rules gii", lambda q: True)
    assert shell.session.state.rules == "gii"


def test_a_question_shows_what_the_referee_asks(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin Wizgille Serena", "set Kaylin gold 1",
                      'Phrenk plays "Gambling? I\'m in!"', "resolve", "Kaylin passes", 'Wizgille plays "I raise"',
                      "resolve", "Serena passes", "Phrenk passes")
    text = shell.respond("Kaylin passes")
    lines = text.splitlines()
    assert lines[0] == "? Kaylin passes and stays in the Round."
    joined = " ".join(line.strip() for line in lines)
    assert "Wizgille wins the 7 Gold in the pot." in joined  # the outcome, whole
    assert "Kaylin has no Gold left" in joined and "`resolve` when nobody does." in joined  # the question, whole
    assert lines[-1].startswith("  Wizgille G 8→15 · pot 7→0")
    assert all(len(line) <= 80 for line in lines)


def test_a_new_game_lists_no_changes_against_the_old_one(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin", "Phrenk draws")
    text = shell.respond("new tda Ann Ben", lambda q: True)
    assert text.startswith("✓ New game of Three-Dragon Ante") and "→" not in text
