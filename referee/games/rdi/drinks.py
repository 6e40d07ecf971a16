"""Drinks: revealing, Chasers, the Drink Deck running out, and drinking.

A Drink and its Chasers are one Drink; nobody may respond until every Chaser is
revealed. A pile that runs out mid-Chaser ends the Chasers without sobering up;
a Drink Event revealed as a Chaser is discarded with no effect ("Chasers", both
books). The Drink Deck never runs out: when its last card is taken, each player
pays 1 Gold to the Inn and the discards become the new deck.
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.effect_model import effect_data
from referee.core.ruling import Outcome
from referee.core.text import count_of, listed
from referee.games.rdi.effects import both, clamp_change, ed, move_gold, say_one_book_rule
from referee.games.rdi.state import Entry, GameState

DRINK_TYPES = ("drink", "special_reserve")


def take_from_deck(state: GameState, out: Outcome) -> None:
    """Take the top card of the Drink Deck; if that was its last card, the Wench brings more."""
    state.drink_deck -= 1
    if state.drink_deck > 0:
        return
    out.say("That was the last card of the Drink Deck: each player pays 1 Gold to the Inn, "
            "and the discarded Drinks are shuffled into a new Drink Deck.",
            ed(state, "more-drink-rules/running-out-of-drinks"))
    for seat in state.in_game():
        move_gold(state, seat, "inn", 1, out, "running out of Drinks")
        if state.contest is not None and state.out_of_gold(seat):
            out.say(f"{state.players[seat].name} has no Gold left but stays in until the Drinking Contest is over, "
                    "and is out then unless they win it.", ed(state, "other-rules/drinking-contest/gold-during-contest"))
    from referee.games.rdi.variants import refill_drink_deck

    refill_drink_deck(state, out)
    out.say(f"The new Drink Deck has {state.drink_deck} cards.")


def known_alcohol(state: GameState, card: Card) -> int | None:
    if isinstance(card.get("alcohol"), int):
        return card.get("alcohol")
    return state.answers.get(f"{card.id}:alcohol")


def chaser_rule(state: GameState) -> str:
    return ed(state, "more-drink-rules/chasers")


def draws_of(card: Card) -> int:
    return sum(e.count if isinstance(e.count, int) else 1 for e in card.effects
               if e.op == "draw" and e.who in (None, "drinker"))


def _own_figure(effect) -> bool:
    """What a Drink's Entry counts itself: its Alcohol Content, the drinker's Fortitude and card draws."""
    if effect.op in ("gain", "lose") and effect.who == "drinker" and effect.attr in ("alcohol", "fortitude"):
        return getattr(effect, "from_", None) is None
    return effect.op == "draw" and effect.who in (None, "drinker") or effect.op == "split_drink"


def extras_of(card: Card) -> list[dict]:
    """A Drink's other effects (a taught Drink's Gold payment or discard), kept as data on its Entry: they
    are the Drink's own, so they are halved with it and skipped when it is Ignored."""
    return [effect_data(e) for e in card.effects if not _own_figure(e)]


def start_drink(state: GameState, seat: int, card: Card, source: str, out: Outcome, chaser: bool = False,
                rule: str | None = None) -> Entry:
    """Put a revealed Drink or Drink Event on the chain (the card has left its pile already). ``rule`` is
    the section that has this player reveal it (their Drink phase unless said)."""
    player = state.players[seat]
    entry = Entry(uid=state.next_uid, kind="drink" if card.type in DRINK_TYPES else "event", player=seat,
                  name=card.name, card_id=card.id, card_type=card.type, drinker=seat, source=source,
                  parts=[card.name])
    state.next_uid += 1
    where = f"{player.name}'s Drink Me! pile" if source == "drink_me" else "the Drink Deck"
    if entry.kind == "event":
        out.say(f"{player.name} reveals the Drink Event {card.name} from {where}. Players may respond; "
                "cards that affect Drinks do not affect it unless they say so.", ed(state, "more-drink-rules/drink-events"))
        say_one_book_rule(state, out, "RDI 3 adds that once it starts resolving it can no longer be Negated or Ignored.",
                          "rdi3/more-drink-rules/drink-events/no-negate-once-resolving")
        state.chain.append(entry)
        return entry
    entry.alcohol = known_alcohol(state, card)
    entry.fortitude = card.get("fortitude") or 0
    entry.draw = draws_of(card)
    entry.drawn_for = [card.name] if entry.draw else []
    entry.extras = extras_of(card)
    shown = "an unknown amount of" if entry.alcohol is None else str(entry.alcohol)
    out.say(f"{player.name} reveals {card.name} from {where}: {shown} Alcohol Content.", rule or ed(state, "on-your-turn/drink"))
    state.chain.append(entry)
    if has_chaser(state, card, chaser, out):
        _want_chaser(state, entry, out)
    return entry


def has_chaser(state: GameState, card: Card, declared: bool, out: Outcome) -> bool:
    """Whether this Drink brings a Chaser, by the table's edition: RDI 3 takes the words "with a Chaser" in the
    title or the "+" mug icon; Gambling? I'm In! asks for both. A card the table marked with a Chaser (`chaser`)
    shows the icon; `declared` is the table saying so at the reveal."""
    if declared and not card.get("chaser"):
        _say_declared_chaser(state, card, out)
        return True
    if not card.get("chaser"):
        return False
    if "with a chaser" in card.name.lower():
        return True
    if state.rules == "gii":
        out.say(f"{card.name} shows the Chaser icon, but its title does not say \"with a Chaser\": under Gambling? "
                "I'm In! a Drink brings a Chaser only when its title says so and the icon shows it, so no Chaser is "
                "revealed. RDI 3 takes either.", *both(state, "more-drink-rules/chasers"))
        return False
    out.say(f"{card.name} shows the Chaser icon, though its title does not say \"with a Chaser\": under RDI 3 either "
            "is enough. Gambling? I'm In! asks for both.", *both(state, "more-drink-rules/chasers"))
    return True


def _say_declared_chaser(state: GameState, card: Card, out: Outcome) -> None:
    out.say(f"The table says this {card.name} is a Drink with a Chaser. Under RDI 3 either the title's words or "
            "the plus-sign mug is enough to make a Chaser; Gambling? I'm In! asks for both.",
            *both(state, "more-drink-rules/chasers"))


def _pile_left(state: GameState, entry: Entry) -> int:
    return state.players[entry.drinker].drink_me if entry.source == "drink_me" else state.drink_deck


def _want_chaser(state: GameState, entry: Entry, out: Outcome) -> None:
    if entry.source == "drink_me" and _pile_left(state, entry) == 0:
        entry.awaiting_chaser = False
        out.say(f"It has a Chaser, but {state.players[entry.drinker].name}'s Drink Me! pile is empty: "
                "no more cards are revealed, and nobody sobers up for it.", chaser_rule(state))
        return
    entry.awaiting_chaser = True
    where = "the next card of the Drink Me! pile" if entry.source == "drink_me" else "the next card of the Drink Deck"
    out.say(f"It has a Chaser: reveal {where} (`chaser CARD`). Nobody may respond until every Chaser is revealed.",
            chaser_rule(state))


def add_chaser(state: GameState, entry: Entry, card: Card, declared: bool, out: Outcome) -> None:
    """The next card revealed for a Drink with a Chaser (``declared``: the table says it shows a Chaser)."""
    if entry.source == "drink_me":
        state.players[entry.drinker].drink_me -= 1
    else:
        take_from_deck(state, out)
    entry.awaiting_chaser = False
    if card.type not in DRINK_TYPES:
        state.drink_discard += 1
        out.say(f"The Chaser is {card.name}, a Drink Event: it is discarded with no effect, and no more "
                "cards are revealed.", chaser_rule(state))
        return
    entry.parts.append(card.name)
    amount = known_alcohol(state, card)
    if amount is None or entry.alcohol is None:
        entry.alcohol = None
    else:
        entry.alcohol += amount
    entry.fortitude += card.get("fortitude") or 0
    entry.draw += draws_of(card)
    entry.extras += extras_of(card)
    if draws_of(card):
        entry.drawn_for.append(card.name)
    total = ("; the total Alcohol Content is not known yet" if entry.alcohol is None
             else f", for a total of {entry.alcohol} Alcohol Content")
    out.say(f"Chaser: {card.name} adds its effects to the Drink{total}. The Drink and its Chasers count as one Drink.",
            chaser_rule(state))
    if has_chaser(state, card, declared, out):
        _want_chaser(state, entry, out)


def _share(entry: Entry) -> tuple[str, str | None]:
    """The Drink's own name, and "half" or "copy" when this drinker has a split half or a copy of it."""
    for share in ("half", "copy"):
        if entry.copy_of is not None and entry.name.endswith(f" ({share})"):
            return entry.name[: -len(share) - 3], share
    return entry.name, None


def drink_title(entry: Entry) -> str:
    """The Drink as a source: "Elven Wine", "half of Elven Wine", "a copy of Elven Wine" (no nested brackets)."""
    base, share = _share(entry)
    return base if share is None else f"{'half' if share == 'half' else 'a copy'} of {base}"


def _drawn_for(entry: Entry) -> str:
    """Which card makes the drinker draw, said as a source, never as the card drawn:
    "for Gnomish Inspirational Ale, Elven Wine's Chaser"."""
    base, share = _share(entry)
    chasers = [name for name in entry.drawn_for if name != base]
    if not chasers:
        return f"for {drink_title(entry)}"
    many = "s" if len(chasers) > 1 else ""
    said = (f"{base} and its Chaser{many} {listed(chasers)}" if base in entry.drawn_for
            else f"{listed(chasers)}, {base}'s Chaser{many}")
    return f"for {said}" + (f" (their {share} of the Drink)" if share else "")


def resolve_drink(state: GameState, entry: Entry, out: Outcome) -> None:
    """The drinker takes the Drink's effects (unless they Ignore it); its cards go to the discard."""
    drinker = state.players[entry.drinker]
    title = drink_title(entry)
    state.drink_discard += len(entry.parts)
    if entry.drinker in entry.ignored_by:
        with_chasers = " (the Drink and its Chasers are one Drink, so all of it)" if len(entry.parts) > 1 else ""
        out.say(f"{drinker.name} Ignores {title}{with_chasers}: no effect on them. The cards go to the Drink "
                "discard pile.", ed(state, "other-rules/negate-and-ignore"), *((chaser_rule(state),) if with_chasers else ()))
        return
    if entry.alcohol is None:
        out.say(f"The Alcohol Content of {title} was never given: the referee cannot apply it. Correct "
                f"{drinker.name}'s Alcohol Content with `set` (the books do not print it).")
        entry.alcohol = 0
    from referee.games.rdi.characters import drinks
    from referee.games.rdi.standing import adjust_change, after_change

    if drinks(state, entry, title, out):  # the drinker's character took it (Otto's tracks)
        return
    # A standing modifier adjusts the Drink as a whole, Chasers included.
    alcohol = adjust_change(state, entry.drinker, "alcohol", entry.alcohol, None, out) if entry.alcohol else 0
    if alcohol:
        clamp_change(state, entry.drinker, "alcohol", alcohol, out, title)
        after_change(state, entry.drinker, "alcohol", alcohol, out)
    else:
        out.say(f"{drinker.name} drinks {title}: no Alcohol Content.")
    fortitude = adjust_change(state, entry.drinker, "fortitude", entry.fortitude, None, out) if entry.fortitude else 0
    if fortitude:
        clamp_change(state, entry.drinker, "fortitude", fortitude, out, title)
    if entry.draw:
        out.say(f"{drinker.name} draws {count_of(entry.draw, 'card')} from their Character Deck, {_drawn_for(entry)}.",
                ed(state, "on-your-turn/drink"))
    if entry.extras:
        _drink_extras(state, entry, title, out)


def _drink_extras(state: GameState, entry: Entry, title: str, out: Outcome) -> None:
    """The Drink's other effects, as its drinker takes them: "each other player" counts from the drinker."""
    from dataclasses import replace

    from referee.core.carddb import Card
    from referee.games.rdi.effects import stored
    from referee.games.rdi.ops import Resolving, resolve_effects

    out.say(f"{title}'s other effects take place for {state.players[entry.drinker].name}.", ed(state, "on-your-turn/drink"))
    card = Card(id=entry.card_id or "drink", name=title, game="rdi", book="table", type="drink", summary=title,
                data={"effects": [], "cites": [ed(state, "on-your-turn/drink")]})
    as_drinker = replace(entry, player=entry.drinker, ignored_by=[], extras=[])
    resolve_effects(Resolving(state, as_drinker, card, out, None), stored(entry.extras))
