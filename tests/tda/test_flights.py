"""Flight strength, sides and special flights, straight from the card data."""

from __future__ import annotations

from referee.games.tda import flights as F
from referee.games.tda.state import Placed, Player


def flight(cards, *items):
    placed = []
    for uid, item in enumerate(items, 1):
        name, strength, *side = item
        card = next(c for c in cards.cards if c.game == "tda" and c.name == name and c.get("edition") != "legendary-edition")
        placed.append(Placed(uid, card.id, card.name, strength, side[0] if side else None))
    return Player("Ann", 30, flight=placed)


def test_the_book_example(cards):
    player = flight(cards, ("Silver Dragon", 6))
    assert (F.side(cards, player), F.strength(cards, player)) == ("dragons", 6)
    player = flight(cards, ("Silver Dragon", 6), ("Storm Giant", 10))
    assert (F.side(cards, player), F.strength(cards, player)) == ("giants", 10)
    player = flight(cards, ("Silver Dragon", 6), ("Storm Giant", 10), ("The Thief", 7, "dragons"))
    assert (F.side(cards, player), F.strength(cards, player)) == ("dragons", 13)
    player = flight(cards, ("Silver Dragon", 6), ("Storm Giant", 10), ("The Thief", 7, "giants"))
    assert (F.side(cards, player), F.strength(cards, player)) == ("giants", 17)


def test_perfect_balance_is_zero_and_fights_for_nothing(cards):
    player = flight(cards, ("Copper Dragon", 7), ("Fire Giant", 3), ("Frost Giant", 4))
    assert F.side(cards, player) is None and F.strength(cards, player) == 0
    assert F.stakes_of(cards, player) is None
    assert F.side(cards, flight(cards)) is None


def test_hiatea_is_a_giant_and_a_mortal(cards):
    player = flight(cards, ("Hiatea the Huntress", 9), ("Io", 13))
    assert F.side(cards, player) == "dragons" and F.strength(cards, player) == 13
    assert F.cannot_win(cards, player) == ["Io shares the flight with mortal"]


def test_colour_flights_count_gods_as_their_colours(cards):
    player = flight(cards, ("Fire Giant", 3), ("Surtur", 10), ("Othea", 6))
    assert F.completed_specials(cards, player, player.flight[-1]) == ["a colour flight of three Fire giants"]
    player = flight(cards, ("The Ordning", 5), ("The Great Ordning", 8), ("Othea", 6))
    assert F.completed_specials(cards, player, player.flight[-1]) == []
    player = flight(cards, ("The Thief", 7, "dragons"), ("The Emperor", 6, "giants"), ("Hiatea the Huntress", 9))
    assert F.completed_specials(cards, player, player.flight[-1]) == ["a colour flight of three mortals"]


def test_strength_flights_may_mix_kinds(cards):
    player = flight(cards, ("Copper Dragon", 6), ("Storm Giant", 6), ("The Emperor", 6, "dragons"))
    assert F.completed_specials(cards, player, player.flight[-1]) == ["a strength flight of three 6s"]


def test_a_triggered_wyrmpriest_is_a_wild_dragon(cards):
    player = flight(cards, ("Shadow Dragon", 2), ("The Wyrmpriest", 4, "dragons"), ("Shadow Dragon", 9))
    player.flight[1].wild_dragon = True
    assert F.completed_specials(cards, player, player.flight[-1]) == ["a colour flight of three Shadow dragons"]
    assert F.strength(cards, player) == 15
