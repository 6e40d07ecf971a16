"""The Drinking Contest ("Drinking Contest", both core books).

Each player, in turn order from the active player, reveals from the Drink Deck
(with Chasers). A Drink Event revealed there is discarded and revealed again under
RDI 3's rules text, but is treated as a Drink worth 0 under Gambling? I'm
In! (and RDI 3's own card). Then players may change the Drinks; everyone drinks at
once; the highest total (a negative total counts as 0) wins 1 Gold from each other
player. Ignoring, splitting or passing a Drink does not change who wins; changing
its Alcohol Content does. Ties reveal again among the tied players. Players who
pass out, or run out of Gold, stay in until the contest ends.
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi.drinks import resolve_drink, start_drink, take_from_deck
from referee.games.rdi.effects import ed, move_gold, named
from referee.games.rdi.state import Contest, Entry, GameState

CONTEST = "contest"


def start(state: GameState, revealer: int, out: Outcome) -> None:
    order = state.turn_order_from(state.active)
    state.contest = Contest(revealer=revealer, order=order)
    out.say("Drinking Contest! Each player, in turn order from "
            f"{state.players[order[0]].name}, reveals the top card of the Drink Deck (`NAME reveals CARD`).",
            ed(state, "other-rules/drinking-contest"))
    _ask_next(state, out)


def _ask_next(state: GameState, out: Outcome) -> None:
    contest = state.contest
    if contest.next < len(contest.order):
        out.say(f"Next to reveal: {state.players[contest.order[contest.next]].name}.")
        return
    out.say("Every Drink is revealed. In turn order from "
            f"{state.players[window_owner(state, state.top)].name}, who revealed the Drinking Contest!, players may "
            "play Sometimes Cards that change Drinks, and Anytime Cards; `resolve` when nobody does, and everyone "
            "drinks at once.", ed(state, "other-rules/timing/simultaneous-drinks"))


def window_owner(state: GameState, entry: Entry) -> int:
    """Whose turn order a response window follows: the player who played or revealed the card (Timing);
    for the Drinks of a Drinking Contest, the window is the contest's, opened by whoever revealed the
    Drinking Contest! card, not by the last player to reveal a Drink."""
    if entry is not None and entry.group == CONTEST and state.contest is not None:
        return state.contest.revealer
    return entry.player


def window_name(state: GameState, entry: Entry, *others: Entry) -> str:
    """What a response window answers, as the table would say it (whose, when two plays share a name)."""
    if entry.group == CONTEST and state.contest is not None:
        return "the Drinks of the Drinking Contest"
    return named(state, entry, *others)


def revealing(state: GameState) -> bool:
    return state.contest is not None and state.contest.next < len(state.contest.order)


def reveal(state: GameState, seat: int, card: Card, out: Outcome, declared_chaser: bool = False) -> Entry | None:
    contest = state.contest
    expected = contest.order[contest.next]
    if seat != expected:
        raise IllegalPlay(f"In the Drinking Contest it is {state.players[expected].name}'s turn to reveal.",
                          (ed(state, "other-rules/drinking-contest"),), code="not-your-turn")
    take_from_deck(state, out)
    name = state.players[seat].name
    if card.type == "drink_event":
        if state.rules == "rdi3":
            state.drink_discard += 1
            out.say(f"{name} reveals {card.name}, a Drink Event: under RDI 3's rules text it is discarded and "
                    f"{name} reveals again. (Gambling? I'm In! and RDI 3's own Drinking Contest! card count it as a "
                    "0 Alcohol Content Drink instead.)", "rdi3/other-rules/drinking-contest/drink-events-in-contest",
                    "gii/other-rules/drinking-contest/drink-events-in-contest")
            return None
        entry = Entry(uid=state.next_uid, kind="drink", player=seat, name=card.name, card_id=card.id,
                      card_type=card.type, drinker=seat, source="drink_deck", parts=[card.name], alcohol=0,
                      group=CONTEST)
        state.next_uid += 1
        state.chain.append(entry)
        out.say(f"{name} reveals {card.name}, a Drink Event: under Gambling? I'm In! it does nothing and is treated as "
                "a Drink worth 0 Alcohol Content. (RDI 3's rules text would discard it and reveal again.)",
                "gii/other-rules/drinking-contest/drink-events-in-contest",
                "rdi3/other-rules/drinking-contest/drink-events-in-contest")
        contest.next += 1
        _ask_next(state, out)
        return entry
    entry = start_drink(state, seat, card, "drink_deck", out, chaser=declared_chaser,
                        rule=ed(state, "other-rules/drinking-contest"))
    entry.group = CONTEST
    if not entry.awaiting_chaser:
        contest.next += 1
        _ask_next(state, out)
    return entry


def chaser_done(state: GameState, entry: Entry, out: Outcome) -> None:
    if entry.group == CONTEST and not entry.awaiting_chaser and state.contest is not None:
        state.contest.next += 1
        _ask_next(state, out)


def drink_all(state: GameState, out: Outcome) -> None:
    """Everyone drinks at once; then the highest Drink wins, or the tied players go again."""
    contest = state.contest
    drinks = [e for e in state.chain if e.group == CONTEST]
    state.chain = [e for e in state.chain if e.group != CONTEST]
    out.say("Everyone drinks at once.", ed(state, "other-rules/timing/simultaneous-drinks"))
    for entry in drinks:
        resolve_drink(state, entry, out)
    totals: dict[int, int] = {}
    for entry in drinks:
        if entry.copy_of is not None:
            continue  # the other half of a split Drink does not count for its new drinker
        value = entry.counted if entry.counted is not None else (entry.alcohol or 0)
        totals[entry.player] = max(0, value)
    shown = ", ".join(f"{state.players[s].name} {v}" for s, v in totals.items())
    out.say(f"Totals for the contest (as changed; below 0 counts as 0; Ignored or passed Drinks still count): {shown}.",
            ed(state, "other-rules/drinking-contest/what-counts"))
    best = max(totals.values(), default=0)
    tied = [s for s in contest.order if totals.get(s) == best]
    awake = [s for s in tied if state.players[s].alcohol < state.players[s].fortitude]
    if len(tied) == 1:
        finish(state, tied[0], out)
    elif len(awake) == 1:
        out.say(f"Every other tied player passed out: {state.players[awake[0]].name} wins without drinking again.",
                ed(state, "other-rules/drinking-contest/ties"))
        finish(state, awake[0], out)
    elif not awake:
        out.say("All the tied players passed out: the Drinking Contest has no winner.", ed(state, "other-rules/drinking-contest/ties"))
        finish(state, None, out)
    else:
        contest.order = [s for s in state.turn_order_from(state.active) if s in awake]
        contest.next = 0
        contest.repeat += 1
        out.say(f"A tie at {best}: {', '.join(state.players[s].name for s in contest.order)} reveal, change and drink "
                "again until one wins.", ed(state, "other-rules/drinking-contest/ties"))
        _ask_next(state, out)


def finish(state: GameState, winner: int | None, out: Outcome) -> None:
    if winner is not None:
        name = state.players[winner].name
        out.tell(f"{name} wins the Drinking Contest: 1 Gold from each other player (a player who passed out pays before "
                "their Gold is split; the winner collects before passing out).", ed(state, "other-rules/drinking-contest"))
        for seat in state.in_game():
            if seat == winner:
                continue
            if state.out_of_gold(seat):
                out.say(f"{state.players[seat].name} has no Gold: during a contest, effects that make you pay are ignored.",
                        ed(state, "other-rules/drinking-contest/gold-during-contest"))
                continue
            move_gold(state, seat, winner, 1, out, "the Drinking Contest")
    state.contest_broke = [s for s in state.in_game() if s != winner and state.out_of_gold(s)]
    state.contest = None
    state.drink_discard += 1  # the Drinking Contest! card itself
    out.say("The Drinking Contest is over.", ed(state, "other-rules/drinking-contest"))
    for seat in state.contest_broke:
        out.say(f"{state.players[seat].name} did not win and has no Gold: out of the game once any last chance is "
                "over.", ed(state, "other-rules/drinking-contest/gold-during-contest"))
