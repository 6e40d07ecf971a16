"""Brewmaster Phrenk's Potions (RDI 3, Appendix A).

Phrenk has at most one Potion face up. At the start of his turn, before discarding
and drawing, he reveals the top Potion; holding one already, he keeps one of the two
and discards the other before doing anything else. A Brewing Mishap discards itself
and his face-up Potion. A face-up Potion is played like a card in hand, as the type
it prints, and answered like one. He may sell it at its printed price to a player who
agrees; a bought Potion is kept by its buyer, never resold, and survives Phrenk's loss
and his reshuffle. The table tells the referee each reveal; until then the referee
takes the table's word for what Phrenk holds.
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay, Outcome
from referee.core.text import abbreviate, sentence
from referee.games.rdi.effects import move_gold
from referee.games.rdi.state import CharacterNote, GameState

CHARACTER = "Phrenk"

REVEAL = "rdi3/appendix-a/phrenk/revealing-potions"
PLAY = "rdi3/appendix-a/phrenk/playing-potions"
SELL = "rdi3/appendix-a/phrenk/selling-potions"
EXAMPLE = "rdi3/appendix-a/phrenk/example"


# The announcements only this character makes, as the prompt completes them after the player's name.
VERBS = ("keeps", "sells")


# Phrenk's own state, in his player's character slot (``Player.part``): the two Potions he must choose between,
# and whether the table has told the referee his reveals. Face-up Potions are ``Player.potions``: a buyer holds
# them too.
PART_FIELDS = ("potion_choice", "potion_known")
ANNOUNCEMENTS = ("Sell",)
REVEALS = ("potion",)
HELD = ("potion",)  # played from in front of its holder, not from a hand


def new_part() -> dict:
    return {"potion_choice": [], "potion_known": False}


def _choice(player) -> list:
    return player.part.get("potion_choice") or []


def notes(player) -> list[CharacterNote]:
    """The two Potions he chooses between, shown where a face-up Potion is."""
    if player.potions or not _choice(player):
        return []
    shown = "/".join(_choice(player))
    return [CharacterNote(f"Potions: {', '.join(_choice(player))}", f"{player.name} Potion {shown}",
                          (f"{player.name}'s Potion {shown}", f"{abbreviate(player.name, 5)} Potion {shown}"))]


def announced(state: GameState, sale, out: Outcome, table) -> None:
    """`Phrenk sells POTION to NAME [for N]`."""
    sell(state, state.seat(sale.player), state.seat(sale.buyer), table.card_named(sale.card, out), sale.price, out)


def owes_choice(state: GameState, seat: int) -> bool:
    return bool(_choice(state.players[seat]))


def check_owed_choices(state: GameState, seat: int) -> None:
    check_choice_made(state, seat)


def card_played(state: GameState, seat: int, card: Card) -> None:
    if card.type == "potion":
        played(state, seat, card)


def is_phrenk(character: str) -> bool:
    return character.strip().lower() == "phrenk"


def reveal(state: GameState, seat: int | None, card: Card, out: Outcome) -> bool:
    """A Potion turned over: Phrenk's, at the start of his turn (nobody named: not his to take)."""
    if seat is None:
        return False
    _reveal(state, seat, card, out)
    return True


def _reveal(state: GameState, seat: int, card: Card, out: Outcome) -> None:
    player = state.players[seat]
    if not is_phrenk(player.character):
        raise IllegalPlay(f"Only Phrenk reveals Potions; {player.name} is not Phrenk.", (REVEAL,))
    player.part['potion_known'] = True
    if seat != state.active or state.phase != "discard_draw" or state.chain:
        raise IllegalPlay("Phrenk reveals a Potion at the start of his turn, before he discards and draws.", (REVEAL,))
    if player.part['potion_choice']:
        raise IllegalPlay(f"First keep one of {' or '.join(player.part['potion_choice'])}: `{player.name} keeps POTION`.", (REVEAL,))
    if card.get("mishap"):
        lost = f" and his face-up {player.potions[0]}" if player.potions else ""
        out.say(f"{player.name} reveals {card.name}: it is discarded at once{lost}.", REVEAL)
        player.potions = []
        return
    if player.potions:
        player.part['potion_choice'] = [player.potions[0], card.name]
        player.potions = []
        out.code = "ask-keep"
        out.say(f"{player.name} reveals {card.name} and still has {player.part['potion_choice'][0]}: he keeps one and discards "
                f"the other before doing anything else (`{player.name} keeps POTION`).", REVEAL)
        return
    player.potions = [card.name]
    out.say(f"{player.name} reveals {card.name} and puts it face up: he may play it like a card in his hand, or sell it.",
            REVEAL)


def keep(state: GameState, seat: int, card: Card, out: Outcome) -> bool:
    """`Phrenk keeps POTION`; the last keeper asked, so a card nobody was choosing is refused here."""
    player = state.players[seat]
    if card.name not in _choice(player):
        raise IllegalPlay(f"{player.name} is not choosing between Potions"
                          + (f"; the choice is {' or '.join(_choice(player))}." if _choice(player) else "."),
                          (REVEAL,))
    other = [p for p in player.part['potion_choice'] if p != card.name]
    player.potions = [card.name]
    player.part['potion_choice'] = []
    out.say(f"{player.name} keeps {card.name} and discards {other[0] if other else 'the other'}.", REVEAL)
    return True


def check_choice_made(state: GameState, seat: int) -> None:
    player = state.players[seat]
    if _choice(player):
        raise IllegalPlay(f"{player.name} must first keep one of {' or '.join(player.part['potion_choice'])} "
                          f"(`{player.name} keeps POTION`) before taking any other action.", (REVEAL,))


def check_holds(state: GameState, seat: int, card: Card) -> str | None:
    """A Potion is played only from in front of its holder. Returns a note when taking the table's word."""
    player = state.players[seat]
    check_choice_made(state, seat)
    if card.name in player.potions:
        return None
    if is_phrenk(player.character) and not player.potions and not player.part.get("potion_known"):
        return sentence(f"The referee was not told which Potion {player.name} has face up; it takes the table's word "
                        f"that it is {card.name}")
    raise IllegalPlay(f"{player.name} has no {card.name} face up in front of them"
                      + (f" (they have {', '.join(player.potions)})." if player.potions else "."), (PLAY,),
                      code="not-your-card")


def played(state: GameState, seat: int, card: Card) -> None:
    player = state.players[seat]
    if card.name in player.potions:
        player.potions.remove(card.name)


def sell(state: GameState, seat: int, buyer: int, card: Card, price: int | None, out: Outcome) -> None:
    seller = state.players[seat]
    if not is_phrenk(seller.character):
        raise IllegalPlay("Only Phrenk sells Potions, and bought Potions may not be resold.", (SELL,))
    check_choice_made(state, seat)
    if card.name not in seller.potions:
        raise IllegalPlay(f"{seller.name} has no {card.name} face up to sell.", (SELL,))
    printed = card.get("price")
    if printed is None and price is None:
        raise IllegalPlay(f"The books do not give {card.name}'s price: say the price printed on it, "
                          f"`{seller.name} sells {card.name} to NAME for N`.", (SELL,), code="ask-price")
    if printed is not None and price is not None and price != printed:
        raise IllegalPlay(f"{card.name} costs {printed} Gold; the price is not negotiable.", (SELL,))
    cost = printed if printed is not None else price
    buyer_player = state.players[buyer]
    if buyer_player.gold < cost:
        raise IllegalPlay(f"{buyer_player.name} has only {buyer_player.gold} Gold; {card.name} costs {cost}.", (SELL,))
    move_gold(state, buyer, seat, cost, out, f"buying {card.name}")
    seller.potions.remove(card.name)
    buyer_player.potions.append(card.name)
    out.say(f"{buyer_player.name} agrees and puts {card.name} face up in front of them; they may play it like a card "
            "in their hand, and may not resell it.", SELL, EXAMPLE)


# --- table corrections (`set Phrenk potion "Acid Spit Potion"`, `set Kaylin potions NAME, NAME`) ----
SET_KEYS = {"potion": "potion", "face-up potion": "potion", "potions": "potions", "bought potions": "potions"}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    from referee.games.rdi.phrases import card_of_kind
    from referee.core.setwords import as_list, report

    player = state.players[seat]
    names = [card_of_kind(n, cards, "potion").name for n in as_list(value)]
    if key == "potion" and not is_phrenk(player.character):
        raise IllegalPlay(f"Only Phrenk has a face-up Potion of his own; {player.name} may hold bought Potions "
                          f"(`set {player.name} potions NAME`).", (REVEAL,))
    report(out, f"{player.name}'s {'face-up Potion' if is_phrenk(player.character) else 'bought Potions'}", names,
           player.potions, REVEAL if is_phrenk(player.character) else SELL)
    player.potions = names
    if is_phrenk(player.character):
        player.part['potion_choice'] = []
        player.part['potion_known'] = True


def position_problem(state: GameState) -> tuple[str, str] | None:
    for player in state.players:
        if is_phrenk(player.character) and len(player.potions) > 1:
            return f"Phrenk has at most one Potion face up, not {len(player.potions)}.", REVEAL
    return None
