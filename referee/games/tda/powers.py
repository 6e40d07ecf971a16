"""Card powers: one handler per effect op of the TDA vocabulary, never one per card.

The ops (docs/card-schema.md): pay, steal, draw, give, discard, trigger, choice,
swap_stakes, strength_bonus, win_rule, halve_winnings, split_winnings,
redirect_buying, extra_round, counts_as, unmodelled. Who pays whom comes from the
public flights; choices go to the player the card names; hidden outcomes (which
card a random discard hit, which card came off a deck) are typed by the table.
"""

from __future__ import annotations

from referee.games.tda import cardinfo as C
from referee.games.tda import decks, gold
from referee.games.tda import flights as F
from referee.games.tda import selectors as S
from referee.games.tda.jobs import Ctx, handler, new_job
from referee.games.tda.state import STAKES_NAME, Placed

STAKES_KEYS = {"dragon_stakes": "dragon", "giant_stakes": "giant"}


# --- wording -------------------------------------------------------------------------------
def what_text(ctx: Ctx, what) -> str:
    text = str(what).replace("_", " ").replace("this card", str(ctx.strength))
    if text.split(" ")[0] in ("a", "an", "the", "one"):
        return text
    return ("an " if text[:1] in "aeiou" else "a ") + text


def effect_text(ctx: Ctx, effect: dict) -> str:
    op = effect.get("op")
    who = S.phrase(ctx, effect.get("who", "self"))
    if op == "pay":
        return f"{who} pays {S.phrase(ctx, effect.get('to', 'self'))} {S.amount_text(effect.get('amount'))}"
    if op == "give":
        return f"{who} gives {S.phrase(ctx, effect.get('to', 'self'))} {what_text(ctx, effect.get('what', 'a card'))}"
    if op == "draw":
        deck = "Legendary" if effect.get("deck") == "legendary" else "main-deck"
        return f"{who} draws {S.amount_text(effect.get('count', 1))} {deck} card(s)"
    if op == "steal":
        return f"steal {S.amount_text(effect.get('amount'))} from {S.phrase(ctx, effect.get('from', 'stakes'))}"
    if op == "discard":
        return f"{who} discards {what_text(ctx, effect.get('what', 'a card'))} from {effect.get('from', 'hand')}"
    return str(op).replace("_", " ")


def option_words(ctx: Ctx, effects: list[dict]) -> list[str]:
    """Words a player may use to pick this option ("pays", "left", "Ben", "legendary", "dragons"...)."""
    if not effects:
        return ["no", "none", "decline", "declines", "nothing", "pass", "passes"]
    first = effects[0]
    words = {str(first.get("op"))}
    words |= {"pay": {"pays", "gold", "pay", "coins"}, "give": {"gives", "give", "card", "hands"},
              "draw": {"draw", "draws"}, "steal": {"steal", "steals"}}.get(str(first.get("op")), set())
    for key in ("who", "to", "by"):
        value = str(first.get(key, ""))
        if value.startswith("#"):
            words.add(ctx.state.name(int(value[1:])).lower())
        elif value in ("left", "right"):
            words.add(value)
            seat = ctx.state.left(ctx.player) if value == "left" else ctx.state.right(ctx.player)
            if key == "who":
                words.add(ctx.state.name(seat).lower())
        if "dragon" in value:
            words |= {"dragon", "dragons"}
        if "giant" in value:
            words |= {"giant", "giants"}
    if first.get("deck") in ("legendary", "main"):
        words.add(str(first["deck"]))
    amount = first.get("amount")
    if isinstance(amount, dict):
        for part in str(amount.get("count", "")).split("_"):
            if part in ("dragons", "giants"):
                words |= {part, part[:-1]}
    if isinstance(amount, int):
        words.add(str(amount))
    return sorted(words)


def _substitute(effects: list[dict], name: str, seat: int) -> list[dict]:
    out = []
    for effect in effects:
        effect = dict(effect)
        for key in ("who", "to", "by"):
            if effect.get(key) == name:
                effect[key] = f"#{seat}"
        out.append(effect)
    return out


def _condition(ctx: Ctx) -> bool:
    """False (and said) when an effect's condition does not hold; deferred conditions register for scoring."""
    name = ctx.effect.get("condition")
    if not name:
        return True
    if name in S.DEFERRED:
        effect = {k: v for k, v in ctx.effect.items() if k != "condition"}
        ctx.state.effects.append({"op": "deferred", "condition": name, "player": ctx.player, "card": ctx.card_name,
                                  "strength": ctx.strength, "effects": [effect], "cites": list(ctx.cites)})
        ctx.say(f"{ctx.card_name}: '{effect_text(ctx, effect)}' waits for the end of the gambit "
                f"({str(name).replace('_', ' ')}).")
        return False
    if S.condition(ctx, name):
        return True
    ctx.say(f"{ctx.card_name}: the condition '{str(name).replace('_', ' ')}' does not hold, so "
            f"'{effect_text(ctx, ctx.effect)}' does not happen.")
    return False


def _stakes_choice(ctx: Ctx, key: str, verb: str) -> str | None:
    """A stakes the card's player picks; automatic when only one holds gold."""
    full = [k for k in ("dragon", "giant") if ctx.state.stakes[k] > 0]
    if not full:
        ctx.say(f"Both stakes are empty: there is nothing to {verb}.", "tda/stealing")
        return None
    if len(full) == 1:
        ctx.say(f"Only the {STAKES_NAME[full[0]]} holds gold, so {ctx.name} {verb}s from it.", "tda/stealing")
        return full[0]
    return ctx.ask(key, {"kind": "stakes", "who": ctx.player,
                         "text": f"{ctx.card_name}: which stakes does {ctx.name} {verb} from? Dragon Stakes "
                                 f"{ctx.state.stakes['dragon']}, Giant Stakes {ctx.state.stakes['giant']} "
                                 f"(`{ctx.name} chooses dragon stakes`)."})


# --- gold ------------------------------------------------------------------------------------
def _targets(ctx: Ctx, to, payer: int) -> list:
    to = str(to)
    if to in STAKES_KEYS:
        return [("stakes", STAKES_KEYS[to])]
    if to == "stakes":
        key = ctx.ask(f"pay-to-{payer}", {"kind": "stakes", "who": payer,
                                          "text": f"{ctx.state.name(payer)} pays into which stakes? (`dragon` or "
                                                  "`giant`)"})
        return [("stakes", key)]
    if to == "their_left":
        return [("player", ctx.state.left(payer))]
    return [("player", seat) for seat in S.seats(ctx, to, f"to-{to}")]


@handler("pay")
def op_pay(ctx: Ctx) -> None:
    effect = ctx.effect
    if not _condition(ctx):
        return
    if effect.get("who") == "first_willing_opponent_to_left":
        _first_willing(ctx)
        return
    payers = S.seats(ctx, effect.get("who", "self"))
    plan = []
    for payer in payers:
        value = S.amount(ctx, effect.get("amount", 0), payer)
        for target in _targets(ctx, effect.get("to", "self"), payer):
            if target != ("player", payer):
                plan.append((payer, target, value))
    if not plan:
        ctx.say(f"{ctx.card_name}: nobody fits '{S.phrase(ctx, effect.get('who'))}', so nobody pays.")
        return
    for payer, target, value in plan:
        if value <= 0:
            ctx.say(f"{ctx.state.name(payer)} owes nothing ({S.amount_text(effect.get('amount'))} comes to 0).")
            continue
        gold.pay(ctx.state, payer, target, value, ctx.out, ctx.card_name, *ctx.cites)


def _first_willing(ctx: Ctx) -> None:
    value = S.amount(ctx, ctx.effect.get("amount", 0))
    declined = []
    for seat in ctx.state.opponents(ctx.player):
        yes = ctx.ask(f"offer-{seat}", {"kind": "yesno", "who": seat,
                                        "text": f"{ctx.card_name}: does {ctx.state.name(seat)} pay {ctx.name} {value} "
                                                f"gold to draw a card? (`{ctx.state.name(seat)} pays` / "
                                                f"`{ctx.state.name(seat)} declines`)"})
        if yes:
            if declined:
                ctx.say(f"{', '.join(declined)} declined.", *ctx.cites)
            gold.pay(ctx.state, seat, ("player", ctx.player), value, ctx.out, ctx.card_name, *ctx.cites)
            ctx.vars["paid"] = seat
            ctx.say(f"{ctx.state.name(seat)} paid first, so nobody further round the table is asked.", *ctx.cites)
            return
        declined.append(ctx.state.name(seat))
    ctx.vars["paid"] = None
    ctx.say(f"Nobody paid ({', '.join(declined)} declined).", *ctx.cites)


@handler("steal")
def op_steal(ctx: Ctx) -> None:
    if not _condition(ctx):
        return
    source = str(ctx.effect.get("from", "stakes"))
    value = S.amount(ctx, ctx.effect.get("amount", 0))
    key = STAKES_KEYS.get(source) or _stakes_choice(ctx, "steal-from", "steal")
    if key is None:
        return
    gold.steal(ctx.state, ctx.player, key, value, ctx.out, ctx.card_name, *ctx.cites)


@handler("swap_stakes")
def op_swap(ctx: Ctx) -> None:
    state = ctx.state
    if ctx.effect.get("optional"):
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
@handler("draw")
def op_draw(ctx: Ctx) -> None:
    effect = ctx.effect
    if effect.get("when"):
        return  # a god ability's hook (e.g. on an opponent's special flight) runs from the engine
    if not _condition(ctx):
        return
    who = effect.get("who", "self")
    if who == "first_willing_opponent_to_left":
        paid = ctx.vars.get("paid")
        seats = [paid] if paid is not None else []
    else:
        seats = S.seats(ctx, who)
    if not seats:
        ctx.say(f"{ctx.card_name}: nobody fits '{S.phrase(ctx, who)}', so nobody draws.")
    for seat in seats:
        number = S.amount(ctx, effect.get("count", 1), seat)
        if number <= 0:
            ctx.say(f"{ctx.state.name(seat)} draws nothing (the count is 0).")
            continue
        decks.draw(ctx.state, seat, number, str(effect.get("deck", "main")), ctx.out, ctx.card_name, *ctx.cites)


@handler("give")
def op_give(ctx: Ctx) -> None:
    if not _condition(ctx):
        return
    what = what_text(ctx, ctx.effect.get("what", "a card"))
    for giver in S.seats(ctx, ctx.effect.get("who", "self")):
        to = str(ctx.effect.get("to", "self"))
        receivers = [ctx.state.left(giver)] if to == "their_left" else S.seats(ctx, to)
        for receiver in receivers:
            g, r = ctx.state.players[giver], ctx.state.players[receiver]
            if g.hand <= 0:
                ctx.say(f"{g.name} has no card to give.")
                continue
            g.hand -= 1
            r.hand += 1
            ctx.say(f"{g.name} gives {r.name} {what} (hidden: the table checks it); {g.name} holds {g.hand}, "
                    f"{r.name} {r.hand}.")


@handler("discard")
def op_discard(ctx: Ctx) -> None:
    if not _condition(ctx):
        return
    where = str(ctx.effect.get("from", "hand"))
    if where == "hand":
        _discard_hand(ctx)
    elif where == "ante":
        _discard_ante(ctx)
    elif where == "flight":
        _discard_flight(ctx)
    else:
        ctx.say(f"{ctx.card_name}: a discard from '{where}' is for the table to apply.")


def _discard_hand(ctx: Ctx) -> None:
    what = str(ctx.effect.get("what", "card"))
    for seat in S.seats(ctx, ctx.effect.get("who", "self")):
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


def _discard_ante(ctx: Ctx) -> None:
    state = ctx.state
    if not state.ante and not ctx.job.get("unmodelled"):
        ctx.say(f"The ante is empty, so {ctx.card_name} discards nothing.")
        ctx.vars["discarded"] = None
        return
    listing = ", ".join(p.label for p in state.ante) or "nothing"
    chosen = ctx.ask("ante", {"kind": "ante_card", "who": ctx.player, "allow_new": bool(ctx.job.get("unmodelled")),
                              "text": f"{ctx.card_name}: which ante card does {ctx.name} discard? The ante holds "
                                      f"{listing}" + (" (and the card just added, if you name it)"
                                                      if ctx.job.get("unmodelled") else "")
                                      + f". (`{ctx.name} chooses CARD N`)"})
    if chosen.get("uid") is None:
        state.legendary_deck = max(0, state.legendary_deck - 1)
        found = {"card_id": chosen["card_id"], "name": chosen["name"], "strength": chosen["strength"]}
        ctx.say(f"{chosen['name']} {chosen['strength']} came from the Legendary deck into the ante and is the one "
                "discarded.")
    else:
        placed = next(p for p in state.ante if p.uid == chosen["uid"])
        state.ante.remove(placed)
        found = {"card_id": placed.card_id, "name": placed.name, "strength": placed.strength}
    state.discard += 1
    ctx.vars["discarded"] = found
    ctx.say(f"{ctx.name} discards {found['name']} {found['strength']} from the ante.", "tda/glossary/ante-card",
            *ctx.cites)


def _remove_from_flight(ctx: Ctx, uid: int) -> tuple[int | None, Placed | None]:
    seat, placed = ctx.state.find_placed(uid)
    if placed is None or seat is None:
        return None, None
    flight = ctx.state.players[seat].flight
    index = flight.index(placed)
    flight.remove(placed)
    ctx.state.discard += 1
    ctx.vars["slot"] = [seat, index]
    return seat, placed


def _discard_flight(ctx: Ctx) -> None:
    what = str(ctx.effect.get("what", ""))
    if what == "this_card":
        placed = ctx.this
        if placed is None:
            ctx.say(f"{ctx.card_name}: the card is no longer in a flight.")
            return
        seat, _ = _remove_from_flight(ctx, placed.uid)
        ctx.say(f"{placed.label} leaves {ctx.state.name(seat)}'s flight for the discard pile.", *ctx.cites)
        _standee(ctx, seat)
        return
    limit = ctx.strength
    good = what.startswith("good_")
    text = what_text(ctx, what)
    while True:
        chosen = ctx.ask(f"flight-{what}", {"kind": "flight_card", "who": ctx.player,
                                            "optional": bool(ctx.effect.get("optional")),
                                            "text": f"{ctx.card_name}: {ctx.name} may discard {text} from any flight: "
                                                    f"which (`answer Ben's CARD N`)"
                                                    + (", or `none`?" if ctx.effect.get("optional") else "?")})
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
        from referee.core.ruling import IllegalPlay

        raise IllegalPlay(f"{ctx.card_name} cannot discard {placed.label}: {' and '.join(problems)}.", ctx.cites,
                          hint=f"Name {text}, or `none`.")
    _remove_from_flight(ctx, placed.uid)
    ctx.say(f"{ctx.name} discards {placed.label} from {ctx.state.name(seat)}'s flight.", *ctx.cites)
    _standee(ctx, seat)


def _standee(ctx: Ctx, seat: int) -> None:
    ctx.say(F.describe_flight(ctx.db, ctx.state.players[seat]) + ".", "tda/flight-strength")


# --- triggering other powers ----------------------------------------------------------------
@handler("trigger")
def op_trigger(ctx: Ctx) -> None:
    source = str(ctx.effect.get("source", ""))
    if source == "replacement_card":
        _trigger_replacement(ctx)
        return
    if source == "swapped_in_mortal":
        _trigger_swap(ctx)
        return
    if not _condition(ctx):
        return
    found = ctx.vars.get("discarded")
    if not found:
        ctx.say(f"{ctx.card_name}: no card was discarded, so no power is triggered.")
        return
    card = ctx.db.by_id.get(found.get("card_id") or "")
    if card is None:
        ctx.say("The table did not name the card, so the referee cannot trigger its power; the table applies it.")
        ctx.push_front([{"op": "_table", "text": "apply the discarded card's power"}])
        return
    as_if = ctx.effect.get("as_if") == "this_card"
    strength = ctx.strength if as_if else int(found.get("strength") or 0)
    ctx.say(f"{card.name}'s power triggers as if {ctx.card_name} had triggered it: its text is read as printed on "
            f"{ctx.card_name}, so any comparison uses strength {strength}. God abilities are not copied.",
            *ctx.cites, "tda/glossary/trigger")
    push_power(ctx, card, strength, ctx.job.get("this"), f"{card.name} (through {ctx.card_name})")


def push_power(ctx: Ctx, card, strength: int, this_uid, name: str) -> None:
    effects = C.power_effects(card)
    if effects is None:
        ctx.say(f"The Giants War book does not print {card.name}'s power: the table applies it (`pay`, `steal`, "
                "`draw`, `give`, `discard` lines, or add it in a card file), then says `done`.", *card.cites[:1])
        effects = [{"op": "_table", "text": f"apply {card.name}'s power"}]
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
        from referee.core.ruling import IllegalPlay

        raise IllegalPlay(f"{card.name} is a mortal: add which stakes it fights for (`answer {card.name} "
                          f"{found['strength']} for the dragons`).", ("tda/mortals",))
    decks.take_main(ctx.state, 1, ctx.out)
    placed = Placed(ctx.state.new_uid(), card.id, card.name, int(found["strength"]), found.get("side"),
                    round=ctx.state.round, triggered=True)
    index = slot[1] if slot else len(ctx.state.players[seat].flight)
    ctx.state.players[seat].flight.insert(index, placed)
    ctx.say(f"{placed.label} from the top of the main deck takes the place in {ctx.state.name(seat)}'s flight; its "
            "power triggers whatever its strength.", *ctx.cites)
    _standee(ctx, seat)
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
        from referee.core.ruling import IllegalPlay

        raise IllegalPlay(f"{mortal.label} is not a mortal in an opponent's flight.", ctx.cites)
    mine, theirs = ctx.state.players[ctx.player].flight, ctx.state.players[seat].flight
    i, j = mine.index(this), theirs.index(mortal)
    mine[i], theirs[j] = mortal, this
    ctx.vars["swapped"] = True
    ctx.say(f"{ctx.name} swaps {this.label} for {ctx.state.name(seat)}'s {mortal.label}; the new mortal's power "
            "triggers whatever its strength.", *ctx.cites)
    _standee(ctx, ctx.player)
    _standee(ctx, seat)
    push_power(ctx, F.card_of(ctx.db, mortal), mortal.strength, mortal.uid, mortal.name)


# --- choices -----------------------------------------------------------------------------------
@handler("choice")
def op_choice(ctx: Ctx) -> None:
    effect = ctx.effect
    if effect.get("condition") and not S.condition(ctx, effect["condition"]):
        ctx.say(f"{ctx.card_name}: the condition '{str(effect['condition']).replace('_', ' ')}' does not hold.")
        ctx.push_front(effect.get("otherwise") or [])
        return
    by = str(effect.get("by", "self"))
    if by in ("each_opponent", "each_player"):
        expanded = [dict(effect, by=f"#{seat}", options=[_substitute(o, by, seat) for o in effect.get("options") or []])
                    for seat in S.seats(ctx, by)]
        for item in expanded:
            item.pop("condition", None)
        ctx.push_front(expanded)
        return
    chooser = S.seats(ctx, by, f"by-{by}")[0]
    options = [_substitute(list(o), by, chooser) for o in effect.get("options") or []]
    labels = []
    for option in options:
        label = "; then ".join(effect_text(ctx, e) for e in option) or "decline"
        labels.append({"label": label, "words": option_words(ctx, option), "empty": not option})
    pick = ctx.ask(f"choice-{by}", {"kind": "choice", "who": chooser, "options": labels,
                                    "text": f"{ctx.card_name}: {ctx.state.name(chooser)} chooses: "
                                            + " OR ".join(f"({i + 1}) {o['label']}" for i, o in enumerate(labels))
                                            + "."})
    if effect.get("condition"):
        ctx.say(f"{ctx.card_name}: the condition '{str(effect['condition']).replace('_', ' ')}' holds, so there is a "
                "choice.")
    ctx.say(f"{ctx.state.name(chooser)} chooses: {labels[pick]['label']}.")
    ctx.push_front(options[pick])


# --- lasting effects ---------------------------------------------------------------------------
@handler("strength_bonus")
def op_bonus(ctx: Ctx) -> None:
    placed = ctx.this
    if placed is None:
        ctx.say(f"{ctx.card_name}: the card is no longer in a flight, so its bonus is lost.")
        return
    placed.bonuses.append({"amount": int(ctx.effect.get("amount", 0)), "per": str(ctx.effect.get("per")),
                           "card": ctx.card_name, "cites": list(ctx.cites)})
    ctx.say(f"{ctx.card_name}: when the gambit is scored, {ctx.name}'s flight gets +{ctx.effect.get('amount')} "
            f"Strength for each of: {str(ctx.effect.get('per')).replace('_', ' ')} (counted then, and only if "
            f"{placed.name} is still in the flight).")


def _lasting(ctx: Ctx, text: str, **extra) -> None:
    entry = {"op": ctx.effect.get("op"), "player": ctx.player, "card": ctx.card_name, "cites": list(ctx.cites)}
    entry.update({k: v for k, v in ctx.effect.items() if k != "op"})
    entry.update(extra)
    ctx.state.effects.append(entry)
    ctx.say(text)


@handler("win_rule")
def op_win_rule(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: this gambit the weakest flight fighting for each stakes wins it, not the "
                  "strongest; tied weakest flights leave that stakes on the table, and a flight in perfect balance "
                  "fights for nothing.")


@handler("halve_winnings")
def op_halve(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: this gambit each winner takes only half of the stakes won; the rest stays in "
                  "that same stakes for the next gambit.")


@handler("split_winnings")
def op_split(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: this gambit each winner shares the stakes won with the player on their left.")


@handler("redirect_buying")
def op_redirect(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: until the gambit ends, gold anyone pays to buy new cards goes to {ctx.name} "
                  "instead of the stakes.", to=ctx.player)


@handler("extra_round")
def op_extra_round(ctx: Ctx) -> None:
    _lasting(ctx, f"{ctx.card_name}: if {ctx.name} is not winning either stakes after the third round, a fourth "
                  "round is played. Winning means taking a stakes; a tie does not count.")


@handler("counts_as")
def op_counts_as(ctx: Ctx) -> None:
    placed = ctx.this
    colors = [str(c) for c in ctx.effect.get("colors") or []]
    if placed is not None and (ctx.effect.get("what") == "dragon" or "any_dragon_color" in colors):
        placed.wild_dragon = True
        ctx.say(f"{ctx.card_name}: for the rest of the gambit {placed.name} also counts as a dragon of every colour.")
    elif placed is not None:
        ctx.say(f"{ctx.card_name}: it counts as {', '.join(colors)} as well.")


@handler("cannot_win")
def op_cannot_win(ctx: Ctx) -> None:
    ctx.say(f"{ctx.card_name}: a 'cannot win' ability is always on and is checked when the gambit is scored.")


@handler("unmodelled")
def op_unmodelled(ctx: Ctx) -> None:
    ctx.job["unmodelled"] = True
    ctx.say(f"{ctx.card_name}: {ctx.effect.get('says')} (from the card data; what the referee cannot follow itself, "
            "the table applies).")
