"""Card effects as data: who a card affects, and carrying out gains, losses and payments.

"Affects your Fortitude, Alcohol Content or Gold" means the card would directly
change that figure when it takes effect, even if the figure is already at its
limit (both core books, "Cards That Affect..."). Numbers clamp to 0..20 and Gold
to 0 and up, and a card still does as much as it can ("Minimum and Maximum").
"""

from __future__ import annotations

import re
from typing import Callable

from referee.core.carddb import Card
from referee.core.effect_model import Effect, aimed, parse_effects
from referee.core.ruling import Outcome
from referee.core.text import capitalized
from referee.games.rdi.state import GAME, LIMIT, Entry, GameState

# This floor imports no floor above it; what it must ask of them, they register here when they load (the
# engine loads them all before any play): the op handlers (ops.py) say which figures an op moves, and a
# character expands an op that depends on its own figures (Serena's `by_piety`, by her Piety).
OP_AFFECTS: dict[str, Callable] = {}
EXPANDS: dict[str, Callable[[GameState, Entry, Effect], tuple[Effect, ...]]] = {}

ATTR_NAMES = {"fortitude": "Fortitude", "alcohol": "Alcohol Content", "gold": "Gold"}


def ed(state: GameState, path: str) -> str:
    """The section id of ``path`` in the edition the table chose."""
    return f"{state.rules}/{path}"


def both(state: GameState, path: str, other_path: str | None = None) -> tuple[str, str]:
    """A rule the two core books give differently: the chosen edition's section first, then the other's."""
    other = "gii" if state.rules == "rdi3" else "rdi3"
    return f"{state.rules}/{path}", f"{other}/{other_path or path}"


BOOK_NAMES = {"rdi3": "RDI 3", "gii": "Gambling? I'm In!"}


def named(state: GameState, entry: Entry, *others: Entry) -> str:
    """A play's name, with its player's ("Kaylin's I don't think so!") when another waiting play, or one of
    ``others`` (a play just resolved), has the same name."""
    if any(e is not entry and e.name == entry.name for e in (*state.chain, *others)):
        return f"{state.players[entry.player].name}'s {entry.name}"
    return entry.name


def played_summary(card: Card, player) -> str:
    """A card's summary as said when ``player`` plays it: a character's card in another player's hand names
    that player where the summary names its owner ("Molly pays 3 Gold" -> "Ann pays 3 Gold"); a quoted card
    title and a worked example's name ("Serena Example 3") stay as printed."""
    if card.book == "table":  # a taught card's summary is its phrase: said without its kind
        return re.sub(r"^[a-z ]+:\s*", "", card.summary)
    owner = card.owner
    if owner in ("shared", "unknown") or owner == player.name or (player.character or "").lower() == owner.lower():
        return card.summary
    core = owner[4:] if owner.lower().startswith("the ") else owner
    pattern = re.compile(rf"\b(?:[Tt]he )?{re.escape(core)}\b(?! Example)" if core != owner
                         else rf"\b{re.escape(owner)}\b(?! Example)")
    pieces = re.split(r'("[^"]*"|“[^”]*”)', card.summary)
    return "".join(piece if i % 2 else pattern.sub(player.name, piece) for i, piece in enumerate(pieces))


def one_book_rule(state: GameState, section: str) -> tuple[str, tuple[str, ...]]:
    """A rule only one core book states: the sentence that says so under either edition, and the cites
    (the deciding section; under the other edition, also the nearest section of the chosen book, which is
    silent on it)."""
    from referee.core.citations import known

    book, path = section.split("/", 1)
    other = "gii" if book == "rdi3" else "rdi3"
    if book == state.rules:
        return f"{BOOK_NAMES[other]} has no such rule.", (section,) + counterparts(section, other)
    parts = path.split("/")
    silent = next((f"{state.rules}/{'/'.join(parts[:n])}" for n in range(len(parts), 0, -1)
                   if known(f"{state.rules}/{'/'.join(parts[:n])}")), None)
    text = (f"Only {BOOK_NAMES[book]} states this rule; {BOOK_NAMES[state.rules]} is silent on it, so the "
            f"referee follows {BOOK_NAMES[book]}.")
    return text, (section,) + ((silent,) if silent else ())


def counterparts(section: str, book: str) -> tuple[str, ...]:
    """The other book's sections that the rules data names as differing from ``section`` (where that book
    is silent or says otherwise)."""
    from referee.core.rules import sections

    found = sections().get(section)
    return tuple(i for i, _ in found.differs if i.startswith(f"{book}/")) if found else ()


def say_one_book_rule(state: GameState, out: Outcome, text: str, section: str, *more: str) -> None:
    """A step that rests on a rule only one core book states, saying so under either edition."""
    note, cites = one_book_rule(state, section)
    out.say(f"{text} {note}", *more, *cites)


def amount_key(card: Card, effect: Effect) -> str:
    """Where the table's answer for an amount the books do not print is remembered (state.answers)."""
    attr = getattr(effect, "attr", None) or ("gold" if effect.op == "pay" else "count")
    return f"{card.id}:{effect.op}:{attr}"


def amount_of(state: GameState, card: Card, effect: Effect) -> int | None:
    """An effect's amount: as printed, else as the table answered it, else None (unknown)."""
    amount = effect.count if effect.op == "drink" else getattr(effect, "amount", None)
    return amount if isinstance(amount, int) else state.answers.get(amount_key(card, effect))


def stored(raw) -> tuple[Effect, ...]:
    """Effects kept in the saved state as data (a Gear Card on its Device, an Otto box, a card in
    front of a player), as typed values again; `_seats` is the seats an Otto box names."""
    out = []
    for data in raw or ():
        seats = data.get("_seats")
        effect = parse_effects([{k: v for k, v in data.items() if k != "_seats"}], GAME, internal=True)[0]
        out.append(aimed(effect, tuple(seats)) if seats is not None else effect)
    return tuple(out)


def piety_band_effects(effect: Effect, piety: int | None) -> tuple[Effect, ...]:
    for band in effect.bands:
        if piety is not None and band.low <= piety <= band.high:
            return band.effects
    return ()


def active_gears(entry: Entry) -> list[dict]:
    return [g for g in entry.gears if not g.get("negated")]


def device_stopped(entry: Entry) -> bool:
    """A Gear Card that stops its Device leaves only the Gear's own effects (RDI 3, Appendix A)."""
    return any(e.op == "stop_device" for g in active_gears(entry) for e in stored(g["effects"]))


NUMERIC_OPS = ("gain", "lose", "pay")


def _plus(effect: Effect, bonus: int) -> Effect:
    if bonus and effect.op in NUMERIC_OPS and isinstance(effect.amount, int):
        return effect.replace(amount=effect.amount + bonus)
    return effect


NO_OPTION = -1  # an entry's option when its player takes none of them (Otto, when his rule gives him none)


def play_choice(effect: Effect) -> bool:
    """A choose-one the card's player makes (the option is kept on the entry: choices.py)."""
    return effect.op == "choose_one" and effect.by is None


def flat_effects(card: Card, entry: Entry, state: GameState) -> list[Effect]:
    """The card's effects as they stand now: the chosen option, the Piety band in force, and for a
    Device its Gear Cards (each Gear effect aimed at the Gear's own target). Before its player has chosen,
    every option counts, for what the card could affect; it never resolves so (choices.py asks first)."""
    out: list[Effect] = []

    def walk(effects) -> None:
        for effect in effects:
            if play_choice(effect):
                options = effect.options
                if entry.option is None:
                    chosen = options
                else:
                    chosen = [options[entry.option]] if 0 <= entry.option < len(options) else []
                for option in chosen:
                    walk(option.effects)
            elif effect.op in EXPANDS:
                walk(EXPANDS[effect.op](state, entry, effect))
            else:
                out.append(effect)

    if entry.kind == "front":
        walk(stored(entry.inline))  # a card acting from in front of a player does what its in_front says
    elif not device_stopped(entry):
        walk(card.effects + stored(entry.inline))
    gear_effects: list[Effect] = []
    bonus = 0
    for gear in active_gears(entry):
        for effect in stored(gear["effects"]):
            if effect.op == "add_numeric":
                bonus += effect.amount
            elif effect.op != "stop_device":
                gear_effects.append(aimed(effect, _as_seats(gear.get("target"))))
    # an amount the table gave counts as printed, so a Gear Card's +1 or a Power Jinx changes it too
    effects = [_plus(_answered(state, card, e), bonus) for e in out + gear_effects]
    if entry.jinxed:
        # Power Jinx: every numeral on the Action Card is 1 lower, not below 0 (Smorgasbox).
        effects = [e.replace(amount=max(0, e.amount - 1)) if isinstance(getattr(e, "amount", None), int) else e
                   for e in effects]
    return effects


def _answered(state: GameState, card: Card, effect: Effect) -> Effect:
    if effect.op in NUMERIC_OPS and not isinstance(effect.amount, int):
        given = state.answers.get(amount_key(card, effect))
        if isinstance(given, int):
            return effect.replace(amount=given)
    return effect


def _as_seats(target) -> tuple[int, ...]:
    if isinstance(target, list):
        return tuple(target)
    return (target,) if target is not None else ()


def seats_for(selector: str | None, entry: Entry, state: GameState, effect: Effect | None = None) -> list[int]:
    """Which seats a selector names, for this entry (a Gear effect brings its own target, an Otto
    box its own seats: the effect's ``aim``)."""
    if effect is not None and effect.aim is not None and selector in ("chosen", "target", "seats"):
        return list(effect.aim)
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
    if selector == "drinker":
        return [entry.drinker] if entry.drinker is not None else []
    return []


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
        attrs |= OP_AFFECTS[effect.op](effect, seat, entry, state)
    return attrs


def changes_for(state: GameState, entry: Entry, seat: int, card: Card | None) -> set[tuple[str, str]]:
    """Which way this pending play would move each figure of ``seat``: ("lose", "fortitude"), ("gain",
    "alcohol")... (a payment is a loss of Gold for the payer and a gain for the payee)."""
    if seat in entry.ignored_by:
        return set()
    out: set[tuple[str, str]] = set()
    if entry.kind == "drink":
        if entry.drinker == seat:
            if entry.alcohol is None or entry.alcohol > 0:
                out.add(("gain", "alcohol"))
            elif entry.alcohol < 0:
                out.add(("lose", "alcohol"))
            if entry.fortitude:
                out.add(("gain" if entry.fortitude > 0 else "lose", "fortitude"))
        return out
    if card is None:
        return out
    for effect in flat_effects(card, entry, state):
        if effect.op in ("gain", "lose") and seat in seats_for(effect.who, entry, state, effect):
            out.add((effect.op, effect.attr))
        if effect.op == "gain" and effect.attr == "gold" and seat in seats_for(effect.from_, entry, state):
            out.add(("lose", "gold"))
        if effect.op == "pay":
            if seat in seats_for(effect.who, entry, state, effect):
                out.add(("lose", "gold"))
            if seat in seats_for(effect.to, entry, state, effect):
                out.add(("gain", "gold"))
    return out


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
    text = capitalized(f"{payer_name} pays {paid} Gold to {payee_name} ({why}).")
    if paid < amount:
        text += f" Only {paid} of {amount}: Gold never goes below 0."
        out.say(text, ed(state, "other-rules/minimum-and-maximum"))
    else:
        out.say(text)
    return paid


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
