"""The lexer colours players, cards, verbs and numbers, and marks a word it cannot read."""

from __future__ import annotations

from referee.core.session import Session
from referee.shell.lexer import Reader, classify


def classes(session, line):
    fragments = classify(line, Reader(session))
    assert "".join(text for _, text in fragments) == line  # the fragments spell the line exactly
    return [(style.replace("class:", ""), text) for style, text in fragments if text.strip()]


def test_red_dragon_inn_line(cards):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin Wizgille Serena")
    assert classes(session, 'Kaylin plays "Don\'t call me cute!" on Serena') == [
        ("player", "Kaylin"), ("verb", "plays"), ("card", '"Don\'t call me cute!"'), ("", "on"), ("player", "Serena")]
    assert ("card", "Wine with a Chaser") in classes(session, "Phrenk reveals Wine with a Chaser")
    assert ("card", "lookng gren") in classes(session, "Phrenk plays lookng gren on Kaylin")  # fuzzy, as the parser
    assert ("number", "3") in classes(session, "set Kaylin gold 3")
    assert ("unknown", "xqzzy") in classes(session, "Kaylin plays xqzzy on Serena")
    assert ("unknown", "flurbs") in classes(session, "Kaylin flurbs")
    together = classes(session, "Serena plays Poof; Phrenk plays Acid Spit Potion on Kaylin")
    assert ("card", "Poof") in together and ("card", "Acid Spit Potion") in together


def test_giants_war_line(cards):
    session = Session(cards)
    session.handle("new tda Ann Ben Cat")
    assert classes(session, "Ann antes Silver Dragon 6") == [
        ("player", "Ann"), ("verb", "antes"), ("card", "Silver Dragon"), ("number", "6")]
    assert ("player", "Ann") in classes(session, "Ben pays Ann 5")


def test_free_text_is_never_flagged(cards):
    session = Session(cards)
    assert all(style != "unknown" for style, _ in classes(session, "new rdi Zorblax Quuxine"))
    assert all(style != "unknown" for style, _ in classes(session, "rule drinking contest tie"))


def test_a_waiting_choice_reads_its_options_words(cards):
    session = Session(cards)
    for line in ("new rdi Ann Bob Cat",
                 'learn "Twin Fates": action: choose one: (gain 2 Fortitude) or (lose 2 Alcohol Content)',
                 "Ann plays Twin Fates"):
        session.handle(line)
    assert ("card", '"lose 2 Alcohol Content"') in classes(session, 'Ann chooses "lose 2 Alcohol Content"')
    assert ("unknown", '"xqzzy"') in classes(session, 'Ann chooses "xqzzy"')
