"""Cards that stay in front of a player (the `in_front` op): kept there when their card resolves, acting at the
start or end of that player's turn or all the while, and leaving with that player.

Each card lying in front of a player is a record on ``Player.front`` (beside the tokens other players give them), plain data so that undo and saved games
stay exact: ``uid``, ``name``, ``card`` (its id), ``played_by`` (who played it; None when the table put it there
with `set`), ``target`` (the player its card picked), ``when`` (start_of_turn, end_of_turn or while), ``once``
(discarded after acting once), ``effects`` (inside them `self` is the player it lies in front of) and ``section``
(the books' own note on the card, where they have one: what decides the card's steps).

At the start or end of a turn the card's effects wait on the chain as a pending play of their own (kind
``front``), so a Sometimes card whose condition fits may answer them (both books: each Sometimes card says
when it may be played; Timing), and they resolve through the same code as any card's effects. A `while`
card's modifiers change what that player takes, once per card or Drink as a whole, as Wulfric's moods do.
"""

from __future__ import annotations

from functools import partial

from referee.core.carddb import Card
from referee.core.effect_model import Effect, effects_data
from referee.core.ruling import Outcome
from referee.games.rdi import characters
from referee.games.rdi.citing import card_rule
from referee.games.rdi.effects import ATTR_NAMES, ed, stored
from referee.games.rdi.legality import timing
from referee.games.rdi.state import GAME, WHILE, Entry, GameState, Standing

WHEN_WORDS = {"start_of_turn": "at the start of each of {name}'s turns",
              "end_of_turn": "at the end of each of {name}'s turns (after the Drink phase)",
              "while": "for as long as it lies in front of {name}"}
# What a standing modifier in front of a player changes: (figure, direction of the change it touches).
MODIFIED = {"fortitude_loss": ("fortitude", -1), "alcohol_gain": ("alcohol", 1)}
REDUCTION = "rdi3/other-rules/reduction-effects"


# ------------------------------------------------------------------ putting a card in front of a player


def in_front_effects(card: Card) -> list[Effect]:
    """The card's `in_front` effects: what it does from in front of a player."""
    return [e for e in card.effects if e.op == "in_front"]


def place(state: GameState, seat: int, card: Card, effect: Effect, out: Outcome, played_by: int | None = None,
          target: int | None = None, jinxed: bool = False) -> dict:
    """Put ``card`` in front of the player at ``seat``, acting as its `in_front` ``effect`` says."""
    effects = list(effect.effects)
    section = card_rule(state, card)  # the books' own note on the card decides its steps, where there is one
    if jinxed:
        effects = characters.lowered_numerals(card, effects, state.players[seat].name, section, out)
    record = {"uid": state.next_uid, "name": card.name, "card": card.id, "played_by": played_by, "when": effect.when,
              "effects": effects_data(effects)}
    state.next_uid += 1
    if target is not None:
        record["target"] = target
    if effect.once:
        record["once"] = True
    if section:
        record["section"] = section
    state.players[seat].front.append(record)
    name = state.players[seat].name
    moment = WHEN_WORDS[effect.when].format(name=name)
    what = "; ".join(_words(e, name) for e in effects)
    once = " It acts once, then it is discarded." if effect.once else ""
    cites = [section] if section else []
    if not effects:
        out.say(f"{card.name} lies in front of {name}; the referee knows of nothing it does from there.", *cites)
    elif effect.when == "while":
        out.say(f"{card.name} stays in front of {name}: {moment}, {what}.{once}", *cites)
    else:
        out.say(f"{card.name} stays in front of {name}; {moment} it acts, with {name} as 'you': {what}.{once}", *cites)
    for left in _left_to_table(effect.when, effects):
        from referee.games.rdi.phrases import write_clause

        out.say(f"{card.name}: the referee does not apply `{write_clause(left)}` from in front of a player; the table "
                "applies it and corrects the figures with `set`.")
    return record


def _standing(effect: Effect) -> bool:
    """A modifier the referee keeps working from in front of a player: what that player loses or gains."""
    return effect.op == "modify" and effect.change in MODIFIED and effect.scope in (None, "self")


def _left_to_table(when: str, effects: list[Effect]) -> list[Effect]:
    """What a `while` card says that is no standing modifier of its player's losses or gains."""
    return [e for e in effects if not _standing(e)] if when == "while" else []


def _words(effect: Effect, name: str) -> str:
    if _standing(effect):
        attr, _ = MODIFIED[effect.change]
        what = "Fortitude loss" if attr == "fortitude" else "Alcohol Content gain"
        if not effect.by:
            return f"it changes no {what} {name} takes"
        bigger = "smaller" if effect.by < 0 else "larger"
        return f"every {what} {name} takes is {abs(effect.by)} {bigger}"
    from referee.games.rdi.phrases import write_clause

    return write_clause(effect)


def put_there(state: GameState, seat: int, cards: list[Card], out: Outcome) -> None:
    """`set NAME front CARD, CARD`: the cards in front of a player, as at the table, acting as if played there.
    A card already there keeps its record (who played it); a card with no `in_front` effect lies there idle."""
    from referee.core.setwords import report

    player = state.players[seat]
    before = names(player)
    kept = player.cards_in_front()
    player.front = [r for r in player.front if "token" in r]  # the tokens there stay
    quiet = Outcome()
    for card in cards:
        same = next((r for r in kept if r["name"] == card.name), None)
        if same is not None:
            kept.remove(same)
            player.front.append(same)
            continue
        effects = in_front_effects(card) or [_idle()]
        for effect in effects:
            place(state, seat, card, effect, quiet)
    report(out, f"the cards in front of {player.name}", names(player), before)
    for step in quiet.steps:
        out.say(step.text, *step.cites)


def _idle() -> Effect:
    """A card with nothing to do from in front of a player (the table says it lies there)."""
    from referee.core.effect_model import OPS

    return OPS[GAME]["in_front"](who="self", when="while", effects=())


# ------------------------------------------------------------------ while it lies there


def standing(state: GameState, victim: int) -> list[Standing]:
    """The cards in front of ``victim`` whose `while` modifiers change what they take from one card or Drink, in
    the order they were put there."""
    return [Standing(record["name"], WHILE, partial(_modify, record["uid"]))
            for record in state.players[victim].cards_in_front() if record["when"] == "while"]


def _modify(uid: int, state: GameState, victim: int, attr: str, change: int, entry, out: Outcome) -> int:
    """The `while` card ``uid`` in front of ``victim`` changes ``change`` as its modifiers say."""
    player = state.players[victim]
    for record in [r for r in player.cards_in_front() if r["uid"] == uid]:
        before = change
        for effect in stored(record["effects"]):
            if not _standing(effect) or not effect.by:
                continue
            figure, direction = MODIFIED[effect.change]
            if figure != attr or change * direction <= 0:
                continue
            size = abs(change) + effect.by
            after = max(0, size) * direction
            what = "Fortitude loss" if attr == "fortitude" else f"{ATTR_NAMES[attr]} gain"
            verb = "reduced" if effect.by < 0 else "increased"
            cites = [record["section"]] if record.get("section") else [REDUCTION] if effect.by < 0 else []
            out.say(f"{record['name']}, in front of {player.name}: this {what} is {verb} by {abs(effect.by)} "
                    f"({abs(change)} → {abs(after)}).", *cites)
            change = after
        if change != before and record.get("once"):
            _discard(state, victim, record, out)
    return change


# ------------------------------------------------------------------ acting at the start or end of a turn


def act(state: GameState, seat: int, when: str, cards, out: Outcome) -> bool:
    """The cards in front of ``seat`` that act now go on the chain, the first one put there on top; each may be
    answered before it resolves. True when any did."""
    player = state.players[seat]
    acting = [r for r in player.cards_in_front() if r["when"] == when and r["effects"]]
    if player.out or not acting:
        return False
    moment = ed(state, "on-your-turn/ending-your-turn" if when == "end_of_turn" else "on-your-turn")
    for record in reversed(acting):
        entry = Entry(uid=state.next_uid, kind="front", player=seat, name=record["name"], card_id=record.get("card"),
                      card_type=_kind(card_of(record, cards)), target=record.get("target"),
                      sent_by=record.get("played_by"), inline=list(record["effects"]), front=record["uid"])
        state.next_uid += 1
        state.chain.append(entry)
    for record in acting:
        time = "end" if when == "end_of_turn" else "start"
        by = record.get("played_by")
        whose = f" ({state.players[by].name}'s)" if by is not None and by != seat else ""
        what = "; ".join(_words(e, player.name) for e in stored(record["effects"]))
        out.say(f"At the {time} of {player.name}'s turn, {record['name']}{whose}, in front of {player.name}, acts for "
                f"{player.name}: {what}.", *([record["section"]] if record.get("section") else ()), moment)
    for entry in state.chain[-len(acting):]:
        characters.joined_chain(state, entry, card_of_entry(entry, cards), out)
    waits = "it waits" if len(acting) == 1 else "they wait, the first put there on top,"
    out.say(f"Like a card played, {waits} on the chain: anyone whose Sometimes card fits may answer first; `resolve` "
            "when nobody does.", ed(state, "sometimes-and-anytime-cards"), ed(state, "other-rules/timing"))
    return True


def _kind(card: Card | None) -> str:
    """How the acting card counts for what answers it: as a card of its kind (an Action unless known)."""
    return timing(card) if card is not None else "action"


def card_of(record: dict, cards) -> Card | None:
    return cards.by_id.get(record.get("card")) if record.get("card") else None


def card_of_entry(entry: Entry, cards) -> Card:
    """The card acting from in front of a player (one the game no longer holds: a card of that name)."""
    card = cards.by_id.get(entry.card_id) if entry.card_id else None
    return card if card is not None else Card(
        id=entry.card_id or "front/card", name=entry.name, game=GAME, book="table", type=entry.card_type or "action",
        summary=entry.name, data={"effects": [], "cites": []})


def negated(state: GameState, entry: Entry, out: Outcome) -> None:
    """A Negated acting: none of its effects happen this time; the card itself stays where it lies."""
    out.say(f"What {entry.name} does this time is Negated: none of it happens now. The books do not say what "
            "Negating a card already in front of a player does; the referee cancels this one acting, and the card "
            f"stays in front of {state.players[entry.player].name}.", ed(state, "other-rules/negate-and-ignore"))
    after_acting(state, entry, out)


def after_acting(state: GameState, entry: Entry, out: Outcome) -> None:
    """A card in front has acted (or been Negated acting): a `once` card is then discarded."""
    player = state.players[entry.player]
    record = next((r for r in player.cards_in_front() if r["uid"] == entry.front), None)
    if record is not None and record.get("once"):
        _discard(state, entry.player, record, out)


def _discard(state: GameState, seat: int, record: dict, out: Outcome) -> None:
    player = state.players[seat]
    player.front = [r for r in player.front if r is not record]
    out.say(f"{record['name']} has acted once: it leaves {player.name} and is discarded.",
            *([record["section"]] if record.get("section") else ()))


# ------------------------------------------------------------------ leaving


def leave_with(state: GameState, seat: int, out: Outcome) -> None:
    """A player out of the game takes no more turns and loses nothing more: what lies in front of them goes."""
    player = state.players[seat]
    gone = player.cards_in_front()
    if not gone:
        return
    player.front = [r for r in player.front if "token" in r]  # tokens given them stay where they lie
    out.say(f"{player.name} is out of the game, so what lay in front of them leaves with them "
            f"({', '.join(r['name'] for r in gone)}): its effects "
            "stop. (The books say only that a Drink Me! pile is discarded; a player out of the game takes no more "
            "turns and loses nothing more.)", ed(state, "losing-the-game"))


# ------------------------------------------------------------------ views


def names(player) -> list[str]:
    return [r["name"] for r in player.cards_in_front()]


def label(state: GameState, record: dict, seat: int) -> str:
    """"Hex of Aches (Ann's, at the start of each turn, once)", in front of ``seat``, for `state`."""
    by = record.get("played_by")
    parts = [f"{state.players[by].name}'s"] if by is not None and by != seat else []
    parts.append({"start_of_turn": "at the start of each turn", "end_of_turn": "at the end of each turn",
                  "while": "while there"}[record["when"]])
    if record.get("once"):
        parts.append("once")
    return f"{record['name']} ({', '.join(parts)})"

