"""Giants War table corrections (`set`): the referee's state brought in line with the table.

Recorded with the code ``set``, undone like any announcement, never a ruling. Gold and cards
still add up: a changed hoard or stakes is counted in ``gold_adjust``; cards put into (or taken
out of) a hand, a flight or the ante come from (or go back to) the main deck, unless a `set` of the
same picture names the deck. A position the books do not allow is refused with the rule it breaks.

The `set` lines since the game last moved on are one picture of the table (see "one picture" below):
in any order they give the same table, and they start nothing the game does itself.
"""

from __future__ import annotations

from collections import Counter

from referee.core.parse import find_player
from referee.core.ruling import IllegalPlay, Outcome
from referee.core.setwords import as_bool, as_int, as_list, report, split_fields
from referee.core.table import plain
from referee.games.tda import cardref
from referee.games.tda import defaults as D
from referee.games.tda.state import STAKES_NAME, GameState, Placed

TABLE_KEYS = {"dragon": "dragon", "dragon stakes": "dragon", "giant": "giant", "giant stakes": "giant",
              "deck": "main_deck", "main deck": "main_deck", "main": "main_deck", "legendary": "legendary_deck",
              "legendary deck": "legendary_deck", "discard": "discard", "discards": "discard", "pile": "pile",
              "gambit": "gambit", "round": "round", "leader": "leader", "turn": "turn"}
PLAYER_KEYS = {"hoard": "hoard", "gold": "hoard", "hand": "hand", "cards": "hand", "hole": "hole",
               "flight": "flight", "ante": "ante", "been in the hole": "been_in_hole",
               "in the hole before": "been_in_hole"}
EXAMPLE = "`set Ann hoard 30`, `set gambit 3 round 2`, `set Ann flight \"Red Dragon 5\", \"Storm Giant 10\"`"
CARD_KEYS = ("hand", "flight", "ante")


def parse(text: str, names: list[str]) -> tuple[str, tuple[tuple[str, str], ...]]:
    words = text.split()
    who = ""
    if words and not any(" ".join(words[:len(k.split())]).lower() == k for k in TABLE_KEYS):
        who = find_player(words[0], names)
        text = text.split(None, 1)[1] if len(words) > 1 else ""
    keys = PLAYER_KEYS if who else TABLE_KEYS
    return who, tuple((keys[word], value) for word, value in split_fields(text, keys, EXAMPLE))


def apply(state: GameState, db, who: str, fields, out: Outcome) -> None:
    picture = _begin_picture(state)
    cards_before = _in_play(state)
    seat = state.seat(who) if who else None
    for key, value in fields:
        if seat is not None:
            _player_field(state, db, seat, key, value, out)
        else:
            _table_field(state, key, value, out)
        _name(picture, key if seat is None else f"{key}:{seat}")
    moved = _in_play(state) - cards_before
    if moved and "main_deck" not in picture["named"]:
        state.main_deck -= moved
        out.say(f"Assumed: the {abs(moved)} {'card' if abs(moved) == 1 else 'cards'} "
                f"{'came from' if moved > 0 else 'went back to'} the main deck, which now holds {state.main_deck}.",
                "tda/glossary/main-deck")
    _fill_in(state, picture, out)
    problems = position_problems(state, db)
    if problems:
        message, cite = problems[0]
        raise IllegalPlay(f"That position is impossible: {message}", (cite,), hint="Nothing was changed.")
    out.say("A table correction, not a ruling: `undo` takes it back.")
    out.code = "set"


# --- one picture -------------------------------------------------------------------------------
# `set` lines describe the table as it is; typed one after another they must give the same table in
# any order, and nothing the game does at a boundary (starting a turn, buying cards) happens because
# of them. So the lines since the game last moved on are one picture: each named field keeps the value
# the table gave, and every field the table did not name is worked out again after each line from the
# fields it did name and from the table as it was before the first line (``base``).
BASE = ("phase", "round", "rounds", "leader", "round_plays", "next_uid")
TURN_KEYS = ("round", "leader", "turn")


def _begin_picture(state: GameState) -> dict:
    if state.picture is None:
        base = {key: plain(getattr(state, key)) for key in BASE}
        base["been_in_hole"] = [p.been_in_hole for p in state.players]
        state.picture = {"base": base, "named": []}
    return state.picture


def _name(picture: dict, key: str) -> None:
    picture["named"] = sorted(set(picture["named"]) | {key})


def end_picture(state: GameState) -> None:
    """The game moves on (a play, an answer, a table move): the next `set` starts a new picture."""
    state.picture = None


def _fill_in(state: GameState, picture: dict, out: Outcome) -> None:
    """The fields the picture does not name, worked out from those it does."""
    base, named = picture["base"], set(picture["named"])
    for seat, player in enumerate(state.players):
        if f"been_in_hole:{seat}" not in named:
            player.been_in_hole = base["been_in_hole"][seat] or (f"hole:{seat}" in named and player.hole > 0)
    if any(key in named for key in TURN_KEYS):
        _fill_in_turn(state, base, named, out)
    else:
        # A flight the table names gives that player's card of this round, if they have played this round.
        state.round_plays = [_played(state, entry["seat"]) if f"flight:{entry['seat']}" in named else entry
                             for entry in plain(base["round_plays"])]
    _number_new_cards(state, base["next_uid"])


def _fill_in_turn(state: GameState, base: dict, named: set, out: Outcome) -> None:
    """A round being played: the ante is settled; the round, the leader and the turn follow from those named."""
    mid_gambit = base["phase"] in ("play", "scoring")  # a round being played, or the last one just over
    state.phase, state.ante_settled = "play", True
    state.rounds = max(base["rounds"], D.ROUNDS_PER_GAMBIT)
    if "round" not in named:
        state.round = max(base["round"], 1)
    if "leader" not in named:
        if mid_gambit and base["leader"] is not None:
            state.leader = base["leader"]
        elif "turn" in named:
            state.leader = state.turn  # with no leader known, the player whose turn it is led
        else:
            state.leader = 0
    if "turn" not in named:  # a round or a leader named without a turn: the round is at its start
        state.turn = state.leader
    order = state.order_from(state.leader)
    before = order[: order.index(state.turn)]
    said = [p["seat"] for p in state.round_plays]
    state.round_plays = [_played(state, seat) for seat in before]
    # The table is inside this turn: what happens as a turn starts (buying cards) is not done by a correction.
    state.turn_started, state.turn_played = True, False
    if before and before != said:
        out.say(f"Assumed: {', '.join(state.name(s) for s in before)} already played this round, the last card "
                "of each flight.", "tda/glossary/round")
    empty = [state.name(s) for s in before if not state.players[s].flight]
    if empty:
        out.say(f"{' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} played this round but no card is in "
                f"{'that flight' if len(empty) == 1 else 'those flights'} yet: set it before "
                f"{state.name(state.turn)} plays.", "tda/glossary/round")


def _played(state: GameState, seat: int) -> dict:
    """A player taken to have played this round: the last card of their flight (none yet if it is empty)."""
    flight = state.players[seat].flight
    last = flight[-1] if flight else None
    return {"seat": seat, "name": last.name if last else None, "strength": last.strength if last else None}


def _number_new_cards(state: GameState, first: int) -> None:
    """Cards a correction put on the table are numbered in table order, whatever order the lines came in."""
    new = [c for p in state.players for c in p.flight if c.uid >= first] + [c for c in state.ante if c.uid >= first]
    for offset, card in enumerate(new):
        card.uid = first + offset
    state.next_uid = first + len(new)


def _in_play(state: GameState) -> int:
    """Cards in hands, flights and the ante: a correction to these moves cards from or to the main deck."""
    return sum(p.hand + len(p.flight) for p in state.players) + len(state.ante)


def _player_field(state: GameState, db, seat: int, key: str, value: str, out: Outcome) -> None:
    player = state.players[seat]
    if key in ("flight", "ante"):
        typed = [cardref.typed_card(state, db, text, need_side=True if key == "flight" else False)
                 for text in as_list(value)]
        if key == "ante" and len(typed) > 1:
            raise IllegalPlay("Each player antes one card.", ("tda/ante",))
        # a flight holds one card a round, so the i-th card was played in round i
        placed = [Placed(state.new_uid(), t.card.id, t.card.name, t.strength, side=t.side, owner=seat,
                         round=index + 1) for index, t in enumerate(typed)]
        if key == "flight":
            report(out, f"{player.name}'s flight", [p.label for p in placed], [p.label for p in player.flight],
                   "tda/glossary/flight")
            player.flight = placed
        else:
            report(out, f"{player.name}'s ante card", [p.label for p in placed],
                   [p.label for p in state.ante if p.owner == seat], "tda/glossary/ante-card")
            # kept in seat order, so that the lines' order does not show
            state.ante = sorted([p for p in state.ante if p.owner != seat] + placed, key=lambda p: p.owner)
        return
    if key == "been_in_hole":
        flag = as_bool("been in the hole", value)
        report(out, f"whether {player.name} has been in the hole this game", flag, player.been_in_hole,
               "tda/glossary/hole")
        player.been_in_hole = flag
        return
    number = as_int(key, value)
    if number < 0:
        raise IllegalPlay(f"{player.name}'s {key} cannot be less than 0.", hint="Give 0 or more.")
    report(out, f"{player.name}'s {key}", number, getattr(player, key))
    if key == "hoard":
        state.gold_adjust += number - player.hoard
    setattr(player, key, number)


def _table_field(state: GameState, key: str, value: str, out: Outcome) -> None:
    if key in ("leader", "turn"):
        seat = state.seat(find_player(value, [p.name for p in state.players]))
        if key == "leader":
            report(out, "the leader of the round", state.name(seat),
                   state.name(state.leader) if state.leader is not None else None, "tda/glossary/leader")
            state.leader = seat
        else:
            report(out, "whose turn it is", state.name(seat), state.name(state.turn) if state.turn is not None else None,
                   "tda/glossary/turn")
            state.turn = seat
        return
    number = as_int(key, value)
    if number < 0:
        raise IllegalPlay(f"The {key.replace('_', ' ')} cannot be less than 0.", hint="Give 0 or more.")
    if key in ("dragon", "giant"):
        report(out, f"the {STAKES_NAME[key]}", number, state.stakes[key], "tda/two-stakes")
        state.gold_adjust += number - state.stakes[key]
        state.stakes[key] = number
        return
    report(out, f"the {key.replace('_', ' ')}", number, getattr(state, key))
    if key == "pile":
        state.gold_adjust += number - state.pile
    setattr(state, key, number)


def position_problems(state: GameState, db) -> list[tuple[str, str]]:
    problems = []
    if state.gambit < 1:
        problems.append(("gambits are counted from 1.", "tda/glossary/gambit"))
    if state.phase == "play" and not 1 <= state.round <= state.rounds:
        problems.append((f"a gambit has rounds 1 to {state.rounds}; round {state.round} is outside.",
                         "tda/glossary/gambit"))
    if state.main_deck < 0:
        problems.append((f"the main deck would hold {state.main_deck} cards.", "tda/glossary/main-deck"))
    owners = [p.owner for p in state.ante if p.owner >= 0]  # a card a power added was anted by nobody
    if len(owners) != len(set(owners)):
        problems.append(("each player antes one card.", "tda/ante"))
    face_up = [c for p in state.players for c in p.flight] + list(state.ante)
    counts = Counter((c.card_id, c.strength) for c in face_up)
    for (card_id, strength), count in counts.items():
        card = db.by_id.get(card_id)
        if count > 1 and card is not None and cardref.unique(card):
            problems.append((f"{card.name} {strength} is face up {count} times; there is only one.", "tda/card-list"))
    for player in state.players:
        if player.hole and not player.been_in_hole:
            problems.append((f"{player.name} is in the hole, so has been in the hole this game.", "tda/glossary/hole"))
    return problems
