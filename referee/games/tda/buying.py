"""Buying new cards: at the start of a turn holding one card, or mid-turn with none.

The price is the strength of the strongest card in your flight (with no flight,
the top card of the main deck is discarded and its strength is the price). The
gold is split between the two stakes, the odd coin where you like, unless The
Merchant Prince has redirected buying to its player. Then you fill your hand to 5.
"""

from __future__ import annotations

from referee.core.ruling import IllegalPlay
from referee.games.tda import decks, gold, made
from referee.games.tda import defaults as D
from referee.games.tda.jobs import Ctx, runs
from referee.games.tda.state import STAKES_NAME
from referee.games.tda.steps import BuyStep

CITES = ("tda/buying-cards",)
DENIAL = "tda/roleplaying/card-denial"


def redirect_target(state) -> tuple[int, str, tuple] | None:
    for record in reversed(state.in_force("redirect_buying")):
        return int(record.get("to", record["player"])), str(record.get("card")), tuple(record.get("cites") or ())
    return None


@runs(BuyStep)
def buy(ctx: Ctx) -> None:
    state = ctx.state
    seat = int(ctx.effect.seat)
    player = state.players[seat]
    reason = str(ctx.effect.reason)
    if player.flight:
        best = max(player.flight, key=lambda p: p.strength)
        price = best.strength
        basis = f"the strongest card in {player.name}'s flight is {best.label}"
    else:
        top = ctx.ask(f"top-{seat}", {"kind": "card", "who": None, "number_ok": True,
                                      "text": f"{player.name} has no flight, so the top card of the main deck is "
                                              "discarded and its strength is the price: what is it? (`answer CARD N` "
                                              "or `answer N`)"})
        price = int(top["strength"])
        basis = (f"{player.name} has no flight, so the top card of the main deck"
                 + (f" ({top['name']} {price})" if top.get("name") else f" (strength {price})") + " is discarded")
    redirect = redirect_target(state)
    payable = min(price, player.hoard)
    odd_key = None
    if not ctx.vars.get("announced"):
        ctx.vars["announced"] = True
        ctx.say(f"{player.name} must buy new cards ({reason}): {basis}, so the price is {price}.", *CITES)
    if redirect is None and payable % 2:
        odd_key = ctx.ask(f"odd-{seat}", {"kind": "stakes", "who": seat, "amounts": [1, payable // 2 + 1],
                                          "text": f"{player.name} buys cards for {price}: {payable // 2} goes to each "
                                                  f"stakes and the odd coin where {player.name} likes: dragon or giant? "
                                                  f"(`{player.name} puts the odd coin on the giant stakes`)"})
    if not player.flight:
        decks.take_main(state, 1, ctx.out)
        state.discard += 1
    if redirect is not None:
        to, card, cites = redirect
        ctx.say(f"{card} is in force this gambit: the whole price goes to {state.name(to)}, not into the stakes.",
                *cites, "tda/le-notes/merchant-prince")
        if to != seat:
            gold.pay(state, seat, ("player", to), price, ctx.out, "buying cards", *CITES, short_rule=D.BUY_SHORT)
    else:
        halves = {"dragon": payable // 2, "giant": payable // 2}
        if odd_key:
            halves[odd_key] += 1
        for key, value in halves.items():
            if value:
                player.hoard -= value
                state.stakes[key] += value
                made.keep(state, "pay", seat, ("stakes", key), value, "buying cards", CITES)
        ctx.say(f"{player.name} splits {payable} between the stakes: {halves['dragon']} to the Dragon Stakes and "
                f"{halves['giant']} to the Giant Stakes"
                + (f" (the odd coin to the {STAKES_NAME[odd_key]})" if odd_key else "")
                + f"; {player.name} has {player.hoard} left.", *CITES)
        short = price - payable
        if short:
            player.hole += short
            player.been_in_hole = True
            ctx.say(f"{player.name} was {short} short and goes {short} into the hole.", *CITES, "tda/glossary/hole")
            ctx.note(D.BUY_SHORT.label(), *D.BUY_SHORT.cites)
    denial = next((e for e in state.effects if e.get("op") == "card_denial" and e.get("target") == seat), None)
    fill_to = D.BUY_FILL_TO if denial is None else D.DENIED_FILL_TO
    if denial is not None:
        state.effects.remove(denial)
        ctx.say(f"Card Denial: {player.name} fills the hand to {fill_to} instead of {D.BUY_FILL_TO}.", DENIAL)
    wanted = fill_to - player.hand
    if wanted > 0:
        decks.draw(state, seat, wanted, "main", ctx.out, f"filling the hand to {fill_to}", *CITES)
    else:
        ctx.say(f"{player.name} already holds {player.hand} cards, so draws none.", *CITES)
    if denial is not None:
        decks.draw(state, int(denial["by"]), 1, "main", ctx.out, "Card Denial", DENIAL)


def card_denial(state, seat: int, target: int, out) -> None:
    """The roleplaying appendix's improved Card Denial: the target's next purchase of new cards this gambit
    fills their hand to 4 instead of 5, and the player using it then draws a card from the main deck."""
    if seat == target:
        raise IllegalPlay("Card Denial is used on another player.", (DENIAL,))
    state.effects.append({"op": "card_denial", "by": seat, "target": target})
    out.say(f"{state.name(seat)} uses Card Denial on {state.name(target)} (the roleplaying appendix's improved "
            f"ability): when {state.name(target)} next buys new cards this gambit, they fill their hand to "
            f"{D.DENIED_FILL_TO} instead of {D.BUY_FILL_TO}, and then {state.name(seat)} draws a card from the main "
            "deck.", DENIAL)
