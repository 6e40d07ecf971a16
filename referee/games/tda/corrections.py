"""Giants War table corrections (`set`): the referee's state brought in line with the table.

Recorded with the code ``set``, undone like any announcement, never a ruling. Gold and cards
still add up: a changed hoard or stakes is counted in ``gold_adjust``; cards put into (or taken
out of) a hand, a flight or the ante come from (or go back to) the main deck, unless the same
`set` names the deck. A position the books do not allow is refused with the rule it breaks.
"""

from __future__ import annotations

from collections import Counter

from referee.core.parse import find_player
from referee.core.ruling import IllegalPlay, Outcome
from referee.core.setwords import as_bool, as_int, as_list, report, split_fields
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
    cards_before = _in_play(state)
    for key, value in fields:
        if who:
            _player_field(state, db, state.seat(who), key, value, out)
        else:
            _table_field(state, key, value, fields, out)
    if not any(key == "main_deck" for key, _ in fields):
        moved = _in_play(state) - cards_before
        if moved:
            state.main_deck -= moved
            out.say(f"Assumed: the {abs(moved)} {'card' if abs(moved) == 1 else 'cards'} "
                    f"{'came from' if moved > 0 else 'went back to'} the main deck, which now holds {state.main_deck}.",
                    "tda/glossary/main-deck")
    problems = position_problems(state, db)
    if problems:
        message, cite = problems[0]
        raise IllegalPlay(f"That position is impossible: {message}", (cite,), hint="Nothing was changed.")
    out.say("A table correction, not a ruling: `undo` takes it back.")
    out.code = "set"


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
        placed = [Placed(state.new_uid(), t.card.id, t.card.name, t.strength, side=t.side, owner=seat,
                         round=min(index + 1, max(state.round, 1))) for index, t in enumerate(typed)]
        if key == "flight":
            report(out, f"{player.name}'s flight", [p.label for p in placed], [p.label for p in player.flight],
                   "tda/glossary/flight")
            player.flight = placed
        else:
            report(out, f"{player.name}'s ante card", [p.label for p in placed],
                   [p.label for p in state.ante if p.owner == seat], "tda/glossary/ante-card")
            state.ante = [p for p in state.ante if p.owner != seat] + placed
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
    if key == "hole" and number:
        player.been_in_hole = True


def _table_field(state: GameState, key: str, value: str, fields, out: Outcome) -> None:
    if key in ("leader", "turn"):
        seat = state.seat(find_player(value, [p.name for p in state.players]))
        _turn(state, key, seat, out)
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
    if key == "round" and number:
        # A round being played: the ante is settled; who leads and whose turn it is follow unless also set.
        state.phase, state.ante_settled = "play", True
        state.rounds = max(state.rounds, D.ROUNDS_PER_GAMBIT)
        if not any(k in ("leader", "turn") for k, _ in fields):
            _turn(state, "leader", state.leader if state.leader is not None else 0, out)


def _turn(state: GameState, key: str, seat: int, out: Outcome) -> None:
    if state.phase != "play":
        raise IllegalPlay("Rounds are played once the ante is settled: `set round N` first.", ("tda/glossary/round",))
    if key == "leader":
        report(out, f"the leader of round {state.round}", state.name(seat),
               state.name(state.leader) if state.leader is not None else None, "tda/glossary/leader")
        state.leader = state.turn = seat
        state.round_plays = []
    else:
        leader = state.leader if state.leader is not None else seat
        state.leader = leader  # with no leader known, the player whose turn it is led
        report(out, "whose turn it is", state.name(seat), state.name(state.turn) if state.turn is not None else None,
               "tda/glossary/turn")
        before = state.order_from(leader)[: state.order_from(leader).index(seat)]
        empty = [state.name(s) for s in before if not state.players[s].flight]
        if empty:
            raise IllegalPlay(f"{' and '.join(empty)} would have played this round already, but "
                              f"{'has' if len(empty) == 1 else 'have'} no card in their flight: set the flights first.", ("tda/glossary/round",))
        state.turn = seat
        state.round_plays = [{"seat": s, "name": state.players[s].flight[-1].name,
                              "strength": state.players[s].flight[-1].strength}
                             for s in before]
        if before:
            out.say(f"Assumed: {', '.join(state.name(s) for s in before)} already played this round, the last card "
                    "of each flight.", "tda/glossary/round")
    state.turn_started = state.turn_played = False


def position_problems(state: GameState, db) -> list[tuple[str, str]]:
    problems = []
    if state.gambit < 1:
        problems.append(("gambits are counted from 1.", "tda/glossary/gambit"))
    if state.phase == "play" and not 1 <= state.round <= state.rounds:
        problems.append((f"a gambit has rounds 1 to {state.rounds}; round {state.round} is outside.",
                         "tda/glossary/gambit"))
    if state.main_deck < 0:
        problems.append((f"the main deck would hold {state.main_deck} cards.", "tda/glossary/main-deck"))
    owners = [p.owner for p in state.ante]
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
