"""Push-to-talk at the prompt. prompt_toolkit has no key-up events, so "hold to talk" is press F5 to start
and F5 again to stop. The line heard goes into the edit buffer (coloured as
any typed line, the prompt saying "Enter accepts, Esc drops"; not selected, since a selection would swallow the
keys that edit it) and is never submitted here: Enter accepts it as any typed line, Esc drops it, 1/2/3 pick
among the top three; anything else edits it. Decoding runs in the key handler (about 0.6x the length of the
line on two shared cores): the prompt waits for it.
"""

from __future__ import annotations

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings

from referee.core.text import without_controls
from referee.voice import VoiceUnavailable


class VoiceMode:
    def __init__(self, session, recorder=None, decoder=None):
        from referee.voice.decoder import VoiceDecoder

        self.session = session
        self.decoder = decoder if decoder is not None else VoiceDecoder()
        if recorder is None:
            from referee.voice.mic import Recorder

            recorder = Recorder()
        self.recorder = recorder
        self.listening = False
        self.offered: list[str] = []
        self.note = ""
        self.bindings = self._bindings()
        if session.state is not None:
            self.decoder.for_session(session)  # the grammar ready before the first F5

    def message(self) -> str:
        if self.listening:
            return "referee (listening… F5 stops)> "
        return f"referee ({self.note})> " if self.note else "referee> "

    def prepare(self) -> None:
        """The grammar for the state the last line left, built before the next F5 (a failure is logged and
        shown, never raised: the keyboard goes on)."""
        if self.session.state is None:
            return
        try:
            self.decoder.for_session(self.session)
        except VoiceUnavailable as error:
            self.note = str(error)
        except Exception:  # noqa: BLE001 - the next F5 tries again
            from referee.shell.never_raise import log_failure

            log_failure("building the voice grammar")

    def settle(self) -> None:
        """A new prompt: what was offered is gone."""
        self.offered, self.note = [], ""

    def _pending(self, buffer) -> bool:
        return bool(self.offered) and buffer.text in self.offered

    def _show(self, buffer, index: int) -> None:
        text = self.offered[index]
        # not selected: a selection would swallow the keys the table edits the line with
        buffer.text = text
        buffer.cursor_position = len(text)

    def toggle(self, buffer) -> None:
        """F5: start listening, or stop and decode. Never raises: a key handler's exception would end the prompt."""
        try:
            self._toggle(buffer)
        except Exception:  # noqa: BLE001 - a broken audio stack or decoder must not end the game
            from referee.shell.never_raise import log_failure

            log_failure("voice")
            self.listening, self.offered = False, []
            self.note = "voice failed (written to prompt-errors.log in the data folder); the keyboard works"

    def _toggle(self, buffer) -> None:
        if not self.listening:
            try:
                self.recorder.start()
            except VoiceUnavailable as error:
                self.note = str(error)
                return
            self.listening, self.offered, self.note = True, [], ""
            return
        self.listening = False
        raw = self.recorder.stop()
        try:
            heard = self.decoder.decode(raw, self.session) if self.session.state is not None else None
        except VoiceUnavailable as error:
            self.note = str(error)
            return
        if heard is None:
            self.note = "start a game first"
        elif not heard.accepted:
            self.note = "didn't catch that"
        else:
            self.offered = [without_controls(line) for line in heard.lines]
            self._show(buffer, 0)
            self.note = "Enter accepts, Esc drops" + (f", 1-{len(self.offered)} pick" if len(self.offered) > 1 else "")

    def _bindings(self) -> KeyBindings:
        bindings = KeyBindings()
        pending = Condition(lambda: self._pending(_buffer()))

        @bindings.add("f5")
        def _talk(event) -> None:
            self.toggle(event.current_buffer)

        @bindings.add("escape", filter=pending, eager=True)
        def _drop(event) -> None:
            event.current_buffer.reset()
            self.offered, self.note = [], "dropped"

        for number in range(3):
            def pick(event, index=number) -> None:
                self._show(event.current_buffer, index)

            bindings.add(str(number + 1), filter=pending & Condition(lambda n=number: n < len(self.offered)))(pick)
        return bindings


def _buffer():
    from prompt_toolkit.application import get_app

    return get_app().current_buffer
