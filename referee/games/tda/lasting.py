"""Effects that last: scoring bonuses, this gambit's win rules and winnings, buying redirected,
a fourth round, counting as a wild dragon; and the card data's unmodelled notes."""

from __future__ import annotations

from referee.core.effect_model import effect_data
from referee.games.tda.jobs import Ctx, applies

@applies("strength_bonus")
def op_bonus(ctx: Ctx) -> None:
    placed = ctx.this
    if placed is None:
        ctx.say(f"{ctx.card_name}: the card is no longer in a flight, so its bonus is lost.")
        return
    placed.bonuses.append({"amount": ctx.effect.amount, "per": ctx.effect.per,
                           "card": ctx.card_name, "cites": list(ctx.cites)})
    ctx.say(f"{ctx.card_name}: when the gambit is scored, {ctx.name}'s flight gets +{ctx.effect.amount} "
            f"Strength for each of: {ctx.effect.per.replace('_', ' ')} (counted then, and only if "
            f"{placed.name} is still in the flight).")


def _lasting(ctx: Ctx, text: str, **extra) -> None:
    """Keep the effect in force for the gambit: a plain record in the state (its op, who and which card,
    and the effect's parameters as the card file writes them)."""
    entry = {"op": ctx.effect.op, "player": ctx.player, "card": ctx.card_name, "cites": list(ctx.cites)}
    entry.update(effect_data(ctx.effect))
    entry.update(extra)
    ctx.state.effects.append(entry)
    ctx.say(text)


@applies("win_rule")
def op_win_rule(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: this gambit the weakest flight fighting for each stakes wins it, not the "
                  "strongest; tied weakest flights leave that stakes on the table, and a flight in perfect balance "
                  "fights for nothing.")


@applies("halve_winnings")
def op_halve(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: this gambit each winner takes only half of the stakes won; the rest stays in "
                  "that same stakes for the next gambit.")


@applies("split_winnings")
def op_split(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: this gambit each winner shares the stakes won with the player on their left.")


@applies("redirect_buying")
def op_redirect(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: until the gambit ends, gold anyone pays to buy new cards goes to {ctx.name} "
                  "instead of the stakes.", to=ctx.player)


@applies("extra_round")
def op_extra_round(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: if {ctx.name} is not winning either stakes after the third round, a fourth "
                  "round is played. Winning means taking a stakes; a tie does not count.")


@applies("counts_as")
def op_counts_as(ctx: Ctx) -> None:
    placed = ctx.this
    colors = list(ctx.effect.colors or ())
    if placed is not None and (ctx.effect.what == "dragon" or "any_dragon_color" in colors):
        placed.wild_dragon = True
        ctx.say(f"{ctx.card_name}: for the rest of the gambit {placed.name} also counts as a dragon of every colour.")
    elif placed is not None:
        ctx.say(f"{ctx.card_name}: it counts as {', '.join(colors)} as well.")


@applies("cannot_win")
def op_cannot_win(ctx: Ctx) -> None:
    ctx.say(f"{ctx.card_name}: a 'cannot win' ability is always on and is checked when the gambit is scored.")


@applies("unmodelled")
def op_unmodelled(ctx: Ctx) -> None:
    ctx.say(f"{ctx.card_name}: {ctx.effect.says} (from the card data; what the referee cannot follow itself, "
            "the table applies).")
