"""The interactive shell's parts, each built by a small factory: completer, lexer, toolbar, keys, config, help.

referee/repl.py assembles them into one prompt_toolkit session.
"""


def cards_of(session):
    """The cards of the game being played: the session's card database, with the table's own cards where the
    session keeps them (``cards_in_play``)."""
    return getattr(session, "cards_in_play", None) or session.cards
