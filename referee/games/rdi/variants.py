"""The Bar Deck and Prize variants (Gambling? I'm In!, "Variants"; the Smorgasbox repeats the Prize Variant).

Bar Deck: the Drink Deck is 30 cards taken from a larger Bar Deck; when it runs out
(after everyone pays 1 Gold), the next 30 come from the Bar Deck, and if the Bar Deck
runs out on the way, the discarded Drinks become the new Bar Deck.

Prize: Prizes wait in the Inn; the player who starts a Round of Gambling puts one in
the pot before the antes; whoever takes the pot takes the Prize; a pot that goes to
the Inn takes its Prize with it; a used Prize goes to the Prize Bin, and when the Inn
has none left, the Bin's Prizes return to the Inn.
"""

from __future__ import annotations

from referee.core.ruling import IllegalPlay, Outcome
from referee.core.text import listed
from referee.games.rdi import characters
from referee.games.rdi.state import GameState

BAR = "gii/variants/bar-deck"
PRIZE = "gii/variants/prize"
DECK = 30


def refill_drink_deck(state: GameState, out: Outcome) -> None:
    """After the payment for running out of Drinks: a new Drink Deck from the discards or the Bar Deck."""
    if state.bar_deck is None:
        state.drink_deck, state.drink_discard = state.drink_discard, 0
        return
    taken = min(DECK, state.bar_deck)
    state.bar_deck -= taken
    state.drink_deck = taken
    if taken < DECK:
        out.say(f"The Bar Deck runs out after {taken} cards: the {state.drink_discard} discarded Drinks become the new "
                "Bar Deck, and the rest of the 30 come from it.", BAR)
        state.bar_deck, state.drink_discard = state.drink_discard, 0
        more = min(DECK - taken, state.bar_deck)
        state.bar_deck -= more
        state.drink_deck += more
    out.say(f"The next {state.drink_deck} cards of the Bar Deck are the new Drink Deck ({state.bar_deck} left in the "
            "Bar Deck).", BAR)


def put_prize_in_pot(state: GameState, starter: int, out: Outcome) -> None:
    """Before the antes, the starter adds a Prize from the Inn to the pot."""
    if state.prizes_inn is None:
        return
    if characters.adds_no_prize(state, starter, out):
        return
    if not state.prizes_inn and state.prize_bin:
        out.say("No Prizes are left in the Inn: every Prize in the Prize Bin returns to the Inn.", PRIZE)
        state.prizes_inn, state.prize_bin = list(state.prize_bin), []
    if not state.prizes_inn:
        out.say("There are no Prizes in the Inn or the Prize Bin: this Round has no Prize.", PRIZE)
        return
    state.pot_prize = state.prizes_inn.pop(0)
    name = state.players[starter].name
    choice = f" (`{name} chooses PRIZE` to pick {listed(state.prizes_inn, 'or')} instead)" if state.prizes_inn else ""
    out.say(f"{name} puts the Prize {state.pot_prize} in the pot before the antes{choice}.", PRIZE)


def _choosable(state: GameState) -> str:
    if not state.prizes_inn:
        return f"the Inn holds no other Prize to choose ({state.pot_prize} is already in the pot)"
    return f"the Prizes that may be chosen instead of {state.pot_prize}: {listed(state.prizes_inn)}"


def prize_choice_open(state: GameState) -> bool:
    """A Prize is being chosen: a Round of Gambling is being started under the Prize variant, its Prize in the
    pot and the antes not yet in."""
    round_ = state.round
    return (state.prizes_inn is not None and round_ is not None and not round_.started
            and state.pot_prize is not None)


def choose_prize(state: GameState, seat: int, prize: str, out: Outcome, wrong: str | None = None) -> None:
    """``wrong``: what the named card is, when it is not a Prize ("Wine is a Drink Card, not a Prize")."""
    round_ = state.round
    if state.prizes_inn is None or round_ is None or round_.starter != seat or state.pot_prize is None:
        raise IllegalPlay("Only the player who starts the Round chooses its Prize.", (PRIZE,))
    if round_.started:
        raise IllegalPlay(f"The Prize is chosen before anyone antes; the antes are in, so {state.pot_prize} stays in "
                          "the pot.", (PRIZE,))
    if wrong:
        raise IllegalPlay(f"{wrong}; {_choosable(state)}.", (PRIZE,))
    if prize not in state.prizes_inn:
        raise IllegalPlay(f"{prize} is not in the Inn; {_choosable(state)}.", (PRIZE,))
    state.prizes_inn.remove(prize)
    state.prizes_inn.insert(0, state.pot_prize)
    state.pot_prize = prize
    out.say(f"{state.players[seat].name} puts {prize} in the pot instead.", PRIZE)


def return_prize(state: GameState, out: Outcome) -> None:
    """A Round that never starts puts its Prize back in the Inn."""
    if state.pot_prize is not None:
        state.prizes_inn.insert(0, state.pot_prize)
        out.say(f"The Prize {state.pot_prize} goes back to the Inn.", PRIZE)
        state.pot_prize = None


def award_prize(state: GameState, winner: int | None, out: Outcome) -> None:
    if state.pot_prize is None:
        return
    if winner is None:
        state.prizes_inn.append(state.pot_prize)
        out.say(f"The pot goes to the Inn, and its Prize {state.pot_prize} goes with it.", PRIZE)
    elif characters.wins_no_prize(state, winner, out):
        state.prizes_inn.append(state.pot_prize)
    elif _takes_effect_when_won(state.pot_prize):
        _won_prize_takes_effect(state, winner, state.pot_prize, out)
    else:
        state.prizes.setdefault(state.players[winner].name, []).append(state.pot_prize)
        out.say(f"{state.players[winner].name} takes the Prize {state.pot_prize} with the pot.", PRIZE)
    state.pot_prize = None


def _prize_card(name: str):
    from referee.core.carddb import shipped_cards

    return shipped_cards().lookup(name, game="rdi", where=lambda c: c.type == "prize").found


def _takes_effect_when_won(name: str) -> bool:
    card = _prize_card(name)
    return card is not None and card.get("window") == "pot_won"


def _won_prize_takes_effect(state: GameState, winner: int, prize: str, out: Outcome) -> None:
    """A Prize that acts on whoever wins it (Talisman of Lightning): it does so at once, then goes away."""
    from referee.games.rdi import house

    card = _prize_card(prize)
    out.tell(f"{state.players[winner].name} wins the Prize {prize}: it takes effect on its winner at once, and the books "
            "do not print what it does to them; the table applies it with `set`.", *(card.cites[:1] if card else ()))
    if house.say(state, house.TALISMAN_GOES_AWAY, out) == "prize-bin":
        state.prize_bin.append(prize)
        out.say(f"{prize} goes to the Prize Bin.", "smb/prize-variant/prize-bin")
    else:
        out.say(f"{prize} leaves the game.")


def move_prize(state: GameState, giver: int, taker: int, out: Outcome) -> None:
    """Taking the pot without winning the Round also takes its Prize."""
    held = state.prizes.get(state.players[giver].name) or []
    if state.prizes_inn is None or not held:
        return
    prize = held.pop()
    state.prizes.setdefault(state.players[taker].name, []).append(prize)
    out.say(f"Taking the pot takes its Prize too: {prize} goes to {state.players[taker].name}.",
            "gii/variants/prize/taking-the-pot")


def share_prize(state: GameState, winner: int, taker: int, out: Outcome) -> None:
    """Half the pot taken: the winner chooses who keeps the Prize (Smorgasbox, Captain Whitehawk)."""
    held = state.prizes.get(state.players[winner].name) or []
    if state.prizes_inn is None or not held:
        return
    out.say(f"{state.players[winner].name} chooses whether {held[-1]} goes to {state.players[taker].name} or stays "
            "with them; the referee keeps it where it is until the table says otherwise.",
            "smb/prize-variant/captain-whitehawk")


def use_prize(state: GameState, seat: int, prize: str, out: Outcome, wrong: str | None = None) -> None:
    name = state.players[seat].name
    held = state.prizes.get(name) or []
    if wrong or prize not in held:
        start = wrong or f"{name} holds no Prize called {prize}"
        raise IllegalPlay(f"{start}; the Prizes {name} holds: {listed(held) or 'none'}.", (PRIZE,))
    held.remove(prize)
    state.prize_bin.append(prize)
    out.say(f"{name} uses {prize} and it goes to the Prize Bin. Its effect is not printed in the books: apply it with "
            "`set`.", PRIZE)
