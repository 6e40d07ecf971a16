"""Random but plausible RDI announcements, for property and fuzz tests."""

from __future__ import annotations

import random

from referee.games.rdi.corrections import round_problems


def plausible_lines(session, rng: random.Random, count: int) -> list[str]:
    """Lines a table might type in the current state (many are legal, some are not)."""
    cards = [c for c in session.cards.cards if c.game == "rdi"]
    drinks = [c.name for c in cards if c.type in ("drink",) and isinstance(c.get("alcohol"), int)]
    hand = [c.name for c in cards if c.type in ("action", "sometimes", "anytime")]
    state = session.state
    names = [p.name for p in state.players]
    active = names[state.active]
    choices = []
    for _ in range(count):
        roll = rng.random()
        other = rng.choice([n for n in names if n != active] or names)
        if state.chain and roll < 0.35:
            top = state.chain[-1]
            if top.awaiting_chaser:
                choices.append(f"chaser {rng.choice(drinks)}")
            else:
                choices.append("resolve")
        elif roll < 0.5:
            choices.append(f'{rng.choice(names)} plays "{rng.choice(hand)}" on {other}')
        elif roll < 0.6:
            choices.append(f"{active} orders a drink for {other}")
        elif roll < 0.7:
            choices.append(f"{active} reveals {rng.choice(drinks)}")
        elif roll < 0.8:
            choices.append("end turn")
        elif roll < 0.88:
            choices.append(f"{rng.choice(names)} passes")
        elif roll < 0.94:
            choices.append(f"{active} draws")
        else:
            choices.append("resolve")
    return choices


# Seats with no character: any card may be in their decks, and `set` reaches every figure they have.
PLAIN_NAMES = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay"]
# What a player may hold beyond figures and kept Drinks (characters' parts, cards in front, being out): no `set` of
# a plain seat makes these, so a moment with any of them is not one `set_lines` reaches.
_PARTS = ("out", "front", "cleaves", "potions", "potion_choice", "potion_known", "cutting_board", "recipe",
          "recipe_choice", "recipes_in_hand", "debuffs", "automaton", "tracks")
_TURN_WORDS = {"discard_draw": "discard", "action": "action", "order": "order", "drink": "drink"}


def settable(state) -> bool:
    """A quiet moment `set` lines can bring a new game of the same seats to: nothing waiting, nobody out, no
    character or variant parts, no memory of what has just happened (a loss, a Round just won), and a Round, if
    any, that the books allow (random play can leave one going with nobody left to pass: the engine's, not `set`'s)."""
    round_ = state.round
    return not (state.chain or state.choice or state.question or state.must_drink or state.last_chance
                or state.contest or state.copies_for is not None or state.atoning is not None or state.over
                or state.turn_ending or state.owed_discards or state.early_plays or state.waiting_plays
                or state.recent_hits or state.last_pot or state.answers or state.waiting_line
                or any(p.character or p.piety is not None or p.mood is not None or any(getattr(p, part) for part in _PARTS)
                       for p in state.players)
                or round_ is not None and (round_.starter != state.active or not round_.started or round_problems(state)
                                           or round_.needs_cheating or round_.broke or None in (round_.control, round_.next_actor)))


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def set_lines(state) -> list[str]:
    """The `new` and `set` lines that bring a new game to this (settable) position."""
    names = [p.name for p in state.players]
    lines = [f"new rdi {' '.join(names)} --rules {state.rules}"]
    for p in state.players:
        line = f"set {p.name} fortitude {p.fortitude} alcohol {p.alcohol} gold {p.gold} drink me {p.drink_me}"
        lines.append(line + (" kept " + ", ".join(f'"{k}"' for k in p.kept) if p.kept else ""))
    lines.append(f"set deck {state.drink_deck} discard {state.drink_discard} inn {state.inn} pot {state.pot}")
    lines.append(f"set active {names[state.active]}")
    lines.append(f"set phase {_TURN_WORDS[state.phase]} action played {yes(state.action_done)} drink ordered "
                 f"{yes(state.ordered)} drunk {yes(state.drunk)} extra orders {state.extra_orders}")
    round_ = state.round
    if round_ is not None:
        seats = lambda seats: ", ".join(names[s] for s in seats) or "nobody"  # noqa: E731
        lines.append(f"set gambling control {names[round_.control]} in {seats(round_.still_in())} passed "
                     f"{seats(round_.passes)} to act {names[round_.next_actor]}")
    return lines


def next_announcement(state, phase: str) -> str:
    """What the active player says next at the start of ``phase`` (the Drink phase: drink, or sober up)."""
    names = [p.name for p in state.players]
    active = names[state.active]
    other = next(n for s, n in enumerate(names) if s != state.active)
    return {"discard_draw": f"{active} draws", "action": f"{active} plays \"Don't call me cute!\" on {other}",
            "order": f"{active} orders a drink for {other}",
            "drink": f"{active} reveals Wine" if state.players[state.active].drink_me else "end turn"}[phase]
