"""The discard op: from a hand (the table names a random card when a power needs it, and a card just drawn
that goes face up), from the ante, from a flight (the card itself, or a weaker good card as Vaprak may)."""

from __future__ import annotations

from referee.core.ruling import IllegalPlay
from referee.games.tda import cardinfo as C
from referee.games.tda import cardref, decks, made
from referee.games.tda import defaults as D
from referee.games.tda import flights as F
from referee.games.tda import selectors as S
from referee.games.tda.jobs import Ctx, applies
from referee.games.tda.state import Placed
from referee.games.tda.wording import standee, what_text


@applies("discard")
def op_discard(ctx: Ctx) -> None:
    where = str(ctx.effect.from_ or "hand")
    if where == "hand":
        _discard_hand(ctx)
    elif where == "ante":
        _discard_ante(ctx)
    elif where == "flight":
        _discard_flight(ctx)
    else:
        ctx.say(f"{ctx.card_name}: a discard from '{where}' is for the table to apply.")


def _discard_hand(ctx: Ctx) -> None:
    what = str(ctx.effect.what or "card")
    if what == "one_of_the_drawn_cards":
        _discard_drawn(ctx)
        return
    for seat in S.seats(ctx, ctx.effect.who or "self"):
        victim = ctx.state.players[seat]
        if victim.hand <= 0:
            ctx.say(f"{victim.name} has no card in hand to discard.")
            ctx.vars["discarded"] = None
            continue
        known = None
        if what in ("random_card", "chosen_revealed_card"):
            how = "at random" if what == "random_card" else "from the two revealed"
            known = ctx.ask(f"hand-{seat}", {"kind": "card", "who": None,
                                             "text": f"{ctx.card_name}: which card was discarded {how} from "
                                                     f"{victim.name}'s hand? (`answer CARD N`)"})
        decks.discard_from_hand(ctx.state, seat, 1, ctx.out, ctx.card_name, *ctx.cites)
        if known:
            ctx.say(f"The discarded card is {known['name']} {known['strength']}, face up on the discard pile.")
        ctx.vars["discarded"] = known


def _discard_drawn(ctx: Ctx) -> None:
    """Keep one of the cards just drawn and discard the other (Cloud Giant Queen). The discarded card goes face
    up on the discard pile, so everyone sees it: the table names it. The kept one stays hidden."""
    drawn = ctx.vars.get("drawn") or {}
    seat = drawn.get("seat", ctx.player)
    name = ctx.state.name(seat)
    if int(drawn.get("count") or 0) < 2:
        ctx.say(f"{name} drew {'only one card' if drawn.get('count') else 'no card'}, so there is no other card "
                "to discard.", *ctx.cites)
        if drawn.get("count"):
            ctx.note(D.KEEP_ONE_DRAWN.label(), *D.KEEP_ONE_DRAWN.cites)
        ctx.vars["discarded"] = None
        return
    deck = "Legendary" if drawn.get("deck") == "legendary" else "main-deck"
    known = ctx.ask(f"drawn-{seat}", {"kind": "card", "who": seat,
                                      "text": f"{ctx.card_name}: {name} keeps one of the {deck} cards just drawn and "
                                              "discards the other face up: which card goes on the discard pile? "
                                              "(`answer CARD N`)"})
    card = ctx.db.by_id[known["card_id"]]
    problem = cardref.face_up(ctx.state, card, int(known["strength"]))
    if drawn.get("deck") == "legendary" and not C.is_legendary(card):
        problem = f"{card.name} is not a Legendary card, so it is not one of the cards {name} just drew."
    if problem:
        del ctx.job["answers"][f"{ctx.job['step']}:drawn-{seat}"]
        raise IllegalPlay(problem, ctx.cites, hint=f"Name the card {name} discarded, with its strength (`answer CARD N`).")
    decks.discard_from_hand(ctx.state, seat, 1, ctx.out, ctx.card_name, *ctx.cites)
    ctx.say(f"{known['name']} {known['strength']} lies face up on the discard pile for everyone to see; the card "
            f"{name} kept stays secret.", *ctx.cites)
    ctx.vars["discarded"] = known


def _discard_ante(ctx: Ctx) -> None:
    state = ctx.state
    if not state.ante:
        ctx.say(f"The ante is empty, so {ctx.card_name} discards nothing.")
        ctx.vars["discarded"] = None
        return
    listing = ", ".join(p.label for p in state.ante)
    chosen = ctx.ask("ante", {"kind": "ante_card", "who": ctx.player,
                              "text": f"{ctx.card_name}: which ante card does {ctx.name} discard? The ante holds "
                                      f"{listing}. (`{ctx.name} chooses CARD N`)"})
    placed = next(p for p in state.ante if p.uid == chosen["uid"])
    state.ante.remove(placed)
    state.discard += 1
    made.keep(state, "ante", placed.label, (placed.card_id, placed.strength), 1, ctx.card_name, ctx.cites)
    ctx.vars["discarded"] = {"card_id": placed.card_id, "name": placed.name, "strength": placed.strength}
    ctx.say(f"{ctx.name} discards {placed.label} from the ante.", "tda/glossary/ante-card", *ctx.cites)


def remove_from_flight(ctx: Ctx, uid: int) -> tuple[int | None, Placed | None]:
    seat, placed = ctx.state.find_placed(uid)
    if placed is None or seat is None:
        return None, None
    flight = ctx.state.players[seat].flight
    index = flight.index(placed)
    flight.remove(placed)
    ctx.state.discard += 1
    made.keep(ctx.state, "flight", placed.label, (placed.card_id, placed.strength), 1, ctx.card_name, ctx.cites)
    ctx.vars["slot"] = [seat, index]
    return seat, placed


def _discard_flight(ctx: Ctx) -> None:
    what = str(ctx.effect.what or "")
    if what == "this_card":
        placed = ctx.this
        if placed is None:
            ctx.say(f"{ctx.card_name}: the card is no longer in a flight.")
            return
        seat, _ = remove_from_flight(ctx, placed.uid)
        ctx.say(f"{placed.label} leaves {ctx.state.name(seat)}'s flight for the discard pile.", *ctx.cites)
        standee(ctx, seat)
        return
    limit = ctx.strength
    good = what.startswith("good_")
    text = what_text(ctx, what)
    while True:
        chosen = ctx.ask(f"flight-{what}", {"kind": "flight_card", "who": ctx.player,
                                            "optional": bool(ctx.effect.optional),
                                            "text": f"{ctx.card_name}: {ctx.name} may discard {text} from any flight: "
                                                    f"which (`answer Ben's CARD N`)"
                                                    + (", or `none`?" if ctx.effect.optional else "?")})
        if chosen is None:
            ctx.say(f"{ctx.name} discards nothing.")
            return
        seat, placed = ctx.state.find_placed(chosen["uid"])
        card = F.card_of(ctx.db, placed)
        problems = []
        if good and C.alignment(card) != "good":
            problems.append(f"{card.name} is not good")
        if "weaker" in what and placed.strength >= limit:
            problems.append(f"{placed.strength} is not weaker than {limit}")
        if not problems:
            break
        del ctx.job["answers"][f"{ctx.job['step']}:flight-{what}"]
        raise IllegalPlay(f"{ctx.card_name} cannot discard {placed.label}: {' and '.join(problems)}.", ctx.cites,
                          hint=f"Name {text}, or `none`.")
    remove_from_flight(ctx, placed.uid)
    ctx.say(f"{ctx.name} discards {placed.label} from {ctx.state.name(seat)}'s flight.", *ctx.cites)
    standee(ctx, seat)
