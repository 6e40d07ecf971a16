"""Turns and rounds: playing a card, whether its power triggers, and what comes next.

A card's power triggers when its player leads the round, or when its strength is
at most that of the card the player to the right has just played. After each play
and its powers the referee checks for empty hands (buy cards), moves the turn to
the left, and at the end of a round names the next leader (a default: the Giants
War book does not print that rule). After the last round the table says `score`.
"""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.ruling import IllegalPlay, Outcome
from referee.games.tda import cardinfo as C
from referee.games.tda import defaults as D
from referee.games.tda import flights as F
from referee.games.tda import jobs, scoring
from referee.games.tda.cardref import Typed
from referee.games.tda.jobs import Ctx, new_job, runs
from referee.games.tda.state import STAKES_NAME, GameState, Placed
from referee.games.tda.steps import BuyStep, ScoreStep, SpecialStep, TableStep

ALWAYS_ON = ("counts_as", "cannot_win")  # god-ability ops read where they matter, not run as the card is played


def trigger_reason(state: GameState, seat: int, strength: int) -> tuple[bool, str]:
    """Would a card of this strength played now by ``seat`` trigger its power, and why."""
    if not state.round_plays:
        return True, f"{state.name(seat)} leads the round, and the leader's card always triggers its power"
    before = state.round_plays[-1]
    who = state.name(before["seat"])
    if strength <= before["strength"]:
        return True, (f"its strength {strength} is not higher than the {before['strength']} of {before['name']} just "
                      f"played by {who}, the player to the right, so its power triggers")
    return False, (f"its strength {strength} is higher than the {before['strength']} of {before['name']} just played "
                   f"by {who}, the player to the right, so its power does not trigger")


def check_turn(state: GameState, seat: int) -> None:
    if state.over:
        raise IllegalPlay("The game is over.", ("tda/ending-the-game",), code="game-over",
                          hint="`new tda NAME NAME ...` starts another.")
    if state.phase == "ante":
        raise IllegalPlay(f"Gambit {state.gambit} has not started: everyone antes first.", ("tda/ante",),
                          hint=f"`{state.name(seat)} antes CARD N`.")
    if state.phase == "scoring":
        raise IllegalPlay(f"All {state.rounds} rounds of gambit {state.gambit} are played.", ("tda/glossary/gambit",),
                          hint="`score` scores the gambit.")
    if state.turn != seat:
        raise IllegalPlay(f"It is {state.name(state.turn)}'s turn (round {state.round}), not {state.name(seat)}'s.",
                          ("tda/glossary/turn", "tda/glossary/round"),
                          hint=f"`{state.name(state.turn)} plays CARD N`; play goes to the left.")
    if state.turn_played:
        raise IllegalPlay(f"{state.name(seat)} has already played this turn.", ("tda/glossary/turn",),
                          hint="`undo` takes the play back.")
    unknown = [state.name(p["seat"]) for p in state.round_plays if p.get("strength") is None]
    if unknown:
        # a correction said they played this round; their card, the last of their flight, is not set yet
        raise IllegalPlay(f"{' and '.join(unknown)} played this round by the table's correction, but no card is in "
                          f"{'that flight' if len(unknown) == 1 else 'those flights'}, so the card just played is "
                          "unknown.", ("tda/glossary/round", "tda/glossary/power"),
                          hint=f"`set {unknown[0]} flight \"CARD N\"` first.")


def play(state: GameState, db: CardDB, seat: int, typed: Typed, out: Outcome) -> None:
    check_turn(state, seat)
    player = state.players[seat]
    if player.hand <= 0:
        raise IllegalPlay(f"By the referee's count {player.name} holds no card.", ("tda/glossary/hand",),
                          hint=f"If the count is wrong: `{player.name} has N cards`.")
    card = typed.card
    before = F.side(db, player)
    triggers, why = trigger_reason(state, seat, typed.strength)
    placed = Placed(state.new_uid(), card.id, card.name, typed.strength, typed.side, round=state.round,
                    triggered=triggers)
    player.hand -= 1
    player.flight.append(placed)
    state.round_plays.append({"seat": seat, "name": card.name, "strength": typed.strength})
    state.turn_played = True
    out.say(f"{player.name} plays {placed.label}.", "tda/glossary/play")
    if typed.note:
        out.say(typed.note, "tda/card-list")
    if C.kind(card) == "mortal":
        out.say(f"{card.name} is a mortal, declared for the {typed.side}: it adds to that side of the flight without "
                f"being a {typed.side[:-1]}.", "tda/mortals", "tda/glossary/mortal")
    out.say(f"{card.name}: {why}.", "tda/glossary/power", "tda/differences")
    after = F.side(db, player)
    out.say(F.describe_flight(db, player) + ".", "tda/flight-strength")
    if before != after:
        where = f"to the {STAKES_NAME['dragon' if after == 'dragons' else 'giant']}" if after else "off both stakes"
        out.say(f"{player.name}'s standee moves {where}.", "tda/flight-strength", "tda/glossary/standee",
                *(("tda/flight-strength/perfect-balance",) if after is None else ()))
    specials = F.completed_specials(db, player, placed)
    if specials:
        state.jobs.append(new_job(seat, [SpecialStep(placed.uid)], card.name, card.id, kind="special"))
    if triggers:
        _push_power(state, out, seat, card, placed)
    elif C.power_effects(card) is None:
        out.say(f"{card.name}'s power (not printed in the Giants War book) does not trigger.", *card.cites[:1])
    else:
        out.say(f"{card.name}'s power does not trigger: {C.power_summary(card)}", *C.first_cite(card))
    god = C.god_summary(card)
    if god:
        kind = "dragon god" if card.type == "dragon_god" else "giant god"
        out.say(f"{card.name}'s {kind} ability is always on, whether or not the power triggers: {god}",
                *C.first_cite(card), f"tda/glossary/{kind.replace(' ', '-')}")
        on_play = [e for e in C.god_effects(card) if e.op not in ALWAYS_ON and not C.hook(e)]
        if on_play:
            out.note(D.GOD_DRAW_TIMING.label(), *D.GOD_DRAW_TIMING.cites)
            state.jobs.append(new_job(seat, on_play, f"{card.name} (god ability)", card.id, typed.strength,
                                      placed.uid, C.first_cite(card), kind="god"))


def _push_power(state: GameState, out: Outcome, seat: int, card, placed: Placed) -> None:
    effects = C.power_effects(card)
    cites = C.first_cite(card)
    if effects is None:
        out.say(f"{C.why_no_power(card)}: the table applies it (`pay`, `steal`, "
                "`draw`, `give`, `discard` lines, or add the power in a card file), then says `done`.",
                *C.UNPRINTED_POWER)
        effects = [TableStep(f"apply {card.name}'s power")]
    else:
        out.say(f"{card.name}'s power: {C.power_summary(card)}", *cites)
        if card.get("note"):
            out.say(f"Book note on {card.name}: {card.get('note')}", *cites)
    state.jobs.append(new_job(seat, effects, card.name, card.id, placed.strength, placed.uid, cites))


@runs(SpecialStep)
def special(ctx: Ctx) -> None:
    state, db = ctx.state, ctx.db
    seat, placed = state.find_placed(int(ctx.effect.uid))
    if placed is None or seat is None:
        return
    player = state.players[seat]
    found = F.completed_specials(db, player, placed)
    if not found:
        return
    ctx.say(f"{player.name} completes {' and '.join(found)}.", "tda/glossary/color-flight",
            "tda/glossary/strength-flight")
    ctx.note(D.SPECIAL_TIMING.label(), *D.SPECIAL_TIMING.cites)
    for other in state.opponents(seat):
        for god in state.players[other].flight:
            for effect in C.god_effects(F.card_of(db, god)):
                if C.hook(effect) == "opponent_completes_special_flight":
                    hook = effect.replace(when=None)
                    ctx.say(f"{state.name(other)}'s {god.name} is in their flight, and an opponent scored a special "
                            "flight (its giant god ability).", "tda/card-powers/diancastra")
                    state.jobs.append(new_job(other, [hook] * len(found), f"{god.name} (god ability)", god.card_id,
                                              god.strength, god.uid, ("tda/card-powers/diancastra",), kind="god"))
    ctx.note(D.SPECIAL_FLIGHT.label(), *D.SPECIAL_FLIGHT.cites)
    bare = " and ".join(f[2:] if f.startswith("a ") else f for f in found)
    ctx.push_front([TableStep(f"apply what {player.name}'s {bare} pays")])


@runs(TableStep)
def table(ctx: Ctx) -> None:
    ctx.ask("table", {"kind": "table", "who": None,
                      "text": f"The table should now {ctx.effect.text} — with `pay`, `steal`, "
                              "`draw`, `give`, `discard` announcements — and then say `done`."})
    ctx.say("The table is done applying it.")


# --- what happens next -------------------------------------------------------------------------
def settle(state: GameState, db: CardDB, out: Outcome) -> None:
    """Run pending jobs and move the game on until it needs the table again."""
    # Emptying both stakes ends the gambit: a step that takes the last gold out, not stakes already empty
    # (a correction can leave them so; nothing the game does happens because of a correction).
    full = [bool(state.stakes["dragon"] or state.stakes["giant"])]

    def emptied() -> bool:
        was, full[0] = full[0], bool(state.stakes["dragon"] or state.stakes["giant"])
        return was and _stakes_empty(state, db, out)

    for _ in range(200):
        jobs.run(state, db, out, emptied)
        if state.question is not None or state.over:
            return
        if state.jobs:
            continue
        if state.phase != "play":
            return
        if not state.turn_started:
            state.turn_started = True
            player = state.players[state.turn]
            if player.hand <= 1:
                why = "start of the turn with one card in hand" if player.hand == 1 else "no cards in hand"
                state.jobs.append(new_job(state.turn, [BuyStep(state.turn, why)],
                                          "buying cards", kind="buy", cites=("tda/buying-cards",)))
                continue
            out.say(f"{player.name}'s turn (round {state.round} of gambit {state.gambit}).", "tda/glossary/turn")
            return
        if not state.turn_played:
            return
        empty = [s for s in state.order_from(state.turn) if state.players[s].hand == 0 and s not in _bought(state)]
        if empty:
            state.effects.append({"op": "bought", "seat": empty[0], "turn": [state.round, state.turn]})
            state.jobs.append(new_job(empty[0], [BuyStep(empty[0], "no cards left in hand once the powers are done")],
                                      "buying cards", kind="buy", cites=("tda/buying-cards",)))
            continue
        _next_turn(state, db, out)


def _bought(state: GameState) -> list[int]:
    return [e["seat"] for e in state.in_force("bought") if e.get("turn") == [state.round, state.turn]]


def _next_turn(state: GameState, db: CardDB, out: Outcome) -> None:
    played = {p["seat"] for p in state.round_plays}
    following = [s for s in state.opponents(state.turn) if s not in played]
    if following:
        state.turn = following[0]
        state.turn_started = state.turn_played = False
        return
    _end_round(state, db, out)


def _end_round(state: GameState, db: CardDB, out: Outcome) -> None:
    if state.round == D.ROUNDS_PER_GAMBIT and state.rounds == D.ROUNDS_PER_GAMBIT:
        for effect in state.in_force("extra_round"):
            if not scoring.is_winning(state, db, effect["player"]):
                state.rounds += 1
                out.say(f"After round 3 {state.name(effect['player'])} is not winning either stakes, so "
                        f"{effect['card']} brings a fourth round.", *effect.get("cites", ()),
                        "tda/le-notes/bronze-warlord", "tda/glossary/gambit")
                break
    if state.round >= state.rounds:
        state.phase = "scoring"
        state.turn = None
        out.say(f"Round {state.round} is over and with it every round of gambit {state.gambit}: say `score` to score "
                "it.", "tda/glossary/gambit", "tda/rewarding-stakes")
        return
    best = max(p["strength"] for p in state.round_plays)
    leader = next(p["seat"] for p in state.round_plays if p["strength"] == best)
    state.round += 1
    state.leader = state.turn = leader
    state.turn_started = state.turn_played = False
    state.round_plays = []
    out.say(f"Round {state.round - 1} is over; {state.name(leader)} played the strongest card ({best}) and leads "
            f"round {state.round}.", "tda/glossary/leader", "tda/glossary/round")
    out.note(D.LEAD.label(), *D.LEAD.cites)


def _stakes_empty(state: GameState, db: CardDB, out: Outcome) -> bool:
    if state.phase != "play" or state.stakes["dragon"] or state.stakes["giant"]:
        return False
    out.say("Both stakes are empty, so the gambit ends at once.", "tda/glossary/stakes", "tda/le-notes/thief")
    state.jobs = [new_job(None, [ScoreStep(early=True)], "scoring", kind="score")]
    state.question = None
    state.phase = "scoring"
    return True


def set_leader(state: GameState, seat: int, out: Outcome) -> None:
    if state.phase != "play" or state.round_plays:
        raise IllegalPlay("The leader can be changed only before the first card of a round.", ("tda/glossary/leader",),
                          hint="`undo` back to the start of the round first.")
    if state.leader == seat:  # what the referee already has: the turn, begun once, is not begun again
        out.say(f"{state.name(seat)} already leads round {state.round}; nothing changes.", "tda/glossary/leader")
        return
    state.leader = state.turn = seat
    state.turn_started = state.turn_played = False
    out.say(f"{state.name(seat)} leads round {state.round}, as the table says.", "tda/glossary/leader")


def start_scoring(state: GameState, out: Outcome) -> None:
    if state.over:
        raise IllegalPlay("The game is over.", ("tda/ending-the-game",), code="game-over")
    if state.phase == "ante" and state.gambit > 1 and not state.ante:
        raise IllegalPlay(f"Already done: gambit {state.gambit - 1} has been scored; gambit {state.gambit} starts with "
                          "the ante.", ("tda/glossary/gambit", "tda/ante"), code="already-done",
                          hint="`NAME antes CARD N`.")
    if state.phase != "scoring":
        where = "the ante" if state.phase == "ante" else f"round {state.round} ({state.name(state.turn)}'s turn)"
        raise IllegalPlay(f"Gambit {state.gambit} is not over: it is at {where}; a gambit has at least "
                          f"{D.ROUNDS_PER_GAMBIT} rounds.", ("tda/glossary/gambit",),
                          hint="`score` once the last turn of the last round is played.")
    state.jobs.append(new_job(None, [ScoreStep()], "scoring", kind="score"))
