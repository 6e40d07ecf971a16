"""The interactive shell's parts, each built by a small factory: completer, lexer, toolbar, keys, config, help.

referee/repl.py assembles them into one prompt_toolkit session.
"""

# No announcement is longer than this. Past it the prompt shows a line plain and completes nothing, so a
# keystroke at the end of a pasted screenful costs what one in an ordinary line does (issue 20, item 8).
LONGEST_ANNOUNCEMENT = 600


def cards_of(session):
    """The cards of the game being played: the session's card database, with the table's own cards where the
    session keeps them (``cards_in_play``)."""
    return getattr(session, "cards_in_play", None) or session.cards


def playable(session, name: str, card_name: str) -> bool:
    """Whether the engine would let the player play the card now (a target still to name counts): completion
    puts such cards first, and voice such lines (the session's `can`, asked without changing the state)."""
    try:
        _, ruling = session.engine.apply(session.state, f'can {name} play "{card_name}"')
    except Exception:  # noqa: BLE001 - a card the engine cannot judge is simply not put first
        return False
    return ruling.code in ("yes", "no:needs-target")
