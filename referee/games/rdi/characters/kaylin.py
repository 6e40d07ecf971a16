"""Kaylin the Renegade and Wulfric's moods (RDI 3, Appendix A).

Wulfric's mood is revealed at setup and again after each of Kaylin's Drink phases;
it applies to Kaylin continuously. A mood that changes a number changes the card (or
the Drink, Chasers included) as a whole, once, not each effect on it. Clumsy changes
what Kaylin takes from a Drink, not the Drink's Alcohol Content (so not a Drinking
Contest's result). Stalwart forbids cards that would Negate or Ignore the cards
Kaylin plays from her hand. The table tells the referee each new mood; until it
does, the mood is unknown and the referee says so.
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.ruling import IllegalPlay, NotUnderstood, Outcome
from referee.core.setwords import report
from referee.games.rdi.state import WHILE, CharacterNote, Entry, GameState, Standing

CHARACTER = "Kaylin"

MOODS = "rdi3/appendix-a/kaylin/wulfric-moods"
EXAMPLE_1 = "rdi3/appendix-a/kaylin/example-1"
EXAMPLE_2 = "rdi3/appendix-a/kaylin/example-2"
STALWART = "rdi3/appendix-a/kaylin/stalwart"


# The announcements only this character makes, as the prompt completes them after the player's name.
VERBS = ()

# Kaylin's own state, in her player's character slot (``Player.part``): {"mood": a mood word or "unknown"}.
# Wulfric's mood is unknown until the table reveals it.
PART_FIELDS = ("mood",)
SUMMARY_FIELDS = {"mood": None}
REVEALS = ("wulfric",)  # the Wulfric Deck's cards, whoever turns them over


def new_part() -> dict:
    return {"mood": "unknown"}


def is_kaylin(character: str) -> bool:
    return character.strip().lower() == "kaylin"


def mood_of(player) -> str | None:
    return player.part.get("mood")


def kaylin_seat(state: GameState) -> int | None:
    return next((i for i, p in enumerate(state.players) if mood_of(p) is not None or is_kaylin(p.character)), None)


def current_mood(state: GameState) -> str:
    seat = kaylin_seat(state)
    return (mood_of(state.players[seat]) or "") if seat is not None else ""


# --- what the engine asks of a plugged character -----------------------------------------------------
def on_setup(state: GameState, seat: int, out: Outcome) -> None:
    name = state.players[seat].name
    out.say(f"Reveal Wulfric's first mood (`{name} reveals Wulfric is feeling ...`); until then it is unknown and "
            "not applied.", MOODS)


def notes(player) -> list[CharacterNote]:
    """Wulfric's mood: in `state` and the one-line summary always, in the toolbar once it is known."""
    mood = mood_of(player)
    if mood is None:
        return []
    shown = () if mood == "unknown" else (f"Wulfric {mood}", f"Wulf. {mood}")
    return [CharacterNote(f"Wulfric: {mood}", f"Wulfric {mood}", shown)]


def summary(player) -> dict:
    return {"mood": mood_of(player)}


def reveal(state: GameState, seat: int | None, card: Card, out: Outcome) -> bool:
    """A Wulfric card turned over: his new mood, for Kaylin."""
    kaylin = kaylin_seat(state)
    if kaylin is None:
        raise IllegalPlay("Nobody is playing Kaylin, so Wulfric has no mood to change.", (MOODS,))
    set_mood(state, kaylin, str(card.get("mood") or card.name), card.name, out)
    return True


def turn_end_order(state: GameState, seat: int, out: Outcome) -> None:
    """Cards in front of Kaylin act at the end of her turn, and Wulfric's mood changes then too."""
    if kaylin_seat(state) == seat:
        out.say("The books put both this and Wulfric's change of mood after the Drink phase without ordering "
                f"them: the referee lets what lies in front of {state.players[seat].name} act first, while Wulfric's "
                "present mood is known, and his mood changes after.", MOODS)


def from_kaylins_hand(state: GameState, entry: Entry | None) -> bool:
    return (entry is not None and entry.kind == "card" and entry.card_type in ("action", "sometimes", "anytime",
            "gambling", "cheating") and is_kaylin(state.players[entry.player].character))


def standing(state: GameState, victim: int) -> list[Standing]:
    """Wulfric's mood, while Kaylin plays: it bears on her own changes (Loyal, Clumsy) and on what her cards do
    to others (Bitey)."""
    return [] if kaylin_seat(state) is None else [Standing("Wulfric's mood", WHILE, adjust_change)]


def adjust_change(state: GameState, victim: int, attr: str, change: int, entry: Entry | None, out: Outcome) -> int:
    seat = kaylin_seat(state)
    if seat is None:
        return change
    mood = current_mood(state)
    name = state.players[seat].name
    if mood == "loyal" and victim == seat and attr == "fortitude" and change < 0:
        out.say(f"Wulfric is Loyal: {name}'s loss from this card, taken as a whole, is reduced by 1.", MOODS, EXAMPLE_1)
        return change + 1
    if mood == "clumsy" and victim == seat and attr == "alcohol" and change > 0:
        out.say(f"Wulfric is Clumsy: what {name} gains from it, taken as a whole, is reduced by 1 (the Drink's own "
                "Alcohol Content does not change).", MOODS, EXAMPLE_2)
        return change - 1
    if mood == "bitey" and victim != seat and attr == "fortitude" and change < 0 and from_kaylins_hand(state, entry) \
            and entry.player == seat:
        from referee.games.rdi import house

        if house.reading(state, house.BITEY_PER_TARGET) == "once-per-card" and entry.bitten:
            return change
        entry.bitten = True
        out.say(f"Wulfric is Bitey: {state.players[victim].name}'s loss from {name}'s card is increased by 1.", MOODS)
        house.say(state, house.BITEY_PER_TARGET, out)
        return change - 1
    return change


def forbid_response(state: GameState, target: Entry) -> tuple[str, tuple[str, ...]] | None:
    seat = kaylin_seat(state)
    if seat is None or current_mood(state) != "stalwart" or target.player != seat or not from_kaylins_hand(state, target):
        return None
    return (f"Wulfric is Stalwart: nobody may play a card that would Negate or Ignore a card "
            f"{state.players[seat].name} plays from her hand.", (STALWART,))


def set_mood(state: GameState, seat: int, mood: str, name: str, out: Outcome) -> None:
    state.players[seat].part["mood"] = mood
    out.say(f"Wulfric is now feeling {mood.title()} ({name}): it applies to {state.players[seat].name} until his mood "
            "changes.", MOODS)


def end_of_turn(state: GameState, seat: int, out: Outcome) -> None:
    if kaylin_seat(state) != seat:
        return
    state.players[seat].part["mood"] = "unknown"
    out.say(f"After {state.players[seat].name}'s Drink phase, Wulfric's mood changes: reveal the next Wulfric card "
            f"(`{state.players[seat].name} reveals Wulfric is feeling ...`). Until then his mood is unknown and nothing "
            "of it is applied. (If the Wulfric Deck runs out, the current mood stays and the rest is reshuffled.)", MOODS)


# --- table corrections (`set Kaylin mood loyal`) ---------------------------------------------------
MOOD_WORDS = ("bitey", "loyal", "clumsy", "stalwart", "unknown")
SET_KEYS = {"mood": "mood", "wulfric": "mood", "wulfric's mood": "mood"}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    player = state.players[seat]
    if not is_kaylin(player.character):
        raise IllegalPlay(f"Only Kaylin has Wulfric; {player.name} is not Kaylin.", (MOODS,))
    mood = value.strip().lower().removeprefix("wulfric is feeling ").strip()
    if mood not in MOOD_WORDS:
        given = f", not {value.strip()!r}" if value.strip() else ""
        raise NotUnderstood(f"Wulfric's mood is one of {', '.join(MOOD_WORDS)}{given}.")
    report(out, "Wulfric's mood", mood, mood_of(player), MOODS)
    player.part["mood"] = mood


def position_problem(state: GameState) -> tuple[str, str] | None:
    return None
