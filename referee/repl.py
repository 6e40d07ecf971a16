"""The interactive referee: a prompt_toolkit session assembled from the parts in referee/shell/.

Completion (completer.py), highlighting (lexer.py), the toolbar (toolbar.py), key bindings
(keys.py), settings (config.py), help (help.py) and the line handling (commands.py) each
live in their own module; this file only puts them together and runs the loop.
Ctrl-C cancels the line being typed; Ctrl-D leaves (everything is already saved).
"""

from __future__ import annotations

import sys

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.key_binding import DynamicKeyBindings, merge_key_bindings

from referee.core.text import visible
from referee.shell import cards_of
from referee.shell.commands import TableShell
from referee.shell.completer import RefereeCompleter
from referee.shell.config import Config, load_config
from referee.shell.keys import key_bindings
from referee.shell.lexer import RefereeLexer, style
from referee.shell.never_raise import SafeAutoSuggest, SafeCompleter, SafeLexer, log_failure, quietly
from referee.shell.rulings import colour_marks, wants_colour
from referee.shell.toolbar import SteadyHeight, toolbar_lines

__all__ = ["RefereeCompleter", "run_repl", "build_prompt"]


def _say(text: str) -> None:
    """Every line the REPL prints (rulings, `state`, `games`, `export`, notices, the table view's address):
    names and texts from players, files and stores with their control and escape characters made visible;
    then the marks coloured, ✓ green and ✗ red, where the terminal wants colour."""
    shown = visible(text)
    print(colour_marks(shown) if wants_colour(sys.stdout) else shown)


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


def _toolbar(session, config: Config):
    steady = SteadyHeight(config.toolbar_lines)

    def text():
        if not config.toolbar:
            return None
        width = get_app().output.get_size().columns
        return "\n".join(steady(width, toolbar_lines(session.game, session.state, cards_of(session), width,
                                                     read_only=getattr(session, "read_only", None))))

    return quietly("toolbar", text)


class _Voice:
    """The voice mode while it is on (referee/voice/, imported only by `--voice` or `voice on`)."""

    mode = None

    def bindings(self):
        return self.mode.bindings if self.mode is not None else None

    def message(self) -> str:
        return self.mode.message() if self.mode is not None else "referee> "


def build_prompt(session, config: Config, voice: _Voice | None = None, **io) -> PromptSession:
    """``io``: prompt_toolkit's ``input`` and ``output`` (tests pass a pipe)."""
    keys = key_bindings(config)
    if voice is not None:
        keys = merge_key_bindings([keys, DynamicKeyBindings(voice.bindings)])
    # completion, highlighting, the toolbar and the suggestion run on every keystroke: none of them may raise
    return PromptSession(history=_history(), completer=SafeCompleter(RefereeCompleter(session)),
                         complete_while_typing=False, auto_suggest=SafeAutoSuggest(AutoSuggestFromHistory()),
                         lexer=SafeLexer(RefereeLexer(session)),
                         style=style(config.colours, config.notices), key_bindings=keys,
                         bottom_toolbar=_toolbar(session, config), **io)


def run_repl(card_dirs=(), session=None, first_line: str | None = None, config: Config | None = None,
             voice=False, **io) -> None:
    """``voice``: True turns push-to-talk on at the start (a prepared voice mode may be given instead)."""
    if session is None:
        from referee.core.carddb import load_cards
        from referee.core.session import Session
        from referee.core.store import Store

        session = Session(load_cards(card_dirs), Store(), remember_learned=True)
    config = config or load_config()
    spoken = _Voice()
    prompt = build_prompt(session, config, spoken, **io)
    shell = TableShell(session, config, lambda: prompt.output.get_size().columns)
    for notice in config.notices:
        _say(notice)
    _say("referee — `help` explains everything; `new rdi NAME NAME ...` starts a game.\n"
         "Tab completes, F2 full rulings, Ctrl-D leaves (every play is saved).")
    if first_line is None and (back := session.welcome_back()):
        _say(back)

    def confirm(question: str) -> bool:
        try:  # a plain prompt of its own: the answer stays out of the history, the toolbar off
            return PromptSession(**io).prompt(question).strip().lower() in ("y", "yes")
        except (KeyboardInterrupt, EOFError):
            return False

    if first_line:
        _say(shell.respond(first_line, confirm) or "")
    if voice:
        _say(_voice_switch(spoken, session, "on", voice if voice is not True else None))
    warned = False  # leaving with a game held only in memory takes a second Ctrl-D or `quit`
    while True:
        try:
            line = prompt.prompt(spoken.message)
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed
        except EOFError:
            line = "quit"
        if spoken.mode is not None:
            spoken.mode.settle()
        if line.strip().lower() in ("quit", "exit"):
            _say(session.farewell())
            if session.unsaved and not warned:
                _say("Ctrl-D or `quit` again leaves without it.")
                warned = True
                continue
            return
        for part in line.splitlines() or [""]:  # pasted lines: one announcement each
            if part.lower().split()[:1] == ["voice"]:
                _say(_voice_switch(spoken, session, part.split(None, 1)[1] if len(part.split()) > 1 else ""))
                continue
            _respond(shell, session, part, confirm)
        if spoken.mode is not None:
            spoken.mode.prepare()  # a new game, a card learned, a Chaser asked for: the grammar follows


def _voice_switch(spoken: _Voice, session, rest: str, prepared=None) -> str:
    """`voice on`, `voice off`, `voice name NAME PHONES`: one plain line back, never a traceback."""
    words = rest.split()
    if words[:1] == ["off"]:
        spoken.mode = None
        return "Voice off."
    if words[:1] == ["on"]:
        if spoken.mode is not None:
            return "Voice is on: F5 starts listening, F5 again stops."
        try:
            from referee.voice import VoiceUnavailable
            from referee.voice.keys import VoiceMode
        except ImportError:
            log_failure("loading voice")
            return "Voice could not be loaded (written to prompt-errors.log in the data folder)."
        try:
            spoken.mode = prepared if prepared is not None else VoiceMode(session)
        except VoiceUnavailable as error:
            return str(error)
        except Exception:  # noqa: BLE001 - a broken audio stack must not end the game
            log_failure("turning voice on")
            return "Voice could not start (written to prompt-errors.log in the data folder); the keyboard works."
        return ("Voice on: F5 starts listening, F5 again stops; the line heard waits in the prompt for Enter "
                "(Esc drops it, 1/2/3 pick another).")
    if words[:1] == ["name"]:
        return _voice_name(spoken, words[1:])
    return "`voice on`, `voice off`, or `voice name NAME PHONES` (voice name Kaylin K EY L IH N)."


def _voice_name(spoken: _Voice, words: list[str]) -> str:
    """`voice name Kaylin K EY L IH N` (CMU phones) or `voice name Kaylin kay lin` (English words said)."""
    usage = "`voice name NAME PHONES`: voice name Kaylin K EY L IH N, or the name said as words: voice name Kaylin kay lin."
    if spoken.mode is None:
        return "Say `voice on` first."
    from referee.voice.grammar import spoken as spoken_words

    parts = spoken_words(words[0]) if words else []
    phones = spoken.mode.decoder.lexicon.say_as(" ".join(words[1:])) if len(words) > 1 else ""
    if len(parts) != 1 or not phones:
        return usage
    try:
        spoken.mode.decoder.rename(parts[0], phones)
    except OSError:
        return "The pronunciation is used now but could not be saved in the data folder."
    return f"{words[0]} is heard as {phones}."


def _respond(shell: TableShell, session, line: str, confirm) -> None:
    try:
        _answer(shell, session, line, confirm)
    except Exception:  # noqa: BLE001 - the session has already saved what it accepted; the prompt goes on
        log_failure(f"answering {line!r}")
        _say("The referee could not show its answer to that line (an internal error, written to "
             "prompt-errors.log in its data folder). What it accepted is saved: `state` and `why` show it.")


def _answer(shell: TableShell, session, line: str, confirm) -> None:
    if line.lower().split()[:1] == ["serve"]:  # the table view, a process of its own (referee/serve/)
        from referee.serve.launch import serve_from_repl

        _say(serve_from_repl(session, line.strip()[len("serve"):]))
        return
    answer = shell.respond(line, confirm)
    if answer is not None:
        _say(answer)
