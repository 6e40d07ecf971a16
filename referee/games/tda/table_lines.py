"""What the table applies itself: payments, steals, draws, discards and gifts it announces.

Such a line is the table's own move, never a report of one the referee made: a line that repeats a move
the referee has just made (made.py) is refused as already done, unless the referee asked the table to
apply something (then its lines are what it asked for) or the line says it is a further move (`more`,
`again`, `another`). A line about the stakes while no gambit is being played is refused, never read as
taking or paying nothing: between gambits the stakes only change by the ante, which the referee settles.
"""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.ruling import IllegalPlay, NotUnderstood, Outcome
from referee.core.text import count_of
from referee.games.tda import announce as A
from referee.games.tda import cardref, decks, gold, made, questions
from referee.games.tda import flights as F
from referee.games.tda.state import STAKES_NAME, GameState

NOTE = "as the table announces"


def apply(state: GameState, db: CardDB, item, out: Outcome) -> None:
    asked = state.question is not None  # the referee asked the table to apply something: these are its moves
    _stakes_in_play(state, item)
    if not asked:
        _not_done_already(state, item)
    _stakes_not_empty(state, item)
    mark = len(state.made)
    _move(state, db, item, out)
    made.forget_since(state, mark)


# --- the checks ------------------------------------------------------------------------------------
def _stakes_in_play(state: GameState, item) -> None:
    key = item.stakes if isinstance(item, A.Steal) else item.to_stakes if isinstance(item, A.Pay) else None
    if key is None:
        return
    name = STAKES_NAME[key]
    if state.phase == "ante":
        when = (f"gambit {state.gambit - 1} has been scored and gambit {state.gambit}'s ante is under way"
                if state.gambit > 1 else f"gambit {state.gambit} has not started")
        record = made.find(state, "steal", state.seat(item.player), key) if isinstance(item, A.Steal) else None
        done = f" The referee already moved it: {made.text(state, record)}." if record else ""
        raise IllegalPlay(f"No gambit is being played ({when}): nothing goes into or out of the {name} now but the "
                          f"ante, which the referee settles.{done}", ("tda/glossary/stakes", "tda/ante"),
                          code="already-done" if record else "illegal",
                          hint=f"`set {key} stakes N` corrects the {name}.")


def _stakes_not_empty(state: GameState, item) -> None:
    if isinstance(item, A.Steal) and state.stakes[item.stakes] <= 0:
        raise IllegalPlay(f"The {STAKES_NAME[item.stakes]} is empty: there is nothing to take from it.",
                          hint=f"The Dragon Stakes holds {state.stakes['dragon']}, the Giant Stakes "
                               f"{state.stakes['giant']}; `set {item.stakes} stakes N` corrects it.")


def _not_done_already(state: GameState, item) -> None:
    seat = state.seat(item.player)
    if getattr(item, "again", False):
        return
    if isinstance(item, A.Pay):
        to = ("player", state.seat(item.to_player)) if item.to_player else ("stakes", item.to_stakes)
        again = (f"{item.player} pays {item.to_player} {item.amount} more" if item.to_player
                 else f"{item.player} pays {item.amount} more to the {item.to_stakes} stakes")
        _refuse_if(state, made.find(state, "pay", seat, to), again)
    elif isinstance(item, A.Steal):
        _refuse_if(state, made.find(state, "steal", seat, item.stakes),
                   f"{item.player} steals {item.amount} more from the {item.stakes} stakes")
    elif isinstance(item, A.Draw):
        deck = " legendary" if item.deck == "legendary" else ""
        _refuse_if(state, made.find(state, "draw", seat, item.deck),
                   f"{item.player} draws {item.count} more{deck} {'card' if item.count == 1 else 'cards'}")
    elif isinstance(item, A.Discard):
        _refuse_if(state, made.find(state, "discard", seat), f"{item.player} discards {item.count} more")
    elif isinstance(item, A.Give):
        more = "another card" if item.count == 1 else f"{item.count} more cards"
        _refuse_if(state, made.find(state, "give", seat, state.seat(item.to)), f"{item.player} gives {item.to} {more}")


def _refuse_if(state: GameState, record: dict | None, again: str) -> None:
    if record is not None:
        made.refuse(state, record, again)


def _gone(state: GameState, db: CardDB, kind: str, text: str) -> None:
    """A card the table names that is no longer where it says because the referee moved it: already done."""
    name, strength, _ = cardref.split(text)
    card = cardref.lookup(state, db, name)
    for record in reversed(state.made):
        to = record.get("to") or [None, None]
        if record["kind"] == kind and to[0] == card.id and (strength is None or to[1] == strength):
            made.refuse(state, record, "")


# --- the moves -------------------------------------------------------------------------------------
def _move(state: GameState, db: CardDB, item, out: Outcome) -> None:
    seat = state.seat(item.player)
    player = state.players[seat]
    if isinstance(item, A.Pay):
        if item.to_player == item.player:
            raise IllegalPlay("A player cannot pay themselves.", ("tda/glossary/pay",),
                              hint=f"`{item.player} pays NAME N` or `{item.player} pays N to the dragon stakes`.")
        to = ("player", state.seat(item.to_player)) if item.to_player else ("stakes", item.to_stakes)
        gold.pay(state, seat, to, item.amount, out, NOTE, "tda/glossary/pay")
    elif isinstance(item, A.Steal):
        gold.steal(state, seat, item.stakes, item.amount, out, NOTE, "tda/stealing")
    elif isinstance(item, A.Draw):
        got = decks.draw(state, seat, item.count, item.deck, out, NOTE)
        if not got:
            out.say(f"{player.name} draws nothing.", "tda/glossary/hand")
    elif isinstance(item, A.Discard):
        if player.hand < item.count:
            raise IllegalPlay(f"By the referee's count {player.name} holds {count_of(player.hand, 'card')}, not "
                              f"{item.count}.", ("tda/glossary/hand",), hint=f"`{player.name} has N cards` corrects it.")
        decks.discard_from_hand(state, seat, item.count, out, NOTE, "tda/glossary/hand")
    elif isinstance(item, A.Give):
        target = state.players[state.seat(item.to)]
        if player.hand < item.count:
            raise IllegalPlay(f"By the referee's count {player.name} holds only {count_of(player.hand, 'card')}.",
                              ("tda/glossary/hand",), hint=f"`{player.name} has N cards` corrects the count.")
        player.hand -= item.count
        target.hand += item.count
        out.say(f"{player.name} gives {target.name} {count_of(item.count, 'card')} from hand; {player.name} holds "
                f"{player.hand}, {target.name} {target.hand}.", "tda/glossary/hand")
    elif isinstance(item, A.DiscardFlight):
        owner = state.players[state.seat(item.owner)]
        try:
            typed = questions.flight_card(state, db, f"{owner.name}'s {item.card}")
        except IllegalPlay:
            _gone(state, db, "flight", item.card)
            raise
        _, placed = state.find_placed(typed["uid"])
        owner.flight.remove(placed)
        state.discard += 1
        out.say(f"{placed.label} leaves {owner.name}'s flight for the discard pile ({NOTE}).", "tda/glossary/flight")
        out.say(F.describe_flight(db, owner) + ".", "tda/flight-strength")
    elif isinstance(item, (A.TakeAnte, A.DiscardAnte)):
        try:
            found = questions.ante_card(state, db, {}, item.card)
        except IllegalPlay:
            _gone(state, db, "ante", item.card)
            raise
        placed = next(p for p in state.ante if p.uid == found["uid"])
        state.ante.remove(placed)
        if isinstance(item, A.TakeAnte):
            player.hand += 1
            out.say(f"{player.name} takes {placed.label} from the ante into hand ({NOTE}); {player.hand} in hand.",
                    "tda/glossary/ante-card")
        else:
            state.discard += 1
            out.say(f"{placed.label} leaves the ante for the discard pile ({NOTE}).", "tda/glossary/ante-card")
    else:
        raise NotUnderstood("I don't understand that announcement.", hint=A.HELP)
