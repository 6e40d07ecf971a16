"""Moving gold: between hoards, the two stakes, the hole and the winner's pile. Nothing else.

Every payment goes through ``pay`` or ``steal`` so that gold is never made or
lost: the sum of hoards, stakes and the pile only changes through `set`
corrections (counted in ``gold_adjust``). Debts in the hole are records, not gold.
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.games.tda import defaults as D
from referee.games.tda import made
from referee.games.tda.state import STAKES_NAME, GameState


def target_text(state: GameState, to) -> str:
    kind, value = to
    if kind == "player":
        return state.name(value)
    if kind == "stakes":
        return f"the {STAKES_NAME[value]}"
    return "the winner's pile"


def _credit(state: GameState, to, amount: int) -> None:
    kind, value = to
    if kind == "player":
        state.players[value].hoard += amount
    elif kind == "stakes":
        state.stakes[value] += amount
    else:
        state.pile += amount


def pay(state: GameState, payer: int, to, amount: int, out: Outcome, why: str = "", *cites: str,
        short_rule: D.Default = D.HOLE) -> int:
    """``payer`` pays ``amount`` to ``to`` (("player", seat) / ("stakes", key) / ("pile", None)).
    Returns what was actually paid; the rest goes into the payer's hole."""
    if amount <= 0:
        return 0
    player = state.players[payer]
    paid = min(player.hoard, amount)
    short = amount - paid
    player.hoard -= paid
    _credit(state, to, paid)
    made.keep(state, "pay", payer, to, amount, why, cites)
    reason = f" ({why})" if why else ""
    if not short:
        out.say(f"{player.name} pays {amount} to {target_text(state, to)}{reason}; {player.name} has {player.hoard} "
                "left.", *cites)
        return paid
    player.hole += short
    player.been_in_hole = True
    out.say(f"{player.name} owes {amount} to {target_text(state, to)}{reason} but has only {paid}: pays {paid} and goes "
            f"{short} into the hole (owing {player.hole} this gambit).", *cites, "tda/glossary/hole")
    out.say(short_rule.label(), *short_rule.cites)
    return paid


def steal(state: GameState, thief: int, key: str, amount: int, out: Outcome, why: str = "", *cites: str) -> int:
    """Take up to ``amount`` from one stakes into ``thief``'s hoard."""
    taken = min(amount, state.stakes[key])
    state.stakes[key] -= taken
    state.players[thief].hoard += taken
    made.keep(state, "steal", thief, key, taken, why, cites)
    reason = f" ({why})" if why else ""
    note = "" if taken == amount else f" (it held only {taken}, so that is all)"
    out.say(f"{state.name(thief)} takes {taken} from the {STAKES_NAME[key]}{reason}{note}; it now holds "
            f"{state.stakes[key]}, and {state.name(thief)} has {state.players[thief].hoard}.", *cites, "tda/glossary/steal")
    return taken


def split_two(have: int, need_a: int, need_b: int) -> tuple[int, int, int]:
    """A player who cannot pay two amounts in full pays them as equally as possible.

    Returns (to a, to b, odd): ``odd`` is 1 when one more coin is left for the player
    to place where they like. A stakes that needs less than an equal share is paid in
    full and the rest goes to the other (the ANTE_UNEVEN default)."""
    if have >= need_a + need_b:
        return need_a, need_b, 0
    share = have // 2
    if need_a <= share:
        return need_a, have - need_a, 0
    if need_b <= share:
        return have - need_b, need_b, 0
    return share, share, have % 2
