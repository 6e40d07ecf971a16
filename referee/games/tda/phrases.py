"""Giants War effect phrases: `power: [pay amount=5 who=each_opponent to=self]`.

Giants War powers are written in the structured form every op has (referee/core/phrases.py),
with the card files' words; a card's phrase names its block (`power` or `god ability`).
"""

from __future__ import annotations

from referee.core.phrases import Cursor, read_structured, write_structured

GAME = "tda"
BLOCKS = {"power": "power", "god ability": "god_ability"}


def read_clauses(cursor: Cursor) -> tuple:
    effects = []
    while True:
        effect = read_structured(cursor, GAME, read_clauses)
        if effect is None:
            cursor.fail("[op key=value …]")
            raise cursor.error()
        effects.append(effect)
        if not (cursor.accept(",") or cursor.accept("and")):
            return tuple(effects)


def write_clauses(effects) -> str:
    return ", ".join(write_structured(e, write_clauses) for e in effects)


def parse_block_phrase(text: str) -> tuple[str, tuple]:
    """`power: clauses` or `god ability: clauses` -> (block, effects)."""
    cursor = Cursor(text)
    block = next((BLOCKS[w] for w in sorted(BLOCKS, key=len, reverse=True) if cursor.accept(*w.split())), None)
    if block is None:
        cursor.fail("power or god ability")
        raise cursor.error()
    if not cursor.accept(":"):
        raise cursor.error()
    effects = read_clauses(cursor)
    if not cursor.at_end():
        cursor.fail(", and another clause")
        raise cursor.error()
    return block, effects


def block_phrase(block: str, effects) -> str:
    head = next(words for words, name in BLOCKS.items() if name == block)
    return f"{head}: {write_clauses(effects)}"


def card_phrases(card) -> list[str]:
    """What `card` shows as its phrases: its power and its god ability, each as a block (core/views.py asks)."""
    return [block_phrase(block, card.block_effects(block)) for block in ("power", "god_ability")
            if card.block_effects(block)]
