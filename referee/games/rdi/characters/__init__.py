"""Character mechanics, one module each, hooked into the engine at a few fixed points:

* ``adjust_change``: a standing modifier changes what one player takes from a card or Drink,
  once for the card as a whole (Wulfric's moods).
* ``after_card``: after a card's other effects (Serena's Piety).
* ``forbid_response``: a standing prohibition on answering a card (Wulfric's Stalwart).
* ``end_of_turn``: after a player's Drink phase (Wulfric's mood changes).
* ``SET_KEYS`` / ``apply_set`` / ``position_problem``: the table corrects a character's part with `set`
  (Wulfric's mood, Piety, Potions, the Cutting Board, Otto's tracks), and an impossible one is refused.
"""

from __future__ import annotations

from referee.core.effect_model import effects_data
from referee.core.ruling import Outcome
from referee.games.rdi.characters import kaylin, otto, phrenk, roxana, serena
from referee.games.rdi.effects import stored
from referee.games.rdi.state import Entry, GameState


def adjust_change(state: GameState, victim: int, attr: str, change: int, entry: Entry | None, out: Outcome) -> int:
    change = kaylin.adjust_change(state, victim, attr, change, entry, out)
    return standing_cards(state, victim, attr, change, out)


def standing_cards(state: GameState, victim: int, attr: str, change: int, out: Outcome) -> int:
    """Cards lying in front of a player with a standing modifier (Spatchcocked Cockatrice)."""
    player = state.players[victim]
    for name, effects in player.front:
        for effect in stored(effects):
            if effect.op != "modify" or not effect.by:
                continue
            if effect.change == "fortitude_loss" and attr == "fortitude" and change < 0:
                change = min(0, change - effect.by) if effect.by < 0 else change - effect.by
                out.say(f"{name}, in front of {player.name}: this Fortitude loss is reduced by {-effect.by}.",
                        "smb/card-notes/spatchcocked-cockatrice")
    return change


def after_card(state: GameState, entry: Entry, card, out: Outcome) -> None:
    serena.after_card(state, entry, card, out)
    roxana.after_card(state, entry, card, out)
    if any(e.op == "modify" and e.scope == "while_in_front_of_you" for e in card.effects):
        effects = list(card.effects)
        if entry.jinxed:
            # The Smorgasbox note: a Power Jinx cuts this protection to zero for as long as the card stays,
            # although the Jinx otherwise touches only printed numerals ("reduced by one" is spelled out).
            effects = [e.replace(by=0) if e.op == "modify" else e for e in effects]
            out.say(f"{card.name} was played under a Power Jinx: its protection is 0 for as long as it stays in front "
                    "of the player (the Smorgasbox's card note; the Power Jinx rule itself reduces only numerals).",
                    "smb/card-notes/spatchcocked-cockatrice", "smb/otto/witchdoctor/numerical-values")
        state.players[entry.player].front.append([card.name, effects_data(effects)])
        out.say(f"{card.name} stays in front of {state.players[entry.player].name}; its effect lasts while it is there.",
                "smb/card-notes/spatchcocked-cockatrice")


def forbid_response(state: GameState, target: Entry) -> str | None:
    return kaylin.forbid_response(state, target)


def end_of_turn(state: GameState, seat: int, out: Outcome) -> None:
    kaylin.end_of_turn(state, seat, out)


CORRECTABLE = (kaylin, serena, phrenk, roxana, otto)


def set_keys() -> dict[str, str]:
    """Every word a `set` may use for a character's part, and the part it names."""
    return {word: key for module in CORRECTABLE for word, key in module.SET_KEYS.items()}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    module = next(m for m in CORRECTABLE if key in m.SET_KEYS.values())
    module.apply_set(state, seat, key, value, cards, out)


def position_problems(state: GameState) -> list[tuple[str, str]]:
    return [problem for module in CORRECTABLE if (problem := module.position_problem(state))]
