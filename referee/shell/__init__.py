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
