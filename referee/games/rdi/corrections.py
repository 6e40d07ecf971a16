"""Table corrections (`set`): the referee's state brought in line with what the table sees.

A correction is the table's word, never a ruling: it is recorded with the code ``set`` and
undone like any announcement. A position the books do not allow (Fortitude 25, a second
face-up Potion, a Round won by a player who left it) is refused with the rule it breaks;
``position_problems`` is the same check a loaded position file goes through.
"""

from __future__ import annotations

from referee.core.parse import find_card, find_player
from referee.core.ruling import IllegalPlay, NotUnderstood, Outcome
from referee.core.setwords import as_bool, as_int, as_list, report
from referee.games.rdi import bookkeeping, characters, gambling, in_front, variants
from referee.games.rdi.effects import ed
from referee.games.rdi.phrases import card_of_kind
from referee.games.rdi.set_words import PLAYER_KEYS
from referee.games.rdi.state import DRINK_DECK_SIZE, LIMIT, PHASE_NAMES, PHASES, GameState, Round

PHASE_WORDS = {"discard": "discard_draw", "draw": "discard_draw", "discard and draw": "discard_draw",
               "discard_draw": "discard_draw", "action": "action", "order": "order", "order a drink": "order",
               "drink": "drink"}
ROUND_KEYS = ("gambling", "in", "left", "control", "passed", "to_act", "pot_prize")
FLAG_WORDS = {"action_done": ("action played", "whether the Action was played this turn"),
              "ordered": ("drink ordered", "whether the Drink was ordered this turn"),
              "drunk": ("drunk", "whether the Drink was drunk this turn")}


def apply(state: GameState, who: str, fields, cards, out: Outcome) -> None:
    if who:
        seat = state.seat(who)
        for key, value in fields:
            if key in PLAYER_KEYS.values():
                _player_field(state, seat, key, value, cards, out)
            else:
                characters.apply_set(state, seat, key, value, cards, out)
    else:
        given = dict(fields)
        _check_turn_may_change(state, given)
        # The turn first: `set active` begins a turn, which the phase and bookkeeping named with it then adjust.
        for key, value in sorted(fields, key=lambda field: field[0] != "active"):
            if key not in ROUND_KEYS:
                _table_field(state, key, value, given, cards, out)
        kept = _round(state, given, cards, out) if any(key in given for key in ROUND_KEYS) else set()
        bookkeeping.settle(state, set(given), out, frozenset(kept))
    _balance_drinks(state, {} if who else dict(fields), out)
    problems = position_problems(state)
    if problems:
        message, cite = problems[0]
        raise IllegalPlay(f"That position is impossible: {message}", (cite,), hint="Nothing was changed.")
    out.say("A table correction, not a ruling: `undo` takes it back.")
    out.code = "set"


def _player_field(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    player = state.players[seat]
    label = {"drink_me": "Drink Me! pile", "alcohol": "Alcohol Content"}.get(key, key.title())
    if key in ("kept", "front", "prizes"):
        found = [card_of_kind(n, cards, "prize") if key == "prizes" else find_card(n, cards, "rdi")
                 for n in as_list(value)]
        if key == "front":
            in_front.put_there(state, seat, found, out)
        elif key == "kept":
            report(out, f"the Drinks {player.name} keeps", [c.name for c in found], player.kept)
            player.kept = [c.name for c in found]
        else:
            if state.prizes_inn is None:
                raise IllegalPlay("The Prize variant is not in play.", (variants.PRIZE,))
            report(out, f"{player.name}'s Prizes", [c.name for c in found], state.prizes.get(player.name, []))
            state.prizes[player.name] = [c.name for c in found]
        return
    number = as_int(key.replace("_", " "), value)
    report(out, f"{player.name}'s {label}", number, getattr(player, key))
    setattr(player, key, number)


def _table_field(state: GameState, key: str, value: str, given: dict, cards, out: Outcome) -> None:
    if key == "active":
        seat = state.seat(find_player(value, [p.name for p in state.players]))
        report(out, "the active player", state.players[seat].name, state.players[state.active].name,
               ed(state, "on-your-turn"))
        bookkeeping.begin_turn(state, seat)
        if any(record["when"] == "start_of_turn" for record in state.players[seat].cards_in_front()):
            out.say(f"The cards in front of {state.players[seat].name} that act at the start of a turn are taken to have "
                    "acted (a correction plays nothing).")
    elif key == "phase":
        _phase(state, value, out)
    elif key in FLAG_WORDS:
        word, label = FLAG_WORDS[key]
        flag = as_bool(word, value)
        report(out, label, flag, getattr(state, key), ed(state, "on-your-turn"))
        setattr(state, key, flag)
    elif key == "extra_orders":
        number = as_int("extra orders", value)
        if number < 0:
            raise IllegalPlay("The additional Drinks still to order cannot be fewer than 0.")
        report(out, "the additional Drinks still to order this turn", number, state.extra_orders,
               ed(state, "more-drink-rules/ordering-additional-drinks"))
        state.extra_orders = number
    elif key in ("prizes_inn", "prize_bin"):
        if state.prizes_inn is None:
            raise IllegalPlay("The Prize variant is not in play.", (variants.PRIZE,))
        names = [card_of_kind(n, cards, "prize").name for n in as_list(value)]
        report(out, "the Prizes in the Inn" if key == "prizes_inn" else "the Prize Bin", names, getattr(state, key),
               variants.PRIZE)
        setattr(state, key, names)
    else:
        label = {"drink_deck": "Drink Deck", "drink_discard": "Drink discard pile", "inn": "Inn's Gold (net)"}.get(key, key)
        number = as_int(label, value)
        if key != "inn" and number < 0:
            raise IllegalPlay(f"The {label} cannot hold less than 0.")
        report(out, f"the {label}", number, getattr(state, key))
        setattr(state, key, number)
        if key == "drink_deck" and "drink_discard" not in given:
            _rest_to_discard(state, out)


def _phase(state: GameState, value: str, out: Outcome) -> None:
    phase = PHASE_WORDS.get(value.strip().lower())
    if phase is None:
        raise NotUnderstood(f"The phases are discard, action, order and drink, not {value.strip()!r}.")
    bookkeeping.check_phase_word(state, phase)
    report(out, f"{state.players[state.active].name}'s phase", PHASE_NAMES[phase], PHASE_NAMES[state.phase],
           ed(state, "on-your-turn"))
    state.phase = phase


def _check_turn_may_change(state: GameState, given: dict) -> None:
    """Whose turn it is and its phase change only between plays, and not in the middle of a Round of Gambling
    (normal play is suspended until it ends) unless the same `set` says what becomes of the Round."""
    if not {"active", "phase"} & set(given):
        return
    waiting = _waiting(state)
    if waiting:
        raise IllegalPlay(f"First resolve (or undo) what is waiting ({waiting}): the turn moves on only between plays.")
    if state.round is not None and not any(key in given for key in ROUND_KEYS):
        starter = state.players[state.round.starter].name
        raise IllegalPlay(f"A Round of Gambling started by {starter} is under way, and normal play is suspended until "
                          "it ends.", (ed(state, "gambling"),),
                          hint="`set gambling off` ends it (first, or in the same `set`); `set active NAME gambling "
                               "pot N control NAME` sets a Round in NAME's turn.")


def _waiting(state: GameState) -> str:
    """What the table must settle before the turn can move on (empty: nothing)."""
    names = [p.name for p in state.players]
    if state.chain:
        return state.top.name
    if state.choice is not None:
        return f"{names[state.choice.chooser]}'s choice for {state.choice.card}"
    if state.must_drink:
        return f"the Drink {names[state.must_drink[0]]} must drink"
    if state.contest is not None:
        return "the Drinking Contest"
    if state.copies_for is not None:
        return "the Drink for Round on the House"
    owed = characters.duties(state)
    if owed:
        return f"{names[owed[0][0]]}'s {owed[0][3]}"
    return ""


def drink_total(state: GameState) -> int | None:
    """How many Drink Cards the game holds: 30, or with the Bar Deck variant an unknown number."""
    return DRINK_DECK_SIZE if state.bar_deck is None else None


def drinks_elsewhere(state: GameState) -> int:
    """Drink Cards out of the Drink Deck and its discard pile: Drink Me! piles, kept Drinks, Drinks being drunk."""
    waiting = sum(len(e.parts) or 1 for e in state.chain if e.kind in ("drink", "event") and e.copy_of is None)
    return sum(p.drink_me + len(p.kept) for p in state.players) + waiting


def _rest_to_discard(state: GameState, out: Outcome) -> None:
    if drink_total(state) is None:
        out.say("With the Bar Deck variant the referee cannot tell how many Drinks are discarded: "
                "`set discard N` says.", variants.BAR)
        return
    rest = DRINK_DECK_SIZE - state.drink_deck - drinks_elsewhere(state)
    if rest < 0:
        return  # position_problems refuses it with the count
    if rest != state.drink_discard:
        out.say(f"Assumed: the other {rest} of the 30 Drink Cards are in the discard pile (the Drink Me! piles, kept "
                f"Drinks and Drinks being drunk hold {drinks_elsewhere(state)}); `set discard N` says otherwise.",
                ed(state, "getting-started"))
        state.drink_discard = rest


def _balance_drinks(state: GameState, given: dict, out: Outcome) -> None:
    """More Drinks on the piles than the count allows came from the Drink Deck (as ordered Drinks do), or from
    the discard pile when the table named the deck; a pile the table named is never changed."""
    if drink_total(state) is None:
        return
    excess = state.drink_deck + state.drink_discard + drinks_elsewhere(state) - DRINK_DECK_SIZE
    for attr, label in (("drink_deck", "Drink Deck"), ("drink_discard", "discard pile")):
        taken = min(excess, getattr(state, attr)) if attr not in given else 0
        if taken > 0:
            setattr(state, attr, getattr(state, attr) - taken)
            excess -= taken
            out.say(f"Assumed: the {taken} extra Drink {'Card' if taken == 1 else 'Cards'} came from the {label}, "
                    f"which now holds {getattr(state, attr)} (30 Drink Cards in all).", ed(state, "getting-started"))


def _round(state: GameState, given: dict, cards, out: Outcome) -> set[str]:
    """A Round of Gambling in progress, as the table sees it (the antes are in). Returns the turn's fields it
    implied, which the rest of the correction keeps (bookkeeping.settle)."""
    cite = ed(state, "gambling")
    names = [p.name for p in state.players]
    if "gambling" in given and given["gambling"].strip().lower() in ("off", "no", "none", "over"):
        return _round_off(state, given, out)
    implied: set[str] = set()
    if state.round is not None and "active" in given and state.round.starter != state.active:
        state.round = None  # `set active NAME gambling ...`: a Round in the new turn, not the old one's
    if state.round is None:
        state.round = Round(starter=state.active, members=state.turn_order_from(state.active), started=True,
                            control=state.active)
        out.say(f"A Round of Gambling in progress, started by {names[state.active]} (the active player); its antes "
                "are in.", cite)
        # A Round starts with an Action ("Gambling? I'm in!", or Otto's Action box): its starter is in the Action
        # phase with the Action played, and once the Round ends moves on to Order a Drink.
        implied = {"phase", "action_done"} - set(given)
        if "phase" in implied:
            state.phase = "action"
        if "action_done" in implied:
            state.action_done = True
        if implied:
            out.say(f"Assumed: {names[state.active]} started it with this turn's Action, in the Action phase; "
                    "`set phase ...` or `set action played no` says otherwise.", cite)
        if state.prizes_inn is not None and "pot_prize" not in given:
            out.say("Assumed: no Prize in the pot; `set gambling prize NAME` puts one there.", variants.PRIZE)
    if "pot_prize" in given:
        _pot_prize(state, given["pot_prize"], cards, out)
    round_ = state.round

    def seats(key: str) -> list[int]:
        return [state.seat(find_player(n, names)) for n in as_list(given[key])]

    if "in" in given:
        still = seats("in")
        round_.left = [s for s in round_.members if s not in still]
    if "left" in given:
        round_.left = sorted(set(round_.left) | set(seats("left")), key=round_.members.index)
    if "control" in given:
        control = seats("control")
        if len(control) != 1:
            raise NotUnderstood("One player is in control of a Round: `set gambling control Kaylin`.")
        round_.control = control[0]
    if "passed" in given:  # the table's word on who passed replaces the goes the referee counted as spent
        round_.passes = seats("passed")
        round_.spent = []
    else:  # a player who left, or took control, is no longer waiting as a passer
        round_.passes = [s for s in round_.passes if s in round_.still_in() and s != round_.control]
        round_.spent = [s for s in round_.spent if s in round_.still_in() and s != round_.control]
    controller = names[round_.control] if round_.control is not None else "nobody"
    out.say(f"Set the Round of Gambling, as at the table: pot {state.pot}, {controller} in control, still in "
            f"{', '.join(names[s] for s in round_.still_in())}; passed since control last changed: "
            f"{', '.join(names[s] for s in round_.passes) or 'nobody'}.", cite)
    problems = round_problems(state)
    if problems:
        raise IllegalPlay(f"That Round is impossible: {problems[0][0]}", (problems[0][1],), hint="Nothing was changed.")
    if "to_act" in given:
        actor = state.seat(find_player(given["to_act"], names))
        if actor not in round_.still_in() or actor == round_.control:
            raise IllegalPlay(f"That Round is impossible: {names[actor]} cannot be the one to act: only a player still "
                              "in the Round, other than the one in control, acts (play that comes back to the player "
                              "in control ends the Round).", (ed(state, "gambling/ending-the-round"),),
                              hint="Nothing was changed.")
        round_.next_actor = actor
    else:
        start = round_.control if round_.control is not None else round_.starter
        waiting = [s for s in gambling.order_after(round_, start) + [start]
                   if s != round_.control and s in round_.still_in() and s not in round_.passes + round_.spent]
        round_.next_actor = waiting[0] if waiting else None
        if waiting:
            out.say(f"Assumed: {names[waiting[0]]} acts next (the first player after {names[start]} in turn order "
                    "who has not passed); `set gambling to act NAME` says otherwise.", cite)
    return implied


def _round_off(state: GameState, given: dict, out: Outcome) -> set[str]:
    """No Round any more: as when a Round ends, its Prize leaves the pot, and a starter whose turn it still is
    moves on to Order a Drink (Ending the Round), unless the same `set` names the phase."""
    round_ = state.round
    report(out, "the Round of Gambling", "none", "one in progress" if round_ else "none", ed(state, "gambling"))
    state.round = None
    if state.pot_prize is not None:
        variants.return_prize(state, out)
    if round_ is None or round_.starter != state.active or "phase" in given or state.phase not in ("discard_draw", "action"):
        return set()
    state.phase = "order"
    out.say(f"Assumed: the Round is over, so normal play resumes and {state.players[state.active].name} moves on to "
            "the Order a Drink phase; `set phase ...` says otherwise.", ed(state, "gambling/ending-the-round"))
    return {"phase"}


def _pot_prize(state: GameState, value: str, cards, out: Outcome) -> None:
    """The Prize in the pot of the Round: taken from the Inn when it is there; `none` puts it back."""
    if state.prizes_inn is None:
        raise IllegalPlay("The Prize variant is not in play.", (variants.PRIZE,))
    found = [card_of_kind(n, cards, "prize").name for n in as_list(value)]
    if len(found) > 1:
        raise NotUnderstood("One Prize goes in the pot of a Round: `set gambling prize NAME`.")
    report(out, "the Prize in the pot", found[0] if found else None, state.pot_prize, variants.PRIZE)
    if state.pot_prize is not None:
        variants.return_prize(state, out)
    if found:
        if found[0] in state.prizes_inn:
            state.prizes_inn.remove(found[0])
        state.pot_prize = found[0]


def position_problems(state: GameState) -> list[tuple[str, str]]:
    """What makes a position impossible by the books, each with the section it breaks."""
    problems = []
    limits = ed(state, "other-rules/minimum-and-maximum")
    for player in state.players:
        if player.automaton:
            continue
        for attr, label in (("fortitude", "Fortitude"), ("alcohol", "Alcohol Content")):
            if not 0 <= getattr(player, attr) <= LIMIT:
                problems.append((f"{player.name}'s {label} stays within 0..20; {getattr(player, attr)} is outside.",
                                 limits))
        if player.gold < 0:
            problems.append((f"{player.name}'s Gold cannot fall below 0.", limits))
        if player.drink_me < 0:
            problems.append((f"{player.name}'s Drink Me! pile cannot hold fewer than 0 cards.", ed(state, "getting-started")))
    if state.pot < 0:
        problems.append(("The pot cannot hold less than 0 Gold.", ed(state, "gambling")))
    if state.phase not in PHASES:
        problems.append((f"There is no {state.phase!r} phase.", ed(state, "on-your-turn")))
    if state.players[state.active].out:
        problems.append((f"{state.players[state.active].name} is out of the game and takes no turn.",
                         ed(state, "losing-the-game")))
    held = state.drink_deck + state.drink_discard + drinks_elsewhere(state)
    if state.drink_deck < 0 or state.drink_discard < 0 or drink_total(state) is not None and held > DRINK_DECK_SIZE:
        problems.append((f"the Drink Deck ({state.drink_deck}), its discard pile ({state.drink_discard}) and the "
                         f"Drinks elsewhere ({drinks_elsewhere(state)}) come to {held} cards; there are 30 Drink Cards.",
                         ed(state, "getting-started")))
    return problems + bookkeeping.problems(state) + characters.position_problems(state)


def round_problems(state: GameState) -> list[tuple[str, str]]:
    """What makes the Round of Gambling in progress impossible by the books, each with the section it breaks."""
    round_ = state.round
    names = [p.name for p in state.players]
    still = round_.still_in()
    if round_.control is not None and round_.control not in still:
        return [(f"{names[round_.control]} has left the Round and cannot be in control of it.",
                 ed(state, "gambling/leaving-a-round"))]
    if len(still) < 2 and round_.started:
        return [("a Round with one player left in it is over: that player wins the pot.",
                 ed(state, "gambling/ending-the-round"))]
    wrong = [names[s] for s in round_.passes if s not in still or s == round_.control]
    if wrong:
        return [(f"{', '.join(wrong)} cannot have passed: only players still in the Round, other than the one in "
                 "control, pass.", ed(state, "gambling"))]
    if round_.started and gambling.everyone_else_done(round_):
        who = (f"so {names[round_.control]} has won the Round and takes the pot" if round_.control is not None
               else "with nobody in control, so the Round is over and its pot has gone to the Inn")
        return [(f"everyone else has passed, {who}.", ed(state, "gambling/ending-the-round"))]
    return []
