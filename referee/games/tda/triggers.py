"""Triggering other powers (a discarded card's, a replacement's, a swapped-in mortal's) and choices."""

from __future__ import annotations

from referee.core.effect_model import Option
from referee.core.ruling import IllegalPlay
from referee.games.tda import cardinfo as C
from referee.games.tda import decks
from referee.games.tda import flights as F
from referee.games.tda import selectors as S
from referee.games.tda.jobs import Ctx, applies, new_job
from referee.games.tda.powers import condition_holds
from referee.games.tda.state import Placed
from referee.games.tda.steps import TableStep
from referee.games.tda.wording import (SEAT_WORDS, condition_text, effect_text, option_amounts, option_words,
                                      standee)


@applies("trigger")
def op_trigger(ctx: Ctx) -> None:
    source = ctx.effect.source
    if source == "replacement_card":
        _trigger_replacement(ctx)
        return
    if source == "swapped_in_mortal":
        _trigger_swap(ctx)
        return
    if not condition_holds(ctx):
        return
    found = ctx.vars.get("discarded")
    if not found:
        ctx.say(f"{ctx.card_name}: no card was discarded, so no power is triggered.")
        return
    card = ctx.db.by_id.get(found.get("card_id") or "")
    if card is None:
        ctx.say("The table did not name the card, so the referee cannot trigger its power; the table applies it.")
        ctx.push_front([TableStep("apply the discarded card's power")])
        return
    as_if = ctx.effect.as_if == "this_card"
    strength = ctx.strength if as_if else int(found.get("strength") or 0)
    ctx.say(f"{card.name}'s power triggers as if {ctx.card_name} had triggered it: its text is read as printed on "
            f"{ctx.card_name}, so any comparison uses strength {strength}. God abilities are not copied.",
            *ctx.cites, "tda/glossary/trigger")
    push_power(ctx, card, strength, ctx.job.get("this"), f"{card.name} (through {ctx.card_name})")


def push_power(ctx: Ctx, card, strength: int, this_uid, name: str) -> None:
    effects = C.power_effects(card)
    if effects is None:
        ctx.say(f"{C.why_no_power(card)}: the table applies it (`pay`, `steal`, "
                "`draw`, `give`, `discard` lines, or add it in a card file), then says `done`.", *C.UNPRINTED_POWER)
        effects = [TableStep(f"apply {card.name}'s power")]
    else:
        ctx.say(f"{card.name}: {C.power_summary(card)}", *C.first_cite(card))
        if card.get("note"):
            ctx.say(f"Book note on {card.name}: {card.get('note')}", *C.first_cite(card))
    ctx.state.jobs.append(new_job(ctx.player, effects, name, card.id, strength, this_uid, C.first_cite(card)))


def _trigger_replacement(ctx: Ctx) -> None:
    slot = ctx.vars.get("slot")
    seat = slot[0] if slot else ctx.player
    found = ctx.ask("replacement", {"kind": "card", "who": None,
                                    "text": f"{ctx.card_name}: which card came off the top of the main deck to take "
                                            "its place? (`answer CARD N`, with `for the dragons/giants` for a mortal)"})
    card = ctx.db.by_id[found["card_id"]]
    if C.kind(card) == "mortal" and not found.get("side"):
        del ctx.job["answers"][f"{ctx.job['step']}:replacement"]
        raise IllegalPlay(f"{card.name} is a mortal: add which stakes it fights for (`answer {card.name} "
                          f"{found['strength']} for the dragons`).", ("tda/mortals",))
    decks.take_main(ctx.state, 1, ctx.out)
    placed = Placed(ctx.state.new_uid(), card.id, card.name, int(found["strength"]), found.get("side"),
                    round=ctx.state.round, triggered=True)
    index = slot[1] if slot else len(ctx.state.players[seat].flight)
    ctx.state.players[seat].flight.insert(index, placed)
    ctx.say(f"{placed.label} from the top of the main deck takes the place in {ctx.state.name(seat)}'s flight; its "
            "power triggers whatever its strength.", *ctx.cites)
    standee(ctx, seat)
    push_power(ctx, card, placed.strength, placed.uid, card.name)


def _trigger_swap(ctx: Ctx) -> None:
    this = ctx.this
    chosen = ctx.ask("swap", {"kind": "flight_card", "who": ctx.player, "optional": True,
                              "text": f"{ctx.card_name}: does {ctx.name} swap it for a mortal in an opponent's flight? "
                                      "Name it (`answer Ben's The Thief 7`) or `none`."})
    if chosen is None or this is None:
        ctx.vars["swapped"] = False
        ctx.say(f"{ctx.name} keeps {ctx.card_name}; nothing is swapped.")
        return
    seat, mortal = ctx.state.find_placed(chosen["uid"])
    if seat == ctx.player or not F.is_mortal(ctx.db, mortal):
        del ctx.job["answers"][f"{ctx.job['step']}:swap"]
        raise IllegalPlay(f"{mortal.label} is not a mortal in an opponent's flight.", ctx.cites)
    mine, theirs = ctx.state.players[ctx.player].flight, ctx.state.players[seat].flight
    i, j = mine.index(this), theirs.index(mortal)
    mine[i], theirs[j] = mortal, this
    ctx.vars["swapped"] = True
    ctx.say(f"{ctx.name} swaps {this.label} for {ctx.state.name(seat)}'s {mortal.label}; the new mortal's power "
            "triggers whatever its strength.", *ctx.cites)
    standee(ctx, ctx.player)
    standee(ctx, seat)
    push_power(ctx, F.card_of(ctx.db, mortal), mortal.strength, mortal.uid, mortal.name)


def _substitute(effects: tuple, name: str, seat: int) -> tuple:
    """The effects with the selector ``name`` settled to one seat, wherever they name a player."""
    word = S.settled(seat)
    out = []
    for effect in effects:
        changes = {key: word for key in SEAT_WORDS if getattr(effect, key, None) == name}
        out.append(effect.replace(**changes) if changes else effect)
    return tuple(out)


# --- choices -----------------------------------------------------------------------------------
@applies("choice")
def op_choice(ctx: Ctx) -> None:
    effect = ctx.effect
    if effect.condition and not S.condition(ctx, effect.condition):
        ctx.say(f"{ctx.card_name}: {condition_text(ctx, effect.condition, holds=False)}, so there is no choice.")
        ctx.push_front(effect.otherwise or ())
        return
    by = str(effect.by or "self")
    if by in ("each_opponent", "each_player"):
        ctx.push_front([effect.replace(by=S.settled(seat), condition=None,
                                       options=tuple(Option(o.label, _substitute(o.effects, by, seat))
                                                     for o in effect.options))
                        for seat in S.seats(ctx, by)])
        return
    chooser = S.seats(ctx, by, f"by-{by}")[0]
    options = [_substitute(o.effects, by, chooser) for o in effect.options]
    labels = []
    for option in options:
        label = "; then ".join(effect_text(ctx, e) for e in option) or "decline"
        labels.append({"label": label, "words": option_words(ctx, option), "amounts": option_amounts(option),
                       "empty": not option})
    pick = ctx.ask(f"choice-{by}", {"kind": "choice", "who": chooser, "options": labels,
                                    "text": f"{ctx.card_name}: {ctx.state.name(chooser)} chooses: "
                                            + " OR ".join(f"({i + 1}) {o['label']}" for i, o in enumerate(labels))
                                            + "."})
    if effect.condition:
        ctx.say(f"{ctx.card_name}: {condition_text(ctx, effect.condition)}, so there is a choice.")
    ctx.say(f"{ctx.state.name(chooser)} chooses: {labels[pick]['label']}.")
    ctx.push_front(options[pick])
