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
ONE_PLAYER = ("self", "left", "right", "their_left")  # selectors that always name one player

# Each condition the card data uses, as a clause: (when it holds, when it does not); {name} is the card's player.
CONDITIONS = {
    "an_opponent_fights_for_your_stakes": ("an opponent fights for {name}'s stakes",
                                           "no opponent fights for {name}'s stakes"),
    "paid": ("somebody paid", "nobody paid"),
    "nobody_paid": ("nobody paid", "somebody paid"),
    "swapped": ("{name} made the swap", "{name} made no swap"),
    "you_win_either_stakes": ("{name} wins either stakes", "{name} wins neither stakes"),
    "you_are_not_winning_after_round_3": ("{name} is not winning either stakes after round 3",
                                          "{name} is winning a stakes after round 3"),
}


def condition_text(ctx: Ctx, name, holds: bool = True) -> str:
    """A card's condition as a clause of a sentence: "somebody paid", "no opponent fights for Ann's stakes"."""
    pair = CONDITIONS.get(str(name))
    if pair is None:  # a condition new to the card data reads as its words
        words = str(name).replace("_", " ")
        return words if holds else f"it is not so that {words}"
    return pair[0 if holds else 1].format(name=ctx.name)


def _one_player(name) -> bool:
    return str(name) in ONE_PLAYER or S.settled_seat(str(name)) is not None


def not_happening(ctx: Ctx, effect: Effect) -> str:
    """What a card's effect comes to when its condition does not hold: "Ann draws no Legendary card"."""
    who_word = getattr(effect, "who", None) or "self"
    who = S.phrase(ctx, who_word)
    if effect.op == "draw":
        deck = "Legendary" if effect.deck == "legendary" else "main-deck"
        if _one_player(who_word):
            return f"{who} draws no {deck} card"
        return f"nobody draws a {deck} card"
    if effect.op == "pay":
        to = S.phrase(ctx, effect.to or "self")
        if _one_player(who_word):
            return f"{who} does not pay {to} {S.amount_text(effect.amount)}"
        return f"nobody pays {to} {S.amount_text(effect.amount)}"
    if effect.op == "trigger":
        return "no power is triggered"
    return f"{ctx.card_name} does not {effect_text(ctx, effect)}"


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


def option_amounts(effects: tuple[Effect, ...]) -> list[int] | None:
    """The numbers an option's text names (gold paid, cards drawn), which an answer picking it may repeat;
    None when an amount is counted at the table, so any count may be named."""
    found = []
    for effect in effects:
        for key in ("amount", "count"):
            value = getattr(effect, key, None)
            if isinstance(value, CountOf):
                return None
            if isinstance(value, int) and not isinstance(value, bool):
                found.append(value)
        if effect.op == "draw" and getattr(effect, "count", None) is None:
            found.append(1)
    return found


def standee(ctx: Ctx, seat: int) -> None:
    ctx.say(F.describe_flight(ctx.db, ctx.state.players[seat]) + ".", "tda/flight-strength")
