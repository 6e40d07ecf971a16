"""Random but plausible RDI announcements, for property and fuzz tests."""

from __future__ import annotations

import random


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
