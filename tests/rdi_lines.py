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


# Cards a table teaches for the window properties: a Negate of Gambling Cards, a forced exit played as a
# response, a rescue, a card that ends the Round, one that takes the pot, and a plain hit that is no Round's.
WINDOW_CARDS = ('learn "Not So Fast": sometimes: negate a Gambling card',
                'learn "Caught You": sometimes: negate a Cheating card',
                'learn "Shove": sometimes: [force_leave who=target]',
                'learn "Second Wind": sometimes: Gain 2 Fortitude.',
                'learn "Table Flip": anytime: [end_round pot_to=inn]',
                'learn "Lucky Break": anytime: [take_pot]',
                'learn "Heckle": anytime: Pick another player. They lose 1 Fortitude.')
ROUND_CARDS = ('"Gambling? I\'m in!"', '"I raise!"', '"Winning Hand!"', '"Do you even know how to play this game?"',
               '"Not now, I\'m feeding Wulfric"', '"This is not in the Paladin\'s Codex"',
               '"Oh, I guess the Wench thought that was her tip…"', '"Oh, I guess I thought that was my tip…"',
               '"Um…I know you think you won, but…"', '"I don\'t think so!"', '"Not So Fast"', '"Caught You"', '"Shove"',
               '"Second Wind"', '"Table Flip"', '"Lucky Break"', '"Heckle"')


def window_line(session, rng: random.Random) -> str:
    """A plausible line around the windows of play: Rounds of Gambling with every way a go ends (passes,
    Negated cards, leaving, forced exits, players passing out), the last chance before a player is out
    (figures the table corrects into and out of risk), and the turn moving on. Many lines are refused."""
    state = session.state
    names = [p.name for p in state.players if not p.out]
    active = state.players[state.active].name
    who = rng.choice(names)
    other = rng.choice([n for n in names if n != who] or names)
    round_ = state.round
    roll = rng.random()

    def play(card: str) -> str:
        return f"{who} plays {card}" + (f" on {other}" if card in ('"Shove"', '"Heckle"') else "")

    if state.must_drink and roll < 0.5:
        return f"{state.players[state.must_drink[0]].name} reveals Wine"
    if state.last_chance and not state.chain and roll < 0.75:  # often a rescue, so that games go on
        saved = state.players[state.seat(rng.choice(state.last_chance))]
        return (f'{saved.name} plays "Second Wind"' if roll < 0.15 else "resolve" if roll < 0.35
                else f"set {saved.name} fortitude {min(20, saved.alcohol + 3)} gold {max(saved.gold, 2)}")
    if roll < 0.04:
        player = state.players[state.seat(who)]
        return (f"set {who} alcohol {player.fortitude}" if rng.random() < 0.5 else f"set {who} gold 0"
                if rng.random() < 0.3 else f"set {who} fortitude {min(20, player.alcohol + rng.randint(1, 4))}")
    if state.chain:
        top = state.chain[-1]
        if top.card_type in ("gambling", "cheating") and roll < 0.6:
            return play('"Not So Fast"' if top.card_type == "gambling" else '"Caught You"')
        if top.name in ("Not So Fast", "Caught You") and roll < 0.8:
            return "resolve"
        if roll < 0.55:
            return play(rng.choice(ROUND_CARDS[4:]))
        return "resolve" if roll < 0.9 else f"{who} passes"
    if round_ is not None and round_.started:
        actor = state.players[round_.next_actor].name if round_.next_actor is not None else who
        if roll < 0.45:
            return f"{actor} passes"
        if roll < 0.7:
            return f"{actor} plays {rng.choice(ROUND_CARDS[:4])}"
        if roll < 0.8:
            return f"{who} {'is forced out' if rng.random() < 0.5 else 'leaves the round'}"
        return play(rng.choice(ROUND_CARDS[4:]))
    if not state.action_done and state.phase in ("discard_draw", "action") and roll < 0.45:
        return f"{active} plays {ROUND_CARDS[0]}"
    if roll < 0.55:
        return play(rng.choice(ROUND_CARDS))
    if roll < 0.65:
        return f"{active} orders a drink for {other}"
    if roll < 0.75:
        return f"{active} reveals {rng.choice(['Wine', 'Mead', 'Light Ale'])}"
    if roll < 0.82:
        return "end turn"
    if roll < 0.88:
        return f"{active} draws"
    if roll < 0.94:
        return f"{who} splits the Mead with {other}"
    return "resolve"


# Seats with no character: any card may be in their decks, and `set` reaches every figure they have.
PLAIN_NAMES = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay"]
# What a player may hold beyond figures and kept Drinks (characters' parts, cards in front, being out): no `set` of
# a plain seat makes these, so a moment with any of them is not one `set_lines` reaches.
_PARTS = ("out", "front", "potions", "debuffs")
_TURN_WORDS = {"discard_draw": "discard", "action": "action", "order": "order", "drink": "drink"}


def settable(state) -> bool:
    """A quiet moment `set` lines can bring a new game of the same seats to: nothing waiting, nobody out, no
    character or variant parts, no memory of what has just happened (a loss, a Round just won), and a Round, if
    any, that the books allow (random play can leave one going with nobody left to pass: the engine's, not `set`'s)."""
    round_ = state.round
    return not (state.chain or state.choice or state.question or state.must_drink or state.last_chance
                or state.contest or state.copies_for is not None or state.over
                or state.turn_ending or state.owed_discards or state.early_plays or state.waiting_plays
                or state.recent_hits or state.last_pot or state.answers or state.waiting_line
                or any(p.character or p.part or any(getattr(p, part) for part in _PARTS)
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
