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

from referee.core.carddb import Card
from referee.core.parse import find_players
from referee.core.ruling import ASK, IllegalPlay, NotUnderstood, Outcome
from referee.core.text import count_of
from referee.games.rdi.state import AFTER, GAME, Entry, GameState, Standing

SETUP = "smb/otto/setup"
GENERAL = "smb/otto/general-rules"
TWO_TRACKS = "smb/otto/two-tracks"
TARGETING = "smb/otto/targeting"
TURN = "smb/otto/turn"
GAMBLING = "smb/otto/gambling"
RESPONSES = "smb/otto/responses"
DECK = "smb/otto/deck"
PRIZE = "smb/otto/other-rules/prize-variant"
CHOICES = "smb/otto/choices"
WITCHDOCTOR = "smb/otto/witchdoctor"
DEBUFFS = {"pain_curse": "smb/otto/witchdoctor/pain-curse", "mind_hex": "smb/otto/witchdoctor/mind-hex",
           "power_jinx": "smb/otto/witchdoctor/power-jinx"}
TRACK_START = (6, 0)
FACTION_SIZE = 5


# The announcements only this character makes, as the prompt completes them after the player's name.
VERBS = ()
# His announcements, which the table types for him: his revealed boxes (`Otto action: …`), and a player taking
# the reward a track "passing out" gives (`Ann takes gold`).
ANNOUNCEMENTS = ("OttoBox", "Reward")
OPS = ("debuff",)  # Witchdoctor Otto's Debuff tokens, given by his boxes


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


def asked_to_discard(state: GameState, seat: int, source: str, out: Outcome) -> bool:
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


def rule_option(state: GameState, seat: int, options, describe, out: Outcome):
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


def joined_chain(state: GameState, entry, card, out: Outcome) -> None:
    """A play or Drink that would change Otto's Fortitude, Alcohol Content or Gold: his deck answers with
    its Sometimes box (Smorgasbox, Otto's responses). His own cards do not trigger him; his Drinks do."""
    from referee.games.rdi.effects import affected_attrs

    seat = otto_seat(state)
    own_card = seat is not None and entry.kind == "card" and entry.player == seat
    if seat is None or own_card or not affected_attrs(state, entry, seat, card):
        return
    someone = next((state.players[s].name for s in state.people()), "Ann")
    out.say("Otto is affected: reveal the top card of his deck and type its Sometimes box "
            f"(`Otto responds: {someone} loses 1 Fortitude`, or `Otto responds: nothing`). It counts as a Sometimes "
            "Card.", RESPONSES)


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


def seat_character(name: str) -> str | None:
    """The seat named Otto is the automaton, whatever else is typed after it."""
    return CHARACTER if is_otto(name) else None


def check_seats(names: list[str]) -> None:
    if any(is_otto(n.partition("=")[0]) for n in names) and len(names) != 3:
        raise NotUnderstood("Otto is a third seat for a two-player game: `new rdi Otto Ann Bob`.")


def table_setup(state: GameState, factions: list[str] | None, out: Outcome) -> None:
    """Otto's deck and tracks, before the table's own setup is said; he goes first, at his Action phase."""
    if otto_seat(state) is None:
        return
    setup(state, factions or [], out)
    state.active = otto_seat(state)
    state.phase = "action"


def starting_gold_note(state: GameState) -> str:
    return " (Otto counts as a third player for the starting Gold.)" if otto_seat(state) is not None else ""


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
        return state.people()
    most = _MOST.match(text)
    if most:
        attr = "alcohol" if most.group("attr").startswith("alcohol") else most.group("attr").lower()
        values = {s: getattr(state.players[s], attr) for s in state.people()}
        best = (max if most.group("dir") == "most" else min)(values.values())
        return [s for s, v in values.items() if v == best]  # tied players both take the effect
    return [state.seat(n) for n in find_players(text, [state.players[s].name for s in state.people()])]


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
            out.say(f"Otto has no {token_name(kind)} token left, so he gives none.", DEBUFFS[kind])
            continue
        state.otto_tokens[kind] -= 1
        state.players[seat].give_token(kind)
        out.say(f"{state.players[seat].name} gets a {token_name(kind)} from Otto.", DEBUFFS[kind])


def token_name(kind: str) -> str:
    """A Debuff's name as the token reads (pain_curse -> Pain Curse)."""
    return kind.replace("_", " ").title()


def standing(state: GameState, victim: int) -> list[Standing]:
    """The Debuff tokens in front of ``victim``: they act right after a change (Pain Curse, Mind Hex)."""
    return [Standing("Otto's Debuffs", AFTER, _debuffs_act)] if state.players[victim].tokens() else []


def _debuffs_act(state: GameState, seat: int, attr: str, change: int, entry, out: Outcome) -> int:
    after_change(state, seat, attr, change, out)
    return change


def after_change(state: GameState, seat: int, attr: str, change: int, out: Outcome) -> None:
    """Pain Curse and Mind Hex: right after the change, one more for each token, then the tokens go back."""
    from referee.games.rdi.effects import clamp_change

    player = state.players[seat]
    kind = "pain_curse" if attr == "fortitude" and change < 0 else "mind_hex" if attr == "alcohol" and change > 0 else None
    if kind is None or kind not in player.tokens():
        return
    count = player.take_tokens(kind)
    state.otto_tokens[kind] = state.otto_tokens.get(kind, 0) + count
    out.say(f"{player.name}'s {count_of(count, token_name(kind) + ' token')}: {count} more "
            f"{'Fortitude lost' if kind == 'pain_curse' else 'Alcohol Content gained'} (from the Debuff, not from Otto); "
            "the tokens go back to Otto.", DEBUFFS[kind])
    clamp_change(state, seat, attr, -count if kind == "pain_curse" else count, out, "Debuff")


def jinxed(state: GameState, seat: int) -> bool:
    return "power_jinx" in state.players[seat].tokens() and seat == state.active and state.phase in ("discard_draw", "action")


def end_of_action_phase(state: GameState, seat: int, out: Outcome) -> None:
    player = state.players[seat]
    if "power_jinx" in player.tokens():
        count = player.take_tokens("power_jinx")
        state.otto_tokens["power_jinx"] = state.otto_tokens.get("power_jinx", 0) + count
        out.say(f"End of {player.name}'s Action phase: the Power Jinx goes back to Otto, used or not.", DEBUFFS["power_jinx"])

# --- what the engine asks of him through the registry (characters/__init__.py) ---------------
def check_play(state: GameState, seat: int, card) -> None:
    if state.players[seat].automaton:
        raise IllegalPlay("Otto holds no hand: the top card of his deck plays for him.", (GENERAL,),
                          code="not-your-card", hint="Type the box it shows: `Otto action: …`, `Otto responds: …` "
                                                      "or `Otto gambling: …`.")


def marks_play(state: GameState, seat: int, entry, out: Outcome) -> None:
    """A Power Jinx on the player of an Action Card: its numerals count 1 lower."""
    if entry.card_type == "action" and jinxed(state, seat):
        entry.jinxed = True
        out.say(f"{state.players[seat].name} has a Power Jinx: every numeral on this Action Card counts 1 lower (not "
                "below 0).", DEBUFFS["power_jinx"], "smb/otto/witchdoctor/numerical-values")


def lowered_numerals(card, effects: list, name: str, section: str | None, out: Outcome) -> list:
    """A Power Jinx on the card when it was played makes what it does from in front of the player 1 smaller, not
    below 0, for as long as it stays there (the Smorgasbox says so of Spatchcocked Cockatrice)."""
    changed = []
    for effect in effects:
        if effect.op == "modify" and effect.by:
            effect = effect.replace(by=effect.by + 1 if effect.by < 0 else effect.by - 1)
        elif isinstance(getattr(effect, "amount", None), int):
            effect = effect.replace(amount=max(0, effect.amount - 1))
        changed.append(effect)
    out.say(f"{card.name} was played under a Power Jinx: what it does from in front of {name} is 1 smaller (never "
            "below 0) for as long as it stays there.",
            *([section] if section else ()), DEBUFFS["power_jinx"], "smb/otto/witchdoctor/numerical-values")
    return changed


def takes_change(state: GameState, seat: int, source: int | None, attr: str, change: int, why: str, out: Outcome,
                 modified: bool = False) -> bool:
    """A card's change to Otto goes to his track(s) (``modified``: a standing modifier of the card's player
    changed it). True when the seat is Otto's."""
    if not state.players[seat].automaton:
        return False
    if modified:
        # Otto counts as a player (Smorgasbox, Otto): a standing modifier of the card's player (Wulfric's
        # Bitey) reaches his track as it would any player's
        out.say("Otto counts as a player, so that reaches his track too.", TARGETING)
    track_change(state, source, attr, change, out, why)
    return True


def drinks(state: GameState, entry, title: str, out: Outcome) -> bool:
    """Otto's own drinking moves both of his tracks, even if a player changed the Drink; a Drink a player's card
    gave him moves only that player's track (Smorgasbox, Two Tracks). True when the drinker is Otto."""
    if not state.players[entry.drinker].automaton:
        return False
    for attr, value in (("alcohol", entry.alcohol), ("fortitude", entry.fortitude)):
        if value:
            track_change(state, entry.sent_by, attr, value, out, title)
    return True


def made_to_drink(state: GameState, seat: int, by: int, times: int, by_name: str, out: Outcome) -> bool:
    """Otto has no Drink Me! pile: he drinks from the Drink Deck, and a player's card that makes him drink affects
    only that player's track (Smorgasbox, Otto). True when the seat is Otto's."""
    if not state.players[seat].automaton:
        return False
    state.must_drink += [seat] * times
    state.otto_sent_by += [by] * times
    out.verdict, out.code = ASK, "ask-reveal"
    out.say(f"Otto must drink {count_of(times, 'Drink')}: he has no Drink Me! pile, so each comes from the "
            f"top of the Drink Deck (`Otto reveals CARD`), and only {by_name}'s track is affected.", TARGETING)
    return True


def offered_split(state: GameState, seat: int, drink, out: Outcome) -> bool:
    if not state.players[seat].automaton:
        return False
    out.say(f"{state.players[seat].name} chooses not to split {drink.name}: given the choice, Otto never splits a "
            "Drink.", CHOICES)
    return True


def check_order(state: GameState, seat: int, target: int) -> None:
    if state.players[target].automaton:
        raise IllegalPlay("Players may not Order Drinks for Otto; he drinks from the Drink Deck.", (GENERAL,))


def check_end_turn(state: GameState, seat: int) -> None:
    if state.players[seat].automaton and not state.drunk:
        raise IllegalPlay("Otto drinks from the Drink Deck in his Drink phase: `Otto reveals CARD`.", (TURN,))


def typed_card(state: GameState, entry) -> Card:
    """His revealed box, as a card with the effects the table typed (``Entry.inline``)."""
    return Card(id="otto/box", name=entry.name, game=GAME, book="smb", type=entry.card_type, summary=entry.name,
                data={"effects": [], "cites": [GENERAL]})


def not_asked(state: GameState, seat: int, out: Outcome) -> None:
    out.say("Otto is not asked: his own rule picks his option as the card resolves.", CHOICES)


def apply_op(state: GameState, entry, card, effect, out: Outcome) -> None:
    give_debuff(state, list(effect.aim or ()), effect.kind, out)


def announced(state: GameState, announcement, out: Outcome, table) -> None:
    """A revealed box of his, or a reward taken (``table``: the engine's cards and its way to pass in a Round)."""
    if type(announcement).__name__ == "Reward":
        reward(state, state.seat(announcement.player), announcement.choice, out)
    else:
        reveal_box(state, announcement, out, table)


def reveal_box(state: GameState, box, out: Outcome, table) -> None:
    """`Otto action: …`, `Otto responds: …`, `Otto gambling: …`: the box the table read, as a play on the chain."""
    from referee.games.rdi.effects import affected_attrs

    seat = otto_seat(state)
    if seat is None:
        raise IllegalPlay("Otto is not in this game (`new rdi Otto Ann Bob`).", (GENERAL,))
    effects = parse_effects(state, box.text)
    name = {"action": "Otto's Action", "sometimes": "Otto's response", "gambling": "Otto's Gambling play",
            "cheating": "Otto's Cheating play"}[box.box]
    entry = Entry(uid=state.next_uid, kind="card", player=seat, name=name, card_type=box.box, inline=effects)
    if box.box == "action":
        if state.active != seat or state.chain or state.action_done:
            raise IllegalPlay("Otto's Action box is revealed in his own Action phase, once.", (TURN,))
        state.action_done = True
    elif box.box == "sometimes":
        top = state.top
        if top is None or not affected_attrs(state, top, seat, table.cards.by_id.get(top.card_id) if top.card_id else None):
            raise IllegalPlay("Otto responds only when a card or Drink affects his Fortitude, Alcohol Content or Gold"
                              + (f"; {top.name} does not." if top else "; nothing is waiting."), (RESPONSES,))
        entry.responds_to = top.uid
    else:
        round_ = state.round
        if round_ is None or round_.next_actor != seat or state.chain:
            raise IllegalPlay("Otto's Gambling box is revealed when it is his turn in a Round of Gambling.", (GAMBLING,))
        if not use_card(state, out):
            table.pass_in_round(state, seat, out)
            return
        if round_.needs_cheating and box.box == "gambling":
            out.say("Otto's revealed play is Gambling, illegal after \"Winning Hand!\": he passes instead.",
                    GAMBLING, "smb/otto/gambling/example")
            table.pass_in_round(state, seat, out)
            return
        state.chain.append(entry)
        state.next_uid += 1
        out.say(f"{name}: {box.text}.", GAMBLING)
        return
    if not use_card(state, out):
        return
    state.chain.append(entry)
    state.next_uid += 1
    out.say(f"{name}: {box.text}. Players may respond like any card of this kind; `resolve` when nobody does.",
            TURN if box.box == "action" else RESPONSES)


def adds_no_prize(state: GameState, starter: int, out: Outcome) -> bool:
    if not state.players[starter].automaton:
        return False
    out.say("Otto starts this Round, so he adds no Prize to the pot.", PRIZE)
    return True


def wins_no_prize(state: GameState, winner: int, out: Outcome) -> bool:
    """The Prize he wins goes back to the Inn (the engine puts it there)."""
    if not state.players[winner].automaton:
        return False
    out.tell(f"Otto wins the Prize {state.pot_prize}: it goes back to the Inn with no effect.", PRIZE)
    return True


def last_chance_ok(state: GameState, seat: int | None, announcement) -> bool:
    """A reward owed, and his response box (a Sometimes Card), may still come during a last chance."""
    kind = type(announcement).__name__
    if kind == "Reward":
        return state.players[seat].name in state.otto_rewards
    return kind == "OttoBox" and announcement.box == "sometimes"


def passes_in_round(state: GameState, seat: int, out: Outcome) -> None:
    """Otto acts in a Round by revealing a card even when he passes (Smorgasbox, Gambling)."""
    if state.players[seat].automaton and state.round.next_actor == seat and state.round.started:
        if use_card(state, out):
            out.say(f"Otto reveals a card for his turn in the Round and passes ({state.otto_deck} left in his "
                    "deck).", GAMBLING)


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
        report(out, f"the Debuff tokens in front of {player.name}", [token_name(t) for t in tokens],
               [token_name(t) for t in player.tokens()], *DEBUFFS.values())
        player.lay_tokens(tokens)
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
    for player in state.players:  # the only tokens one player gives another are his Debuffs
        wrong = next((kind for kind in player.tokens() if not isinstance(kind, str) or kind not in DEBUFFS), None)
        if wrong is not None:
            return (f"{player.name} has a {wrong!r} token in front of them; the only tokens are Witchdoctor Otto's "
                    "Debuffs: pain_curse, mind_hex and power_jinx.", WITCHDOCTOR)
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
