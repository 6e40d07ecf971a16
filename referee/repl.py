"""The interactive referee: a prompt_toolkit shell over a Session.

Completion of commands, player names and card names; history kept in the user's
data folder; a bottom toolbar with the active player, the phase and the chain.
Ctrl-C cancels the line being typed; Ctrl-D leaves (everything is already saved).
"""

from __future__ import annotations

import re

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import FileHistory, InMemoryHistory

from referee.core.text import normalize
from referee.views import ruling_text

COMMANDS = ["new rdi", "new tda", "state", "chain", "why", "undo", "redo", "card", "rule", "games", "help", "quit",
            "resolve", "step", "end turn", "set", "can", "answer"]
VERBS = ["plays", "orders a drink for", "reveals", "passes", "draws", "ends turn", "play"]
_CARD_CONTEXT = re.compile(r"(?:\bplays?\s+|\breveals?\s+|^card\s+|^chaser\s+|\bplay\s+)(?P<partial>[^\"]*)$", re.I)


class RefereeCompleter(Completer):
    def __init__(self, session):
        self.session = session

    def _card_names(self) -> list[str]:
        game = self.session.game.GAME if self.session.game else None
        return [c.name for c in self.session.cards.cards if game is None or c.game == game]

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        card_context = _CARD_CONTEXT.search(text)
        if card_context:
            partial = card_context.group("partial")
            wanted = normalize(partial)
            for name in self._card_names():
                if not wanted or wanted in normalize(name):
                    yield Completion(f'"{name}"', start_position=-len(partial), display=name)
            return
        word = document.get_word_before_cursor(WORD=True)
        names = self.session.completion_words() if self.session.state is not None else []
        players = [p for p in names if p[:1].isupper()]
        first_word = " " not in text.lstrip()
        options = COMMANDS + players if first_word else players + VERBS
        if not first_word and text.split()[0].lower() in ("set", "can"):
            options = players + ["fortitude", "alcohol", "gold", "piety", "inn", "pot", "deck", "play"]
        for option in options:
            if option.lower().startswith(word.lower()):
                yield Completion(option, start_position=-len(word))


def _history():
    try:
        from referee.core.paths import data_dir

        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        history = folder / "history.txt"
        with open(history, "ab"):  # an unwritable folder or file must not fail later, mid-prompt
            pass
        return FileHistory(str(history))
    except OSError:
        return InMemoryHistory()


def run_repl(card_dirs=(), session=None, first_line: str | None = None) -> None:
    if session is None:
        from referee.core.carddb import load_cards
        from referee.core.session import Session
        from referee.core.store import Store

        session = Session(load_cards(card_dirs), Store())
    prompt = PromptSession(history=_history(), completer=RefereeCompleter(session), complete_while_typing=False,
                           bottom_toolbar=lambda: " " + session.toolbar())
    print("referee — type `help` for commands, `new rdi NAME NAME ...` to start. Ctrl-D leaves; every play is saved.")
    if first_line:
        print(ruling_text(session.handle(first_line)))
    while True:
        try:
            line = prompt.prompt("referee> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed
        except EOFError:
            print("Saved. Bye." if session.game_id is not None else "Bye.")
            return
        if line.strip().lower() in ("quit", "exit"):
            print("Saved. Bye." if session.game_id is not None else "Bye.")
            return
        ruling = session.handle(line)
        if ruling.code != "empty":
            print(ruling_text(ruling))
