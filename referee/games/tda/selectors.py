"""The words card data uses for players, counts and conditions, worked out from the public table.

Selectors (`who`, `to`, `by`): self, left, right, each_opponent, each_player,
strongest_opponent, weakest_opponent, most_cards_opponent, same_stakes_opponents,
opponents_fighting_for_dragon_stakes / _giant_stakes, each_player_who_played_a_good_card,
each_opponent_with_good_and_evil_dragons_in_flight, their_left, and "seat_N" for a seat
the engine has already settled (a choice made by each opponent in turn). Ties for strongest, weakest or most cards are the card's player's
choice (glossary, strongest).
"""

from __future__ import annotations

from referee.core.effect_model import CountOf
from referee.games.tda import cardinfo as C
from referee.games.tda import defaults as D
from referee.games.tda import flights as F
from referee.games.tda.jobs import Ctx

SETTLED = "seat_"
PHRASES = {
    "self": "you", "left": "the player on your left", "right": "the player on your right",
    "each_opponent": "each opponent", "each_player": "each player", "strongest_opponent": "the strongest opponent",
    "weakest_opponent": "the weakest opponent", "most_cards_opponent": "the opponent with the most cards",
    "same_stakes_opponents": "every opponent whose flight aims at your stakes",
    "opponents_fighting_for_dragon_stakes": "each opponent fighting for the Dragon Stakes",
    "opponents_fighting_for_giant_stakes": "each opponent fighting for the Giant Stakes",
    "each_player_who_played_a_good_card": "each player who has played a good card",
    "each_opponent_with_good_and_evil_dragons_in_flight": "each opponent with good and evil dragons in their flight",
    "first_willing_opponent_to_left": "the first opponent, going left, who pays",
    "their_left": "the player on their left", "any_player": "any player",
    "dragon_stakes": "the Dragon Stakes", "giant_stakes": "the Giant Stakes", "stakes": "a stakes of your choice",
}


def settled(seat: int) -> str:
    """The selector word for one seat the engine has settled (an effect word, so jobs store it)."""
    return f"{SETTLED}{seat}"


def settled_seat(name: str) -> int | None:
    if not name.startswith(SETTLED):
        return None
    number = name[len(SETTLED):]
    return int(number) if number.isdigit() else None


def phrase(ctx: Ctx, name) -> str:
    name = str(name)
    seat = settled_seat(name)
    if seat is not None:
        return ctx.state.name(seat)
    if name == "self":
        return ctx.name
    if name in ("left", "right"):
        seat = ctx.state.left(ctx.player) if name == "left" else ctx.state.right(ctx.player)
        return f"{ctx.state.name(seat)} (on {ctx.name}'s {name})"
    return PHRASES.get(name, name.replace("_", " "))


def _extreme(ctx: Ctx, key: str, values: dict[int, int], want_max: bool, what: str) -> list[int]:
    if not values:
        return []
    best = max(values.values()) if want_max else min(values.values())
    tied = [seat for seat, value in values.items() if value == best]
    if len(tied) == 1:
        return tied
    names = [ctx.state.name(s) for s in tied]
    chosen = ctx.ask(key, {"kind": "player", "who": ctx.player, "options": names,
                           "text": f"{', '.join(names)} tie as {what} ({best}); {ctx.name} chooses which "
                                   f"(`{ctx.name} chooses NAME`)."})
    ctx.say(f"{ctx.name} picks {ctx.state.name(chosen)} among the tied players (ties are the chooser's call).",
            "tda/glossary/strongest")
    return [chosen]


def seats(ctx: Ctx, name, key: str = "") -> list[int]:
    """The seats a selector names, in turn order from the card's player's left."""
    state, db, me = ctx.state, ctx.db, ctx.player
    name = str(name)
    key = key or f"who-{name}"
    seat = settled_seat(name)
    if seat is not None:
        return [seat]
    opponents = state.opponents(me)
    if name == "self":
        return [me]
    if name == "left":
        return [state.left(me)]
    if name == "right":
        return [state.right(me)]
    if name == "each_opponent":
        return opponents
    if name == "each_player":
        return state.order_from(me)
    if name == "strongest_opponent":
        return _extreme(ctx, key, {s: F.strength(db, state.players[s]) for s in opponents}, True,
                        "the strongest opponent")
    if name == "weakest_opponent":
        return _extreme(ctx, key, {s: F.strength(db, state.players[s]) for s in opponents}, False,
                        "the weakest opponent")
    if name == "most_cards_opponent":
        return _extreme(ctx, key, {s: state.players[s].hand for s in opponents}, True,
                        "the opponent with the most cards in hand")
    if name == "same_stakes_opponents":
        mine = F.stakes_of(db, state.players[me])
        if mine is None:
            ctx.note(D.BALANCED_NOBODY.label(), *D.BALANCED_NOBODY.cites)
            return []
        return [s for s in opponents if F.stakes_of(db, state.players[s]) == mine]
    if name in ("opponents_fighting_for_dragon_stakes", "opponents_fighting_for_giant_stakes"):
        wanted = "dragon" if "dragon" in name else "giant"
        return [s for s in opponents if F.stakes_of(db, state.players[s]) == wanted]
    if name == "each_player_who_played_a_good_card":
        return [s for s in state.order_from(me)
                if any(C.alignment(F.card_of(db, p)) == "good" for p in state.players[s].flight)]
    if name == "each_opponent_with_good_and_evil_dragons_in_flight":
        found = []
        for seat in opponents:
            aligns = {C.alignment(F.card_of(db, p)) for p in state.players[seat].flight if F.is_dragon(db, p)}
            if {"good", "evil"} <= aligns:
                found.append(seat)
        return found
    raise ValueError(f"unknown selector {name!r}")


# --- counts ------------------------------------------------------------------------------
def table_count(state, db, name: str) -> int | None:
    """Counts over the whole table, shared by powers and by scoring bonuses (None: not one of them)."""
    if name == "flights_with_a_mortal":
        return sum(1 for pl in state.players if any(F.is_mortal(db, p) for p in pl.flight))
    if name == "players_with_a_god_in_flight":
        return sum(1 for pl in state.players if F.god_in_flight(db, pl))
    if name == "players_who_have_gone_into_the_hole_this_game":
        return sum(1 for pl in state.players if pl.been_in_hole)
    return None


def count(ctx: Ctx, name: str, payer: int | None = None) -> int:
    state, db, me = ctx.state, ctx.db, ctx.player
    them = state.players[payer if payer is not None else me]
    mine = state.players[me]
    if name == "players":
        return len(state.players)
    if name == "fire_giants_in_flights_and_ante":
        cards = [p for pl in state.players for p in pl.flight] + list(state.ante)
        fire = [p for p in cards if C.kind(F.card_of(db, p)) == "giant" and "Fire" in C.colours(F.card_of(db, p))]
        if any("Fire" in C.counts_as(F.card_of(db, p)) for p in fire):
            ctx.note(D.COUNTS_AS.label(), *D.COUNTS_AS.cites)
        return len(fire)
    if name == "strength_of_discarded_card":
        found = ctx.vars.get("discarded")
        if found and found.get("strength") is not None:
            return int(found["strength"])
        printed = sorted({s for c in db.cards if c.game == "tda" for s in (C.printed_strengths(c) or ())})
        return int(ctx.ask("discarded-strength", {"kind": "number", "who": me, "allowed": printed,
                                                  "text": f"What strength was the card {ctx.name} discarded? "
                                                          "(`answer N`)"}))
    if name == "legendary_or_mortal_cards_in_their_flight":
        return sum(1 for p in them.flight if C.is_legendary(F.card_of(db, p)) or F.is_mortal(db, p))
    if name == "dragons_in_their_flight":
        return sum(1 for p in them.flight if F.is_dragon(db, p))
    if name == "giants_in_their_flight":
        return sum(1 for p in them.flight if F.is_giant(db, p))
    if name == "dragons_in_your_flight":
        return sum(1 for p in mine.flight if F.is_dragon(db, p))
    if name in ("good_dragons_in_your_flight", "good_dragons_you_have_played"):
        if name == "good_dragons_you_have_played":
            ctx.note(D.PLAYED_GOOD_DRAGONS.label(), *D.PLAYED_GOOD_DRAGONS.cites)
        return sum(1 for p in mine.flight if F.is_dragon(db, p) and C.alignment(F.card_of(db, p)) == "good")
    if name == "opponents_with_stronger_flights":
        own = F.strength(db, mine)
        return sum(1 for s in state.opponents(me) if F.strength(db, state.players[s]) > own)
    if name == "seats_to_your_left":
        return (state.seat(them.name) - me) % len(state.players)
    found = table_count(state, db, name)
    if found is not None:
        return found
    raise ValueError(f"unknown count {name!r}")


def amount(ctx: Ctx, spec: int | CountOf | None, payer: int | None = None) -> int:
    """A card's amount: a number, or a count made at the table (None, where the card gives none: 0)."""
    if spec is None:
        return 0
    if isinstance(spec, CountOf):
        return count(ctx, spec.what, payer) * spec.times + spec.plus
    if isinstance(spec, int) and not isinstance(spec, bool):
        return spec
    raise ValueError(f"unknown amount {spec!r}")


def amount_text(spec: int | CountOf | None) -> str:
    if isinstance(spec, CountOf):
        text = f"{spec.times} for each of: {spec.what.replace('_', ' ')}"
        if spec.plus:
            text += f", plus {spec.plus}"
        return text
    return str(spec)


# --- conditions ---------------------------------------------------------------------------
DEFERRED = ("you_win_either_stakes", "you_are_not_winning_after_round_3")


def condition(ctx: Ctx, name) -> bool:
    state, db, me = ctx.state, ctx.db, ctx.player
    name = str(name)
    if name == "an_opponent_fights_for_your_stakes":
        mine = F.stakes_of(db, state.players[me])
        return mine is not None and any(F.stakes_of(db, state.players[s]) == mine for s in state.opponents(me))
    if name == "paid":
        return ctx.vars.get("paid") is not None
    if name == "nobody_paid":
        return ctx.vars.get("paid") is None
    if name == "swapped":
        return bool(ctx.vars.get("swapped"))
    raise ValueError(f"unknown condition {name!r}")
