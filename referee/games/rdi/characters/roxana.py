"""Roxana, Adventurous Chef (Smorgasbox).

An Ingredient Card that resolves goes to her Cutting Board instead of the discard,
even when Ignored or altered, but not when Negated. A blue cleaver lets one more
Ingredient Card go from her hand to the Cutting Board (its effects do not happen,
and its own cleaver does not chain). At the start of her turn a Recipe is revealed;
with one already available she keeps one and puts the other at the bottom, before
anyone does anything else. Cooking spends the Recipe's Ingredients (hybrid symbols
take either kind) and puts the Recipe in her hand. The Smorgasbord spends any three
Ingredients to draw a card; it counts as an Anytime Card, so it can be Negated, with
no refund. The table tells the referee each reveal and which cards move.
"""

from __future__ import annotations

import re

from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay, Outcome
from referee.core.text import abbreviate
from referee.games.rdi.state import CharacterNote, Entry, GameState

CHARACTER = "Roxana"

INGREDIENTS = "smb/roxana/ingredients"
CLEAVER = "smb/roxana/blue-cleaver"
RECIPES = "smb/roxana/recipes"
SMORGASBORD = "smb/roxana/smorgasbord"
OTHER = "smb/roxana/other-rules"
HYBRID = {"meat_or_sauce": {"meat", "sauce"}, "vegetables_or_sauce": {"vegetables", "sauce"},
          "any": {"meat", "vegetables", "sauce", "unknown"}}


# The announcements only this character makes, as the prompt completes them after the player's name.
VERBS = ("keeps", "cooks", "prepares", "uses the Smorgasbord")


# Roxana's own state, in her player's character slot (``Player.part``): the Cutting Board ([card name,
# Ingredient] pairs), the cards she may still move from hand to it (``cleaves``), the Available Recipe, the two
# Recipes she must choose between, and the cooked Recipes in her hand.
PART_FIELDS = ("cutting_board", "cleaves", "recipe", "recipe_choice", "recipes_in_hand")
SUMMARY_FIELDS = {"cutting_board": [], "recipe": None}
ANNOUNCEMENTS = ("Kitchen",)  # `Roxana cooks …`, `prepares …`, `uses the Smorgasbord`
REVEALS = ("recipe",)
OPS = ("cutting_board",)  # "Everything's prepped!": cards from her hand to the Cutting Board


def new_part() -> dict:
    return {"cutting_board": [], "cleaves": 0, "recipe": None, "recipe_choice": [], "recipes_in_hand": []}


def notes(player) -> list[CharacterNote]:
    """Her Cutting Board and Recipe: in `state`, the one-line summary and the toolbar."""
    part = player.part
    board, recipe = part["cutting_board"], part["recipe"]
    return [CharacterNote(f"Cutting Board {', '.join(n for n, _ in board) or 'empty'}  "
                          f"Recipe {recipe or ', '.join(part['recipe_choice']) or '-'}",
                          f"{player.name} board {len(board)}, recipe {recipe or '-'}",
                          (f"{player.name}'s board {len(board)}, recipe {recipe or '-'}",
                           f"{abbreviate(player.name, 5)} board {len(board)}"))]


def summary(player) -> dict:
    return {"cutting_board": [n for n, _ in player.part['cutting_board']], "recipe": player.part['recipe']}


def announced(state: GameState, kitchen, out: Outcome, table) -> None:
    """Her kitchen: cook the Available Recipe, prepare a card from hand, or use the Smorgasbord (``table``: the
    engine's card look-up and its way of putting a play on the chain)."""
    seat = state.seat(kitchen.player)
    if not is_roxana(state.players[seat].character):
        raise IllegalPlay(f"{kitchen.player} is not Roxana: only she has a Cutting Board.", (INGREDIENTS,))
    if kitchen.verb == "smorgasbord":
        board = table.cards.lookup("Smorgasbord", game="rdi").found
        smorgasbord(state, seat, out)
        table.chain_play(state, seat, board)
        out.say("Players may respond to the Smorgasbord like any Anytime Card; `resolve` draws her card.",
                table.timing(state))
        return
    card = table.card_named(kitchen.card, out)
    if kitchen.verb == "cook":
        cook(state, seat, card, out, kitchen.spent)
    else:
        prepare(state, seat, card, kitchen.kind, out)


def reveal(state: GameState, seat: int | None, card: Card, out: Outcome) -> bool:
    """A Recipe revealed by Roxana (by anyone else it is not hers to take)."""
    if seat is None or not is_roxana(state.players[seat].character):
        return False
    reveal_recipe(state, seat, card, out)
    return True


def keep(state: GameState, seat: int, card: Card, out: Outcome) -> bool:
    """`Roxana keeps RECIPE`: True when it was hers to keep."""
    return card.type == "recipe" and keep_recipe(state, seat, card, out)


def owes_choice(state: GameState, seat: int) -> bool:
    return bool(state.players[seat].part.get("recipe_choice"))


def check_owed_choices(state: GameState, seat: int) -> None:
    check_no_recipe_choice(state)


def check_play(state: GameState, seat: int, card: Card) -> None:
    check_recipe_in_hand(state, seat, card)


def card_played(state: GameState, seat: int, card: Card) -> None:
    recipe_played(state, seat, card)


def apply_op(state: GameState, entry: Entry, card: Card, effect, out: Outcome) -> None:
    if not card.get("cleaver"):  # a cleaver icon is handled with the Ingredient itself
        grant_prepare(state, entry, effect.count if isinstance(effect.count, int) else 1, out)


def last_chance_ok(state: GameState, seat: int, announcement) -> bool:
    """The Smorgasbord is an Anytime Card, and a cleaver finishes the card that gave it."""
    return type(announcement).__name__ == "Kitchen" and (
        announcement.verb == "smorgasbord" or (announcement.verb == "prepare"
                                               and state.players[seat].part.get("cleaves", 0) > 0))


def is_roxana(character: str) -> bool:
    return character.strip().lower() == "roxana"


def is_ingredient(card: Card) -> bool:
    """An Ingredient Card: its Ingredient icon is printed (``ingredient: unknown`` when the books call it one
    without naming the kind). A card the books leave undecided is not one until the table says so."""
    return card.get("ingredient") is not None or bool(card.get("cleaver"))


def as_kind(kind: str, name: str, card: str) -> str:
    """`as Meat`, or, for a type the books do not print, how the table can name it."""
    if kind == "unknown":
        return (f"as an Ingredient of a type the books do not print (the table can name it: `set {name} board …, "
                f"{card} as meat`, vegetables or sauce)")
    return f"as {kind.replace('_', ' ').title()}"


def undecided(card: Card) -> bool:
    """The books do not say whether this card has an Ingredient icon."""
    return card.get("ingredient") is None and "ingredient" in card.unknown


def after_card(state: GameState, entry: Entry, card: Card, out: Outcome) -> None:
    """A resolved Ingredient Card of Roxana's goes to her Cutting Board (Ignored or not)."""
    player = state.players[entry.player]
    if not is_roxana(player.character):
        return
    if undecided(card):
        out.say(f"The books do not say whether {card.name} has an Ingredient icon, so it goes to the discard pile: a "
                "card without the icon may not go on the Cutting Board. If this table's copy shows one, put it there "
                f"with `set {player.name} board …, {card.name} as TYPE` (meat, vegetables or sauce).", OTHER)
        return
    if not is_ingredient(card):
        return
    kind = card.get("ingredient") or "unknown"
    player.part['cutting_board'].append([card.name, kind])
    out.say(f"{card.name} resolved, so it goes to {player.name}'s Cutting Board {as_kind(kind, player.name, card.name)} instead of the discard "
            "pile" + (" (being Ignored does not stop that)." if entry.ignored_by else "."), INGREDIENTS)
    if card.get("cleaver"):
        player.part['cleaves'] += 1
        out.say(f"Its blue cleaver: {player.name} may put one more Ingredient Card from her hand straight on the Cutting "
                f"Board, without its effects (`{player.name} prepares CARD`). That card's own cleaver does not chain.",
                CLEAVER)


def negated(state: GameState, entry: Entry, card: Card | None, out: Outcome) -> None:
    """A Negated Ingredient Card of Roxana's has none of its effects, so it goes to her discard pile, not the
    Cutting Board (Smorgasbox, Ingredients)."""
    if card is not None and is_roxana(state.players[entry.player].character) and is_ingredient(card):
        out.say(f"{card.name} is an Ingredient Card, but Negated it did not resolve: it goes to "
                f"{state.players[entry.player].name}'s discard pile, not the Cutting Board.", INGREDIENTS)


def grant_prepare(state: GameState, entry: Entry, count: int, out: Outcome) -> None:
    """"Everything's prepped!": up to ``count`` Ingredient Cards from hand to the Cutting Board."""
    player = state.players[entry.player]
    if not is_roxana(player.character):
        out.say(f"{player.name} is not Roxana and has no Cutting Board: nothing goes on one.", INGREDIENTS)
        return
    player.part['cleaves'] += count
    out.say(f"{player.name} may put up to {count} Ingredient Cards from her hand on the Cutting Board, without their "
            f"effects (`{player.name} prepares CARD`).", CLEAVER)


def prepare(state: GameState, seat: int, card: Card, kind: str | None, out: Outcome) -> None:
    player = state.players[seat]
    if player.part['cleaves'] <= 0:
        raise IllegalPlay(f"{player.name} has nothing that lets her put a card from her hand on the Cutting Board now.",
                          (CLEAVER,))
    ingredient = ingredient_of(card, kind)
    player.part['cleaves'] -= 1
    player.part['cutting_board'].append([card.name, ingredient])
    out.say(f"{card.name} goes from {player.name}'s hand to the Cutting Board {as_kind(ingredient, player.name, card.name)}; "
            "none of its effects happen, its cleaver included.", CLEAVER)


def reveal_recipe(state: GameState, seat: int, card: Card, out: Outcome) -> None:
    player = state.players[seat]
    if seat != state.active or state.phase != "discard_draw" or state.chain:
        raise IllegalPlay("A new Recipe is revealed at the start of Roxana's turn.", (RECIPES,))
    if player.part['recipe']:
        player.part['recipe_choice'] = [player.part['recipe'], card.name]
        player.part['recipe'] = None
        out.code = "ask-keep"
        out.say(f"{player.name} reveals {card.name} with {player.part['recipe_choice'][0]} already available: she keeps one and the "
                f"other goes to the bottom of the Recipe Deck; nobody acts, and she may not cook, until she chooses "
                f"(`{player.name} keeps RECIPE`).", RECIPES)
        return
    player.part['recipe'] = card.name
    out.say(f"{card.name} is {player.name}'s Available Recipe.", RECIPES)


def keep_recipe(state: GameState, seat: int, card: Card, out: Outcome) -> bool:
    player = state.players[seat]
    if card.name not in player.part.get("recipe_choice", ()):
        return False
    other = [r for r in player.part['recipe_choice'] if r != card.name]
    player.part['recipe'], player.part['recipe_choice'] = card.name, []
    out.say(f"{player.name} keeps {card.name}; {other[0] if other else 'the other'} goes to the bottom of the Recipe Deck.",
            RECIPES)
    return True


def check_no_recipe_choice(state: GameState) -> None:
    for player in state.players:
        if player.part.get("recipe_choice"):
            raise IllegalPlay(f"Nobody may act while {player.name} chooses her Recipe (`{player.name} keeps RECIPE`).",
                              (RECIPES,))


def _pay(board: list, cost: list[str]) -> list[int] | None:
    """Indices of Cutting Board cards that pay ``cost`` (exact symbols first), or None."""
    chosen: list[int] = []
    for symbol in sorted(cost, key=lambda c: c in HYBRID):
        accepted = HYBRID.get(symbol, {symbol})
        index = next((i for i, (_, kind) in enumerate(board) if i not in chosen and kind in accepted), None)
        if index is None:
            return None
        chosen.append(index)
    return chosen


def check_recipe_in_hand(state: GameState, seat: int, card: Card) -> None:
    """A Recipe is played only once cooked: cooking puts it in her hand (Recipes)."""
    player = state.players[seat]
    if card.type != "recipe" or not is_roxana(player.character):
        return
    if card.name not in player.part['recipes_in_hand']:
        raise IllegalPlay(f"{card.name} is not in {player.name}'s hand: a Recipe is played only once she has cooked it "
                          f"(`{player.name} cooks {card.name} with INGREDIENT and INGREDIENT`).", (RECIPES,))


def recipe_played(state: GameState, seat: int, card: Card) -> None:
    player = state.players[seat]
    if card.type == "recipe" and card.name in player.part.get("recipes_in_hand", ()):
        player.part['recipes_in_hand'].remove(card.name)


def cook(state: GameState, seat: int, card: Card, out: Outcome, named: tuple[str, ...] = ()) -> None:
    player = state.players[seat]
    check_no_recipe_choice(state)
    if player.part['recipe'] != card.name:
        raise IllegalPlay(f"{card.name} is not {player.name}'s Available Recipe"
                          + (f" ({player.part['recipe']} is)." if player.part['recipe'] else "."), (RECIPES,))
    cost = card.get("recipe_cost")
    if not cost:
        raise IllegalPlay(f"The books do not print {card.name}'s cost; spend the Ingredients at the table and "
                          "correct the Cutting Board with the referee later.", (RECIPES,))
    board = player.part['cutting_board']
    if named:
        picked = _named(board, named)
        if picked is None:
            have = ", ".join(n for n, _ in board) or "nothing"
            raise IllegalPlay(f"The Cutting Board does not hold {', '.join(named)} (it has {have}).", (RECIPES,))
        paid = _pay([board[i] for i in picked], list(cost))
        if paid is None or len(picked) != len(cost):
            raise IllegalPlay(f"{card.name} costs {', '.join(c.replace('_', ' ') for c in cost)}; "
                              f"{', '.join(f'{board[i][0]} ({board[i][1]})' for i in picked)} do not pay exactly that.",
                              (RECIPES,))
        paid = [picked[i] for i in paid]
    else:
        paid = _pay(board, list(cost))
    if paid is None:
        have = ", ".join(f"{n} ({k})" for n, k in player.part['cutting_board']) or "nothing"
        raise IllegalPlay(f"{card.name} costs {', '.join(c.replace('_', ' ') for c in cost)}; the Cutting Board has {have}.",
                          (RECIPES,))
    spent = [player.part['cutting_board'][i][0] for i in paid]
    player.part['cutting_board'] = [c for i, c in enumerate(player.part['cutting_board']) if i not in paid]
    player.part['recipe'] = None
    player.part['recipes_in_hand'].append(card.name)
    chosen = "" if named else " (the referee picked them; say `cooks RECIPE with A and B` to choose)"
    out.say(f"{player.name} cooks {card.name}, spending {', '.join(spent)} from the Cutting Board (to her discard pile)"
            f"{chosen}. {card.name} goes into her hand; no new Recipe until the start of her next turn.", RECIPES,
            "smb/roxana/recipes/example")


def _named(board: list, names: tuple[str, ...]) -> list[int] | None:
    """Indices of the Cutting Board cards the table named, each used once (names match loosely)."""
    from referee.core.text import normalize

    picked: list[int] = []
    for name in names:
        wanted = normalize(name)
        # the whole name, its start, or its words in order ("mean cuisine", "no soup"); never a guess between two
        fits = [i for i, (card, _) in enumerate(board) if i not in picked and
                (normalize(card).startswith(wanted) or f" {wanted} " in f" {normalize(card)} ")]
        exact = [i for i in fits if normalize(board[i][0]) == wanted]
        if exact:
            fits = exact[:1]
        if len({board[i][0] for i in fits}) != 1:
            return None
        picked.append(fits[0])
    return picked


def smorgasbord(state: GameState, seat: int, out: Outcome) -> None:
    """Spend any three Ingredients; the draw happens when the activation resolves."""
    player = state.players[seat]
    check_no_recipe_choice(state)
    if len(player.part['cutting_board']) < 3:
        raise IllegalPlay(f"The Smorgasbord takes any three Ingredients; {player.name}'s Cutting Board has "
                          f"{len(player.part['cutting_board'])}.", (SMORGASBORD,))
    spent = [name for name, _ in player.part['cutting_board'][:3]]
    player.part['cutting_board'] = player.part['cutting_board'][3:]
    out.say(f"{player.name} spends {', '.join(spent)} on the Smorgasbord. It counts as playing an Anytime Card: if it "
            "is Negated, the Ingredients are not refunded.", SMORGASBORD)


# --- table corrections (`set Roxana board NAME, NAME`, `set Roxana recipe NAME`) -----------------
SET_KEYS = {"board": "board", "cutting board": "board", "recipe": "recipe", "available recipe": "recipe",
            "recipes": "recipes", "recipes in hand": "recipes"}


_TYPED = re.compile(r"^(?P<card>.+?)\s+as\s+(?:an?\s+)?(?P<kind>meat|vegetables?|sauce)$", re.I)


def ingredient_of(card: Card, named: str | None = None) -> str:
    """The Ingredient type a card counts as on the Cutting Board. The table may name the type of a card whose
    icon the books do not show (``named``); a printed icon, or a card known to have none, is the book's."""
    printed = card.get("ingredient")
    if printed is None and not undecided(card) and not card.get("cleaver"):
        raise IllegalPlay(f"{card.name} has no Ingredient icon, and a card without one may not go on the Cutting Board.",
                          (OTHER,))
    if named is None:
        return printed or "unknown"
    named = "vegetables" if named.lower().startswith("vegetable") else named.lower()
    if printed not in (None, "unknown") and printed != named:
        raise IllegalPlay(f"{card.name}'s Ingredient icon is {printed.title()}, not {named.title()}.", (INGREDIENTS,))
    return named


def _board_card(item: str, cards) -> tuple[str, str]:
    """`Some card` or `Some card as meat` on the Cutting Board: (name, Ingredient type)."""
    from referee.core.parse import find_card

    typed = _TYPED.match(item.strip())
    card = find_card(typed.group("card") if typed else item, cards, "rdi")
    return card.name, ingredient_of(card, typed.group("kind") if typed else None)


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    from referee.core.parse import find_card
    from referee.core.setwords import as_list, report

    player = state.players[seat]
    if not is_roxana(player.character):
        raise IllegalPlay(f"Only Roxana has a Cutting Board and Recipes; {player.name} is not Roxana.", (INGREDIENTS,))
    if key == "board":
        board = [_board_card(item, cards) for item in as_list(value)]
        report(out, f"{player.name}'s Cutting Board", [name for name, _ in board], player.part['cutting_board'], INGREDIENTS)
        player.part['cutting_board'] = [list(pair) for pair in board]
        return
    found = [find_card(n, cards, "rdi", where=lambda c: c.type == "recipe") for n in as_list(value)]
    if key == "recipe":
        if len(found) > 1:
            raise IllegalPlay("Roxana has one Available Recipe at a time.", (RECIPES,))
        recipe = found[0].name if found else None
        report(out, f"{player.name}'s Available Recipe", recipe, player.part['recipe'], RECIPES)
        player.part['recipe'], player.part['recipe_choice'] = recipe, []
    else:
        report(out, f"the Recipes in {player.name}'s hand", [c.name for c in found], player.part['recipes_in_hand'], RECIPES)
        player.part['recipes_in_hand'] = [c.name for c in found]


def position_problem(state: GameState) -> tuple[str, str] | None:
    return None
