"""Choices are announced (referee/games/rdi/choices.py): a pending choice survives undo, redo, the store and a
resume exactly, shows in `state`, the toolbar and the table view's JSON, and only the option said applies."""

from __future__ import annotations

import pytest

from referee.core import position
from referee.core.session import Session
from referee.core.store import Store
from referee.games.rdi import game as rdi
from referee.shell.toolbar import toolbar_lines

X = 'learn "X": action: choose one: (gain 2 Fortitude) or (lose 2 Alcohol Content)'
Y = 'learn "Y": action: each other player chooses one: (lose 1 Alcohol Content) or (pay you 1 Gold)'
SETUP = ["new rdi Ann Bob Cat Dee", X, Y, "set Ann fortitude 15 alcohol 4", "set Bob alcohol 3",
         "set Cat alcohol 3", "set Dee alcohol 3"]


def played(session: Session, *lines: str) -> Session:
    for line in lines:
        ruling = session.handle(line)
        assert ruling.accepted, (line, ruling.message)
    return session


def figures(session: Session) -> list[tuple[int, int, int]]:
    return [(p.fortitude, p.alcohol, p.gold) for p in session.state.players]


@pytest.mark.parametrize("said, fortitude, alcohol", [
    ("Ann chooses 1", 17, 4), ("Ann chooses 2", 15, 2), ('Ann chooses "gain 2 Fortitude"', 17, 4),
    ("Ann chooses lose alcohol", 15, 2), ("answer 1", 17, 4), ("answer lose 2 Alcohol Content", 15, 2)])
def test_only_the_option_said_applies(cards, said, fortitude, alcohol):
    session = played(Session(cards), *SETUP, "Ann plays X", said, "resolve")
    assert figures(session)[0] == (fortitude, alcohol, 10)
    assert session.state.choice is None and not session.state.chain


def test_undo_and_redo_in_the_middle_of_a_choice(cards):
    session = played(Session(cards), *SETUP, "Ann plays X")
    waiting = session.state.to_dict()
    assert session.state.choice.chooser == 0 and [o[0] for o in session.state.choice.options] == [0, 1]
    assert session.handle("undo").accepted
    assert session.state.choice is None and session.handle("Ann chooses 1").verdict == "refused"
    assert session.handle("redo").accepted
    assert session.state.to_dict() == waiting
    played(session, "Ann chooses 2", "undo")
    assert session.state.to_dict() == waiting  # the choice is waiting again, exactly as before
    played(session, "Ann chooses 1", "resolve")
    assert figures(session)[0] == (17, 4, 10)


def test_resume_in_the_middle_of_a_players_own_choice(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    first = played(Session(cards, Store(path)), *SETUP, "Ann plays X")
    first.close()
    again = Session(cards, Store(path))
    ruling = again.resume()
    assert again.state.to_dict() == first.state.to_dict()
    assert "Waiting for Ann's choice for X: 1. (gain 2 Fortitude) · 2. (lose 2 Alcohol Content)" in ruling.message
    assert again.handle("resolve").code == "choice-pending"
    played(again, "Ann chooses 2", "resolve")
    assert figures(again)[0] == (15, 2, 10)


def test_resume_between_two_choosers_of_one_card(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    first = played(Session(cards, Store(path)), *SETUP, "Ann plays Y", "resolve", "Bob chooses 2")
    assert first.state.choice.chooser == 2 and first.state.chain[0].choices == [{"effect": 0, "seat": 1, "option": 1}]
    first.close()
    again = Session(cards, Store(path))
    again.resume()
    assert again.state.to_dict() == first.state.to_dict()
    assert again.handle("Dee chooses 1").code == "not-your-choice"
    played(again, "Cat chooses 1", "undo", "Cat chooses 2", "Dee chooses 1")
    assert figures(again) == [(15, 4, 12), (20, 3, 9), (20, 3, 9), (20, 2, 10)]
    assert not again.state.chain and again.state.choice is None


def test_the_views_show_whose_choice_it_is(cards):
    session = played(Session(cards), *SETUP, "Ann plays Y", "resolve")
    choice = session.summary()["choice"]
    assert choice == {"chooser": "Bob", "card": "Y", "when": "resolving",
                      "options": [{"number": 1, "words": "(lose 1 Alcohol Content)"},
                                  {"number": 2, "words": "(pay Ann 1 Gold)"}]}
    for width in (80, 160):
        lines = toolbar_lines(session.game, session.state, session.cards, width)
        assert all(len(line) <= width for line in lines)
        assert "Bob" in " ".join(lines) and "choose" in " ".join(lines)
    assert "Bob chooses for Y: 1 (lose 1 Alcohol Content) · 2 (pay Ann 1 Gold)" in " ".join(
        toolbar_lines(session.game, session.state, session.cards, 160))
    assert "waiting for Bob's choice for Y" in session.toolbar()
    played(session, "Bob chooses 1", "Cat chooses 1", "Dee chooses 1")
    assert session.summary()["choice"] is None


def test_a_position_with_a_choice_waiting_loads_to_the_same_state(cards):
    session = played(Session(cards), *SETUP, "Ann plays Y", "resolve", "Bob chooses 2")
    text = session.position_text()
    assert "chooser: Cat" in text
    kind, data = position.load(text)
    loaded = rdi.load_position(data, cards)
    assert loaded.to_dict() == session.state.to_dict()


def test_the_short_ruling_ends_with_the_question(cards):
    from referee.shell.rulings import short_text

    session = played(Session(cards), *SETUP)
    text = short_text(session.handle("Ann plays X"))
    assert text.startswith("? Ann plays X")
    assert "Ann chooses one for X: 1. (gain 2 Fortitude) · 2. (lose 2 Alcohol Content)" in text

