"""The RDI toolbar as rows of segments, each a tuple of ever shorter wordings (see referee/shell/toolbar.py).

Row 1: every player's Fortitude, Alcohol Content, Gold and Drink Me! pile (Piety for
Serena; Otto's tracks), the active player marked ▸, each padded to one width. Row 2:
turn, phase, pot, Inn, Drink Deck. Row 3: what the referee is waiting for (a choice
first: nothing else goes ahead until it is made), or the top of the chain and who
decides next in step mode. Row 4: a Round of Gambling (who is to act), a Drinking Contest,
the Bar Deck, character marks.
"""

from __future__ import annotations

from referee.core.text import abbreviate
from referee.games.rdi import characters, in_front
from referee.games.rdi.state import PHASE_NAMES, GameState

PHASE_SHORT = {"discard_draw": "Draw", "action": "Action", "order": "Order", "drink": "Drink"}
ACTIVE = "▸"
NAME_LENGTHS = (40, 8, 5)  # a name in full, then shortened for 80 columns


def _names(state: GameState, seats, length: int) -> str:
    return ", ".join(abbreviate(state.players[s].name, length) for s in seats) or "nobody"


def _player_wordings(state: GameState, seat: int, fortitude, alcohol, gold, drink_me, own) -> tuple[str, ...]:
    """``own``: the character's own figures in words and short ([] for most), from characters.marks."""
    p = state.players[seat]
    mark = ACTIVE if seat == state.active else " "  # a space keeps every player's figures at the same width
    pious = ("".join(f" {words}" for words, _ in own), "".join(f" {short}" for _, short in own))
    return (f"{mark}{p.name} Fort {fortitude} Alc {alcohol} Gold {gold} Drink Me! {drink_me}{pious[0]}",
            f"{mark}{abbreviate(p.name, NAME_LENGTHS[1])} F{fortitude} A{alcohol} G{gold} DM{drink_me}{pious[1]}",
            f"{mark}{abbreviate(p.name, NAME_LENGTHS[2])} F{fortitude} A{alcohol} G{gold} DM{drink_me}{pious[1]}")


# The widest figures a player shows, so that each player's segment keeps one width all game.
WIDEST = dict(fortitude=20, alcohol=20, gold=99, drink_me=9)


def _player(state: GameState, seat: int) -> tuple[str, ...]:
    p = state.players[seat]
    if characters.tracks_toward(p):  # an automaton shows its tracks toward each player, not figures
        mark = ACTIVE if seat == state.active else ""
        tracks = [(n, f, a) for n, (f, a) in characters.tracks_toward(p).items()]
        return (f"{mark}{p.name}: " + ", ".join(f"toward {n} F{f} A{a}" for n, f, a in tracks),
                f"{mark}{p.name} " + " ".join(f"{abbreviate(n, 5)} {f}/{a}" for n, f, a in tracks),
                f"{mark}{abbreviate(p.name, 5)} " + " ".join(f"{f}/{a}" for _, f, a in tracks))
    widest = _player_wordings(state, seat, **WIDEST, own=characters.marks(p, widest=True))
    if p.out:
        mark = ACTIVE if seat == state.active else " "
        shown = tuple(f"{mark}{abbreviate(p.name, n)} out (G{p.gold})" for n in NAME_LENGTHS)
    else:
        shown = _player_wordings(state, seat, p.fortitude, p.alcohol, p.gold, p.drink_me, characters.marks(p))
    return tuple(text.ljust(len(wide)) for text, wide in zip(shown, widest))


def _round(state: GameState) -> tuple[str, ...]:
    r = state.round
    control = [r.control] if r.control is not None else []
    to_act = [r.next_actor] if r.next_actor is not None and r.started else []
    prize = f", Prize {state.pot_prize}" if state.pot_prize else ""
    cheat = (", only Cheating takes control", ", Cheating only") if r.needs_cheating else ("", "")
    return tuple(
        f"{label} control {_names(state, control, n)}, to act {_names(state, to_act, n) if to_act else '-'}, "
        f"passed {_names(state, r.passes, n)}, left {_names(state, r.left, n)}{cheat[i > 0]}{prize if i == 0 else ''}"
        for i, (label, n) in enumerate((("Gambling:", 40), ("Gambling:", 8), ("Gamb.", 5))))


def _contest(state: GameState) -> tuple[str, ...]:
    c = state.contest
    shown = [(e.player, e.alcohol) for e in state.chain if e.group == "contest" and e.copy_of is None]
    waiting = c.order[c.next:]
    return tuple(
        f"{label} " + (", ".join(f"{abbreviate(state.players[s].name, n)} {'?' if a is None else a}" for s, a in shown)
                      or "none shown") + (f"; to reveal {_names(state, waiting, n)}" if waiting else "")
        for label, n in ((f"Drinking Contest (pass {c.repeat}):", 40), ("Contest:", 5)))


def _marks(state: GameState) -> list[tuple[str, ...]]:
    marks = []
    for p in state.players:
        name = abbreviate(p.name, 5)
        if p.potions:
            potions = "/".join(p.potions)
            marks.append((f"{p.name}'s Potion {potions}", f"{name} Potion {potions}"))
        marks += [note.toolbar for note in characters.notes(p) if note.toolbar]
        if p.tokens():
            debuffs = "+".join(d.replace("_", " ") for d in p.tokens())
            marks.append((f"{p.name} {debuffs}", f"{name} {debuffs}"))
        if p.kept:
            marks.append((f"{p.name} keeps {', '.join(p.kept)}", f"{name} kept {len(p.kept)}"))
        if p.cards_in_front():
            marks.append((f"In front of {p.name}: {', '.join(in_front.names(p))}", f"{name} front {len(in_front.names(p))}"))
    return marks


def _next_to_decide(state: GameState) -> str | None:
    """Once someone has passed on the top of the chain (step mode), the next player to respond or pass."""
    top = state.top
    if top is None or not top.passed:
        return None
    from referee.games.rdi.resolution import deciders_of

    waiting = deciders_of(state, top)
    return state.players[waiting[0]].name if waiting else None


def _status(state: GameState) -> list[tuple[str, ...]]:
    active = state.players[state.active].name
    return [(f"Turn {state.turn}: {active}, {PHASE_NAMES[state.phase]} phase",
             f"Turn {state.turn} {abbreviate(active, 8)} {PHASE_SHORT[state.phase]}",
             f"T{state.turn} {abbreviate(active, 5)} {PHASE_SHORT[state.phase]}"),
            (f"Pot {state.pot} · Inn {state.inn:+d} · Drink Deck {state.drink_deck}",
             f"pot {state.pot} inn {state.inn:+d} deck {state.drink_deck}")]


def _extras(state: GameState) -> list[tuple[str, ...]]:
    """What only some moments have: a Round of Gambling, a Drinking Contest, the Bar Deck, character marks."""
    row = []
    if state.bar_deck is not None:
        row.append((f"Bar Deck {state.bar_deck}", f"bar {state.bar_deck}"))
    if state.round is not None:
        row.append(_round(state))
    if state.contest is not None:
        row.append(_contest(state))
    return row + _marks(state)


def _entry(state: GameState, entry, full: bool) -> str:
    who = state.players[entry.player].name
    if entry.kind == "front":
        return f"{entry.name} acts, in front of {who}" if full else f"{entry.name} ({who})"
    if entry.kind == "card":
        target = f" on {state.players[entry.target].name}" if entry.target is not None else ""
        return f"{who} plays {entry.name}{target}" if full else f"{entry.name}{target.replace(' on ', ' → ')}"
    if entry.kind == "drink":
        alcohol = "?" if entry.alcohol is None else entry.alcohol
        drinker = state.players[entry.drinker].name if entry.drinker is not None else who
        parts = " + ".join(entry.parts) or entry.name
        return f"{drinker} drinks {parts} ({alcohol} Alcohol)" if full else f"{drinker}: {parts} ({alcohol})"
    return f"{who} revealed {entry.name}" if full else entry.name


def _waiting(state: GameState) -> list[tuple[str, ...]]:
    """What the referee waits for the table to say, most pressing first."""
    waits = []
    if state.choice is not None:
        choice = state.choice
        name = state.players[choice.chooser].name
        options = " · ".join(f"{i + 1} {words}" for i, words, _ in choice.options)
        waits.append((f"{name} chooses for {choice.card}: {options} (`{name} chooses N`)",
                      f"{abbreviate(name, 8)} chooses for {choice.card}: {options}",
                      f"{abbreviate(name, 8)} chooses: {options}",
                      f"{abbreviate(name, 5)} to choose ({len(choice.options)} options)"))
    if any(e.awaiting_chaser for e in state.chain):
        waits.append(("Waiting for the Chaser: `chaser CARD`", "await Chaser"))
    if state.must_drink:
        waits.append((f"To drink: {_names(state, state.must_drink, 40)} (`NAME reveals`)",
                      f"to drink: {_names(state, state.must_drink, 5)}"))
    for seat, long, short, _ in characters.duties(state):
        waits.append((long, f"{abbreviate(state.players[seat].name, 5)} {short}"))
    for reward in state.otto_rewards:
        waits.append((f"Otto's reward: `{reward} takes gold` or `{reward} draws 2`", f"{abbreviate(str(reward), 5)} reward?"))
    if state.last_chance:
        waits.append((f"Last chance to respond: {', '.join(map(str, state.last_chance))}", "last chance"))
    return waits


def waiting_words(state: GameState) -> list[str]:
    """What the referee waits for, in full words, most pressing first (the table view's banner)."""
    return [wordings[0] for wordings in _waiting(state)]


def next_to_decide(state: GameState) -> str | None:
    return _next_to_decide(state)


def _chain(state: GameState) -> list[tuple[str, ...]]:
    if state.over:
        text = f"Game over: {state.winner} wins" if state.winner else f"Game over: a tie between {', '.join(state.tie)}"
        return [(text,)]
    waits = _waiting(state)
    if not state.chain:
        return waits or [("Chain empty", "chain empty")]
    top = state.top
    count = len(state.chain)
    beneath = f" (over {count - 1} more)" if count > 1 else ""
    below = f" +{count - 1}" if count > 1 else ""
    top_segment = (f"Top of the chain: {_entry(state, top, True)}{beneath}",
                   f"Top: {_entry(state, top, False)}{below}")
    deciding = _next_to_decide(state)
    deciding_segment = [(f"next to decide: {deciding}", f"next: {abbreviate(deciding, 8)}")] if deciding else []
    return waits + [top_segment] + deciding_segment


def toolbar_rows(state: GameState, cards=None) -> list[list[tuple[str, ...]]]:
    """Players, then the turn, then what the referee waits for (the open question first), then what only some
    moments have: always in that order, so the table finds each fact where it was."""
    return [[_player(state, seat) for seat in range(len(state.players))], _status(state), _chain(state),
            _extras(state)]
