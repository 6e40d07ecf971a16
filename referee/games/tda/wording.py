"""How card effects read in rulings and questions, and the words a player may use to pick an option."""

from __future__ import annotations

from referee.games.tda import flights as F
from referee.games.tda import selectors as S
from referee.games.tda.jobs import Ctx

def what_text(ctx: Ctx, what) -> str:
    text = str(what).replace("_", " ").replace("this card", str(ctx.strength))
    if text.split(" ")[0] in ("a", "an", "the", "one"):
        return text
    return ("an " if text[:1] in "aeiou" else "a ") + text


def effect_text(ctx: Ctx, effect: dict) -> str:
    op = effect.get("op")
    who = S.phrase(ctx, effect.get("who", "self"))
    if op == "pay":
        return f"{who} pays {S.phrase(ctx, effect.get('to', 'self'))} {S.amount_text(effect.get('amount'))}"
    if op == "give":
        return f"{who} gives {S.phrase(ctx, effect.get('to', 'self'))} {what_text(ctx, effect.get('what', 'a card'))}"
    if op == "draw":
        deck = "Legendary" if effect.get("deck") == "legendary" else "main-deck"
        count = effect.get('count', 1)
        return f"{who} draws {S.amount_text(count)} {deck} {'card' if count == 1 else 'cards'}"
    if op == "steal":
        return f"steal {S.amount_text(effect.get('amount'))} from {S.phrase(ctx, effect.get('from', 'stakes'))}"
    if op == "discard":
        return f"{who} discards {what_text(ctx, effect.get('what', 'a card'))} from {effect.get('from', 'hand')}"
    return str(op).replace("_", " ")


def option_words(ctx: Ctx, effects: list[dict]) -> list[str]:
    """Words a player may use to pick this option ("pays", "left", "Ben", "legendary", "dragons"...)."""
    if not effects:
        return ["no", "none", "decline", "declines", "nothing", "pass", "passes"]
    first = effects[0]
    words = {str(first.get("op"))}
    words |= {"pay": {"pays", "gold", "pay", "coins"}, "give": {"gives", "give", "card", "hands"},
              "draw": {"draw", "draws"}, "steal": {"steal", "steals"}}.get(str(first.get("op")), set())
    for key in ("who", "to", "by"):
        value = str(first.get(key, ""))
        if value.startswith("#"):
            words.add(ctx.state.name(int(value[1:])).lower())
        elif value in ("left", "right"):
            words.add(value)
            seat = ctx.state.left(ctx.player) if value == "left" else ctx.state.right(ctx.player)
            if key == "who":
                words.add(ctx.state.name(seat).lower())
        if "dragon" in value:
            words |= {"dragon", "dragons"}
        if "giant" in value:
            words |= {"giant", "giants"}
    if first.get("deck") in ("legendary", "main"):
        words.add(str(first["deck"]))
    amount = first.get("amount")
    if isinstance(amount, dict):
        for part in str(amount.get("count", "")).split("_"):
            if part in ("dragons", "giants"):
                words |= {part, part[:-1]}
    if isinstance(amount, int):
        words.add(str(amount))
    return sorted(words)



def standee(ctx: Ctx, seat: int) -> None:
    ctx.say(F.describe_flight(ctx.db, ctx.state.players[seat]) + ".", "tda/flight-strength")
