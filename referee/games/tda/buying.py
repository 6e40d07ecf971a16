"""Buying new cards: at the start of a turn holding one card, or mid-turn with none.

The price is the strength of the strongest card in your flight (with no flight,
the top card of the main deck is discarded and its strength is the price). The
gold is split between the two stakes, the odd coin where you like, unless The
Merchant Prince has redirected buying to its player. Then you fill your hand to 5.
"""

from __future__ import annotations

from referee.games.tda import decks, gold
from referee.games.tda import defaults as D
from referee.games.tda.jobs import Ctx, runs
from referee.games.tda.state import STAKES_NAME
from referee.games.tda.steps import BuyStep

CITES = ("tda/buying-cards",)


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
        odd_key = ctx.ask(f"odd-{seat}", {"kind": "stakes", "who": seat,
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
        ctx.say(f"{player.name} splits {payable} between the stakes: {halves['dragon']} to the Dragon Stakes and "
                f"{halves['giant']} to the Giant Stakes"
                + (f" (the odd coin to the {STAKES_NAME[odd_key]})" if odd_key else "")
                + f"; {player.name} has {player.hoard} left.", *CITES)
        short = price - payable
        if short:
            player.hole += short
            player.been_in_hole = True
            ctx.say(f"{player.name} was {short} short and goes {short} into the hole.", *CITES, "tda/glossary/hole")
            ctx.say(D.BUY_SHORT.label(), *D.BUY_SHORT.cites)
    wanted = D.BUY_FILL_TO - player.hand
    if wanted > 0:
        decks.draw(state, seat, wanted, "main", ctx.out, f"filling the hand to {D.BUY_FILL_TO}", *CITES)
    else:
        ctx.say(f"{player.name} already holds {player.hand} cards, so draws none.", *CITES)
