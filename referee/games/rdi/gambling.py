"""Rounds of Gambling ("Gambling" and its subsections, both core books).

"Gambling? I'm in!" as an Action starts a Round: normal play is suspended, every
player in the Round antes 1 Gold, and the starter is in control. Play goes
clockwise from the starter: each player plays a Gambling or Cheating Card (taking
control) or passes (staying in). The Round ends as soon as play would come back to
the player in control, whatever ended the last go (a pass, a go spent on a Negated
card, a player leaving, forced out or out of the game): the one in control takes the
pot; with nobody in control, the pot goes to the Inn (``go_ends``, the one place
this is decided). After "Winning Hand!" only a Cheating Card takes control. When a
card may act on a Round, and what becomes of it once the Round is over: round_window.py.
"""

from __future__ import annotations

from referee.core.effect_model import Effect, walk
from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi import house, variants
from referee.games.rdi.citing import card_rule
from referee.games.rdi.effects import ed, move_gold, play_choice, seats_for
from referee.games.rdi.state import Entry, GameState, Round

GAMBLING_OPS = ("start_round", "ante", "take_control", "restrict_next_control", "leave_round", "force_leave",
                "win_round", "take_pot", "end_round")
ENDS_ROUND = ("win_round", "take_pot", "end_round")
LEAVE_OPS = ("leave_round", "force_leave")
MAKES_ANTE = ("start_round", "ante")


def card_ops(card: Card | None) -> set[str]:
    return {effect.op for effect in walk(card.effects)} if card is not None else set()


def starts_round(card: Card) -> bool:
    return "start_round" in card_ops(card)


def round_option(card: Card, state: GameState) -> int | None:
    """For a card with a start-or-take-control choice, the option that fits now."""
    for effect in card.effects:
        if play_choice(effect):
            for index, option in enumerate(effect.options):
                ops = {e.op for e in option.effects}
                if ("start_round" in ops) == (state.round is None) and ops & {"start_round", "take_control"}:
                    return index
    return None


def next_after(round_: Round, seat: int) -> int | None:
    """The next player still in the Round, clockwise after ``seat``."""
    members = round_.members
    if not round_.still_in():
        return None
    start = members.index(seat) if seat in members else 0
    for step in range(1, len(members) + 1):
        candidate = members[(start + step) % len(members)]
        if candidate not in round_.left:
            return candidate
    return None


def after_negated_play(state: GameState, seat: int, out: Outcome) -> None:
    """A Gambling or Cheating Card Negated in a Round: whether its player goes again is not in the books."""
    round_ = state.round
    name = state.players[seat].name
    if house.say(state, house.NEGATED_GAMBLING_PLAY, out) == "play-again":
        round_.next_actor = seat
        out.say(f"{name} may play another Gambling or Cheating Card, or pass.", ed(state, "gambling"))
        return
    if seat not in round_.spent:
        round_.spent.append(seat)
    go_ends(state, out, after=seat, ended=f"{name}'s go is spent")


def order_after(round_: Round, seat: int) -> list[int]:
    """The other players still in the Round, clockwise after ``seat``."""
    members = round_.members
    start = members.index(seat) if seat in members else 0
    later = [members[(start + step) % len(members)] for step in range(1, len(members))]
    return [s for s in later if s not in round_.left]


def open_round(state: GameState, seat: int, out: Outcome, opened_by: int | None = None) -> None:
    """The starting card is played: the Round is forming; players may leave before the antes."""
    state.round = Round(starter=seat, members=state.turn_order_from(seat), opened_by=opened_by)
    out.say("A Round of Gambling is about to start: players may answer (for example by leaving the Round) "
            "before the antes.", ed(state, "gambling"))
    variants.put_prize_in_pot(state, seat, out)  # the starter picks the Prize before anyone antes


def ante(state: GameState, amount: int, out: Outcome, card_player: int) -> None:
    """Every player still in the Round antes; a broke player's card makes nobody ante (both books,
    Running out of Gold During Gambling), whether it starts the Round or raises it."""
    round_ = state.round
    payers = round_.still_in()
    player = state.players[card_player]
    if state.out_of_gold(card_player):
        out.say(f"{player.name} played the card that makes players ante but has no Gold to ante, so no player "
                "antes.", ed(state, "gambling/running-out-of-gold-during-gambling"))
        return
    for seat in payers:
        if state.out_of_gold(seat):
            out.say(f"{state.players[seat].name} has no Gold: during a Round, effects that make you ante are ignored.",
                    ed(state, "gambling/running-out-of-gold-during-gambling"))
            continue
        move_gold(state, seat, "pot", amount, out, "ante")
    if state.rules == "rdi3":
        out.note("Under RDI 3 the ante counts as losing Gold for cards that care; Gambling? I'm In! does not say so.",
                "rdi3/gambling/ante", "gii/gambling/ante")
    else:
        out.note("Gambling? I'm In! does not say whether the ante counts as losing Gold for cards that care; RDI 3 "
                "says it does.", "gii/gambling/ante", "rdi3/gambling/ante")


def resolve_op(state: GameState, entry: Entry, card: Card, effect: Effect, out: Outcome) -> bool:
    """Carry out a Gambling effect of a resolving card. Returns False if ``effect`` is not one."""
    op = effect.op
    if op not in GAMBLING_OPS:
        return False
    round_ = state.round
    seat = entry.player
    name = state.players[seat].name
    if op == "start_round":
        start_round(state, entry, out)
        return True
    if round_ is None and op == "take_pot" and state.last_pot:
        take_won_pot(state, seat, out, card, effect.share)
        return True
    if round_ is None:
        out.say(f"{card.name}: no Round of Gambling is in progress, so its Gambling effect does nothing.")
        return True
    if round_.opened_by == entry.uid and restates_start(effect):
        from referee.games.rdi.phrases import write_clause

        out.say(f"{card.name} also says what starting the Round already did ({write_clause(effect)}): the rules "
                "do it once.", ed(state, "gambling"))
    elif op == "ante":
        ante(state, effect.amount if isinstance(effect.amount, int) else 1, out,
             seat)
        out.say(f"The pot holds {state.pot} Gold.")
    elif op == "take_control":
        take_control(state, entry, out)
    elif op == "restrict_next_control":
        round_.needs_cheating = True
        out.say("Only a Cheating Card can take control next.", ed(state, "gambling/winning-hand"))
    elif op in LEAVE_OPS:
        for leaver in leavers(state, entry, effect):
            if state.round is not None:  # a forced exit may have ended the Round already
                leave(state, leaver, out, forced=forces_out(entry, effect, leaver))
    elif op in ("win_round", "take_pot"):
        end_round(state, seat, out, f"{card.name} says {name} wins the Round", card_rule(state, card) or "")
    elif op == "end_round":
        to_inn = (effect.pot_to or "inn") == "inn"
        end_round(state, None if to_inn else seat, out, f"{card.name} ends the Round", card_rule(state, card) or "")
    else:
        return False
    return True


def start_round(state: GameState, entry: Entry, out: Outcome) -> None:
    """A card that starts a Round: whatever card it is, everyone still in the Round antes 1 Gold and the
    card's player is in control (both books, Gambling), so a card that starts a Round need not say so."""
    seat = entry.player
    if state.round is None:  # Otto's box or a Drink Event: nothing opened the Round when it was played
        open_round(state, seat, out)
    round_ = state.round
    round_.opened_by = entry.uid  # the card that started it, whose own words may repeat the rule
    round_.started = True
    out.say(f"{state.players[seat].name} starts a Round of Gambling: normal play is suspended; every player still "
            "in the Round antes 1 Gold and the starter is in control.", ed(state, "gambling"))
    ante(state, 1, out, seat)
    out.say(f"The pot holds {state.pot} Gold.")
    take_control(state, entry, out)


def restates_start(effect: Effect) -> bool:
    """What starting a Round does anyway (everyone antes 1 Gold, its player takes control), said again on
    the card that starts it: a table's wording often repeats the rule, which is done once."""
    return effect.op == "take_control" or (effect.op == "ante" and effect.amount == 1 and effect.who == "each_player")


def take_control(state: GameState, entry: Entry, out: Outcome) -> None:
    """The card's player takes control of the Round (a Gambling or Cheating Card, or the start of the Round);
    one who has left it leaves it with nobody in control (Leaving a Round of Gambling)."""
    round_ = state.round
    seat = entry.player
    name = state.players[seat].name
    if seat in round_.left:
        out.say(f"{name} has left the Round, so nobody is in control: the Round goes on with no winner yet.",
                ed(state, "gambling/leaving-a-round"))
        round_.control = None
    else:
        round_.control = seat
        out.say(f"{name} is now in control of the Round.", ed(state, "gambling"))
    round_.passes = []
    round_.spent = []
    if entry.card_type == "cheating":
        round_.needs_cheating = False
    end_if_one_left(state, out, forced=False)  # players may have left before the antes
    go_ends(state, out, after=seat, said=False)  # a go that takes control ends too; nobody else left ends the Round


def leavers(state: GameState, entry: Entry, effect: Effect) -> list[int]:
    """The seats a leave or forced exit names (`who`; the card's player when it names nobody)."""
    return seats_for(effect.who or "self", entry, state, effect)


def forces_out(entry: Entry, effect: Effect, seat: int) -> bool:
    """A forced exit: a card that forces a player out, or one that makes anyone but its own player leave
    (Forcing a Player to Leave a Round of Gambling); a player who chose to leave among a card's options
    (`chosen`) leaves of their own accord."""
    return effect.op == "force_leave" or (seat != entry.player and effect.who != "chosen")


def leave(state: GameState, seat: int, out: Outcome, forced: bool) -> None:
    round_ = state.round
    if seat in round_.left:
        return
    # kept in seating order, as `set gambling left` writes it, so one position has one state however it was reached
    order = {s: i for i, s in enumerate(round_.members)}
    round_.left = sorted([*round_.left, seat], key=lambda s: order.get(s, len(order)))
    name = state.players[seat].name
    out.say(f"{name} {'is forced out of' if forced else 'leaves'} the Round: no more Gambling or Cheating Cards and no "
            "more antes for them; Gold already anted stays in the pot.",
            ed(state, "gambling/forcing-a-player-to-leave" if forced else "gambling/leaving-a-round"))
    if round_.control == seat:
        round_.control = None
        out.say("Nobody is in control now; if the Round ends that way, the pot goes to the Inn.",
                ed(state, "gambling/leaving-a-round"))
    end_if_one_left(state, out, forced)
    go_ends(state, out, after=seat if round_.next_actor == seat else None)


def out_of_game(state: GameState, seat: int, out: Outcome) -> None:
    """A player out of the game takes no more part in a Round (the books say only that they are out): they
    leave it as a player who leaves it does, their ante staying in the pot; it is not a card's forced exit."""
    round_ = state.round
    if round_ is None or seat not in round_.still_in():
        return
    out.say(f"{state.players[seat].name} is out of the game, so out of the Round of Gambling too. The books say only "
            "that a player who loses is out; the referee takes them out of the Round as a player who leaves it.",
            ed(state, "losing-the-game"), ed(state, "gambling/leaving-a-round"))
    leave(state, seat, out, forced=False)


def end_if_one_left(state: GameState, out: Outcome, forced: bool) -> None:
    """One player left in a started Round wins it at once: RDI 3 however the others left, Gambling? I'm In!
    only when a forced exit left them (Forcing a Player to Leave); each ruling says the other book differs.
    Under Gambling? I'm In! a lone player in control wins all the same, as play comes back to them (go_ends)."""
    round_ = state.round
    if round_ is None or not round_.started:
        return  # checked again once the antes are in
    remaining = round_.still_in()
    if len(remaining) != 1:
        return
    section = "gambling/forcing-a-player-to-leave"
    if forced:
        end_round(state, remaining[0], out, "only one player is left in the Round", ed(state, section))
    elif state.rules == "rdi3":
        out.say("Only one player is left in the Round: under RDI 3 that ends it whatever made the others leave. "
                "Gambling? I'm In! ends a Round this way only after a forced exit.",
                "rdi3/" + section, "gii/" + section)
        end_round(state, remaining[0], out, "only one player is left in the Round", "rdi3/" + section)
    elif remaining[0] != round_.control:
        out.say("Only one player is left, by leaving rather than a forced exit: Gambling? I'm In! ends the Round "
                "this way only after a forced exit, so it goes on (RDI 3 would end it whenever one player is left).",
                "gii/" + section, "rdi3/" + section)


def everyone_else_done(round_: Round) -> bool:
    """Everyone still in the Round but the player in control has passed or spent their go since control last
    changed: play is back with the player in control (with nobody in control, the last player has passed)."""
    return all(s in round_.passes or s in round_.spent for s in round_.still_in() if s != round_.control)


def go_ends(state: GameState, out: Outcome, after: int | None = None, said: bool = True, ended: str = "") -> None:
    """A go in the Round is over: a pass, a go spent on a Negated card, a player leaving, forced out or out of the
    game, or control taken. The Round ends as soon as play would come back to the player in control (Ending the
    Round: when everyone else passes, the one in control wins; with nobody in control, the pot goes to the Inn);
    otherwise the next player still in it after ``after`` acts (``after`` None: whoever was to act still does).
    ``said``: name the next player (a change of control says who acts in its own words); ``ended``: how the go
    ended, said with what follows."""
    round_ = state.round
    if round_ is None or not round_.started:
        return
    if everyone_else_done(round_):
        if ended:
            out.say(f"{ended}.", ed(state, "gambling"))
        others = [s for s in round_.still_in() if s != round_.control]
        spent = any(s in round_.spent for s in others)
        if round_.control is None:
            why = ("everyone has left the Round with nobody in control" if not others
                   else "the last player passed with nobody in control")
            end_round(state, None, out, why)
        else:
            why = (f"play comes back to {state.players[round_.control].name}, in control, with nobody else left in "
                   "the Round" if not others
                   else "everyone else passed or spent their go" if spent else "everyone else passed")
            end_round(state, round_.control, out, why)
        return
    if after is None:
        return
    round_.next_actor = next_after(round_, after)
    turn = f"{state.players[round_.next_actor].name}'s turn in the Round"
    if ended:
        out.say(f"{ended}: {turn}.", ed(state, "gambling"))
    elif said:
        out.say(f"{turn}.")


def pass_turn(state: GameState, seat: int, out: Outcome) -> None:
    round_ = state.round
    name = state.players[seat].name
    if not round_.started:
        raise IllegalPlay("The Round has not started yet: resolve the card that starts it first.", (ed(state, "gambling"),))
    if seat in round_.left:
        raise IllegalPlay(f"{name} has left the Round.", (ed(state, "gambling/leaving-a-round"),))
    if round_.next_actor != seat:
        raise IllegalPlay(f"It is {state.players[round_.next_actor].name}'s turn in the Round, not {name}'s.",
                          (ed(state, "gambling"),), code="not-your-turn")
    if seat not in round_.passes:
        round_.passes.append(seat)
    out.say(f"{name} passes and stays in the Round.", ed(state, "gambling"))
    go_ends(state, out, after=seat)


def end_round(state: GameState, winner: int | None, out: Outcome, why: str, cite: str = "") -> None:
    """The Round ends; ``cite`` is the section that decided it ends (the ending rules by default). Normal play
    resumes once nothing is left waiting on the chain (``round_over``; turns.py resumes it)."""
    round_ = state.round
    pot = state.pot
    if winner is None:
        out.tell(f"The Round of Gambling ends ({why}): the {pot} Gold in the pot goes to the Inn.",
                cite or ed(state, "gambling/leaving-a-round"))
        move_gold(state, "pot", "inn", pot, out, "end of the Round")
    else:
        out.tell(f"The Round of Gambling ends ({why}): {state.players[winner].name} wins the {pot} Gold in the pot.",
                cite or ed(state, "gambling/ending-the-round"))
        move_gold(state, "pot", winner, pot, out, "winning the Round")
        state.last_pot = [winner, pot]
    variants.award_prize(state, winner, out)
    state.round = None
    state.round_over = round_.starter
    from referee.games.rdi.characters import after_round

    after_round(state, out)


def take_won_pot(state: GameState, seat: int, out: Outcome, card: Card, share: str | None = None) -> None:
    """Taking the pot (or half of it) at the end of a Round someone else won: the pot changes hands, the
    winner's own Gold is not what the card changes (it changes the outcome of the Round)."""
    winner, pot = state.last_pot
    state.last_pot = []
    taker, won_by = state.players[seat], state.players[winner]
    what = "the pot of the Round"
    amount = pot
    if share == "half":
        rounding = house.say(state, house.HALF_POT_ROUNDING, out) if pot % 2 else house.reading(
            state, house.HALF_POT_ROUNDING)
        amount = (pot + 1) // 2 if rounding == "up" else pot // 2
        what = f"half of the {pot}-Gold pot"
    amount = min(amount, won_by.gold)  # the pot is in the winner's Stash now; Gold never goes below 0
    instead = f"from {won_by.name}" if share else f"instead of {won_by.name}"
    out.say(f"{card.name}: {taker.name} takes {what}, {amount} Gold, {instead}: the pot's Gold moves, not "
            f"{won_by.name}'s own ({won_by.gold} → {won_by.gold - amount}, {taker.name} {taker.gold} → "
            f"{taker.gold + amount}).", ed(state, "gambling/ending-the-round"))
    won_by.gold -= amount
    taker.gold += amount
    if share:
        variants.share_prize(state, winner, seat, out)
    else:
        variants.move_prize(state, winner, seat, out)
