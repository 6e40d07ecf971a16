"""The last chance before a player is out ("Losing the Game" › "Passing Out", both core books).

A player who would pass out or has run out of Gold is not out at once: what was played finishes resolving,
then every player has one last chance to play Sometimes or Anytime Cards, to rescue themselves or strike at
others, and only then is a player who was not saved out. So while that chance is pending nothing else comes
between the risk and its outcome: a Sometimes or Anytime Card goes ahead, with what finishes it (the answers
and choices it asks for, a Drink it makes someone drink, a discard it calls for); so do `resolve` (nobody
responds: the losses are settled), a correction (`set`), teaching a card, `undo` and questions. Anything else
(ordering or revealing a Drink, an Action, a go in a Round of Gambling, ending the turn...) is refused with the
state unchanged (``check``, for every announcement; ``check_kind``, for a card, so `can` says the same).
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay
from referee.core.text import listed
from referee.games.rdi import announce as A
from referee.games.rdi.effects import ed
from referee.games.rdi.kinds import kind_name
from referee.games.rdi.state import GameState

RESPONSES = ("sometimes", "anytime")
# Announcements that go ahead whatever is pending: each is a response, settles the last chance, corrects or
# teaches, or answers what the referee asked (and refuses itself when nothing is asked).
ALWAYS = (A.Play, A.Together, A.Resolve, A.Set, A.Learn, A.Can, A.Answer, A.AnswerWords, A.Choose)


def _at_risk(state: GameState) -> str:
    return listed(state.last_chance)


def _finishes(state: GameState, announcement) -> bool:
    """Whether the announcement finishes what a last-chance response set going (or asks nothing new)."""
    seat = state.seat(announcement.player) if getattr(announcement, "player", None) else None
    if isinstance(announcement, (A.Pass, A.Step, A.Split)):
        return bool(state.chain)  # declining or splitting what waits on the chain, not a go in a Round
    if isinstance(announcement, A.Reveal):
        return (seat in state.must_drink or state.copies_for is not None
                or any(e.awaiting_chaser or e.awaiting_gear for e in state.chain)
                or (state.contest is not None and state.contest.next < len(state.contest.order)))
    if isinstance(announcement, A.Discard):
        return any(owed["seat"] == seat for owed in state.owed_discards)
    if isinstance(announcement, A.Atone):
        from referee.games.rdi.characters import duties

        return any(owed[0] == seat for owed in duties(state))
    if isinstance(announcement, A.Keep):
        from referee.games.rdi.characters import owes_choice

        return owes_choice(state, seat)
    from referee.games.rdi.characters import last_chance_ok

    return last_chance_ok(state, seat, announcement)


def check(state: GameState, announcement) -> None:
    """Refuse what may not come between a player's risk and its outcome while the last chance is pending."""
    if not state.last_chance or isinstance(announcement, ALWAYS) or _finishes(state, announcement):
        return
    raise IllegalPlay(f"{_at_risk(state)} would be out: this is the last chance to play Sometimes or Anytime Cards "
                      "first, and nothing else goes ahead until it is settled.",
                      (ed(state, "losing-the-game/passing-out"),), code="last-chance",
                      hint="Play a Sometimes or Anytime Card, correct the figures with `set`, or `resolve` when "
                           "nobody responds.")


def check_kind(state: GameState, card: Card, kind: str) -> None:
    """While the last chance is pending, only a Sometimes or Anytime Card may be played."""
    if state.last_chance and kind not in RESPONSES:
        raise IllegalPlay(f"{card.name} is {kind_name(kind, article=True)}, and {_at_risk(state)} would be out: the "
                          "last chance before that is for Sometimes and Anytime Cards only.",
                          (ed(state, "losing-the-game/passing-out"),), code="last-chance",
                          hint="`resolve` settles the last chance when nobody responds.")
