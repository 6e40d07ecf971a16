"""The moves the referee made itself, so that a table line reporting one of them is not applied twice.

The referee pays, steals, draws, discards and hands cards on as powers, the ante, buying and scoring
say. The table often reads the same move out loud (`Cat gives Dee a card` after Othea's power moved it,
`Ann takes 9 from the dragon stakes` after scoring gave it to her). Each move the referee makes is kept
as a plain record from the announcement that set it going (a play, an ante, `score`, `Ben leads`, Card
Denial) until the next one, answers to its questions included; a table line of the same kind between
the same parties is refused as already done. Moves the table applies itself are not kept: two lines from
the table are two moves. A line that says it is another move (`again`, `more`, `another`) is applied.
"""

from __future__ import annotations

from referee.core.ruling import IllegalPlay
from referee.games.tda.state import STAKES_NAME, GameState

# What a record's kind reads as, with its parties: (payer, to), (thief, stakes), (drawer, deck), (discarder,),
# (giver, receiver), (the card's label,) for a card that left a flight or the ante.
KINDS = ("pay", "steal", "draw", "discard", "give", "flight", "ante")


class AlreadyDone(IllegalPlay):
    """A table line that repeats a move the referee already made."""

    code = "already-done"


def keep(state: GameState, kind: str, who, to=None, amount: int = 0, why: str = "", cites=()) -> None:
    """Note a move the referee made (``to``: a seat, a stakes, a deck or None)."""
    state.made.append({"kind": kind, "who": who, "to": list(to) if isinstance(to, tuple) else to,
                       "amount": amount, "why": why, "cites": list(cites)})


def begin(state: GameState) -> None:
    """A new announcement sets the referee going: what it did before is no longer 'just done'."""
    state.made = []


def forget_since(state: GameState, mark: int) -> None:
    """The table applied these moves itself (its own line): they are not the referee's."""
    del state.made[mark:]


def find(state: GameState, kind: str, who, to=None) -> dict | None:
    wanted = list(to) if isinstance(to, tuple) else to
    for record in reversed(state.made):
        if record["kind"] == kind and record["who"] == who and (to is None or record["to"] == wanted):
            return record
    return None


def text(state: GameState, record: dict) -> str:
    """The move as the referee made it: "Othea: Cat gave Dee 1 card"."""
    kind, who, to, amount = record["kind"], record["who"], record["to"], record["amount"]
    why = f"{record['why']}: " if record.get("why") else ""
    if kind == "pay":
        target = state.name(to[1]) if to[0] == "player" else f"the {STAKES_NAME[to[1]]}"
        return f"{why}{state.name(who)} paid {amount} to {target}"
    if kind == "steal":
        return f"{why}{state.name(who)} took {amount} from the {STAKES_NAME[to]}"
    if kind == "draw":
        deck = "Legendary" if to == "legendary" else "main"
        return f"{why}{state.name(who)} drew {amount} {deck}-deck {'card' if amount == 1 else 'cards'}"
    if kind == "discard":
        return f"{why}{state.name(who)} discarded {amount} {'card' if amount == 1 else 'cards'} from hand"
    if kind == "give":
        return f"{why}{state.name(who)} gave {state.name(to)} {amount} {'card' if amount == 1 else 'cards'}"
    where = "a flight" if kind == "flight" else "the ante"
    return f"{why}{who} left {where} for the discard pile"


def refuse(state: GameState, record: dict, again: str) -> None:
    """Refuse a table line that reports ``record``; ``again`` is the line that would apply a further move."""
    hint = "Nothing was changed; `why` shows the move."
    if again:
        hint = f"If it is a further move, say `{again}`; if the referee's move was wrong, `undo` it."
    raise AlreadyDone(f"Already done: the referee made that move itself ({text(state, record)}).",
                      tuple(record.get("cites") or ()), hint=hint)
