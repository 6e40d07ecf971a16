"""The effect op tables of docs/card-schema.md, written from the typed effect model.

Each op's parameters, their kinds and their whole vocabularies come from ``SPECS``, so the
document, the checker (card_schema.json) and the phrase language's structured form (which reads
``SPECS`` too) cannot disagree; ``python -m referee.core.card_schema`` rewrites the tables and a
test fails when they are out of date.
"""

from __future__ import annotations

import re
from pathlib import Path

from referee.core.effect_model import SPECS, card_ops

DOC_PATH = Path(__file__).parents[2] / "docs" / "card-schema.md"

MEANINGS = {
    "rdi": {
        "gain": "a gain (Gold from `from`: the Inn unless it names the pot or a player)",
        "lose": "a loss",
        "pay": "a Gold payment from `who` to `to` (the Inn unless named)",
        "drink": "make `who` drink (`count` Drinks)",
        "order_drinks": "order extra Drinks",
        "alter_drink": "change the answered Drink's Alcohol Content (signed)",
        "split_drink": "split the answered Drink",
        "pass_drink": "give the answered Drink to another player",
        "negate": "Negate the answered card (`what`: its kinds; any card when left out)",
        "ignore": "Ignore the answered card or Drink",
        "redirect": "redirect a loss to another player",
        "reduce": "make what the answered card does to `who` (the card's player by default) smaller, never past 0",
        "increase": "make what the answered card does to `who` larger",
        "draw": "draw cards",
        "discard": "discard cards (the table does it)",
        "start_round": "start a Round of Gambling: everyone antes 1 and its player is in control",
        "ante": "every player still in the Round antes",
        "take_control": "take control of the Round",
        "restrict_next_control": "only these kinds may take control next (\"Winning Hand!\")",
        "leave_round": "`who` leaves the Round",
        "force_leave": "`who` is forced out of the Round",
        "win_round": "win the Round",
        "take_pot": "take the pot (or `share: half` of a pot just won)",
        "end_round": "end the Round (the pot to `pot_to`)",
        "by_piety": "Serena: effects by her Piety (`bands`: `{from, to, effects}`)",
        "choose_one": "a choice among `options` (each a list of effects, with an optional `label`), made by the "
                      "card's player, or by each player `by` names",
        "stop_device": "Gear: the Device does not take effect",
        "add_numeric": "Gear: add to every numeric effect",
        "play_again": "the Negated card's player may play another",
        "redraw_drink": "take another Drink from the same source",
        "modify": "a standing modifier (Wulfric's moods, Debuffs, a card in front of a player)",
        "forbid": "a standing prohibition (Stalwart)",
        "in_front": "the card stays in front of `who` and its `effects` act `when` it says (inside them `self` is "
                    "that player; `once`: discarded after acting once)",
        "cutting_board": "Roxana: put Ingredients from hand on the Cutting Board",
        "piety": "Serena: move her Piety",
        "unmodelled": "an effect the vocabulary does not cover, in our words (`says`); the table applies it",
        "debuff": "Otto: give a Debuff token",
    },
    "tda": {
        "pay": "a gold payment", "steal": "take gold from the stakes", "draw": "draw cards", "give": "give a card",
        "discard": "discard a card", "add_to_ante": "put the top card of a deck face up into the ante (the table names it)",
        "trigger": "trigger another card's power", "swap_stakes": "swap the stakes",
        "strength_bonus": "add to a card's strength", "win_rule": "change who wins the stakes",
        "cannot_win": "a flight that cannot win", "extra_round": "play an extra round",
        "split_winnings": "share the stakes won", "halve_winnings": "take half the stakes won",
        "redirect_buying": "another player buys in your place", "choice": "a choice among options",
        "counts_as": "a card counts as other colours", "unmodelled": "an effect the vocabulary does not cover",
    },
}

_BLOCK = re.compile(r"(<!-- ops:(?P<game>\w+) begin -->\n).*?(<!-- ops:(?P=game) end -->)", re.S)


def _param(param) -> str:
    kind = "|".join(param.values) if param.values else param.kind
    return f"`{param.name}`{'*' if param.required else ''} ({kind})"


def table(game: str) -> str:
    """The Markdown table of ``game``'s ops: parameters (* required) with their kinds or vocabularies."""
    rows = ["| op | parameters (* required) | meaning |", "|---|---|---|"]
    for op in sorted(card_ops(game)):
        params = ", ".join(_param(p) for p in SPECS[game][op]) or "none"
        rows.append(f"| `{op}` | {params} | {MEANINGS[game][op]} |")
    return "\n".join(rows) + "\n"


def rendered(text: str) -> str:
    """``text`` (docs/card-schema.md) with every op table rewritten from the model."""
    return _BLOCK.sub(lambda m: m.group(1) + table(m.group("game")) + m.group(3), text)
