"""Card powers: one handler per effect op of the TDA vocabulary, never one per card.

The ops (docs/card-schema.md): pay, steal, draw, give, discard, add_to_ante, trigger, choice,
swap_stakes, strength_bonus, win_rule, halve_winnings, split_winnings,
redirect_buying, extra_round, counts_as, unmodelled. This module holds the gold
and card-drawing ops; discards.py, ante.py (add_to_ante), triggers.py and lasting.py hold the rest. Who
pays whom comes from the public flights; choices go to the player the card names;
hidden outcomes are typed by the table.
"""

from __future__ import annotations

from referee.core.effect_model import effect_data
from referee.core.text import listed
from referee.games.tda import decks, gold, made
from referee.games.tda import selectors as S
from referee.games.tda.jobs import Ctx, applies
from referee.games.tda.state import STAKES_NAME
from referee.games.tda.wording import condition_text, effect_text, not_happening, what_text

STAKES_KEYS = {"dragon_stakes": "dragon", "giant_stakes": "giant"}


def condition_holds(ctx: Ctx) -> bool:
    """False (and said) when an effect's condition does not hold; deferred conditions register for scoring."""
    name = ctx.effect.condition
    if not name:
        return True
    if name in S.DEFERRED:
        effect = ctx.effect.replace(condition=None)
        ctx.state.effects.append({"op": "deferred", "condition": name, "player": ctx.player, "card": ctx.card_name,
                                  "strength": ctx.strength, "effects": [effect_data(effect)], "cites": list(ctx.cites)})
        ctx.say(f"{ctx.card_name}: {effect_text(ctx, effect)} if {condition_text(ctx, name)}; that is settled when "
                "the gambit is scored.")
        return False
    if S.condition(ctx, name):
        return True
    ctx.say(f"{ctx.card_name}: {condition_text(ctx, name, holds=False)}, so {not_happening(ctx, ctx.effect)}.")
    return False


def _stakes_choice(ctx: Ctx, key: str, verb: str, value: int) -> str | None:
    """A stakes the card's player picks; automatic when only one holds gold."""
    full = [k for k in ("dragon", "giant") if ctx.state.stakes[k] > 0]
    if not full:
        ctx.say(f"Both stakes are empty: there is nothing to {verb}.", "tda/stealing")
        return None
    if len(full) == 1:
        ctx.say(f"Only the {STAKES_NAME[full[0]]} holds gold, so {ctx.name} {verb}s from it.", "tda/stealing")
        return full[0]
    return ctx.ask(key, {"kind": "stakes", "who": ctx.player, "amounts": [value],
                         "text": f"{ctx.card_name}: which stakes does {ctx.name} {verb} from? Dragon Stakes "
                                 f"{ctx.state.stakes['dragon']}, Giant Stakes {ctx.state.stakes['giant']} "
                                 f"(`{ctx.name} chooses dragon stakes`)."})


# --- gold ------------------------------------------------------------------------------------
def _targets(ctx: Ctx, to, payer: int, value: int) -> list:
    to = str(to)
    if to in STAKES_KEYS:
        return [("stakes", STAKES_KEYS[to])]
    if to == "stakes":
        key = ctx.ask(f"pay-to-{payer}", {"kind": "stakes", "who": payer, "amounts": [value],
                                          "text": f"{ctx.state.name(payer)} pays into which stakes? (`dragon` or "
                                                  "`giant`)"})
        return [("stakes", key)]
    if to == "their_left":
        return [("player", ctx.state.left(payer))]
    return [("player", seat) for seat in S.seats(ctx, to, f"to-{to}")]


@applies("pay")
def op_pay(ctx: Ctx) -> None:
    effect = ctx.effect
    if not condition_holds(ctx):
        return
    if effect.who == "first_willing_opponent_to_left":
        _first_willing(ctx)
        return
    payers = S.seats(ctx, effect.who or "self")
    plan = []
    for payer in payers:
        value = S.amount(ctx, effect.amount, payer)
        for target in _targets(ctx, effect.to or "self", payer, value):
            if target != ("player", payer):
                plan.append((payer, target, value))
    if not plan:
        ctx.say(f"{ctx.card_name}: nobody fits '{S.phrase(ctx, effect.who)}', so nobody pays.")
        return
    for payer, target, value in plan:
        if value <= 0:
            ctx.say(f"{ctx.state.name(payer)} owes nothing ({S.amount_text(effect.amount)} comes to 0).")
            continue
        gold.pay(ctx.state, payer, target, value, ctx.out, ctx.card_name, *ctx.cites)


def _first_willing(ctx: Ctx) -> None:
    value = S.amount(ctx, ctx.effect.amount)
    declined = []
    for seat in ctx.state.opponents(ctx.player):
        name = ctx.state.name(seat)
        yes = ctx.ask(f"offer-{seat}", {"kind": "yesno", "who": seat, "amounts": [value],
                                        "people": [seat, ctx.player],
                                        "forms": [f"{name} pays {value}", f"{name} declines"],
                                        "text": f"{ctx.card_name}: does {name} pay {ctx.name} {value} gold to draw "
                                                f"a card? (`{name} pays` / `{name} declines`)"})
        if yes:
            if declined:
                ctx.say(f"{listed(declined)} declined.", *ctx.cites)
            gold.pay(ctx.state, seat, ("player", ctx.player), value, ctx.out, ctx.card_name, *ctx.cites)
            ctx.vars["paid"] = seat
            ctx.say(f"{ctx.state.name(seat)} paid first, so nobody further round the table is asked.", *ctx.cites)
            return
        declined.append(ctx.state.name(seat))
    ctx.vars["paid"] = None
    ctx.say(f"Nobody paid ({listed(declined)} declined).", *ctx.cites)


@applies("steal")
def op_steal(ctx: Ctx) -> None:
    source = str(ctx.effect.from_ or "stakes")
    value = S.amount(ctx, ctx.effect.amount)
    key = STAKES_KEYS.get(source) or _stakes_choice(ctx, "steal-from", "steal", value)
    if key is None:
        return
    gold.steal(ctx.state, ctx.player, key, value, ctx.out, ctx.card_name, *ctx.cites)


@applies("swap_stakes")
def op_swap(ctx: Ctx) -> None:
    state = ctx.state
    if ctx.effect.optional:
        yes = ctx.ask("swap", {"kind": "yesno", "who": ctx.player,
                               "text": f"{ctx.card_name}: does {ctx.name} swap the two stakes (Dragon "
                                       f"{state.stakes['dragon']}, Giant {state.stakes['giant']})? (`yes` / `no`)"})
        if not yes:
            ctx.say(f"{ctx.name} leaves the stakes as they are.")
            return
    state.stakes["dragon"], state.stakes["giant"] = state.stakes["giant"], state.stakes["dragon"]
    ctx.say(f"The two stakes swap amounts: Dragon Stakes {state.stakes['dragon']}, Giant Stakes "
            f"{state.stakes['giant']}.")


# --- cards -----------------------------------------------------------------------------------
@applies("draw")
def op_draw(ctx: Ctx) -> None:
    effect = ctx.effect
    if effect.when:
        return  # a god ability's hook (e.g. on an opponent's special flight) runs from the engine
    if not condition_holds(ctx):
        return
    who = effect.who or "self"
    if who == "first_willing_opponent_to_left":
        paid = ctx.vars.get("paid")
        seats = [paid] if paid is not None else []
    else:
        seats = S.seats(ctx, who)
    if not seats:
        ctx.say(f"{ctx.card_name}: nobody fits '{S.phrase(ctx, who)}', so nobody draws.")
    for seat in seats:
        number = S.amount(ctx, 1 if effect.count is None else effect.count, seat)
        if number <= 0:
            ctx.say(f"{ctx.state.name(seat)} draws nothing (the count is 0).")
            continue
        got = decks.draw(ctx.state, seat, number, str(effect.deck or "main"), ctx.out, f"{ctx.card_name}'s power",
                         *ctx.cites)
        ctx.vars["drawn"] = {"seat": seat, "deck": str(effect.deck or "main"), "count": got}  # for a discard of one


@applies("give")
def op_give(ctx: Ctx) -> None:
    what = what_text(ctx, ctx.effect.what)
    for giver in S.seats(ctx, ctx.effect.who or "self"):
        to = str(ctx.effect.to or "self")
        receivers = [ctx.state.left(giver)] if to == "their_left" else S.seats(ctx, to)
        for receiver in receivers:
            g, r = ctx.state.players[giver], ctx.state.players[receiver]
            if g.hand <= 0:
                ctx.say(f"{g.name} has no card to give.")
                continue
            g.hand -= 1
            r.hand += 1
            made.keep(ctx.state, "give", giver, receiver, 1, ctx.card_name, ctx.cites)
            ctx.say(f"{g.name} gives {r.name} {what} (hidden: the table checks it); {g.name} holds {g.hand}, "
                    f"{r.name} {r.hand}.")
