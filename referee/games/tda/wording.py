"""How card effects read in rulings and questions, and the words a player may use to pick an option."""

from __future__ import annotations

from referee.core.effect_model import CountOf, Effect
from referee.games.tda import flights as F
from referee.games.tda import selectors as S
from referee.games.tda.jobs import Ctx

def what_text(ctx: Ctx, what) -> str:
    text = str(what).replace("_", " ").replace("this card", str(ctx.strength))
    if text.split(" ")[0] in ("a", "an", "the", "one"):
        return text
    return ("an " if text[:1] in "aeiou" else "a ") + text


def effect_text(ctx: Ctx, effect: Effect) -> str:
    op = effect.op
    who = S.phrase(ctx, getattr(effect, "who", None) or "self")
    if op == "pay":
        return f"{who} pays {S.phrase(ctx, effect.to or 'self')} {S.amount_text(effect.amount)}"
    if op == "give":
        return f"{who} gives {S.phrase(ctx, effect.to or 'self')} {what_text(ctx, effect.what)}"
    if op == "draw":
        deck = "Legendary" if effect.deck == "legendary" else "main-deck"
        count = 1 if effect.count is None else effect.count
        return f"{who} draws {S.amount_text(count)} {deck} {'card' if count == 1 else 'cards'}"
    if op == "steal":
        return f"steal {S.amount_text(effect.amount)} from {S.phrase(ctx, effect.from_ or 'stakes')}"
    if op == "discard":
        return f"{who} discards {what_text(ctx, effect.what or 'a card')} from {effect.from_ or 'hand'}"
    return op.replace("_", " ")


SEAT_WORDS = ("who", "to", "by")  # the parameters that name a player


def option_words(ctx: Ctx, effects: tuple[Effect, ...]) -> list[str]:
    """Words a player may use to pick this option ("pays", "left", "Ben", "legendary", "dragons"...)."""
    if not effects:
        return ["no", "none", "decline", "declines", "nothing", "pass", "passes"]
    first = effects[0]
    words = {first.op}
    words |= {"pay": {"pays", "gold", "pay", "coins"}, "give": {"gives", "give", "card", "hands"},
              "draw": {"draw", "draws"}, "steal": {"steal", "steals"}}.get(first.op, set())
    for key in SEAT_WORDS:
        value = str(getattr(first, key, None) or "")
        seat = S.settled_seat(value)
        if seat is not None:
            words.add(ctx.state.name(seat).lower())
        elif value in ("left", "right"):
            words.add(value)
            seat = ctx.state.left(ctx.player) if value == "left" else ctx.state.right(ctx.player)
            if key == "who":
                words.add(ctx.state.name(seat).lower())
        if "dragon" in value:
            words |= {"dragon", "dragons"}
        if "giant" in value:
            words |= {"giant", "giants"}
    deck = getattr(first, "deck", None)
    if deck in ("legendary", "main"):
        words.add(deck)
    amount = getattr(first, "amount", None)
    if isinstance(amount, CountOf):
        for part in amount.what.split("_"):
            if part in ("dragons", "giants"):
                words |= {part, part[:-1]}
    if isinstance(amount, int):
        words.add(str(amount))
    return sorted(words)



def standee(ctx: Ctx, seat: int) -> None:
    ctx.say(F.describe_flight(ctx.db, ctx.state.players[seat]) + ".", "tda/flight-strength")
