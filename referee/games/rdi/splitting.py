"""Split, passed and copied Drinks ("Splitting Drinks", "Mead", "Round on the House", both core books).

A split makes separate, independent Drinks: like numeric effects of the Drink and
its Chasers are combined, then halved rounding up (Baron von Vlazlo's card: with
no one, rounding down). A card that changes a Drink afterwards changes only one
half. Mead (and, in Gambling? I'm In!, Fermented Orc Sweat and Sauvignon Blech)
has a built-in split: a first chance to change it, then its revealer may choose a
partner, then a chance to change each half; not when it came from a Drink Event
or as a Chaser. Round on the House gives every player a separate copy at once,
with no chance to change the Drink before it is copied.
"""

from __future__ import annotations

from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi.effects import ed
from referee.games.rdi import characters
from referee.games.rdi.state import Entry, GameState


def _half(value: int, rounding: str) -> int:
    size = abs(value)
    halved = (size + 1) // 2 if rounding == "up" else size // 2
    return halved if value >= 0 else -halved


def _halved(effect: dict, rounding: str) -> dict:
    """A Drink's other numeric effect halved with it (like numeric effects split, both books)."""
    for key in ("amount", "count"):
        if isinstance(effect.get(key), int):
            return {**effect, key: _half(effect[key], rounding)}
    return dict(effect)


def split(state: GameState, drink: Entry, partner: int | None, rounding: str, out: Outcome, why: str,
          by: int | None = None) -> None:
    """Halve the Drink; the partner's half was given by ``by`` (the splitting player)."""
    if drink.counted is None:
        drink.counted = drink.alcohol  # splitting does not change what counts in a Drinking Contest
    before = drink.alcohol
    drink.alcohol = None if before is None else _half(before, rounding)
    drink.fortitude = _half(drink.fortitude, rounding)
    drink.draw = _half(drink.draw, rounding)
    drink.extras = [_halved(e, rounding) for e in drink.extras]
    drink.group = drink.group or f"split:{drink.uid}"
    owner = state.players[drink.drinker].name
    if partner is None:
        out.say(f"{why}: {drink.name} is split with no one and rounded down: {owner} keeps {drink.alcohol} Alcohol "
                "Content; the other half simply goes away.", "gii/other-rules/splitting-drinks/baron-von-vlazlo")
        return
    half = Entry(uid=state.next_uid, kind="drink", player=drink.player, name=f"{drink.name} (half)",
                 card_id=drink.card_id, card_type=drink.card_type, drinker=partner, source=drink.source,
                 alcohol=drink.alcohol, fortitude=drink.fortitude, draw=drink.draw, drawn_for=list(drink.drawn_for),
                 extras=[dict(e) for e in drink.extras], group=drink.group, copy_of=drink.uid, sent_by=by)
    state.next_uid += 1
    state.chain.insert(state.chain.index(drink) + 1, half)
    out.say(f"{why}: {drink.name} becomes two independent Drinks of {drink.alcohol} Alcohol Content each ({before} "
            f"halved, rounded {rounding}), one for {owner} and one for {state.players[partner].name}. A card that "
            "changes a Drink now changes only one of them.", ed(state, "other-rules/splitting-drinks"))
    characters.joined_chain(state, half, None, out)


def offer_builtin_split(state: GameState, drink: Entry, card, out: Outcome) -> bool:
    """Mead and the like, revealed as a player's own Drink: after the first chance to change it,
    the revealer may split it. Returns True when the offer is made now."""
    if drink.offered or drink.group is not None or drink.copy_of is not None or not card.get("builtin_split"):
        return False
    if drink.parts[0] != card.name:
        return False  # came as a Chaser: no split
    drink.offered = True
    name = state.players[drink.drinker].name
    if characters.offered_split(state, drink.drinker, drink, out):  # the drinker's rule declines it (Otto)
        return False
    section = "other-rules/mead" if state.rules == "rdi3" else "other-rules/mead-and-similar-drinks"
    out.say(f"{drink.name} has a built-in split: {name} may now split it with another player "
            f"(`{name} splits with NAME`), or `resolve` to drink it whole.", f"{state.rules}/{section}")
    return True


def builtin_split(state: GameState, seat: int, partner: int, out: Outcome) -> None:
    top = state.top
    if top is None or top.kind != "drink" or not top.offered or top.drinker != seat:
        raise IllegalPlay(f"{state.players[seat].name} has no Drink with a built-in split waiting to be split.",
                          (ed(state, "other-rules/splitting-drinks"),))
    if partner == seat or state.players[partner].out:
        raise IllegalPlay("Split it with another player who is still in the game.", (ed(state, "other-rules/splitting-drinks"),))
    split(state, top, partner, "up", out, f"{state.players[seat].name} splits {top.name}", by=seat)
    out.say("Players may now change either half; `resolve` when nobody does, and both are drunk.",
            ed(state, "other-rules/timing"))


def copy_for_everyone(state: GameState, drink: Entry, out: Outcome) -> None:
    """Round on the House: each player at once gets an independent copy of the revealed Drink."""
    drink.group = f"copies:{drink.uid}"
    index = state.chain.index(drink)
    seats = [s for s in state.turn_order_from(drink.drinker) if s != drink.drinker]
    for offset, seat in enumerate(seats, 1):
        copy = Entry(uid=state.next_uid, kind="drink", player=drink.player, name=f"{drink.name} (copy)",
                     card_id=drink.card_id, card_type=drink.card_type, drinker=seat, source=drink.source,
                     alcohol=drink.alcohol, fortitude=drink.fortitude, draw=drink.draw, drawn_for=list(drink.drawn_for),
                     extras=[dict(e) for e in drink.extras], group=drink.group, copy_of=drink.uid)
        state.next_uid += 1
        state.chain.insert(index + offset, copy)
    out.say(f"Every player gets a separate, independent copy of {drink.name} at once (no chance to change it before "
            "copying); each copy may now be changed on its own. `resolve` and everyone drinks.",
            ed(state, "other-rules/round-on-the-house"))


def group_of(state: GameState, entry: Entry) -> list[Entry]:
    return [e for e in state.chain if entry.group is not None and e.group == entry.group]
