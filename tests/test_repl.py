"""The REPL's completer offers commands, players and card names (prompt_toolkit, no terminal needed)."""

from prompt_toolkit.document import Document

from referee.core.session import Session
from referee.repl import RefereeCompleter


def completions(session, text):
    return [c.text for c in RefereeCompleter(session).get_completions(Document(text), None)]


def test_commands_before_a_game(cards):
    assert "new rdi" in completions(Session(cards), "ne")


def test_players_and_card_names(cards):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin Wizgille Serena")
    assert "Kaylin" in completions(session, "Ka")
    offered = completions(session, "Kaylin plays dont call")
    assert '"Don\'t call me cute!"' in offered or any("call me cute" in o for o in offered)


def test_toolbar_shows_turn_phase_and_chain(cards):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin")
    session.handle('Phrenk plays "You\'re looking a little green. Drink this." on Kaylin')
    bar = session.toolbar()
    assert "Phrenk" in bar and "Action" in bar and "looking a little green" in bar
