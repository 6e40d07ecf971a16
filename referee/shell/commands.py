"""What the shell does with a line before and after the session: `help`, `verbose`, `new` over a running
game (asks first), the table's default edition, and short or full rulings.

``TableShell.respond`` returns the text to print, so it is tested without a terminal.
"""

from __future__ import annotations

import re
from typing import Callable

from referee.shell import cards_of
from referee.shell.config import Config
from referee.shell.help import help_text
from referee.shell.rulings import short_text
from referee.core.views import ruling_text

_RULES_GIVEN = re.compile(r"(?:^|\s)(?:--rules|-r)(?:[\s=]|$)")


class TableShell:
    def __init__(self, session, config: Config, width: Callable[[], int] = lambda: 80):
        self.session = session
        self.config = config
        self.width = width  # the terminal's columns, asked for each ruling
        self.noted: dict[object, set[str]] = {}  # per game: the standing notes already said in short rulings

    def _figures(self):
        session = self.session
        if session.state is None or not hasattr(session.game, "figures"):
            return None
        # The game's identity: its setup move is a new object for every `new` and `resume`.
        setup = id(session.moves[0]) if session.moves else None
        return (session.game.GAME, session.game_id, setup), session.game.figures(session.state, cards_of(session))

    def with_default_edition(self, line: str) -> str:
        """`new rdi ...` without `--rules` follows the edition of the config file."""
        words = line.split()
        if len(words) >= 2 and words[0].lower() == "new" and words[1].lower() == "rdi" and not _RULES_GIVEN.search(line):
            return f"{line} --rules {self.config.rules}"
        return line

    def respond(self, line: str, confirm: Callable[[str], bool] = lambda question: False) -> str | None:
        """The text answering one line (None: print nothing)."""
        text = line.strip()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word == "help":
            return help_text(rest)
        if word == "verbose":
            return self.verbose(rest.strip().lower())
        if word == "new" and self.session.state is not None and not getattr(self.session.state, "over", False):
            number = f" (game {self.session.game_id})" if self.session.game_id is not None else ""
            if not confirm(f"A game is under way{number}; it stays saved. Start a new one? [y/N] "):
                return "Kept the game under way. (`games` lists saved games, `resume ID` reopens one.)"
        if word == "new":
            text = self.with_default_edition(text)
        before = self._figures()
        ruling = self.session.handle(text)
        if ruling.code == "empty":
            return None
        if self.config.verbose:
            return self._with_notices(ruling_text(ruling))
        after = self._figures()
        same_game = before is not None and after is not None and before[0] == after[0]
        seen = self.noted.setdefault(after[0] if after is not None else None, set())
        return self._with_notices(short_text(ruling, before[1] if same_game else None,
                                             after[1] if same_game else None, self.width(), seen))

    def _with_notices(self, text: str) -> str:
        """What the session has to tell the table once (a file it could not write), before the ruling."""
        notices = getattr(self.session, "notices", None)
        if not notices:
            return text
        told = "\n".join(notices)
        notices.clear()
        return f"{told}\n{text}"

    def verbose(self, value: str) -> str:
        if value in ("on", "yes", "true", "1"):
            self.config.verbose = True
        elif value in ("off", "no", "false", "0"):
            self.config.verbose = False
        elif value:
            return f"`verbose on` or `verbose off`, not {value!r}."
        return ("Rulings in full: every step with its section." if self.config.verbose
                else "Short rulings: the verdict and the figures that changed; `why` shows the rest.")
