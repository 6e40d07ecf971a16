"""The card file format's vocabulary: versions, games, books, kinds of card, fields and windows.

The lowest floor of the card schema: schema.py (the checker) and card_schema.py (the JSON Schema) both
read it, and it reads only the typed effect model, so neither of them needs the other's module.
"""

from __future__ import annotations

from referee.core.effect_model import ATTRS as EFFECT_ATTRS, card_ops

SCHEMA_VERSION = 1
GAMES = ("rdi", "tda")
BOOKS = ("rdi3", "gii", "smb", "tda", "table")  # "table": a card the table described, not the books

CARD_TYPES = {
    "rdi": {
        "action", "sometimes", "anytime", "gambling", "cheating", "drink", "drink_event",
        "gear", "potion", "wulfric", "recipe", "otto", "prize", "special_reserve",
        "dungeon_event", "extra",
    },
    "tda": {"dragon", "giant", "mortal", "dragon_god", "giant_god", "endgame"},
}

# The effect vocabulary is declared once, in the typed effect model.
EFFECT_OPS = {game: card_ops(game) for game in GAMES}

# Who an effect touches (`who`, `to`, `from`, `by`): docs/card-schema.md, Selectors.
ATTRS = EFFECT_ATTRS
WINDOWS = ("card_affects_you", "you_would_lose", "you_would_gain", "another_player_would_lose", "drink_revealed",
           "you_are_drinking", "you_lost_fortitude", "sometimes_card_played", "drink_changed", "round_of_gambling",
           "round_won", "order_a_drink_phase", "gear_revealed", "action_played", "any_card_played",
           "card_played_on_you", "pot_won", "other")

# Every parameter each op takes, by kind (card_schema.py turns the kinds into JSON Schema). A kind is a name
# below or a tuple of the only values allowed.

FILE_FIELDS = {"schema", "game", "book", "deck", "owner", "cards", "note"}
COMMON_FIELDS = {
    "id", "name", "aliases", "type", "subtype", "summary", "cites", "effects", "unknown",
    "links", "note", "edition", "book", "deck", "owner", "game", "count", "phrase", "replaces",
}
GAME_FIELDS = {
    "rdi": {
        "target", "window", "affects", "piety", "device", "ingredient", "cleaver", "price",
        "recipe_cost", "alcohol", "fortitude", "chaser", "builtin_split", "event",
        "protected", "mood", "condition", "kept", "mishap", "not_against", "unnegatable_at_piety",
    },
    "tda": {
        "color", "counts_as", "alignment", "strength", "strengths", "legendary", "power",
        "god_ability", "known_strengths",
    },
}
REQUIRED_FIELDS = ("id", "name", "type", "summary", "cites")
