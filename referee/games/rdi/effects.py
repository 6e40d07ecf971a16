"""Card effects as data: who a card affects, and carrying out gains, losses and payments.

"Affects your Fortitude, Alcohol Content or Gold" means the card would directly
change that figure when it takes effect, even if the figure is already at its
limit (both core books, "Cards That Affect..."). Numbers clamp to 0..20 and Gold
to 0 and up, and a card still does as much as it can ("Minimum and Maximum").
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import Outcome
from referee.games.rdi.state import LIMIT, Entry, GameState

ATTR_NAMES = {"fortitude": "Fortitude", "alcohol": "Alcohol Content", "gold": "Gold"}


def ed(state: GameState, path: str) -> str:
    """The section id of ``path`` in the edition the table chose."""
    return f"{state.rules}/{path}"


def both(state: GameState, path: str, other_path: str | None = None) -> tuple[str, str]:
    """A rule the two core books give differently: the chosen edition's section first, then the other's."""
    other = "gii" if state.rules == "rdi3" else "rdi3"
    return f"{state.rules}/{path}", f"{other}/{other_path or path}"


BOOK_NAMES = {"rdi3": "RDI 3", "gii": "Gambling? I'm In!"}


def one_book_rule(state: GameState, section: str) -> tuple[str, tuple[str, ...]]:
    """A rule only one core book states: the sentence that says so under either edition, and the cites
    (the deciding section; under the other edition, also the nearest section of the chosen book, which is
    silent on it)."""
    from referee.core.citations import known

    book, path = section.split("/", 1)
    other = "gii" if book == "rdi3" else "rdi3"
    if book == state.rules:
        return f"{BOOK_NAMES[other]} has no such rule.", (section,)
    parts = path.split("/")
    silent = next((f"{state.rules}/{'/'.join(parts[:n])}" for n in range(len(parts), 0, -1)
                   if known(f"{state.rules}/{'/'.join(parts[:n])}")), None)
    text = (f"Only {BOOK_NAMES[book]} states this rule; {BOOK_NAMES[state.rules]} is silent on it, so the "
            f"referee follows {BOOK_NAMES[book]}.")
    return text, (section,) + ((silent,) if silent else ())


def say_one_book_rule(state: GameState, out: Outcome, text: str, section: str, *more: str) -> None:
    """A step that rests on a rule only one core book states, saying so under either edition."""
    note, cites = one_book_rule(state, section)
    out.say(f"{text} {note}", *more, *cites)


def amount_key(card: Card, effect: dict) -> str:
    """Where the table's answer for an amount the books do not print is remembered (state.answers)."""
    op = effect.get("op")
    return f"{card.id}:{op}:{effect.get('attr', 'gold' if op == 'pay' else 'count')}"


def amount_of(state: GameState, card: Card, effect: dict) -> int | None:
    """An effect's amount: as printed, else as the table answered it, else None (unknown)."""
    amount = effect.get("count") if effect.get("op") == "drink" else effect.get("amount")
    return amount if isinstance(amount, int) else state.answers.get(amount_key(card, effect))


def piety_band_effects(effect: dict, piety: int | None) -> list[dict]:
    for band in effect.get("bands") or []:
        low, high = sorted((band.get("from", 1), band.get("to", band.get("from", 8))))
        if piety is not None and low <= piety <= high:
            return list(band.get("effects") or [])
    return []


def active_gears(entry: Entry) -> list[dict]:
    return [g for g in entry.gears if not g.get("negated")]


def device_stopped(entry: Entry) -> bool:
    """A Gear Card that stops its Device leaves only the Gear's own effects (RDI 3, Appendix A)."""
    return any(e.get("op") == "stop_device" for g in active_gears(entry) for e in g["effects"])


def _plus(effect: dict, bonus: int) -> dict:
    if bonus and effect.get("op") in ("gain", "lose", "pay") and isinstance(effect.get("amount"), int):
        return {**effect, "amount": effect["amount"] + bonus}
    return effect


def flat_effects(card: Card, entry: Entry, state: GameState) -> list[dict]:
    """The card's effects as they stand now: the chosen option, the Piety band in force, and for a
    Device its Gear Cards (each Gear effect with its own target, `_target`)."""
    out: list[dict] = []

    def walk(effects: list) -> None:
        for effect in effects:
            if not isinstance(effect, dict):
                continue
            op = effect.get("op")
            if op == "choose_one":
                options = effect.get("options") or []
                chosen = options[entry.option] if entry.option is not None and entry.option < len(options) else None
                picks = [chosen] if chosen is not None else options
                for option in picks:
                    walk(option.get("effects", []) if isinstance(option, dict) else option)
            elif op == "by_piety":
                walk(piety_band_effects(effect, state.players[entry.player].piety))
            else:
                out.append(effect)

    if not device_stopped(entry):
        walk(card.effects + entry.inline)
    gear_effects = []
    for gear in active_gears(entry):
        gear_effects += [{**e, "_target": gear.get("target")} for e in gear["effects"]
                         if isinstance(e, dict) and e.get("op") not in ("stop_device", "add_numeric")]
    bonus = sum(e.get("amount", 0) for g in active_gears(entry) for e in g["effects"]
                if isinstance(e, dict) and e.get("op") == "add_numeric" and isinstance(e.get("amount"), int))
    effects = [_plus(e, bonus) for e in out + gear_effects]
    if entry.jinxed:
        # Power Jinx: every numeral on the Action Card is 1 lower, not below 0 (Smorgasbox).
        effects = [{**e, "amount": max(0, e["amount"] - 1)} if isinstance(e.get("amount"), int) else e for e in effects]
    return effects


def seats_for(selector: str | None, entry: Entry, state: GameState, effect: dict | None = None) -> list[int]:
    """Which seats a selector names, for this entry (a Gear effect brings its own target)."""
    players = state.in_game()
    if effect is not None and "_target" in effect and selector in ("chosen", "target"):
        chosen = effect["_target"]
        return list(chosen) if isinstance(chosen, list) else ([chosen] if chosen is not None else [])
    if selector in ("self", "card_player", "revealer"):
        return [entry.player]
    if selector == "target":
        return [entry.target] if entry.target is not None else []
    if selector == "each_other":
        return [s for s in state.turn_order_from(entry.player) if s != entry.player]
    if selector == "each_player":
        return state.turn_order_from(entry.player)
    if selector == "attacker":
        answered = state.entry(entry.responds_to) if entry.responds_to is not None else None
        if answered is not None:
            return [answered.player]
        return [entry.attacker] if entry.attacker is not None else []
    if selector == "chosen":
        return [entry.target] if entry.target is not None else []
    if selector == "seats" and effect is not None:
        return list(effect.get("_seats") or [])
    if selector == "otto_tracks":
        return [entry.player]
    if selector == "drinker":
        return [entry.drinker] if entry.drinker is not None else []
    return [s for s in players if False]


def affected_attrs(state: GameState, entry: Entry, seat: int, card: Card | None) -> set[str]:
    """The figures of ``seat`` this pending play would directly change when it takes effect."""
    if seat in entry.ignored_by:
        return set()
    if entry.kind == "drink":
        if entry.drinker != seat:
            return set()
        attrs = {"alcohol"} if (entry.alcohol or 0) != 0 or entry.alcohol is None else set()
        if entry.fortitude:
            attrs.add("fortitude")
        return attrs
    if card is None:
        return set()
    attrs: set[str] = set()
    for effect in flat_effects(card, entry, state):
        op = effect.get("op")
        if op in ("gain", "lose") and seat in seats_for(effect.get("who"), entry, state, effect):
            attrs.add(effect.get("attr", ""))
        if op == "gain" and effect.get("attr") == "gold" and seat in seats_for(effect.get("from"), entry, state):
            attrs.add("gold")
        if op == "pay":
            if seat in seats_for(effect.get("who"), entry, state, effect) or seat in seats_for(effect.get("to"), entry, state, effect):
                attrs.add("gold")
    return {a for a in attrs if a in ATTR_NAMES}


def clamp_change(state: GameState, seat: int, attr: str, change: int, out: Outcome, why: str) -> int:
    """Change one figure within its limits; returns how much really changed, and says so."""
    player = state.players[seat]
    before = getattr(player, attr)
    high = None if attr == "gold" else LIMIT
    after = max(0, before + change)
    if high is not None:
        after = min(high, after)
    setattr(player, attr, after)
    name = ATTR_NAMES[attr]
    verb = "gains" if change > 0 else "loses"
    text = f"{player.name} {verb} {abs(change)} {name} ({why}): {before} → {after}."
    if after - before != change:
        text += f" Limited by the 0..{high if high else '∞'} range: the rest has no effect."
        out.say(text, ed(state, "other-rules/minimum-and-maximum"))
    else:
        out.say(text)
    return after - before


def move_gold(state: GameState, payer: int | str, payee: int | str, amount: int, out: Outcome, why: str) -> int:
    """Move Gold between a seat, "inn" and "pot". Gold is only moved, never made or lost.
    A player pays what they have; the Inn never runs short (the books say to use markers)."""
    if amount <= 0:
        return 0
    # Otto has no Gold: he pays from the Inn, and Gold paid to him goes to the Inn.
    if isinstance(payer, int) and state.players[payer].automaton:
        payer = "inn"
    if isinstance(payee, int) and state.players[payee].automaton:
        payee = "inn"
    if isinstance(payer, int):
        paid = min(amount, state.players[payer].gold)
        state.players[payer].gold -= paid
        payer_name = state.players[payer].name
    else:
        paid = amount
        if payer == "inn":
            state.inn -= paid
        else:
            paid = min(amount, state.pot)
            state.pot -= paid
        payer_name = "the Inn" if payer == "inn" else "the pot"
    if isinstance(payee, int):
        state.players[payee].gold += paid
        payee_name = state.players[payee].name
    elif payee == "inn":
        state.inn += paid
        payee_name = "the Inn"
    else:
        state.pot += paid
        payee_name = "the pot"
    text = f"{payer_name} pays {paid} Gold to {payee_name} ({why})."
    if paid < amount:
        text += f" Only {paid} of {amount}: Gold never goes below 0."
        out.say(text, ed(state, "other-rules/minimum-and-maximum"))
    else:
        out.say(text)
    return paid


def _place(selector, entry: Entry, state: GameState):
    if selector in ("inn", "pot"):
        return selector
    seats = seats_for(selector, entry, state)
    return seats[0] if seats else "inn"


def redirected(state: GameState, entry: Entry, seat: int, attr: str, out: Outcome) -> int:
    """Where a Fortitude loss aimed at ``seat`` lands after redirections (its source does not change)."""
    if attr != "fortitude":
        return seat
    for origin, destination in entry.redirects:
        if origin == seat:
            say_one_book_rule(state, out, f"The Fortitude loss aimed at {state.players[seat].name} is redirected to "
                              f"{state.players[destination].name}; it still comes from "
                              f"{state.players[entry.player].name}.", "rdi3/other-rules/redirecting-damage")
            return destination
    return seat


def apply_card_effects(state: GameState, entry: Entry, card: Card, out: Outcome) -> list[dict]:
    """Carry out the figure-changing effects of a resolving card. Returns the effects it did
    not carry out itself (Negate, Ignore, Drink changes...) for the engine to handle.

    Fortitude and Alcohol Content changes are summed per player first, so a card (a Device
    with its Gear Card included) hits each player as one attack, and a standing modifier
    such as Wulfric's mood adjusts the card as a whole (RDI 3, Appendix A)."""
    from referee.games.rdi.characters import adjust_change

    rest: list[dict] = []
    totals: dict[tuple[int, str], int] = {}
    for effect in flat_effects(card, entry, state):
        op = effect.get("op")
        amount = amount_of(state, card, effect)
        if op in ("gain", "lose", "pay") and not isinstance(amount, int):
            out.say(f"{card.name}: the books do not give how much this card makes a player "
                    f"{op} and the table has not said (`answer N` when asked); apply it with `set`.")
            continue
        if op in ("gain", "lose"):
            attr = effect.get("attr")
            for seat in seats_for(effect.get("who"), entry, state, effect):
                if seat in entry.ignored_by:
                    out.say(f"{state.players[seat].name} Ignores {card.name}: it has no effect on them.",
                            ed(state, "other-rules/negate-and-ignore"))
                    continue
                if attr == "gold" and op == "gain":
                    move_gold(state, _place(effect.get("from", "inn"), entry, state), seat, amount, out, card.name)
                elif attr == "gold":
                    move_gold(state, seat, "inn", amount, out, card.name)
                elif attr in ATTR_NAMES:
                    victim = redirected(state, entry, seat, attr, out)
                    if victim in entry.ignored_by and victim != seat:
                        out.say(f"{state.players[victim].name} Ignores {card.name}: it has no effect on them.",
                                ed(state, "other-rules/negate-and-ignore"))
                        continue
                    key = (victim, attr)
                    totals[key] = totals.get(key, 0) + (amount if op == "gain" else -amount)
        elif op == "pay":
            payee = _place(effect.get("to", "inn"), entry, state)
            for seat in seats_for(effect.get("who"), entry, state, effect):
                if seat in entry.ignored_by:
                    out.say(f"{state.players[seat].name} Ignores {card.name}: they pay nothing.",
                            ed(state, "other-rules/negate-and-ignore"))
                    continue
                move_gold(state, seat, payee, amount, out, card.name)
        else:
            rest.append(effect)
    for (victim, attr), change in totals.items():
        if state.players[victim].automaton:
            from referee.games.rdi.characters import otto

            answered = state.entry(entry.responds_to) if entry.responds_to is not None else None
            source = answered.player if entry.player == victim and answered is not None else entry.player
            otto.track_change(state, source, attr, change, out, card.name)
            continue
        change = adjust_change(state, victim, attr, change, entry, out)
        if change:
            clamp_change(state, victim, attr, change, out, card.name)
            from referee.games.rdi.characters import otto

            otto.after_change(state, victim, attr, change, out)
        if attr == "fortitude" and change < 0:
            # The loss keeps its original source, even when redirected.
            state.recent_hits.append([victim, entry.player])
    return rest
