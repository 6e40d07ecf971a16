"""The main deck, the Legendary deck and the discard pile, counted; hands, counted.

The referee never sees a hidden card: it counts. When the main deck runs out the
discards are shuffled into a new main deck; the first time that happens mid-game,
the three endgame cards are stacked (Shuffle Twice, Score Thrice).
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.games.tda import defaults as D
from referee.games.tda import made
from referee.games.tda.state import GameState

TOASTS = ["Dragons card", "Giants card", "Fool card"]
TOAST_WORDS = {"Dragons card": "To the dragons!", "Giants card": "To the giants!",
               "Fool card": "To us mortals! (or: To us! / To fools like us!)"}


def reshuffle(state: GameState, out: Outcome) -> bool:
    if state.discard == 0:
        out.say("The main deck and the discard pile are both empty: there is nothing left to draw.",
                "tda/glossary/main-deck")
        return False
    state.main_deck, state.discard = state.discard, 0
    state.reshuffles += 1
    out.say(f"The main deck has run out: the {state.main_deck} discarded cards are shuffled into a new main deck "
            "(Legendary cards played earlier go in too).", "tda/ending-the-game/shuffle-twice-score-thrice",
            "tda/glossary/main-deck")
    if state.reshuffles == 1 and state.endgame_rule:
        state.toasts = list(TOASTS)
        out.say("That was the mid-game shuffle: the three endgame cards go face up by the deck (Dragons on top, "
                "Giants in the middle, the Fool at the bottom). The game ends after three more gambits are scored, "
                "unless someone runs out of gold sooner.", "tda/ending-the-game/tracking-the-endgame",
                "tda/ending-the-game/shuffle-twice-score-thrice")
    return True


def take_main(state: GameState, count: int, out: Outcome) -> int:
    """Take ``count`` cards off the main deck (reshuffling when it runs out); returns how many came."""
    got = 0
    while got < count:
        if state.main_deck <= 0 and not reshuffle(state, out):
            break
        step = min(count - got, state.main_deck)
        state.main_deck -= step
        got += step
    return got


def draw(state: GameState, seat: int, count: int, deck: str, out: Outcome, why: str = "", *cites: str) -> int:
    """``seat`` draws ``count`` cards from the main or the Legendary deck, up to the hand limit."""
    player = state.players[seat]
    if count <= 0:
        return 0
    room = max(0, D.HAND_LIMIT_CARDS - player.hand)
    wanted = min(count, room)
    if wanted < count:
        out.say(f"{player.name} holds {player.hand} cards and the hand limit is {D.HAND_LIMIT_CARDS}: "
                f"{'no card is' if wanted == 0 else f'only {wanted} is' if wanted == 1 else f'only {wanted} are'} drawn.",
                "tda/setup/hand-size")
        out.note(D.HAND_LIMIT.label(), *D.HAND_LIMIT.cites)
    if deck == "legendary":
        got = min(wanted, state.legendary_deck)
        state.legendary_deck -= got
        if got < wanted:
            out.say(f"The Legendary deck holds no more cards ({got} drawn). Correct the count with `set legendary N` "
                    "if it is wrong.", "tda/glossary/legendary-deck")
        where = "Legendary"
    else:
        got = take_main(state, wanted, out)
        where = "main"
    player.hand += got
    if got:
        made.keep(state, "draw", seat, deck if deck == "legendary" else "main", got, why, cites)
        reason = f" ({why})" if why else ""
        noun = "card" if got == 1 else "cards"
        out.say(f"{player.name} draws {got} {where}-deck {noun}{reason} and now holds {player.hand}; the table knows "
                "which.", *(cites or ("tda/glossary/hand",)))
    return got


def discard_from_hand(state: GameState, seat: int, count: int, out: Outcome, why: str = "", *cites: str) -> int:
    player = state.players[seat]
    gone = min(count, player.hand)
    player.hand -= gone
    state.discard += gone
    if gone:
        made.keep(state, "discard", seat, None, gone, why, cites)
    if gone < count:
        out.say(f"{player.name} has no card left to discard.", *cites)
    if gone:
        reason = f" ({why})" if why else ""
        out.say(f"{player.name} discards {gone} card{'s' if gone > 1 else ''} from hand{reason}; {player.hand} left.",
                *cites)
    return gone
