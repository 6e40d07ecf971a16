"""Where the table is in a turn: the per-turn bookkeeping each point of a turn implies.

The referee keeps, for the active player's turn, its phase and four pieces of bookkeeping: whether
the Action was played (``action_done``), whether the Drink was ordered (``ordered``), whether it was
drunk (``drunk``) and how many additional Drinks may still be ordered (``extra_orders``). Play keeps
them in step; a `set` or a position file names only some of them, and the rest must be what a player
at that point of a real turn has, so that the next announcement the table makes there is accepted.
This module is the one place that says what that is (docs/positions.md repeats it for the table):

* a turn that begins (the turn passing, `set active NAME`): its first phase, nothing played, ordered
  or drunk, no additional Drinks;
* a phase set on its own is its start: Discard and Draw and Action with no Action played yet, Order a
  Drink with no Drink ordered yet, Drink with the Drink ordered and nothing drunk yet (about to reveal);
  whether an Action was played stays as it was once the Action phase is over;
* a piece of bookkeeping set on its own moves the phase to the nearest one where it fits (an Action
  played in Discard and Draw: the Action phase; the Drink ordered before Order a Drink: Order a Drink;
  the Drink not ordered in the Drink phase: Order a Drink; the Drink drunk: the Drink phase);
* what the same `set` names is never changed, and named pieces that contradict each other are refused.

Otto's turn has only an Action and a Drink phase (Smorgasbox › Otto's Turn) and he orders no Drinks,
so his Drink phase does not imply an ordered Drink.
"""

from __future__ import annotations

from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi.effects import ed
from referee.games.rdi.state import PHASE_NAMES, PHASES, GameState

FLAGS = ("action_done", "ordered", "drunk", "extra_orders")
OTTO_TURN = "smb/otto/turn"

# At the start of each phase; a phase set alone puts the turn here.
_START = {"discard_draw": {"action_done": False, "ordered": False, "drunk": False, "extra_orders": 0},
          "action": {"action_done": False, "ordered": False, "drunk": False, "extra_orders": 0},
          "order": {"ordered": False, "drunk": False, "extra_orders": 0},
          "drink": {"ordered": True, "drunk": False, "extra_orders": 0}}
# What a phase cannot be without: the phases come in order (On Your Turn), so what a later phase does
# has not happened in an earlier one, and the Drink phase follows the ordered Drink.
_REQUIRES = {"discard_draw": {"action_done": False, "ordered": False, "drunk": False},
             "action": {"ordered": False, "drunk": False},
             "order": {"drunk": False},
             "drink": {"ordered": True}}


def _plays_itself(state: GameState, seat: int) -> bool:
    return state.players[seat].automaton


def _for_active(state: GameState, table: dict, phase: str) -> dict:
    values = dict(table[phase])
    if _plays_itself(state, state.active) and phase == "drink":
        del values["ordered"]  # Otto orders no Drinks: his Drink phase follows his Action phase
    return values


def first_phase(state: GameState, seat: int) -> str:
    """Otto's turn has no Discard and Draw: it begins at his Action phase."""
    return "action" if _plays_itself(state, seat) else "discard_draw"


def begin_turn(state: GameState, seat: int) -> None:
    """``seat``'s turn begins: its first phase, nothing played, ordered or drunk, nothing owed from the last turn."""
    state.active = seat
    state.phase = first_phase(state, seat)
    state.action_done = state.ordered = state.drunk = False
    state.extra_orders = 0
    state.turn_ending = False
    state.owed_discards = []  # a discard the table never announced is the table's business now
    state.last_pot = []  # a pot won is taken or left before the next turn: play has moved on


def phases_for(state: GameState) -> tuple[str, ...]:
    """The phases the active player's turn has."""
    return ("action", "drink") if _plays_itself(state, state.active) else PHASES


def problems(state: GameState) -> list[tuple[str, str]]:
    """What makes the turn's bookkeeping impossible at its phase, with the section it breaks."""
    if state.phase not in PHASES:
        return []  # position_problems names the unknown phase
    name = state.players[state.active].name
    found = []
    words = {"action_done": "played an Action", "ordered": "ordered a Drink", "drunk": "drunk"}
    for key, needed in _for_active(state, _REQUIRES, state.phase).items():
        if getattr(state, key) == needed:
            continue
        if needed:
            found.append((f"{name} is in the {PHASE_NAMES[state.phase]} phase without having ordered a Drink: "
                          "Order a Drink comes before Drink.", ed(state, "on-your-turn")))
        else:
            found.append((f"{name} has {words[key]} this turn, so the {PHASE_NAMES[state.phase]} phase is over: "
                          "the phases come in order.", ed(state, "on-your-turn")))
    return found


def _fits(state: GameState, phase: str, named: dict) -> bool:
    required = _for_active(state, _REQUIRES, phase)
    return all(required.get(key, value) == value for key, value in named.items() if key in required)


def _nearest_phase(state: GameState, named: dict) -> str | None:
    """The phase nearest the present one where the named bookkeeping fits (None: it fits where it is, or nowhere)."""
    if _fits(state, state.phase, named):
        return None
    here = PHASES.index(state.phase)
    fitting = [p for p in phases_for(state) if _fits(state, p, named)]
    return min(fitting, key=lambda p: (abs(PHASES.index(p) - here), -PHASES.index(p)), default=None)


def point_text(state: GameState) -> str:
    """Where the active player is in their turn, in the table's words."""
    name = state.players[state.active].name
    extra = (f"; {state.extra_orders} additional Drink{'s' if state.extra_orders != 1 else ''} may still be ordered"
             if state.extra_orders else "")
    if _plays_itself(state, state.active):
        if state.phase == "drink" or state.drunk:
            return (f"{name} has drunk this turn" if state.drunk else
                    f"{name} is about to drink from the Drink Deck (`{name} reveals CARD`)") + extra
        return (f"{name} has revealed his Action box this turn" if state.action_done else
                f"{name} is about to reveal his Action box (`{name} action: ...`)") + extra
    if state.phase == "drink":
        text = (f"{name} has drunk this turn's Drink" if state.drunk else
                f"{name} is about to drink: the Drink is ordered and nothing drunk yet (`{name} reveals CARD`)")
    elif state.phase == "order":
        text = (f"{name} has ordered the Drink and drinks next (`{name} reveals CARD`)" if state.ordered else
                f"{name} is about to order the Drink: none ordered yet (`{name} orders a drink for NAME`)")
    elif state.phase == "action":
        text = (f"{name} has played this turn's Action" if state.action_done else
                f"{name} may play an Action: none played yet, no Drink ordered")
    else:
        text = f"{name} is at the start of the turn: nothing played, ordered or drunk yet (`{name} draws`)"
    return text + extra


def settle(state: GameState, named: set[str], out: Outcome, kept: frozenset[str] = frozenset()) -> None:
    """After a `set`: the bookkeeping it does not name brought to what the point of the turn it names implies.
    ``named``: the fields the `set` gave (``active``, ``phase`` and the FLAGS); ``kept``: fields another part of
    the same correction implied (a Round set up: its Action phase), kept as they are like named ones, while the
    rest changes only as far as that phase needs (a Round leaves additional Drinks as they were)."""
    fixed = set(named) | set(kept)
    if not fixed & {"active", "phase", *FLAGS}:
        return
    moved = False
    if named & {"active", "phase"}:
        implied = _for_active(state, _START, state.phase)
    else:  # the phase follows what was named, and the rest only as far as that phase needs
        phase = None if "phase" in kept else _nearest_phase(state, {key: getattr(state, key) for key in fixed
                                                                   if key in FLAGS})
        moved = phase is not None
        if moved:
            state.phase = phase
        implied = _for_active(state, _REQUIRES, state.phase)
    for key, value in implied.items():
        if key not in fixed:
            setattr(state, key, value)
    found = problems(state)
    if found:
        raise IllegalPlay(f"That position is impossible: {found[0][0]}", (found[0][1],), hint="Nothing was changed.")
    if "active" in named:
        why = f" A turn set on its own begins at its {PHASE_NAMES[first_phase(state, state.active)]} phase."
    elif "phase" in named:
        why = " A phase set on its own is taken at its start."
    elif moved:
        why = f" That fits the {PHASE_NAMES[state.phase]} phase."
    else:
        why = ""
    out.say(f"So at the table: {point_text(state)}.{why} `set phase`, `action played`, `drink ordered`, `drunk` or "
            "`extra orders` says otherwise.", OTTO_TURN if _plays_itself(state, state.active) else ed(state, "on-your-turn"))


def fill_unwritten(state: GameState, written: set[str]) -> None:
    """A position file's turn: a field it leaves out is what its phase implies (the phase left out: the active
    player's first). Printed positions write every field that differs, so they load exactly as printed."""
    if "phase" not in written:
        state.phase = first_phase(state, state.active)
    for key, value in _for_active(state, _START, state.phase).items():
        if key not in written:
            setattr(state, key, value)


def check_phase_word(state: GameState, phase: str) -> None:
    """Otto's turn has only an Action and a Drink phase."""
    if phase not in phases_for(state):
        raise IllegalPlay(f"Otto's turn has only an Action phase and a Drink phase (he neither Discards and Draws "
                          f"nor Orders Drinks), so there is no {PHASE_NAMES[phase]} phase for him.", (OTTO_TURN,),
                          hint="`set phase action` or `set phase drink`.")
