"""Apply: one place per effect op, how it applies when its card resolves. Reads the state and the effect;
changes only what that op names (figures, Gold, piles, cards in front) of the players it reaches.

Every op of the typed effect model (referee.core.effect_model) has an `OpRule` here; a test
fails if one is missing. `affects` answers "would this effect directly change that player's
Fortitude, Alcohol Content or Gold?" (both core books, Cards That Affect...), which Ignore and
the "a card that affects you" windows read. Figure changes (gain, lose, pay) run first and are
summed per player, so one card hits each player once and a standing modifier (Wulfric's mood)
adjusts the card as a whole; every other op then runs in the card's order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import partial
from typing import Callable

from referee.core.carddb import Card
from referee.core.effect_model import SPECS, Effect, aimed
from referee.core.ruling import ASK, Outcome
from referee.core.text import count_of
from referee.games.rdi import effects, gambling, in_front, splitting, variants
from referee.games.rdi.effects import (
    ATTR_NAMES, amount_of, clamp_change, ed, flat_effects, move_gold, named, redirected, say_one_book_rule, seats_for,
    stored,
)
from referee.games.rdi.state import GAME, Entry, GameState


@dataclass
class Resolving:
    """One card resolving: what its effects share while they run."""

    state: GameState
    entry: Entry
    card: Card
    out: Outcome
    cards: object  # the card database, for ops that look at another card
    totals: dict = field(default_factory=dict)  # (seat, attr) -> summed change
    negated: Entry | None = None  # the play this card Negated, for a following "play again"
    named_choices: int = 0  # how many of the card's choices made by the players it names have been applied

    @property
    def answered(self) -> Entry | None:
        entry = self.entry
        return self.state.entry(entry.responds_to) if entry.responds_to is not None else None

    @property
    def name(self) -> str:
        return self.state.players[self.entry.player].name

    def source(self, victim: int) -> int:
        """Whose doing a change to ``victim`` is (Otto's tracks; "after another player's card makes you lose
        Fortitude"): the card's player; for an answer a player plays to change what they take, the answered
        card's; for a card in front of a player, the player who put it there."""
        entry, answered = self.entry, self.answered
        if entry.kind == "front":
            return entry.sent_by if entry.sent_by is not None else entry.player
        return answered.player if entry.player == victim and answered is not None else entry.player

    def seats(self, selector, effect: Effect) -> list[int]:
        return seats_for(selector, self.entry, self.state, effect)

    def ignores(self, seat: int, what: str = "it has no effect on them") -> bool:
        if seat in self.entry.ignored_by:
            self.out.say(f"{self.state.players[seat].name} Ignores {self.card.name}: {what}.",
                         ed(self.state, "other-rules/negate-and-ignore"))
            return True
        return False

    def place(self, selector):
        """A payer or payee: a seat, the Inn or the pot."""
        if selector in ("inn", "pot"):
            return selector
        seats = seats_for(selector, self.entry, self.state)
        return seats[0] if seats else "inn"


def affects_nothing(effect: Effect, seat: int, entry: Entry, state: GameState) -> set[str]:
    return set()


@dataclass(frozen=True)
class OpRule:
    apply: Callable[[Resolving, Effect], None]
    affects: Callable[[Effect, int, Entry, GameState], set[str]] = affects_nothing
    figures: bool = False  # runs in the first pass (gain, lose, pay)


# ------------------------------------------------------------------ figures


def _amount(ctx: Resolving, effect: Effect) -> int | None:
    """The effect's amount: printed, or as the table answered it; None (said so) when nobody has."""
    amount = amount_of(ctx.state, ctx.card, effect)
    if amount is None:
        ctx.out.say(f"{ctx.card.name}: the books do not give how much this card makes a player {effect.op} and the "
                    "table has not said (`answer N` when asked); apply it with `set`.")
    return amount


def apply_change(ctx: Resolving, effect: Effect) -> None:
    """gain / lose: Gold moves at once; Fortitude and Alcohol Content are summed per player."""
    amount = _amount(ctx, effect)
    if amount is None:
        return
    state, attr = ctx.state, effect.attr
    for seat in ctx.seats(effect.who, effect):
        if ctx.ignores(seat):
            continue
        if attr == "gold" and effect.op == "gain":
            move_gold(state, ctx.place(effect.from_ or "inn"), seat, amount, ctx.out, ctx.card.name)
        elif attr == "gold":
            move_gold(state, seat, "inn", amount, ctx.out, ctx.card.name)
        else:
            victim = redirected(state, ctx.entry, seat, attr, ctx.out)
            if victim != seat and ctx.ignores(victim):
                continue
            key = (victim, attr)
            ctx.totals[key] = ctx.totals.get(key, 0) + (amount if effect.op == "gain" else -amount)


def affects_change(effect: Effect, seat: int, entry: Entry, state: GameState) -> set[str]:
    hit = set()
    if seat in seats_for(effect.who, entry, state, effect):
        hit.add(effect.attr)
    if effect.op == "gain" and effect.attr == "gold" and seat in seats_for(effect.from_, entry, state):
        hit.add("gold")
    return hit


def apply_pay(ctx: Resolving, effect: Effect) -> None:
    amount = _amount(ctx, effect)
    if amount is None:
        return
    payee = ctx.place(effect.to or "inn")
    for seat in ctx.seats(effect.who, effect):
        if not ctx.ignores(seat, "they pay nothing"):
            move_gold(ctx.state, seat, payee, amount, ctx.out, ctx.card.name)


def affects_pay(effect: Effect, seat: int, entry: Entry, state: GameState) -> set[str]:
    payers = seats_for(effect.who, entry, state, effect)
    payees = seats_for(effect.to, entry, state, effect)
    return {"gold"} if seat in payers or seat in payees else set()


def settle(ctx: Resolving) -> None:
    """Apply the summed Fortitude and Alcohol Content changes, one attack per player."""
    from referee.games.rdi import standing
    from referee.games.rdi.characters import takes_change

    state, entry, out = ctx.state, ctx.entry, ctx.out
    for (victim, attr), change in ctx.totals.items():
        before = change
        change = _answered_and_standing(ctx, victim, attr, change)
        modified = change != before and not _reductions_for(ctx, victim, attr)
        if takes_change(state, victim, ctx.source(victim), attr, change, ctx.card.name, out, modified):
            continue
        if change:
            clamp_change(state, victim, attr, change, out, ctx.card.name)
            standing.after_change(state, victim, attr, change, out)
        if attr == "fortitude" and change < 0:
            # The loss keeps its original source, even when redirected.
            state.recent_hits.append([victim, entry.player if entry.kind != "front" else ctx.source(victim)])


def _answered_and_standing(ctx: Resolving, victim: int, attr: str, change: int) -> int:
    """What ``victim`` takes after the answers that reduced or increased it and the standing modifiers
    (Wulfric's moods, a card in front of them). Where both meet on one change the books are silent on the
    order: the house rule `reduction-order` says it, and the ruling says which is followed."""
    from copy import copy

    from referee.games.rdi import house
    from referee.games.rdi.standing import adjust_change

    state, entry, out = ctx.state, ctx.entry, ctx.out
    if not _reductions_for(ctx, victim, attr):
        return adjust_change(state, victim, attr, change, entry, out)
    # A probe on copies: a standing modifier may change its state (Bitey marks the card, a `once` card leaves).
    probe = adjust_change(state.copy(), victim, attr, change, copy(entry), Outcome())
    if probe != change:  # a standing modifier would change this too
        if house.say(state, house.REDUCTION_ORDER, out) == "modifiers-first":
            return _reduced(ctx, victim, attr, adjust_change(state, victim, attr, change, entry, out))
        reduced = _reduced(ctx, victim, attr, change)
        after = adjust_change(state, victim, attr, reduced, entry, out)
        if not reduced:
            out.say(f"Nothing is left of {state.players[victim].name}'s {ATTR_NAMES[attr]} change for a standing "
                    "modifier to change.")
        return after
    return _reduced(ctx, victim, attr, change)


def _reductions_for(ctx: Resolving, victim: int, attr: str) -> list:
    return [r for r in ctx.entry.reductions if r[0] == victim and r[1] == attr]


def _reduced(ctx: Resolving, victim: int, attr: str, change: int) -> int:
    """The answers that make ``victim``'s change smaller (toward 0, never past it) or larger (RDI 3,
    Reduction Effects): only that player's share changes."""
    for _, _, by in _reductions_for(ctx, victim, attr):
        if not change:
            break
        before = change
        if by > 0:
            change = max(0, change - by) if change > 0 else min(0, change + by)
        else:
            change = change - by if change > 0 else change + by
        verb = "reduced" if by > 0 else "increased"
        ctx.out.say(f"{ctx.state.players[victim].name}'s {ATTR_NAMES[attr]} change from {ctx.card.name} is {verb} "
                    f"by {abs(by)}: {abs(before)} → {abs(change)}.", "rdi3/other-rules/reduction-effects")
    return change


# ------------------------------------------------------------------ answering other plays


def apply_negate(ctx: Resolving, effect: Effect) -> None:
    state, target, out = ctx.state, ctx.answered, ctx.out
    if target is None:
        _gone(ctx)
        return
    if effect.what == ("gear",):
        gear = [g for g in target.gears if not g.get("negated")][-1]
        gear["negated"] = True
        out.say(f"The Gear Card {gear['name']} is Negated: {target.name} takes effect without it.",
                "rdi3/appendix-a/wizgille/devices-and-gear")
        return
    ctx.negated = target
    name = named(state, target, ctx.entry)
    state.chain.remove(target)
    if target.kind == "front":
        in_front.negated(state, target, out)
        return
    if state.round is not None and not state.round.started and target.player == state.round.starter \
            and gambling.starts_round(ctx.cards.by_id.get(target.card_id)):
        state.round = None
        out.say("The Round of Gambling never starts: nobody antes.", ed(state, "gambling"))
        variants.return_prize(state, out)
    if target.kind == "drink":
        state.drink_discard += len(target.parts)
    elif target.kind == "event":
        state.drink_discard += 1
    from referee.games.rdi.characters import after_negated, tracks

    out.say(f"{name} is Negated: it goes to its discard pile and none of its effects happen"
            + (" (so no Piety changes)." if target.kind == "card" and "piety" in tracks(state.players[target.player])
               else "."),
            ed(state, "other-rules/negate-and-ignore"))
    after_negated(state, target, ctx.cards.by_id.get(target.card_id) if target.card_id else None, out)
    # the card itself says what happens next (the temporal dilation card's option grants a replacement play)
    replaced = any(e.op == "play_again" for e in flat_effects(ctx.card, ctx.entry, state))
    if target.card_type in ("gambling", "cheating") and state.round is not None and not replaced:
        gambling.after_negated_play(state, target.player, out)


def apply_ignore(ctx: Resolving, effect: Effect) -> None:
    target = ctx.answered
    if target is None:
        _gone(ctx)
        return
    target.ignored_by.append(ctx.entry.player)
    ctx.out.say(f"{ctx.name} will Ignore {named(ctx.state, target, ctx.entry)}: it resolves normally but has no effect "
                "on them; it still affects everyone else.", ed(ctx.state, "other-rules/negate-and-ignore"))


def apply_reduce(ctx: Resolving, effect: Effect) -> None:
    """reduce / increase: what the answered card or Drink does to the named player (the card's player unless
    it names another) becomes smaller or larger; everyone else takes it in full (RDI 3, Reduction Effects)."""
    target = ctx.answered
    if target is None:
        _gone(ctx)
        return
    by = effect.by if effect.op == "reduce" else -effect.by
    seats = ctx.seats(effect.who or "self", effect)
    if target.kind == "drink" and effect.attr == "alcohol" and by > 0 and seats == [target.drinker]:
        if target.alcohol is not None:
            before = target.alcohol
            target.alcohol = max(0, before - by)
            ctx.out.say(f"{target.name} now gives {ctx.state.players[target.drinker].name} {target.alcohol} Alcohol "
                        f"Content ({before} reduced by {by}, never below 0).", "rdi3/other-rules/reduction-effects")
        return
    for seat in seats:
        target.reductions.append([seat, effect.attr, by])
        name = ctx.state.players[seat].name
        change = (f"reduced by {by} (never below 0)" if by > 0 else f"increased by {-by}")
        say_one_book_rule(ctx.state, ctx.out, f"What {named(ctx.state, target, ctx.entry)} does to {name}'s "
                          f"{ATTR_NAMES[effect.attr]} is {change}; other players take it in full.",
                          "rdi3/other-rules/reduction-effects")


def apply_redirect(ctx: Resolving, effect: Effect) -> None:
    state, target, entry = ctx.state, ctx.answered, ctx.entry
    if target is None or entry.target is None:
        _gone(ctx)
        return
    target.redirects.append([entry.player, entry.target])
    say_one_book_rule(state, ctx.out, f"{ctx.name} redirects the Fortitude loss to {state.players[entry.target].name}; "
                      "only the Fortitude loss moves, and it keeps its original source.",
                      "rdi3/other-rules/redirecting-damage")


def _gone(ctx: Resolving) -> None:
    ctx.out.say(f"What {ctx.card.name} answered has already left the chain: it has nothing left to do.")


# ------------------------------------------------------------------ Drinks


def apply_alter_drink(ctx: Resolving, effect: Effect) -> None:
    target, out = ctx.answered, ctx.out
    if target is None or target.kind != "drink":
        _gone(ctx)
        return
    change = effect.alcohol
    if not isinstance(change, int):
        out.say(f"The books do not give how much {ctx.card.name} changes the Drink; the table corrects it with `set`.")
        return
    if target.counted is not None:
        target.counted += change
    if target.alcohol is not None:
        before = target.alcohol
        target.alcohol = before + change
        if before > 0 > target.alcohol:
            target.alcohol = 0
            say_one_book_rule(ctx.state, out, "A reduction cannot take a positive effect below 0.",
                              "rdi3/other-rules/reduction-effects")
        out.say(f"{target.name} now has {target.alcohol} Alcohol Content ({before} {change:+d}).")


def apply_pass_drink(ctx: Resolving, effect: Effect) -> None:
    target, entry, state = ctx.answered, ctx.entry, ctx.state
    if target is None or target.kind != "drink" or entry.target is None:
        _gone(ctx)
        return
    target.drinker = entry.target
    target.sent_by = entry.player
    ctx.out.say(f"{target.name} is passed to {state.players[entry.target].name}, who will drink it.",
                ed(state, "other-rules/splitting-drinks"))


def apply_split_drink(ctx: Resolving, effect: Effect) -> None:
    target = ctx.answered
    if target is None or target.kind != "drink":
        _gone(ctx)
        return
    partner = ctx.entry.target if (effect.with_ or "chosen") != "none" else None
    splitting.split(ctx.state, target, partner, effect.rounding or "up", ctx.out, f"{ctx.name} splits the Drink",
                    by=ctx.entry.player)


def apply_drink(ctx: Resolving, effect: Effect) -> None:
    from referee.games.rdi.characters import made_to_drink

    state, out = ctx.state, ctx.out
    times = amount_of(state, ctx.card, effect)
    if times is None:
        times = 1
        out.say(f"The books do not give how many Drinks {ctx.card.name} makes a player drink and the table has "
                "not said: the referee takes 1 (correct it with more `reveals` or `set`).")
    for seat in ctx.seats(effect.who, effect):
        if seat in ctx.entry.ignored_by:
            continue
        name = state.players[seat].name
        if made_to_drink(state, seat, ctx.entry.player, times, ctx.name, out):  # no Drink Me! pile (Otto)
            continue
        if state.players[seat].drink_me == 0:
            each = "" if times == 1 else f" for each of the {times} Drinks owed"
            out.say(f"{name} must drink, but their Drink Me! pile is empty: they sober up by 1{each}.",
                    ed(state, "on-your-turn/drink"))
            clamp_change(state, seat, "alcohol", -times, out, "sobering up")
        else:
            state.must_drink += [seat] * times
            out.verdict, out.code = ASK, "ask-reveal"
            out.say(f"{name} must drink {count_of(times, 'Drink')} from the top of their Drink Me! pile now, "
                    f"one at a time: `{name} reveals CARD`.", ed(state, "on-your-turn/drink"))


def apply_order_drinks(ctx: Resolving, effect: Effect) -> None:
    count = effect.count if isinstance(effect.count, int) else 1
    ctx.state.extra_orders += count
    say_one_book_rule(ctx.state, ctx.out, f"{ctx.name} may order {count_of(count, 'additional Drink')} now, onto any "
                      f"other players' piles (`{ctx.name} orders a drink for NAME`). Ordering cannot be Ignored; the "
                      "card's other effects can.", "rdi3/more-drink-rules/ordering-drinks-and-ignore-effects",
                      ed(ctx.state, "more-drink-rules/ordering-additional-drinks"))


def apply_redraw_drink(ctx: Resolving, effect: Effect) -> None:
    state, out, negated = ctx.state, ctx.out, ctx.negated
    if negated is None:
        return
    seat = negated.drinker if negated.drinker is not None else negated.player
    name = state.players[seat].name
    if state.players[seat].drink_me == 0:
        out.say(f"{name} takes another Drink from the same pile, but it is empty: {name} sobers up by 1.",
                "rdi3/appendix-a/wizgille/temporal-dilation", "rdi3/appendix-a/wizgille/example-4")
        clamp_change(state, seat, "alcohol", -1, out, "sobering up")
    else:
        state.must_drink.append(seat)
        out.verdict, out.code = ASK, "ask-reveal"
        out.say(f"{name} takes another Drink from the same pile: `{name} reveals CARD`.",
                "rdi3/appendix-a/wizgille/temporal-dilation")


# ------------------------------------------------------------------ cards and hands


def apply_draw(ctx: Resolving, effect: Effect) -> None:
    for seat in ctx.seats(effect.who, effect):
        ctx.out.say(f"{ctx.state.players[seat].name} draws {count_of(effect.count or 1, 'card')} from their Character "
                    f"Deck, for {ctx.card.name}.")


def apply_discard(ctx: Resolving, effect: Effect) -> None:
    count = effect.count or 1
    at_random = " at random" if effect.random else ""
    source = f"the Gear Card of {ctx.card.name}" if effect.aim is not None else ctx.card.name
    from referee.games.rdi.characters import asked_to_discard

    section = "rdi3/appendix-a/wizgille/devices-and-gear" if effect.aim is not None else ""
    for seat in ctx.seats(effect.who, effect):
        if asked_to_discard(ctx.state, seat, source, ctx.out):
            continue
        name = ctx.state.players[seat].name
        ctx.state.owed_discards.append({"seat": seat, "count": count, "random": bool(effect.random), "source": source,
                                        "section": section})
        ctx.out.say(f"{name} discards {count_of(count, 'card')}{at_random} from their hand, for {source}; the referee "
                    f"does not see hands, so the table does it (`{name} discards {count}{at_random}`).",
                    *((section,) if section else ()))


def apply_play_again(ctx: Resolving, effect: Effect) -> None:
    state, negated = ctx.state, ctx.negated
    if negated is None:
        return
    name = state.players[negated.player].name
    if negated.card_type == "action" and negated.player == state.active:
        state.action_done = False
        ctx.out.say(f"{name} may play another Action Card.", "rdi3/appendix-a/wizgille/temporal-dilation")
    elif negated.card_type in ("gambling", "cheating") and state.round is not None:
        state.round.next_actor = negated.player
        ctx.out.say(f"{name} gets to replace it with another Gambling or Cheating Card; playing none counts as passing.",
                    "rdi3/appendix-a/wizgille/temporal-dilation")


def apply_character_op(ctx: Resolving, effect: Effect) -> None:
    """An op only a character has (Roxana's Cutting Board, Otto's Debuffs), applied by that character's module."""
    from referee.games.rdi.characters import apply_op

    apply_op(ctx.state, ctx.entry, ctx.card, effect, ctx.out)


def apply_unmodelled(ctx: Resolving, effect: Effect) -> None:
    ctx.out.say(f"{ctx.card.name}: {effect.says} The referee does not apply this itself; the table corrects the "
                "figures with `set`.")


def unfolded(ctx: Resolving, effect: Effect) -> None:
    """by_piety, and a choose-one the card's player makes, never reach here: `flat_effects` replaces them
    with the Piety band in force or the chosen option before the card resolves."""


def apply_chooser_choice(ctx: Resolving, effect: Effect) -> None:
    """A choose-one that players the card names make: each chooser's option is aimed at that chooser. A
    person's option is the one they declared before the card resolved (choices.py); Otto's is settled by
    his rule now."""
    if effect.by is None:
        return unfolded(ctx, effect)
    from referee.games.rdi import choices
    from referee.games.rdi.characters import rule_option

    number, ctx.named_choices = ctx.named_choices, ctx.named_choices + 1
    describe = partial(choices.option_words, card_player=ctx.name)
    own_words = () if ctx.card.book == "table" else ctx.card.cites  # a taught card's wording is in no book
    choosers = ctx.seats(effect.by, effect)
    if not choosers:
        from referee.games.rdi.phrases import SUBJECTS

        who = SUBJECTS.get(effect.by, (effect.by.replace("_", " "),))[0]
        ctx.out.say(f"{ctx.card.name}: nobody here is {who}, so nobody makes its choice.", *own_words)
    for seat in choosers:
        player = ctx.state.players[seat]
        if ctx.ignores(seat):
            continue
        if player.automaton:
            option = rule_option(ctx.state, seat, effect.options, describe, ctx.out)
        else:
            index = choices.made(ctx.entry, number, seat)
            option = effect.options[index] if index is not None else None
            if option is None:  # a choice inside another chooser's option: nobody was asked it
                ctx.out.say(f"{ctx.card.name}: {player.name} chooses one: {' or '.join(map(describe, effect.options))}; "
                            "the referee was not told which, so none of it is applied here.", *own_words)
                continue
            ctx.out.say(f"{player.name} takes {describe(option)}, as they chose.")
        if option is not None:
            resolve_effects(replace(ctx, totals={}), [aimed(e, (seat,)) for e in option.effects])


def affects_chooser_choice(effect: Effect, seat: int, entry: Entry, state: GameState) -> set[str]:
    if effect.by is None or seat not in seats_for(effect.by, entry, state, effect):
        return set()
    return {attr for option in effect.options for e in option.effects
            for attr in OPS[e.op].affects(aimed(e, (seat,)), seat, entry, state)}


def apply_standing(ctx: Resolving, effect: Effect) -> None:
    """modify / forbid / stop_device / add_numeric are worked out where they live: a card in front of a player
    (inside its `in_front`, in_front.py), Wulfric's mood, a Debuff token, a Gear Card on its Device. On any other
    card (one the table taught, say) the referee says it leaves the effect to the table."""
    from referee.games.rdi.phrases import write_clause

    ctx.out.say(f"{ctx.card.name}: the referee does not apply `{write_clause(effect)}` from a card played like this; "
                "the table applies it and corrects the figures with `set`.")


def apply_in_front(ctx: Resolving, effect: Effect) -> None:
    """The card stays in front of the player ``who`` names (its player by default), unless they Ignore it."""
    for seat in ctx.seats(effect.who or "self", effect):
        if not ctx.ignores(seat, "it is not put in front of them"):
            in_front.place(ctx.state, seat, ctx.card, effect, ctx.out, played_by=ctx.entry.player,
                           target=ctx.entry.target, jinxed=ctx.entry.jinxed)


def apply_piety(ctx: Resolving, effect: Effect) -> None:
    from referee.games.rdi.characters import move_track

    move_track(ctx.state, ctx.entry.player, "piety", effect.by, ctx.card.name, ctx.out)


def apply_gambling(ctx: Resolving, effect: Effect) -> None:
    gambling.resolve_op(ctx.state, ctx.entry, ctx.card, effect, ctx.out)


OPS: dict[str, OpRule] = {
    "gain": OpRule(apply_change, affects_change, figures=True),
    "lose": OpRule(apply_change, affects_change, figures=True),
    "pay": OpRule(apply_pay, affects_pay, figures=True),
    "negate": OpRule(apply_negate),
    "ignore": OpRule(apply_ignore),
    "reduce": OpRule(apply_reduce),
    "increase": OpRule(apply_reduce),
    "redirect": OpRule(apply_redirect),
    "alter_drink": OpRule(apply_alter_drink),
    "pass_drink": OpRule(apply_pass_drink),
    "split_drink": OpRule(apply_split_drink),
    "drink": OpRule(apply_drink),
    "order_drinks": OpRule(apply_order_drinks),
    "redraw_drink": OpRule(apply_redraw_drink),
    "draw": OpRule(apply_draw),
    "discard": OpRule(apply_discard),
    "play_again": OpRule(apply_play_again),
    "debuff": OpRule(apply_character_op),
    "cutting_board": OpRule(apply_character_op),
    "unmodelled": OpRule(apply_unmodelled),
    **{op: OpRule(apply_gambling) for op in gambling.GAMBLING_OPS},
    "piety": OpRule(apply_piety),
    "choose_one": OpRule(apply_chooser_choice, affects_chooser_choice),
    "by_piety": OpRule(unfolded),
    **{op: OpRule(apply_standing) for op in ("modify", "forbid", "stop_device", "add_numeric")},
    # Putting a card in front of a player changes no figure when it takes effect (Cards That Affect...): what
    # it does later is a pending play of its own, with its own answers.
    "in_front": OpRule(apply_in_front),
}


def resolve_effects(ctx: Resolving, effects) -> None:
    """Carry out a resolving card's effects: figures first (summed per player), then the rest in order."""
    for effect in effects:
        if OPS[effect.op].figures:
            OPS[effect.op].apply(ctx, effect)
    settle(ctx)
    for effect in effects:
        if not OPS[effect.op].figures:
            OPS[effect.op].apply(ctx, effect)


effects.OP_AFFECTS.update((op, rule.affects) for op, rule in OPS.items())  # asked by effects.affected_attrs


def resolve_in_front(state: GameState, entry: Entry, cards, out: Outcome) -> None:
    """A card in front of a player acting: its effects take effect as any card's do; a `once` card is then
    discarded (in_front.py)."""
    card = in_front.card_of_entry(entry, cards)
    out.say(f"{entry.name}, in front of {state.players[entry.player].name}, resolves.", ed(state, "other-rules/timing"))
    resolve_effects(Resolving(state, entry, card, out, cards), list(stored(entry.inline)))
    in_front.after_acting(state, entry, out)


def missing_ops() -> set[str]:
    return set(SPECS[GAME]) - set(OPS)

