"""Typing into the prompt without a terminal: what Tab, the highlighter and the toolbar do with a partial line
in a given game state. Used by the prompt's property test and by benchmarks/bench_fuzz.py.

The raw helpers are probed, not their never-raise wrappers, so that a failure is seen, not logged away.
"""

from __future__ import annotations

import random
import traceback

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from referee.shell import cards_of
from referee.shell.completer import RefereeCompleter
from referee.shell.lexer import RefereeLexer
from referee.shell.toolbar import toolbar_lines

TAB = CompleteEvent(completion_requested=True)


def probe(session, text: str, width: int) -> list[str]:
    """What went wrong typing ``text`` (a partial line) at ``width`` columns: [] when nothing did."""
    failures = []
    try:
        for completion in RefereeCompleter(session).get_completions(Document(text), TAB):
            if not completion.text.isprintable():
                failures.append(f"completion {completion.text!r} would type a control character")
    except Exception:  # noqa: BLE001 - the probe reports, it does not stop
        failures.append("completion raised:\n" + traceback.format_exc(limit=4))
    try:
        lines = Document(text).lines
        get_line = RefereeLexer(session).lex_document(Document(text))
        for number, line in enumerate(lines):
            spelled = "".join(fragment for _, fragment in get_line(number))
            if spelled != line:
                failures.append(f"highlighting spelled {spelled!r} for {line!r}")
    except Exception:  # noqa: BLE001
        failures.append("highlighting raised:\n" + traceback.format_exc(limit=4))
    try:
        toolbar_lines(session.game, session.state, cards_of(session), width,
                      read_only=getattr(session, "read_only", None))
    except Exception:  # noqa: BLE001
        failures.append(f"the toolbar at {width} columns raised:\n" + traceback.format_exc(limit=4))
    return failures


def partial(line: str, rng: random.Random) -> str:
    """The line as it stands at a random keystroke: cut anywhere, sometimes with a trailing space."""
    cut = line[: rng.randint(0, len(line))]
    return cut + (" " if rng.random() < 0.3 else "")
