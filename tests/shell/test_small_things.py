"""Small things a table notices (issue 21, item 6): pasted lines, coloured marks, config in plain words,
`state` in words, a bare start that names the game under way."""

from __future__ import annotations

import io

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.core.session import Session
from referee.core.store import Store
from referee.repl import run_repl
from referee.shell.config import Config, load_config
from referee.shell.rulings import colour_marks, wants_colour

from shell_helpers import shell_for


def test_two_pasted_lines_are_two_announcements(cards, capsys):
    session = Session(cards)
    with create_pipe_input() as pipe:
        pipe.send_text("new rdi Phrenk Kaylin\n")
        pipe.send_text("\x1b[200~Phrenk draws\nPhrenk orders a drink for Kaylin\x1b[201~\n")  # one bracketed paste
        pipe.send_text("\x04")
        run_repl(session=session, config=Config(), input=pipe, output=DummyOutput())
    out = capsys.readouterr().out
    assert [m.line for m in session.moves[1:]] == ["Phrenk draws", "Phrenk orders a drink for Kaylin"]
    assert "Phrenk orders a Drink for Kaylin" in out and "I don't understand" not in out
    # and the next play a table makes is ruled on the state both lines left
    assert session.handle("Phrenk reveals Wine").accepted


def test_marks_are_coloured_only_where_colour_is_wanted(monkeypatch):
    text = "✓ Kaylin passes.\n  Kaylin G 8→9\n✗ Not your turn."
    coloured = colour_marks(text)
    assert "\x1b[32m✓\x1b[0m Kaylin passes." in coloured and "\x1b[31m✗\x1b[0m Not your turn." in coloured
    assert "  Kaylin G 8→9" in coloured.splitlines()

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_colour(Terminal()) and not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Terminal())


def test_config_names_unknown_keys_and_bad_values_in_plain_words(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[game]\nrule = "rdi3"\n[rulings]\nverbose = "yes"\n[toolbarr]\nshow = true\n'
                    '[toolbar]\nmax_lines = "four"\n', encoding="utf-8")
    notices = load_config(path).notices
    said = "\n".join(notices)
    assert "[game] has no setting 'rule'; did you mean 'rules'?" in said
    assert "there is no [toolbarr] section; did you mean [toolbar]?" in said
    assert "[rulings] verbose takes true or false, not 'yes'; using false." in said
    assert "[toolbar] max_lines takes a whole number, not 'four'; using 4." in said
    assert "should be" not in said and "bool" not in said


def test_state_says_the_tables_answers_in_words(cards):
    shell = shell_for(cards, "new rdi Phrenk Kaylin")
    shell.session.state.answers["drink/coffee:alcohol"] = -1  # as an `answer` leaves it
    text = shell.respond("state")
    assert "Coffee's Alcohol Content is -1" in text and "alcohol=" not in text


def test_a_bare_start_names_the_game_under_way(cards, tmp_path, capsys):
    store = Store(tmp_path / "games.sqlite3")
    first = Session(cards, store)
    first.handle("new rdi Phrenk Kaylin")
    first.handle("Phrenk draws")
    first.close()
    session = Session(cards, Store(tmp_path / "games.sqlite3"))
    with create_pipe_input() as pipe:
        pipe.send_text("resume\nPhrenk orders a drink for Kaylin\n\x04")
        run_repl(session=session, config=Config(), input=pipe, output=DummyOutput())
    out = capsys.readouterr().out
    assert "The last game saved is game 1 (rdi: Phrenk, Kaylin, 1 announcement): `resume` picks it up" in out
    assert "Phrenk orders a Drink for Kaylin" in out  # resumed, and play goes on
    session.close()
