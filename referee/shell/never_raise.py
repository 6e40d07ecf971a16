"""The prompt's helpers never raise (issue 20, item 6).

Completion, highlighting, the toolbar and the grey suggestion run inside prompt_toolkit's event loop on
every keystroke; an exception there prints "Unhandled exception in event loop" over the game or ends the
prompt. Each helper is wrapped once here: a failure is written to the log (``prompt-errors.log`` in the data
folder, if it can be written) and shows nothing — no menu, plain text, no toolbar line, no suggestion.
"""

from __future__ import annotations

import time
import traceback
from typing import Callable

from prompt_toolkit.auto_suggest import AutoSuggest
from prompt_toolkit.completion import Completer
from prompt_toolkit.lexers import Lexer

LOG_NAME = "prompt-errors.log"
LOG_LIMIT = 1_000_000  # bytes: a failure on every keystroke must not fill the disk


def log_failure(where: str) -> None:
    """Append the exception being handled to the log; a log that cannot be written is skipped."""
    try:
        from referee.core.paths import data_dir

        log = data_dir() / LOG_NAME
        if log.exists() and log.stat().st_size > LOG_LIMIT:
            return
        with open(log, "a", encoding="utf-8", errors="backslashreplace") as out:
            out.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {where}\n{traceback.format_exc()}\n")
    except Exception:  # noqa: BLE001 - the log is a courtesy; the prompt must go on
        pass


def quietly(where: str, function: Callable, fallback=None) -> Callable:
    """``function`` that returns ``fallback`` (after logging) instead of raising."""

    def guarded(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except Exception:  # noqa: BLE001 - see the module's docstring
            log_failure(where)
            return fallback

    return guarded


class SafeCompleter(Completer):
    """Completions up to the first failure; none after it."""

    def __init__(self, inner: Completer):
        self.inner = inner

    def get_completions(self, document, complete_event):
        try:
            yield from self.inner.get_completions(document, complete_event)
        except Exception:  # noqa: BLE001
            log_failure("completion")


class SafeLexer(Lexer):
    """A line that fails to highlight is shown plain."""

    def __init__(self, inner: Lexer):
        self.inner = inner

    def lex_document(self, document):
        lines = document.lines
        plain = lambda number: [("", lines[number])] if number < len(lines) else []  # noqa: E731
        get_line = quietly("highlighting", self.inner.lex_document)(document)
        if get_line is None:
            return plain

        def safe_line(number: int):
            try:
                return get_line(number)
            except Exception:  # noqa: BLE001
                log_failure("highlighting")
                return plain(number)

        return safe_line

    def invalidation_hash(self):
        return self.inner.invalidation_hash()


class SafeAutoSuggest(AutoSuggest):
    """No grey suggestion where finding one fails."""

    def __init__(self, inner: AutoSuggest):
        self.inner = inner

    def get_suggestion(self, buffer, document):
        return quietly("suggestion", self.inner.get_suggestion)(buffer, document)
