"""The ante: each player puts a card in; the two highest set the two stakes; the highest untied card leads.

The highest card's player picks which stakes is owed that much by every player;
the second-highest card sets the other. If every ante card is tied with another,
the ante is discarded, everyone gets a card and antes again. A player who cannot
pay both stakes pays them as equally as they can, the odd coin where they like,
and goes into the hole for the rest.
"""

from __future__ import annotations

from collections import Counter

from referee.core.carddb import CardDB
from referee.core.ruling import IllegalPlay, Outcome
from referee.games.tda import cardinfo as C
from referee.games.tda import cardref, decks, gold, made
from referee.games.tda import defaults as D
from referee.games.tda.cardref import Typed
from referee.games.tda.jobs import Ctx, applies, new_job, runs
from referee.games.tda.state import STAKES, STAKES_NAME, GameState, Placed
from referee.games.tda.steps import AntePayStep, AnteStep, StartPlayStep


def ante(state: GameState, db: CardDB, seat: int, typed: Typed, out: Outcome) -> None:
    player = state.players[seat]
    if state.phase != "ante" or state.ante_settled:
        raise IllegalPlay(f"The ante for gambit {state.gambit} is already settled; cards are now played into flights.",
                          ("tda/ante",), hint=f"`{player.name} plays CARD N`.")
    if any(p.owner == seat for p in state.ante):
        done = next(p for p in state.ante if p.owner == seat)
        raise IllegalPlay(f"{player.name} has already anted ({done.label}); each player antes one card.", ("tda/ante",),
                          hint="`undo` takes it back.")
    if player.hand <= 0:
        raise IllegalPlay(f"By the referee's count {player.name} holds no card to ante.", ("tda/glossary/hand",),
                          hint=f"If the count is wrong: `{player.name} has N cards`.")
    placed = Placed(state.new_uid(), typed.card.id, typed.card.name, typed.strength, owner=seat)
    state.ante.append(placed)
    player.hand -= 1
    out.say(f"{player.name} antes {placed.label} ({len(state.ante)} of {len(state.players)} anted).", "tda/ante",
            "tda/glossary/ante-card")
    if typed.note:
        out.say(typed.note, "tda/card-list")
    waiting = [p.name for s, p in enumerate(state.players) if not any(a.owner == s for a in state.ante)]
    if waiting:
        out.say(f"Still to ante: {', '.join(waiting)}.", "tda/ante")
    else:
        state.jobs.append(new_job(None, [AnteStep()], "the ante", kind="ante", cites=("tda/ante",)))


@runs(AnteStep)
def resolve(ctx: Ctx) -> None:
    state = ctx.state
    ranked = sorted(state.ante, key=lambda p: -p.strength)
    counts = Counter(p.strength for p in ranked)
    untied = [p for p in ranked if counts[p.strength] == 1]
    listing = ", ".join(f"{state.name(p.owner)} {p.label}" for p in ranked)
    if not untied:
        ctx.say(f"Every ante card is tied with another ({listing}): the ante is discarded, each player gets a card "
                "and everyone antes again.", "tda/ante")
        state.discard += len(state.ante)
        state.ante = []
        for seat in state.order_from(0):
            decks.draw(state, seat, 1, "main", ctx.out, "re-ante", "tda/ante")
        return
    top, second = ranked[0], ranked[1]
    leader = untied[0].owner
    if top.strength != second.strength:
        key = ctx.ask("stakes", {"kind": "stakes", "who": top.owner, "amounts": [top.strength],
                                 "text": f"{state.name(top.owner)} anted the highest card ({top.label}): which stakes "
                                         f"does every player pay {top.strength}? The other gets {second.strength}. "
                                         f"(`{state.name(top.owner)} chooses dragon stakes` or `... giant stakes`)"})
        other = "giant" if key == "dragon" else "dragon"
        amounts = {key: top.strength, other: second.strength}
        ctx.say(f"Ante cards: {listing}. {state.name(top.owner)}'s {top.strength} is highest and "
                f"{state.name(top.owner)} sends it to the {STAKES_NAME[key]}; the second highest, {second.strength}, "
                f"sets the {STAKES_NAME[other]}.", "tda/ante", "tda/ante/examples")
    else:
        amounts = {"dragon": top.strength, "giant": top.strength}
        ctx.say(f"Ante cards: {listing}. The two highest cards are both {top.strength}, so each stakes is owed "
                f"{top.strength} by every player.", "tda/ante", "tda/ante/examples")
    why = "the highest untied card" if untied[0] is not top else "the highest card"
    ctx.say(f"{state.name(leader)} anted {why} ({untied[0].label}) and leads the first round.", "tda/ante",
            "tda/ante/examples", "tda/glossary/leader")
    ctx.push_front([AntePayStep(seat, amounts) for seat in state.order_from(0)] + [StartPlayStep(leader)])


@runs(AntePayStep)
def pay_ante(ctx: Ctx) -> None:
    state = ctx.state
    seat = int(ctx.effect.seat)
    amounts = {k: int(v) for k, v in ctx.effect.amounts.items()}
    player = state.players[seat]
    need = sum(amounts.values())
    if player.hoard >= need:
        for key in STAKES:
            gold.pay(state, seat, ("stakes", key), amounts[key], ctx.out, "ante", "tda/ante")
        return
    to_dragon, to_giant, odd = gold.split_two(player.hoard, amounts["dragon"], amounts["giant"])
    if odd:
        key = ctx.ask(f"odd-{seat}", {"kind": "stakes", "who": seat, "amounts": [1, to_dragon + 1, to_giant + 1],
                                      "text": f"{player.name} has {player.hoard}, not the {need} the ante asks: "
                                              f"{to_dragon} goes to each stakes and the odd coin where "
                                              f"{player.name} likes: dragon or giant? "
                                              f"(`{player.name} puts the odd coin on the dragon stakes`)"})
        if key == "dragon":
            to_dragon += 1
        else:
            to_giant += 1
    have = player.hoard
    player.hoard = 0
    state.stakes["dragon"] += to_dragon
    state.stakes["giant"] += to_giant
    for key, value in (("dragon", to_dragon), ("giant", to_giant)):
        made.keep(state, "pay", seat, ("stakes", key), value, "ante", ("tda/ante/cannot-pay",))
    short = need - have
    player.hole += short
    player.been_in_hole = True
    ctx.say(f"{player.name} owes {amounts['dragon']} to the Dragon Stakes and {amounts['giant']} to the Giant Stakes "
            f"but has only {have}: pays {to_dragon} and {to_giant}, and goes {short} into the hole.",
            "tda/ante/cannot-pay", "tda/glossary/hole")
    if not odd and to_dragon != to_giant:
        ctx.note(D.ANTE_UNEVEN.label(), *D.ANTE_UNEVEN.cites)
    ctx.note(D.HOLE.label(), *D.HOLE.cites)


@runs(StartPlayStep)
def start_play(ctx: Ctx) -> None:
    state = ctx.state
    state.ante_settled = True
    state.phase = "play"
    state.round = 1
    state.rounds = D.ROUNDS_PER_GAMBIT
    state.leader = state.turn = int(ctx.effect.leader)
    state.turn_started = state.turn_played = False
    state.round_plays = []
    ctx.say(f"Stakes: Dragon {state.stakes['dragon']}, Giant {state.stakes['giant']}. Round 1 of gambit "
            f"{state.gambit}: {state.name(state.leader)} leads.", "tda/two-stakes", "tda/glossary/gambit")


# --- a card put into the ante during play ------------------------------------------------------------
@applies("add_to_ante")
def add_to_ante(ctx: Ctx) -> None:
    """A power puts the top card of a deck into the ante (Storm Giant Champion). It lies there face up, so
    the table names it; from then on it is an ante card like the others: counted wherever the ante is
    counted, there to be discarded, and discarded with the ante at the end of the gambit."""
    state = ctx.state
    legendary = str(ctx.effect.deck or "legendary") == "legendary"
    deck = "Legendary" if legendary else "main"
    if (state.legendary_deck if legendary else state.main_deck + state.discard) <= 0:
        ctx.say(f"The {deck} deck is empty, so no card goes into the ante.", "tda/glossary/ante-card", *ctx.cites)
        return
    named = ctx.ask("added", {"kind": "card", "who": None, "place": "ante",
                              "text": f"{ctx.card_name}: which card came off the top of the {deck} deck into the "
                                      "ante? (`answer CARD N`; it is not discarded by naming it)"})
    card = ctx.db.by_id[named["card_id"]]
    problem = ""
    if legendary and not C.is_legendary(card):
        problem = f"{card.name} is not a Legendary card, so it cannot have come off the Legendary deck"
    elif named.get("side"):
        problem = "an ante card declares no side"
    else:
        problem = cardref.face_up(state, card, int(named["strength"])).rstrip(".")
    if problem:
        del ctx.job["answers"][f"{ctx.job['step']}:added"]
        raise IllegalPlay(f"{problem}.", ("tda/setup/legendary-deck" if legendary else "tda/card-list",),
                          hint="Name the card that went into the ante, with its strength (`answer CARD N`).")
    if legendary:
        state.legendary_deck -= 1
    else:
        decks.take_main(state, 1, ctx.out)
    placed = Placed(state.new_uid(), card.id, card.name, int(named["strength"]))  # anted by no player
    state.ante.append(placed)
    ctx.say(f"{placed.label} goes from the top of the {deck} deck face up into the ante, which now holds "
            f"{', '.join(p.label for p in state.ante)}: an ante card like the others from now on.",
            "tda/glossary/ante-card", *ctx.cites)
