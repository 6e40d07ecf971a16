"""Key bindings beyond prompt_toolkit's own (which already give Tab completion, Ctrl-C, Ctrl-D, and → or
Ctrl-E to take the grey suggestion from history): F2 switches short and full rulings, F3 the toolbar."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings

from referee.shell.config import Config


def key_bindings(config: Config) -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("f2")
    def _verbose(event) -> None:
        config.verbose = not config.verbose

    @bindings.add("f3")
    def _toolbar(event) -> None:
        config.toolbar = not config.toolbar

    return bindings
