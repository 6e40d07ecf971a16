"""Chain: the stack of pending plays, independent of any game. Reads and changes only the chain (each
function returns a new one).

A chain is a stack (a list, last item on top) of pending plays. Each play has a
``uid``, the seat that played or revealed it (``player``) and the seats that have
declined to answer it since it last changed (``passed``). A play opens a response
window in turn order starting with its player; a response goes on top; when the
top resolves, the window of the play beneath reopens for everyone, even those who
passed before (RDI Timing Example 1).
"""

from __future__ import annotations

from typing import Protocol, Sequence


class Pending(Protocol):
    uid: int
    player: int
    passed: list


def top(chain: Sequence[Pending]) -> Pending | None:
    return chain[-1] if chain else None


def find(chain: Sequence[Pending], uid: int | None) -> Pending | None:
    return next((p for p in chain if p.uid == uid), None) if uid is not None else None


def still_to_answer(play: Pending, turn_order: Sequence[int]) -> list[int]:
    """Seats, in turn order from the play's player, that have not declined it yet."""
    return [seat for seat in turn_order if seat not in play.passed]


def decline(play: Pending, seat: int) -> None:
    if seat not in play.passed:
        play.passed.append(seat)


def reopen(chain: Sequence[Pending]) -> Pending | None:
    """After the top resolved: everyone may answer the play beneath again."""
    beneath = top(chain)
    if beneath is not None:
        beneath.passed = []
    return beneath
