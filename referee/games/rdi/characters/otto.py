"""Otto, our mechanical friend (Smorgasbox): an automated third seat in a two-player game.

Otto goes first; with him the two players start with 10 Gold. He has no hand and no
Gold (he pays from the Inn, and Gold paid to him goes to the Inn), drinks from the
Drink Deck, and cannot win or lose. He has one Fortitude/Alcohol track toward each
player, at 6 and 0: a player's effects move only their own track, his own drinking
moves both. A track that "passes out" resets and its player gains 1 Gold from the
Inn or draws 2 cards. His cards are not printed in the books, so the table types what
the revealed box says (`Otto action: Ann loses 2 Fortitude`, `Otto responds: ...`,
`Otto gambling: takes control`), in a small phrase language; the referee applies it.
Witchdoctor Otto hands out Debuffs: Pain Curse, Mind Hex and Power Jinx.
"""

from __future__ import annotations

import re

from referee.core.parse import find_players
from referee.core.ruling import IllegalPlay, NotUnderstood, Outcome
from referee.core.text import count_of
from referee.games.rdi.state import GameState

SETUP = "smb/otto/setup"
GENERAL = "smb/otto/general-rules"
TWO_TRACKS = "smb/otto/two-tracks"
TARGETING = "smb/otto/targeting"
TURN = "smb/otto/turn"
GAMBLING = "smb/otto/gambling"
RESPONSES = "smb/otto/responses"
DECK = "smb/otto/deck"
CHOICES = "smb/otto/choices"
DEBUFFS = {"pain_curse": "smb/otto/witchdoctor/pain-curse", "mind_hex": "smb/otto/witchdoctor/mind-hex",
           "power_jinx": "smb/otto/witchdoctor/power-jinx"}
TRACK_START = (6, 0)
FACTION_SIZE = 5


# The announcements only this character makes, as the prompt completes them after the player's name.
VERBS = ()


# Otto's own state, in his seat's character slot (``Player.part``): that the seat is an automaton (the one
# capability the rules ask of a seat: no hand, no Gold of its own, never wins or loses; ``Player.automaton``
# reads it), and his track toward each player, [Fortitude, Alcohol Content] by the player's name.
CHARACTER = "Otto"
PART_FIELDS = ("automaton", "tracks")


def new_part() -> dict:
    return {"automaton": True, "tracks": {}}


def tracks_toward(player) -> dict[str, list[int]]:
    return player.part.get("tracks", {})


def is_otto(name: str) -> bool:
    return name.strip().lower() == "otto"


def otto_seat(state: GameState) -> int | None:
    return next((i for i, p in enumerate(state.players) if p.automaton), None)


def discards_nothing(state: GameState, seat: int, source: str, out: Outcome) -> bool:
    """Otto holds no hand: a card that makes him discard does nothing, and a penalty for not discarding
    enough is ignored (Smorgasbox, Otto's choices). True when the seat is Otto's."""
    if not state.players[seat].automaton:
        return False
    out.say(f"Otto discards nothing ({source}): a card that makes Otto discard does nothing, and any penalty for "
            "not discarding is ignored.", CHOICES)
    return True


# What Otto chooses not to do when a card offers it (Smorgasbox, Otto's choices): pay Gold, discard cards,
# lose Fortitude, gain Alcohol Content, split a Drink.
def _declined(effect) -> str | None:
    op, attr = effect.op, getattr(effect, "attr", None)
    if op == "pay" or (op == "lose" and attr == "gold"):
        return "pay Gold"
    if op == "discard":
        return "discard cards"
    if op == "lose" and attr == "fortitude":
        return "lose Fortitude"
    if op == "gain" and attr == "alcohol":
        return "gain Alcohol Content"
    if op == "split_drink":
        return "split a Drink"
    return None


def option_for_otto(state: GameState, options, describe, out: Outcome):
    """The option Otto takes: the first one that asks none of what he declines; where every option asks
    something he declines the books are silent (house rule ``otto-every-option-declined``).
    ``describe(option)`` words an option. Returns the option, or None when he takes none."""
    from referee.games.rdi import house

    declined = [next((why for e in option.effects if (why := _declined(e))), None) for option in options]
    taken = next((i for i, why in enumerate(declined) if why is None), None)
    if taken == 0:
        out.say(f"Otto takes the first option, {describe(options[0])}: where his rules do not settle a choice, he "
                "always takes the first option.", CHOICES)
        return options[0]
    if taken is not None:
        passed = "; ".join(f"{describe(options[i])}, since he never chooses to {why}"
                           for i, why in enumerate(declined[:taken]))
        out.say(f"Otto takes {describe(options[taken])}, the first option he does not decline: he passes over "
                f"{passed}.", CHOICES)
        return options[taken]
    if house.say(state, house.OTTO_EVERY_OPTION_DECLINED, out) == "first":
        out.say(f"Otto takes the first option, {describe(options[0])}.", CHOICES)
        return options[0]
    out.say("Otto takes none of the options.", CHOICES)
    return None


def prompt_response(state: GameState, entry, card, out: Outcome) -> None:
    """A play or Drink that would change Otto's Fortitude, Alcohol Content or Gold: his deck answers with
    its Sometimes box (Smorgasbox, Otto's responses). His own cards do not trigger him; his Drinks do."""
    from referee.games.rdi.effects import affected_attrs

    seat = otto_seat(state)
    own_card = seat is not None and entry.kind == "card" and entry.player == seat
    if seat is None or own_card or not affected_attrs(state, entry, seat, card):
        return
    someone = next((state.players[s].name for s in humans(state)), "Ann")
    out.say("Otto is affected: reveal the top card of his deck and type its Sometimes box "
            f"(`Otto responds: {someone} loses 1 Fortitude`, or `Otto responds: nothing`). It counts as a Sometimes "
            "Card.", RESPONSES)


def humans(state: GameState) -> list[int]:
    return [i for i, p in enumerate(state.players) if not p.automaton and not p.out]


def setup(state: GameState, factions: list[str], out: Outcome) -> None:
    seat = otto_seat(state)
    otto = state.players[seat]
    otto.gold = 0
    otto.drink_me = 0
    otto.part['tracks'] = {p.name: list(TRACK_START) for p in state.players if not p.automaton}
    state.otto_deck = FACTION_SIZE * max(2, len(factions)) if factions else 2 * FACTION_SIZE
    state.otto_factions = factions
    if "witchdoctor" in factions:
        state.otto_tokens = {"pain_curse": 2, "mind_hex": 2, "power_jinx": 2}
    out.say(f"Otto joins as a third seat and goes first; his tracks toward {', '.join(otto.part['tracks'])} start at 6 Fortitude "
            f"and 0 Alcohol Content. His deck: {' and '.join(factions) or 'two factions (not named)'}, "
            f"{state.otto_deck} cards.", SETUP)


def track_change(state: GameState, source: int | None, attr: str, change: int, out: Outcome, why: str,
                 tracks: list[str] | None = None) -> None:
    """Change Otto's track(s): the source player's own, or both for his own doing."""
    otto = state.players[otto_seat(state)]
    if tracks is None:
        source_player = state.players[source] if source is not None else None
        tracks = [source_player.name] if source_player is not None and not source_player.automaton else list(otto.part['tracks'])
    index = 0 if attr == "fortitude" else 1
    for name in tracks:
        track = otto.part['tracks'][name]
        before = track[index]
        track[index] = max(0, min(6 if attr == "fortitude" else 20, before + change))
        out.say(f"Otto's track toward {name}: {'Fortitude' if index == 0 else 'Alcohol Content'} {before} → {track[index]} "
                f"({why}).", TWO_TRACKS if len(tracks) > 1 else TARGETING)
        if track[1] >= track[0]:
            otto.part['tracks'][name] = list(TRACK_START)
            state.otto_rewards.append(name)
            out.tell(f"Otto \"passes out\" on {name}'s track: it resets to 6 and 0, and {name} gains 1 Gold from the Inn or "
                    f"draws 2 cards (`{name} takes gold` or `{name} draws 2`). Otto is never eliminated.", TWO_TRACKS)


def set_track(state: GameState, seat: int, toward: str, figures: dict, out: Outcome) -> None:
    """`set Otto Ann fortitude 4 alcohol 2`: correct one of Otto's tracks to match the table."""
    otto = state.players[seat]
    if not otto.automaton:
        raise IllegalPlay(f"Only Otto has tracks toward players; {otto.name} has one set of figures "
                          f"(`set {otto.name} fortitude N`).", (TWO_TRACKS,))
    if toward not in otto.part['tracks']:
        raise IllegalPlay(f"Otto has no track toward {toward}.", (TWO_TRACKS,))
    track = otto.part['tracks'][toward]
    for field, value in figures.items():
        if field not in ("fortitude", "alcohol"):
            raise IllegalPlay(f"Otto's tracks hold Fortitude and Alcohol Content, not {field}.", (TWO_TRACKS,))
        high = 6 if field == "fortitude" else 20
        if not 0 <= value <= high:
            raise IllegalPlay(f"That track's {field} stays within 0..{high}; {value} is outside.", (TWO_TRACKS,))
        index = 0 if field == "fortitude" else 1
        before, track[index] = track[index], value
        out.say(f"Set Otto's track toward {toward}: {'Fortitude' if index == 0 else 'Alcohol Content'} {before} → "
                f"{value}, as at the table.")


def reward(state: GameState, seat: int, choice: str, out: Outcome) -> None:
    from referee.games.rdi.effects import move_gold

    name = state.players[seat].name
    if name not in state.otto_rewards:
        raise IllegalPlay(f"{name} has no reward from Otto's track to take.", (TWO_TRACKS,))
    state.otto_rewards.remove(name)
    if choice == "gold":
        move_gold(state, "inn", seat, 1, out, "Otto passed out on their track")
    else:
        out.say(f"{name} draws 2 cards from their Character Deck.", TWO_TRACKS)


def use_card(state: GameState, out: Outcome) -> bool:
    """Otto reveals a card: the deck shrinks, and reshuffles when empty, except during a Round."""
    if state.otto_deck <= 0:
        if state.round is not None:
            out.say("Otto's deck is empty and does not reshuffle during a Round of Gambling: he passes and does not "
                    "respond until the Round is over.", DECK)
            return False
        state.otto_deck, state.otto_discard = state.otto_discard, 0
        out.say(f"Otto's deck ran out: his discard pile is shuffled into a new deck ({state.otto_deck} cards).", DECK)
    state.otto_deck -= 1
    state.otto_discard += 1
    return True


def after_round(state: GameState, out: Outcome) -> None:
    if otto_seat(state) is not None and state.otto_deck <= 0 and state.otto_discard:
        state.otto_deck, state.otto_discard = state.otto_discard, 0
        out.say(f"The Round is over: Otto's deck is reshuffled ({state.otto_deck} cards).", DECK)


# --- the phrase language for Otto's revealed boxes ---------------------------------------
_CHANGE = re.compile(r"^(?P<who>.+?)\s+(?P<verb>loses?|gains?)\s+(?P<n>\d+)\s+(?P<attr>fortitude|alcohol(?: content)?|gold)$", re.I)
_PAY = re.compile(r"^(?P<who>.+?)\s+pays?\s+(?P<n>\d+)\s+gold(?:\s+to\s+(?P<to>.+))?$", re.I)
_DEBUFF = re.compile(r"^(?P<who>.+?)\s+gets?\s+(?:a\s+|an\s+)?(?P<kind>pain curse|mind hex|power jinx)$", re.I)
_MOST = re.compile(r"^the player with the (?P<dir>most|least|fewest)\s+(?P<attr>fortitude|alcohol(?: content)?|gold)$", re.I)


def _who(state: GameState, text: str) -> list[int] | str:
    text = text.strip().lower()
    if text in ("otto", "otto's track", "the affected track", "the affected tracks", "the affected track(s)"):
        return "otto"
    if text in ("each player", "each other player", "both players", "every player"):
        return humans(state)
    most = _MOST.match(text)
    if most:
        attr = "alcohol" if most.group("attr").startswith("alcohol") else most.group("attr").lower()
        values = {s: getattr(state.players[s], attr) for s in humans(state)}
        best = (max if most.group("dir") == "most" else min)(values.values())
        return [s for s, v in values.items() if v == best]  # tied players both take the effect
    return [state.seat(n) for n in find_players(text, [state.players[s].name for s in humans(state)])]


def parse_effects(state: GameState, text: str) -> list[dict]:
    """`Ann loses 2 Fortitude and Bob pays 1 Gold` -> effect records the engine applies."""
    effects: list[dict] = []
    for part in [p.strip() for p in re.split(r"\s*(?:;|\band then\b|\band\b(?=\s+(?:[A-Z]|each|the|otto)))\s*", text) if p.strip()]:
        lowered = part.lower().rstrip(".")
        if lowered in ("nothing", "does nothing", "no effect"):
            continue
        if lowered in ("takes control", "take control", "wins control"):
            effects.append({"op": "take_control"})
            continue
        if lowered in ("leaves the round", "otto leaves the round", "leave the round"):
            effects.append({"op": "leave_round", "who": "self"})
            continue
        if re.fullmatch(r"(?:otto\s+)?starts? a round(?: of gambling)?", lowered):
            # starting a Round makes everyone ante 1 and puts the starter in control (gambling.start_round)
            effects.append({"op": "start_round"})
            continue
        if lowered in ("raises", "each player in the round antes 1", "everyone antes 1"):
            effects.append({"op": "ante", "amount": 1, "who": "each_player"})
            effects.append({"op": "take_control"})
            continue
        change, pay, debuff = _CHANGE.match(part.rstrip(".")), _PAY.match(part.rstrip(".")), _DEBUFF.match(part.rstrip("."))
        if change:
            attr = "alcohol" if change.group("attr").lower().startswith("alcohol") else change.group("attr").lower()
            who = _who(state, change.group("who"))
            effects.append({"op": "gain" if change.group("verb").lower().startswith("gain") else "lose", "attr": attr,
                            "amount": int(change.group("n")), **({"who": "self"} if who == "otto" else
                                                                 {"who": "seats", "_seats": who})})
        elif pay:
            who = _who(state, pay.group("who"))
            effects.append({"op": "pay", "amount": int(pay.group("n")), "who": "seats", "_seats": who, "to": "self"})
        elif debuff:
            effects.append({"op": "debuff", "kind": debuff.group("kind").lower().replace(" ", "_"),
                            "_seats": _who(state, debuff.group("who"))})
        else:
            raise NotUnderstood(
                f"I can't read Otto's box {part!r}.",
                hint="Say it as e.g. `Ann loses 2 Fortitude`, `each player gains 1 Alcohol Content`, `Bob pays 1 Gold`, "
                     "`the player with the most Fortitude loses 1 Fortitude`, `Ann gets a Pain Curse`, `takes control`, "
                     "`leaves the round`, `starts a Round of Gambling`, `Otto gains 1 Fortitude`, or `nothing`; apply "
                     "anything else with `set`.")
    return effects


def give_debuff(state: GameState, seats: list[int], kind: str, out: Outcome) -> None:
    for seat in seats:
        if state.otto_tokens.get(kind, 0) <= 0:
            out.say(f"Otto has no {kind.replace('_', ' ').title()} token left, so he gives none.", DEBUFFS[kind])
            continue
        state.otto_tokens[kind] -= 1
        state.players[seat].debuffs.append(kind)
        out.say(f"{state.players[seat].name} gets a {kind.replace('_', ' ').title()} from Otto.", DEBUFFS[kind])


def after_change(state: GameState, seat: int, attr: str, change: int, out: Outcome) -> None:
    """Pain Curse and Mind Hex: right after the change, one more for each token, then the tokens go back."""
    from referee.games.rdi.effects import clamp_change

    player = state.players[seat]
    kind = "pain_curse" if attr == "fortitude" and change < 0 else "mind_hex" if attr == "alcohol" and change > 0 else None
    if kind is None or kind not in player.debuffs:
        return
    count = player.debuffs.count(kind)
    player.debuffs = [d for d in player.debuffs if d != kind]
    state.otto_tokens[kind] = state.otto_tokens.get(kind, 0) + count
    out.say(f"{player.name}'s {count_of(count, kind.replace('_', ' ').title() + ' token')}: {count} more "
            f"{'Fortitude lost' if kind == 'pain_curse' else 'Alcohol Content gained'} (from the Debuff, not from Otto); "
            "the tokens go back to Otto.", DEBUFFS[kind])
    clamp_change(state, seat, attr, -count if kind == "pain_curse" else count, out, "Debuff")


def jinxed(state: GameState, seat: int) -> bool:
    return "power_jinx" in state.players[seat].debuffs and seat == state.active and state.phase in ("discard_draw", "action")


def end_of_action_phase(state: GameState, seat: int, out: Outcome) -> None:
    player = state.players[seat]
    if "power_jinx" in player.debuffs:
        count = player.debuffs.count("power_jinx")
        player.debuffs = [d for d in player.debuffs if d != "power_jinx"]
        state.otto_tokens["power_jinx"] = state.otto_tokens.get("power_jinx", 0) + count
        out.say(f"End of {player.name}'s Action phase: the Power Jinx goes back to Otto, used or not.", DEBUFFS["power_jinx"])

# --- table corrections (`set Otto toward Ann fortitude 6 alcohol 2`, `set Otto deck 8`, `set Ann debuffs ...`) ---
SET_KEYS = {"toward": "toward", "deck": "deck", "discard": "discard", "debuffs": "debuffs", "debuff": "debuffs"}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    from referee.core.parse import find_player
    from referee.core.setwords import as_int, as_list, report

    player = state.players[seat]
    if key == "debuffs":
        tokens = [d.strip().lower().replace(" ", "_") for d in as_list(value)]
        wrong = [t for t in tokens if t not in DEBUFFS]
        if wrong:
            raise NotUnderstood(f"Otto's Debuffs are Pain Curse, Mind Hex and Power Jinx, not {wrong[0]!r}.")
        report(out, f"the Debuff tokens in front of {player.name}", tokens, player.debuffs, *DEBUFFS.values())
        player.debuffs = tokens
        return
    if not player.automaton:
        raise IllegalPlay(f"Only Otto has tracks and a deck of his own; {player.name} is not Otto.", (GENERAL,))
    if key in ("deck", "discard"):
        count = as_int(f"Otto {key}", value)
        attr = f"otto_{key}"
        report(out, f"Otto's {key} pile" if key == "discard" else "Otto's deck", count, getattr(state, attr), DECK)
        setattr(state, attr, count)
        return
    name, attr, number = value.split("|")
    toward = find_player(name, list(player.part['tracks']))
    index = 0 if attr == "fortitude" else 1
    figure = as_int(f"Otto toward {toward} {attr}", number)
    report(out, f"Otto's track toward {toward}: {'Fortitude' if index == 0 else 'Alcohol Content'}", figure,
           player.part['tracks'][toward][index], TWO_TRACKS)
    player.part['tracks'][toward][index] = figure


def position_problem(state: GameState) -> tuple[str, str] | None:
    seat = otto_seat(state)
    if seat is None:
        return None
    for name, (fortitude, alcohol) in state.players[seat].part['tracks'].items():
        if not 0 <= fortitude <= TRACK_START[0] or not 0 <= alcohol <= 20:
            return (f"Otto's track toward {name} runs 0..6 Fortitude and 0..20 Alcohol Content; "
                    f"{fortitude} and {alcohol} are outside.", TWO_TRACKS)
        if alcohol >= fortitude:
            return (f"Otto's track toward {name} would have Alcohol Content {alcohol} at or above its Fortitude "
                    f"{fortitude}: that track has \"passed out\" and resets to 6 and 0.", TWO_TRACKS)
    if state.otto_deck < 0 or state.otto_discard < 0:
        return "Otto's deck and discard pile cannot hold fewer than 0 cards.", DECK
    return None
