"""Serena the Pious: the Piety track (RDI 3, Appendix A).

Piety starts at 8 and stays within 1..8. A card's Piety arrow applies after all
its other effects, and Piety-banded effects read the Piety at the moment the card
takes effect. A Negated card changes no Piety (it never resolves); an Ignored one
still does. Falling below 1 means atoning once: tithe 1 Gold to the Inn or lose 1
Fortitude that cannot be avoided.
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import Outcome
from referee.games.rdi import effects
from referee.games.rdi.state import Entry, GameState

CHARACTER = "Serena"
STARTING_PIETY = 8
LOW, HIGH = 1, 8
PIETY = "rdi3/appendix-a/serena/piety"


# Serena's own state, in her player's character slot (``Player.part``): {"piety": 1..8, "atoning": bool}.
# Plain data, so undo and the store need nothing of hers; these functions are the only ones that read it.
PART_FIELDS = ("piety", "atoning")


def new_part() -> dict:
    return {"piety": STARTING_PIETY}


def _piety(player) -> int | None:
    return player.part.get("piety")  # only her slot holds one (new_part)


def _by_piety(state: GameState, entry: Entry, effect) -> tuple:
    """A card's effects by Piety band (`by_piety`): the band her Piety is in, for the card's player."""
    return effects.piety_band_effects(effect, _piety(state.players[entry.player]))


effects.EXPANDS["by_piety"] = _by_piety  # effects.flat_effects asks it (see there)


def tracks(player) -> dict[str, int]:
    """Her figures beyond the shared ones, by name: the Piety track."""
    piety = _piety(player)
    return {} if piety is None else {"piety": piety}


SUMMARY_FIELDS = {"piety": None}


def summary(player) -> dict:
    return {"piety": _piety(player)}


def marks(player, widest: bool = False) -> list[tuple[str, str]]:
    """Her figures in words and short, for the toolbar and `state`; ``widest``: as wide as they can be
    (two digits, the toolbar's padding for every figure)."""
    piety = _piety(player)
    shown = 10 if widest else piety
    return [] if piety is None else [(f"Piety {shown}", f"P{shown}")]


def move_track(state: GameState, seat: int, track: str, by: int, card_name: str, out: Outcome) -> None:
    """A card's ``piety`` effect: it moves Piety, which only Serena has."""
    player = state.players[seat]
    if _piety(player) is None:
        out.say(f"{card_name} moves Piety, and only Serena has Piety: it changes nothing for {player.name}.", PIETY)
        return
    move_piety(state, seat, by, out)


TRACKS = ("piety",)  # the tracks a card's effect may move (ops `piety`), answered by move_track


def on_setup(state: GameState, seat: int, out: Outcome) -> None:
    out.say(f"{state.players[seat].name}'s Piety starts at {STARTING_PIETY}.", "rdi3/appendix-a/serena")


def duty(state: GameState, seat: int) -> tuple[str, str, str] | None:
    """What she owes before play goes on: the waiting line, its short form, and what it is called."""
    player = state.players[seat]
    if not player.part.get("atoning"):
        return None
    return (f"{player.name} atones: `{player.name} atones gold|fortitude`", "atones?", "atonement")


# The announcements only this character makes, as the prompt completes them after the player's name.
VERBS = ("tithes", "atones gold", "atones fortitude")


def is_serena(character: str) -> bool:
    return character.strip().lower() == "serena"


def after_card(state: GameState, entry: Entry, card: Card, out: Outcome) -> None:
    """Apply the card's Piety arrow, once its other effects are done."""
    player = state.players[entry.player]
    if _piety(player) is None:
        return
    arrow = card.get("piety")
    if arrow is None:
        if "piety" in card.unknown:
            out.say(f"The books do not show the Piety arrow of {card.name}; if it has one, `set {player.name} piety N`.",
                    PIETY)
        return
    if not isinstance(arrow, int):
        out.say(f"{card.name}'s Piety change ({arrow}) is explained on the card; `set {player.name} piety N`.", PIETY)
        return
    move_piety(state, entry.player, arrow, out, "After the card's other effects, ")


def move_piety(state: GameState, seat: int, arrow: int, out: Outcome, lead: str = "") -> None:
    """Move Serena's Piety within 1..8; below 1 she atones once."""
    player = state.players[seat]
    before = _piety(player)
    wanted = before + arrow
    player.part["piety"] = max(LOW, min(HIGH, wanted))
    out.say(f"{lead}{player.name}'s Piety moves {arrow:+d}: {before} → {player.part['piety']}"
            + (" (it cannot go above 8)." if wanted > HIGH else "."), PIETY)
    if wanted < LOW:
        player.part["atoning"] = True
        out.say(f"{player.name}'s Piety would drop below 1: it stays at 1 and she atones once (however far below 1 "
                f"it would go): a 1-Gold tithe to the Inn, or a 1-Fortitude loss that nothing can prevent: "
                f"`{player.name} tithes` or `{player.name} atones fortitude`.", PIETY)


def announced(state: GameState, announcement, out: Outcome, table=None) -> None:
    """`Serena tithes` / `Serena atones fortitude`."""
    atone(state, state.seat(announcement.player), announcement.how, out)


ANNOUNCEMENTS = ("Atone",)  # the announcements of hers the engine hands to `announced`


def atone(state: GameState, seat: int, how: str, out: Outcome) -> None:
    from referee.core.ruling import IllegalPlay
    from referee.games.rdi.effects import clamp_change, move_gold

    if duty(state, seat) is None:
        raise IllegalPlay(f"{state.players[seat].name} has nothing to atone for now.", (PIETY,))
    state.players[seat].part.pop("atoning")
    if how == "gold":
        move_gold(state, seat, "inn", 1, out, "tithing to atone")
    else:
        # This loss cannot be avoided: no card or standing modifier changes it.
        clamp_change(state, seat, "fortitude", -1, out, "atoning; it cannot be avoided")


# --- table corrections (`set Serena piety 5`) -----------------------------------------------------
SET_KEYS = {"piety": "piety"}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    from referee.core.ruling import IllegalPlay
    from referee.core.setwords import as_int, report

    player = state.players[seat]
    if _piety(player) is None:
        raise IllegalPlay(f"Only Serena has a Piety track; {player.name} is not Serena.", (PIETY,))
    piety = as_int("piety", value)
    report(out, f"{player.name}'s Piety", piety, _piety(player), PIETY)
    player.part["piety"] = piety


def position_problem(state: GameState) -> tuple[str, str] | None:
    for player in state.players:
        piety = _piety(player)
        if piety is not None and not (isinstance(piety, int) and LOW <= piety <= HIGH):
            return f"{player.name}'s Piety stays within {LOW}..{HIGH}; {piety} is outside.", PIETY
    return None
