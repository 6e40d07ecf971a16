"""The prompt never raises (issue 20, item 6): Tab, the highlighter and the toolbar take any partial line in
any game state, and the prompt's wrappers turn a failure into nothing shown and a line in the log."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tda"))

from prompt_probe import probe  # noqa: E402
from rdi_lines import plausible_lines  # noqa: E402
from tda_helpers import RandomPlayer  # noqa: E402

from referee.core.session import Session  # noqa: E402
from referee.serve.launch import serve_from_repl  # noqa: E402
from referee.shell.never_raise import LOG_NAME, SafeAutoSuggest, SafeCompleter, SafeLexer, quietly  # noqa: E402

WORDS = ["Phrenk", "Kaylin", "Serena", "Ann", "Ben", "plays", "reveals", "on", "with", "for the", "chooses",
         "answer", "set", "new", "help", "card", "chaser", "can", "Poof", '"Dragon Breath', "3", "-1", ";", "“",
         "and", "gold", "stakes", "Red Dragon", "Storm Giant 1", "learn", "serve --port", "²", "\x1b]0;X\x07",
         "\udcff", "\t", "  "]


def _states(cards) -> list[Session]:
    """Sessions in the states a table meets: no game, Red Dragon Inn turns, a waiting choice, a Round, a
    Giants War gambit with its questions open."""
    rng = random.Random(7)
    sessions = [Session(cards)]
    rdi = Session(cards)
    rdi.handle("new rdi Phrenk Kaylin Serena Roxana")
    for step in range(120):
        rdi.handle(plausible_lines(rdi, rng, 1)[0])
        if step % 30 == 0:
            sessions.append(_copy(cards, rdi))
    sessions.append(rdi)
    choice = Session(cards)
    for line in ("new rdi Ann Bob Cat", 'learn "X": action: choose one: (gain 2 Fortitude) or (lose 2 Alcohol Content)',
                 "Ann plays X"):
        choice.handle(line)
    sessions.append(choice)
    asked = Session(cards)  # a Red Dragon Inn amount asked for: its question is a key, not a Giants War dict
    for line in ("new rdi Ann Bob Cat", 'learn "Pricey": action: another player pays you ? Gold', "Ann draws",
                 "Ann plays Pricey on Bob"):
        asked.handle(line)
    assert asked.state.question is not None
    sessions.append(asked)
    stakes = Session(cards)  # a Giants War question open: who takes which stakes
    for line in ("new tda Ann Ben Cat --giants Storm Fire Frost Cloud Ordning Hill", "Ann antes Storm Giant 10",
                 "Ben antes Cloud Giant 6", "Cat antes Fire Giant 5"):
        stakes.handle(line)
    assert stakes.state.question is not None
    sessions.append(stakes)
    player = RandomPlayer(cards, rng, players=("Ann", "Ben", "Cat"))
    for step in range(80):
        player.session.handle(player.line())
        if step in (3, 20, 50):
            sessions.append(_copy(cards, player.session))
    sessions.append(player.session)
    return sessions


def _copy(cards, session: Session) -> Session:
    copy = Session(cards)
    copy.game, copy.engine, copy.state = session.game, session.engine, session.state
    return copy


@pytest.fixture(scope="module")
def states(cards):
    return _states(cards)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_partial_line_in_any_state(states, data):
    session = data.draw(st.sampled_from(states))
    text = data.draw(st.one_of(
        st.text(max_size=60),
        st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join),
        st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join).map(lambda t: t + " "),
    ))
    width = data.draw(st.integers(min_value=1, max_value=240))
    assert probe(session, text, width) == []


def test_a_failing_helper_shows_nothing_and_is_logged(cards, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))

    class Broken:
        def get_completions(self, document, event):
            yield from ()
            raise KeyError("question")

        def lex_document(self, document):
            return lambda number: 1 / 0

        def get_suggestion(self, buffer, document):
            raise TypeError("no history")

    document = Document("Ann plays Poof")
    assert list(SafeCompleter(Broken()).get_completions(document, CompleteEvent())) == []
    assert SafeLexer(Broken()).lex_document(document)(0) == [("", "Ann plays Poof")]
    assert SafeAutoSuggest(Broken()).get_suggestion(None, document) is None
    assert quietly("toolbar", lambda: [][1])() is None
    log = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert log.count("Traceback") == 4 and "KeyError: 'question'" in log and "toolbar" in log


@pytest.mark.parametrize("rest", [" --port ²", " --port ٣", " --port 99999999999999999999", " --port", " --hots x"])
def test_serve_options_are_refused_in_words(cards, tmp_path, rest):
    from referee.core.store import Store

    session = Session(cards, Store(tmp_path / "games.sqlite"))
    session.handle("new rdi Ann Bob")
    said = serve_from_repl(session, rest)
    assert "--port" in said or "serve" in said
    assert "Traceback" not in said


def test_a_byte_that_is_not_utf8_is_refused_and_the_game_plays_on(cards):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin")
    before = session.state.to_dict()
    ruling = session.handle("Phrenk plays Po\udcffof on Kaylin")
    assert ruling.verdict == "refused" and ruling.code != "internal-error"
    assert "not UTF-8" in ruling.message and "after 'Phrenk plays Po'" in ruling.message
    assert session.state.to_dict() == before
    assert session.handle("end turn").message == "Phrenk has not ordered a Drink yet."
    assert session.handle("Phrenk orders a drink for Kaylin").verdict == "ok"
    assert session.state.players[1].drink_me == 2
