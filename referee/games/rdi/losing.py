"""Losing the game: passing out and running out of Gold, checked only when nothing waits on the chain.

Several losses at once: the players passing out split their Gold first (half,
rounded up, to the Inn; the rest evenly among the players not passing out; the
remainder to the Inn); then anyone left with no Gold is out too, so a share can
save a broke player. Everyone losing at once is a tie ("Passing Out", both books).
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.core.text import count_of, listed
from referee.games.rdi import gambling, house, in_front
from referee.games.rdi.effects import ed, move_gold
from referee.games.rdi.state import GameState


def at_risk(state: GameState) -> tuple[list[int], list[int]]:
    """(passing out, out of Gold) among players still in."""
    if state.contest is not None:
        return [], []  # players stay in until the Drinking Contest is over
    people = state.people()  # Otto cannot lose
    passing = [s for s in people if state.players[s].alcohol >= state.players[s].fortitude]
    broke = [s for s in people if s not in passing and state.players[s].gold <= 0]
    if state.round is not None:
        # Out of Gold during a Round of Gambling: still in the game until the Round ends.
        broke = []
    return passing, broke


def risk_text(state: GameState) -> str:
    passing, broke = at_risk(state)
    parts = [f"{state.players[s].name} would pass out ({state.players[s].alcohol} Alcohol Content ≥ "
             f"{state.players[s].fortitude} Fortitude)" for s in passing]
    parts += [f"{state.players[s].name} has no Gold left" for s in broke]
    return "; ".join(parts)


def apply_losses(state: GameState, out: Outcome) -> None:
    passing, _ = at_risk(state)
    remaining = [s for s in state.in_game() if s not in passing]
    contest_broke = [s for s in state.contest_broke if s in remaining and state.players[s].gold <= 0]
    state.contest_broke = []
    out_first: list[int] = []
    if passing and contest_broke and house.say(state, house.CONTEST_BROKE_SHARE, out) == "out-first":
        out_first = contest_broke
        for seat in out_first:
            out.say(f"{state.players[seat].name} did not win the Drinking Contest and has no Gold: out of the game "
                    "before any pass-out share is handed out.", ed(state, "other-rules/drinking-contest/gold-during-contest"))
        remaining = [s for s in remaining if s not in out_first]
    broke_before = [s for s in remaining if state.players[s].gold <= 0]
    for seat in passing:
        player = state.players[seat]
        gold = player.gold
        to_inn = (gold + 1) // 2
        rest = gold - to_inn
        share, remainder = divmod(rest, len(remaining)) if remaining else (0, rest)
        others = [state.players[s].name for s in remaining]
        shares = ("" if not others else f", nothing left for {listed(others, 'or')}" if not share
                  else f", {share} to {others[0]}" if len(others) == 1 else f", {share} to each of {listed(others)}")
        out.tell(f"{player.name} passes out. Their {gold} Gold: {to_inn} (half, rounded up) to the Inn" + shares
                + (f", {remainder} left over to the Inn." if remainder else "."),
                ed(state, "losing-the-game/passing-out"))
        move_gold(state, seat, "inn", to_inn + remainder, out, "passing out")
        for other in remaining:
            move_gold(state, seat, other, share, out, "passing out")
    saved = [s for s in broke_before if state.players[s].gold > 0]
    if saved:
        names = listed([state.players[s].name for s in saved])
        givers = listed([state.players[s].name for s in passing])
        out.say(f"{names} had no Gold, but the share of {givers}'s Gold keeps "
                f"{'them' if len(saved) > 1 else names} in the game: those passing out split their Gold first, and "
                "only then is anyone with no Gold out.", ed(state, "losing-the-game/passing-out/simultaneous-losses"))
    elif len(passing) > 1 or (passing and any(state.players[s].gold == 0 for s in remaining)):
        out.say("Several players lose at once: those passing out split their Gold first, then anyone "
                "with no Gold is out.", ed(state, "losing-the-game/passing-out/simultaneous-losses"))
    broke = [s for s in remaining if state.players[s].gold <= 0]
    for seat in broke:
        out.tell(f"{state.players[seat].name} has run out of Gold and is out of the game.",
                ed(state, "losing-the-game/running-out-of-gold"))
    losers = passing + out_first + broke
    people = state.people()
    if losers and len(losers) == len(people):
        state.tie = [state.players[s].name for s in losers]
        out.say(f"Everyone still in loses at once: the game is a tie between {listed(state.tie)}.",
                ed(state, "losing-the-game/passing-out"))
    for seat in losers:
        player = state.players[seat]
        player.out = True
        if player.drink_me:
            out.say(f"{player.name}'s Drink Me! pile ({count_of(player.drink_me, 'card')}) goes to the Drink discard pile.",
                    ed(state, "losing-the-game/passing-out"))
            state.drink_discard += player.drink_me
            player.drink_me = 0
        in_front.leave_with(state, seat, out)
    left = state.people()
    if state.tie:
        state.over = True
    elif len(left) == 1:
        state.winner = state.players[left[0]].name
        state.over = True
        out.tell(f"{state.winner} is the last one standing and wins the game!", ed(state, "object-of-the-game"))
    else:
        for seat in losers:
            gambling.out_of_game(state, seat, out)
