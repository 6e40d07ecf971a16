"""Legality: whether a card may be played now. Reads the state and the card; changes nothing.

The checks go in a fixed order:

1. the card exists (the parser), 2. the game is not over, 3. the player is in,
4. no Chaser is still to be revealed, 5. the card is in the player's deck,
6. it is the card's window (Action: own Action phase, once; Sometimes: its
condition; Anytime: any time), 7. the card's own condition (its target, what
it may Negate or Ignore, protections).

A legal play comes back as a prepared chain Entry; an illegal one raises
IllegalPlay with the reason and the sections that say so. Nothing changes.
"""

from __future__ import annotations

from dataclasses import replace

from referee.core.carddb import Card
from referee.core.ruling import GameOver, IllegalPlay
from referee.core.text import listed, sentence
from referee.games.rdi import gambling, last_chance, round_window
from referee.core.effect_model import Effect, walk
from referee.games.rdi.effects import (
    ATTR_NAMES, active_gears, affected_attrs, changes_for, device_stopped, ed, named, one_book_rule, play_choice,
)
from referee.games.rdi.kinds import kind_name, kinds_named
from referee.games.rdi.state import PHASE_NAMES, Entry, GameState

CHANGES_DRINK_OPS = {"alter_drink", "split_drink", "pass_drink"}
PLAYED_KINDS = ("action", "sometimes", "anytime", "gambling", "cheating")  # the cards played from a hand
NOT_FROM_HAND = {"drink", "drink_event", "special_reserve", "gear", "wulfric", "otto", "prize", "dungeon_event"}


def timing(card: Card) -> str:
    """How a card is played: its subtype for Potions and Recipes, else its type."""
    if card.type in ("potion", "recipe") and card.subtype:
        return str(card.subtype)
    if card.type in ("potion", "recipe", "extra"):
        return "sometimes"  # how it is played is not given: checked like a Sometimes card, on the table's word
    return card.type


def entry_timing(state: GameState, entry: Entry, cards) -> str:
    if entry.kind == "front":
        return entry.card_type  # a card acting from in front of a player is still a card of its kind
    if entry.kind != "card":
        return entry.kind
    card = cards.by_id.get(entry.card_id)
    return timing(card) if card else entry.card_type


def figures_named(attrs) -> str:
    """"Fortitude", "Alcohol Content, Fortitude or Gold": the figures a card cares about, in a message."""
    return listed([ATTR_NAMES[a] for a in sorted(attrs)], "or")


def joined_reasons(reasons) -> str:
    """Reasons a play fails on every reading, each said once, joined with " / "."""
    return " / ".join(dict.fromkeys(reasons))


def _option_effects(card: Card, option: int | None) -> list[Effect]:
    """The card's effects for the chosen option (a choose-one card keeps its choice whole until chosen)."""
    out: list[Effect] = []
    for effect in card.effects:
        if play_choice(effect) and option is not None:
            out.extend(effect.options[option].effects)
        else:
            out.append(effect)
    return out


def _drink_change_words(card: Card | None) -> str:
    """How a card changes a Drink, in words: "Ignores a Drink", "splits a Drink"..."""
    ops = {e.op for e in walk(card.effects)} if card is not None else set()
    for op, words in (("ignore", "Ignores a Drink"), ("negate", "Negates a Drink"), ("split_drink", "splits a Drink"),
                      ("pass_drink", "passes a Drink to another player"), ("alter_drink", "changes a Drink's Alcohol Content")):
        if op in ops:
            return words
    return "changes a Drink"


def _changes_drink(effect: Effect) -> bool:
    return effect.op in CHANGES_DRINK_OPS or (effect.op in ("negate", "ignore") and "drink" in (effect.what or ()))


def changes_a_drink(card: Card | None) -> bool:
    """Whether the card (any of its options) changes a Drink."""
    return card is not None and any(_changes_drink(e) for e in walk(card.effects))


def may_hold(player, card: Card) -> bool:
    """Whether the card may be in this player's deck: a shared card, one whose deck the books do not say,
    a Drink Deck card, or one of their own character's."""
    owner = card.owner
    return ("owner" in card.unknown or owner in ("shared", "unknown", "", "Drink Deck") or not player.character
            or owner.lower() == player.character.lower())


def _windows(card: Card) -> list[str]:
    window = card.get("window")
    if window is None:
        return []
    return list(window) if isinstance(window, list) else [window]


class Checker:
    def __init__(self, state: GameState, cards):
        self.state = state
        self.cards = cards

    def card_of(self, entry: Entry | None) -> Card | None:
        return self.cards.by_id.get(entry.card_id) if entry is not None and entry.card_id else None

    def prepare(self, seat: int, card: Card, target: int | None, option: int | None = None,
                answers: Entry | None = None) -> tuple[Entry, list[str]]:
        """The Entry this play would put on the chain, and notes; raises IllegalPlay. ``option``: the option
        of the player's own choice they took. Without it, ``open_options`` lists the options still open to
        them when the game leaves more than one (the play waits for their choice, referee/games/rdi/choices.py).
        ``answers``: the waiting play the announcement named as the one this card answers."""
        state = self.state
        player = state.players[seat]
        notes: list[str] = []
        self.notes = notes
        self.open_options: list[int] = []
        self.named = answers
        if state.over:
            raise GameOver("The game is over" + (f": {state.winner} won." if state.winner else "."))
        if state.choice is not None:
            from referee.games.rdi import choices

            raise choices.pending(state)
        from referee.games.rdi.characters import check_owed_choices, check_play

        check_owed_choices(state, seat)
        check_play(state, seat, card)
        if player.out:
            raise IllegalPlay(f"{player.name} is out of the game.", (ed(state, "losing-the-game"),))
        if any(e.awaiting_chaser for e in state.chain):
            raise IllegalPlay("A Chaser is still to be revealed: nobody may respond to the Drink until every "
                              "Chaser is revealed.", (ed(state, "more-drink-rules/chasers"),),
                              hint="Reveal it: `chaser CARD`.")
        if state.contest is not None and state.contest.next < len(state.contest.order):
            raise IllegalPlay("The Drinking Contest is still revealing Drinks: cards that change Drinks come once every "
                              "Drink is revealed.", (ed(state, "other-rules/timing/simultaneous-drinks"),))
        if any(e.awaiting_gear for e in state.chain):
            raise IllegalPlay("A Device Card is waiting for its Gear Card: nobody may respond until the Gear Card is "
                              "revealed.", ("rdi3/appendix-a/wizgille/devices-and-gear",),
                              hint="Reveal it: `Wizgille reveals GEAR [on NAME]`.")
        if card.type in NOT_FROM_HAND:
            raise IllegalPlay(f"{card.name} is {kind_name(card.type, article=True)}, not a card played from a hand.",
                              (ed(state, "on-your-turn/drink"),), hint="Drinks are revealed: `NAME reveals CARD`.")
        self._check_owner(player, card)
        kind = timing(card)
        settled = gambling.round_option(card, state)  # the game, not the player, settles this choice
        if kind == "action" and settled is not None and state.round is not None:
            kind = "gambling"  # "Gambling? I'm in!" during a Round takes control
        entry = Entry(uid=state.next_uid, kind="card", player=seat, name=card.name, card_id=card.id,
                      card_type=kind, target=target, option=settled if settled is not None else option)
        if settled is None and option is None and kind != "sometimes":
            from referee.games.rdi.choices import own_choice

            own = own_choice(card)
            self.open_options = list(range(len(own.options))) if own is not None else []
        last_chance.check_kind(state, card, kind)
        if kind == "action":
            if state.round is not None:
                raise IllegalPlay("A Round of Gambling is under way: normal play is suspended until it ends.",
                                  (ed(state, "gambling"),), code="not-your-window")
            self._check_action(seat, card)
        elif kind in ("gambling", "cheating"):
            round_window.check_control_play(state, seat, card, kind)
        elif kind == "sometimes":
            entry, found = self._check_sometimes(seat, card, entry)
            notes += found
        elif kind != "anytime":
            raise IllegalPlay(f"{card.name} is {kind_name(card.type, article=True)}: not a card the referee can play "
                              "from a hand yet.")
        if self.open_options:
            entry.option = None  # the player's choice is still to come; its option's own target is checked then
        else:
            self._check_target(seat, card, entry)
        answered = state.entry(entry.responds_to) if entry.responds_to is not None else state.top
        notes += round_window.check(state, entry, card, _option_effects(card, entry.option), answered,
                                    self.card_of(answered))
        self._check_protection(card, entry)
        if answers is not None and entry.responds_to != answers.uid:
            raise IllegalPlay(f"{card.name} does not answer another card, so it cannot be played on "
                              f"{named(state, answers)}.", (ed(state, "other-rules/timing"),),
                              hint=f"`{player.name} plays {card.name}` plays it on its own.")
        return entry, notes

    def _check_owner(self, player, card: Card) -> None:
        from referee.games.rdi.characters import check_holds

        held, note = check_holds(self.state, self.state.players.index(player), card)
        if held:  # a card its holder plays from in front of them (a Potion), not from a hand
            if note:
                self.notes.append(note)
            return
        owner = card.owner
        if not may_hold(player, card):
            deck = card.deck if owner.lower() in card.deck.lower() else f"{card.deck} ({owner})"
            from referee.games.rdi.phrases import card_phrase

            phrase = card.summary if card.book == "table" else card_phrase(  # a taught card's summary is its phrase
                card.type, card.effects, card.get("alcohol"), bool(card.get("chaser")))
            raise IllegalPlay(f"{card.name} is not a card of {player.name}'s deck: it is in {deck}.",
                              (ed(self.state, "getting-started"),), code="not-your-card",
                              hint=f"If this table's copy of {player.character}'s deck holds it too, teach it for "
                                   f"{player.character}: `learn \"{card.name}\" for {player.character}: {phrase}`.")

    def _check_action(self, seat: int, card: Card) -> None:
        state = self.state
        cite = (ed(state, "on-your-turn/action"),)
        if seat != state.active:
            raise IllegalPlay(f"{card.name} is an Action Card: only {state.players[state.active].name}, whose turn "
                              "it is, may play an Action now.", cite, code="not-your-window")
        if state.chain:
            raise IllegalPlay(f"{card.name} is an Action Card: it cannot be played in response to another card.",
                              cite, code="not-your-window")
        if state.action_done:
            raise IllegalPlay(f"{state.players[seat].name} has already played an Action this turn (one per turn).",
                              cite, code="not-your-window")
        if state.phase not in ("discard_draw", "action"):
            raise IllegalPlay(f"The Action phase is over: it is the {PHASE_NAMES[state.phase]} phase.",
                              (ed(state, "on-your-turn"),), code="not-your-window")

    def _check_sometimes(self, seat: int, card: Card, entry: Entry) -> tuple[Entry, list[str]]:
        """Find the readings of the card (an option, a window) that hold now: the entry of the first, and its
        notes. Several options that fit are left to the player (``open_options``); one that fits is the
        game's answer. Each option is tried on its own copy of the entry, so one that fails leaves nothing."""
        options = [entry.option]
        for effect in card.effects:
            if play_choice(effect) and entry.option is None:
                options = list(range(len(effect.options)))
        reasons: list[IllegalPlay] = []
        fits: list[tuple[Entry, list[str]]] = []
        for option in options:
            trial = replace(entry, option=option)
            try:
                fits.append((trial, self._sometimes_option(seat, card, trial)))
            except IllegalPlay as error:
                reasons.append(error)
        if fits:
            if len(fits) > 1:
                self.open_options = [trial.option for trial, _ in fits]
            return fits[0]
        distinct = list({r.message: r for r in reasons}.values())  # options refused for one reason say it once
        raise distinct[0] if len(distinct) == 1 else IllegalPlay(
            f"No use of {card.name} fits now: " + joined_reasons(r.message for r in distinct),
            tuple(dict.fromkeys(c for r in distinct for c in r.cites)))

    def _sometimes_option(self, seat: int, card: Card, entry: Entry) -> list[str]:
        state = self.state
        top = state.top
        if self.named is not None and self.named is not top and not (top.group and self.named.group == top.group):
            # Timing: responses are played one at a time, each open to answers, and the card beneath is answered
            # again once the response above it has resolved.
            raise IllegalPlay(f"{card.name} would answer {named(state, self.named)}, but {named(state, top)} waits above "
                              "it: a response answers the play on top of the chain. Once what is above it has "
                              f"resolved, {named(state, self.named)} waits again and may be answered then.",
                              (ed(state, "other-rules/timing"),), code="not-your-window",
                              hint="`resolve` what is on top first (`chain` shows the order).")
        if self.named is not None:
            top = self.named
        elif top is not None and top.kind == "drink" and top.group is not None:
            # Several Drinks wait at once: a card names whose Drink it changes (`on NAME`), else your own;
            # a card that passes or splits a Drink always takes your own.
            own = any(e.op in ("pass_drink", "split_drink") for e in _option_effects(card, entry.option))
            chosen = seat if own or entry.target is None else entry.target
            top = next((e for e in reversed(state.chain) if e.group == top.group and e.drinker == chosen), top)
        effects = _option_effects(card, entry.option)
        ops = {e.op for e in effects}
        if ops & {"negate", "ignore"} | (ops & CHANGES_DRINK_OPS):
            if top is None:
                raise IllegalPlay(f"{card.name} answers another card or a Drink, and nothing is waiting to resolve.",
                                  (ed(state, "other-rules/timing"),), code="not-your-window")
            entry.responds_to = top.uid
        if ops & {"negate", "ignore"} and top is not None:
            from referee.games.rdi.characters import forbid_response

            forbidden = forbid_response(state, top)
            if forbidden:
                raise IllegalPlay(*forbidden, code="forbidden")
        round_window.check(state, entry, card, effects, top, self.card_of(top))  # an option that finds no Round fails
        for effect in effects:
            op = effect.op
            if op == "negate":
                self._check_negate(seat, card, effect, top)
            elif op == "ignore":
                self._check_ignore(seat, card, effect, top)
            elif op in CHANGES_DRINK_OPS:
                if top.kind != "drink":
                    raise IllegalPlay(f"{card.name} changes a Drink, and the top of the chain is {top.name}, "
                                      "not a Drink.", (ed(state, "more-drink-rules/drink-events"),))
                if op in ("pass_drink", "split_drink") and top.drinker != seat:
                    raise IllegalPlay(f"{card.name} passes or splits your own Drink; {top.name} is "
                                      f"{state.players[top.drinker].name}'s.", (ed(state, "other-rules/splitting-drinks"),))
            elif op in gambling.LEAVE_OPS:
                if top is not None and op == "leave_round":
                    entry.responds_to = top.uid  # played while a card waits, it answers that card
            elif op == "redirect":
                if top is None or not affected_attrs(state, top, seat, self.card_of(top)) & {effect.attr or "fortitude"}:
                    note, cites = one_book_rule(state, "rdi3/other-rules/redirecting-damage")
                    raise IllegalPlay(f"{card.name} redirects a loss aimed at {state.players[seat].name}, and nothing "
                                      f"waiting would make them lose it. {note}", cites)
                entry.responds_to = top.uid
            elif op in ("reduce", "increase"):
                self._check_reduce(seat, card, effect, top, entry)
                entry.responds_to = top.uid
            elif op == "end_round" and top is not None:
                entry.responds_to = top.uid
        if ops & ({"negate", "ignore", *gambling.LEAVE_OPS, "end_round", "redirect", "reduce", "increase", "take_pot"}
                  | CHANGES_DRINK_OPS):
            return []
        return self._check_window(seat, card, entry, top)

    def _check_window(self, seat: int, card: Card, entry: Entry, top: Entry | None) -> list[str]:
        """``top``: the play the card would answer (the top of the chain, or the one it names)."""
        state = self.state
        windows = _windows(card)
        if not windows or any(w == "other" for w in windows):
            return [f"The books do not say exactly when {card.name} may be played; the referee takes the table's word."]
        failures = []
        for window in windows:
            if window == "card_affects_you":
                wanted = set(card.get("affects") or ("fortitude", "alcohol", "gold"))
                if top is not None and affected_attrs(state, top, seat, self.card_of(top)) & wanted:
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} answers a card that directly changes {state.players[seat].name}'s "
                                 f"{figures_named(wanted)}, and " + (f"{top.name} does not." if top else "nothing is waiting."),
                                 ed(state, "other-rules/cards-that-affect")))
            elif window == "sometimes_card_played":
                if top is not None and entry_timing(state, top, self.cards) == "sometimes":
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} answers a Sometimes Card, and the top of the chain is "
                                 + (sentence(top.name) if top else "empty."), ed(state, "sometimes-and-anytime-cards")))
            elif window in ("drink_revealed", "you_are_drinking"):
                if top is not None and top.kind == "drink" and (window == "drink_revealed" or top.drinker == seat):
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} needs a Drink {'you are about to drink ' if window == 'you_are_drinking' else ''}"
                                 "on top of the chain.", ed(state, "on-your-turn/drink")))
            elif window == "drink_changed":
                if top is not None and changes_a_drink(self.card_of(top)):
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} answers a card that changes a Drink.", ed(state, "other-rules/timing")))
            elif window == "you_lost_fortitude":
                hit = [source for victim, source in state.recent_hits if victim == seat and source != seat]
                if hit:
                    entry.attacker = hit[-1]
                    return []
                failures.append((f"{card.name} is played after {state.players[seat].name} loses Fortitude to another "
                                 "player's card, and that has not just happened (a response waits for the event "
                                 "it answers).", ed(state, "other-rules/timing")))
            elif window in ("you_would_lose", "you_would_gain", "another_player_would_lose"):
                wanted = set(card.get("affects") or ("fortitude", "alcohol", "gold"))
                direction = "gain" if window == "you_would_gain" else "lose"
                if window == "another_player_would_lose":
                    seats = [entry.target] if entry.target is not None else [s for s in state.in_game() if s != seat]
                    whose = "another player's"
                else:
                    seats, whose = [seat], f"{state.players[seat].name}'s"
                if top is not None and any(attr in wanted for s in seats for verb, attr in
                                           changes_for(state, top, s, self.card_of(top)) if verb == direction):
                    entry.responds_to = top.uid
                    return []
                verbs = "gain" if direction == "gain" else "loss"
                failures.append((f"{card.name} answers a card or Drink that would make a {verbs} of {whose} "
                                 f"{figures_named(wanted)}, and " + (f"{top.name} would not." if top else
                                                                     "nothing is waiting."),
                                 ed(state, "other-rules/cards-that-affect")))
            elif window == "action_played":
                if top is not None and top.kind == "card" and entry_timing(state, top, self.cards) == "action":
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} answers an Action Card, and the top of the chain is "
                                 + (sentence(top.name) if top else "empty."), ed(state, "other-rules/timing")))
            elif window == "card_played_on_you":
                if top is not None and top.kind == "card" and top.target == seat and top.player != seat:
                    entry.responds_to = top.uid
                    entry.attacker = top.player
                    return []
                failures.append((f"{card.name} answers a card another player played on {state.players[seat].name}, "
                                 "and " + (f"{top.name} was not." if top else "nothing is waiting."),
                                 ed(state, "other-rules/timing")))
            elif window == "round_won":
                if state.last_pot:
                    return []
                failures.append((f"{card.name} is played just after a Round of Gambling is won, and none has just "
                                 "been won.", ed(state, "gambling/ending-the-round")))
            elif window == "any_card_played":
                if top is not None:
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} answers a card, and nothing is waiting.", ed(state, "other-rules/timing")))
            elif window == "order_a_drink_phase":
                if seat == state.active and state.phase in ("action", "order") and not state.chain \
                        and state.round is None:  # a Round of Gambling suspends normal play, its phases with it
                    return []
                failures.append((f"{card.name} is played in your own Order a Drink phase.",
                                 ed(state, "on-your-turn/order-a-drink")))
            elif window == "gear_revealed":
                if top is not None and active_gears(top):
                    entry.responds_to = top.uid
                    return []
                failures.append((f"{card.name} answers a Gear Card just revealed.",
                                 "rdi3/appendix-a/wizgille/devices-and-gear"))
            elif window == "round_of_gambling":
                if state.round is not None and state.round.started:
                    return []
                if state.round is not None:
                    begun = round_window.not_begun(state, f"{card.name} is played during a Round of Gambling")
                    failures.append((begun.message, begun.cites[0]))
                    continue
                failures.append(("No Round of Gambling is in progress (once the last player has passed, the Round "
                                 "is over).", ed(state, "gambling/ending-the-round")))
            else:
                return [f"The referee does not check the window '{window}' of {card.name}; it takes the table's word."]
        raise IllegalPlay(joined_reasons(text for text, _ in failures), tuple(dict.fromkeys(cite for _, cite in failures)),
                          code="not-your-window")

    def _check_reduce(self, seat: int, card: Card, effect: Effect, top: Entry | None, entry: Entry) -> None:
        """A reduction or increase answers a play that would change the named player's figure: the card's
        player unless it names another, picked when it is played (RDI 3, Reduction Effects)."""
        state = self.state
        name = ATTR_NAMES[effect.attr]
        who = effect.who or "self"
        if who in ("target", "chosen") and entry.target is None:
            return  # _check_target asks for the player to name
        from referee.games.rdi.effects import seats_for

        named_seats = [s for s in seats_for(who, entry, state, effect)] or [seat]
        hit = [s for s in named_seats if top is not None and effect.attr in affected_attrs(state, top, s, self.card_of(top))]
        if not hit:
            whose = listed([state.players[s].name for s in named_seats])
            verb = "reduces" if effect.op == "reduce" else "increases"
            raise IllegalPlay(f"{card.name} {verb} what a card or Drink does to {whose}'s {name}, and nothing "
                              "waiting would change it.",
                              ("rdi3/other-rules/reduction-effects", ed(state, "other-rules/cards-that-affect")),
                              code="does-not-affect")

    def _check_negate(self, seat: int, card: Card, effect: Effect, top: Entry) -> None:
        state = self.state
        # "Negate a card": any card played from a hand, as for an Ignore that names no kind
        what = set(effect.what or PLAYED_KINDS)
        if what == {"gear"}:
            if not active_gears(top):
                raise IllegalPlay(f"{card.name} Negates a revealed Gear Card, and {top.name} has none.",
                                  ("rdi3/appendix-a/wizgille/devices-and-gear",))
            return
        kind = entry_timing(state, top, self.cards)
        cites = (ed(state, "other-rules/negate-and-ignore"),)
        guarded = self.card_of(top).get("unnegatable_at_piety") if self.card_of(top) is not None else None
        from referee.games.rdi.characters import tracks

        piety = tracks(state.players[top.player]).get("piety")
        if isinstance(guarded, int) and piety is not None and piety >= guarded:
            raise IllegalPlay(f"{top.name} is {state.players[top.player].name}'s own printing, and at {piety} Piety it "
                              "cannot be Negated: her cards work by her Piety when they take effect, and Serena "
                              f"Example 3 shows this one's effect at {guarded} Piety.",
                              ("rdi3/appendix-a/serena/piety", "rdi3/appendix-a/serena/example-3"),
                              code="protected")
        if kind == "drink":
            kind_ok = "drink" in what
        elif kind == "event":
            kind_ok = "drink_event" in what or "event" in what
        else:
            kind_ok = kind in what
        if not kind_ok:
            raise IllegalPlay(f"{card.name} Negates {kinds_named(sorted(what))}; {top.name} is "
                              f"{kind_name(kind, article=True) if kind else 'not one'}.", cites)
        self._check_played_on(seat, card, effect, top)
        if effect.condition == "not_copied_or_split" and (top.copy_of is not None or top.counted is not None
                                                                  or (top.group or "").startswith(("split", "copies"))):
            raise IllegalPlay(f"{card.name} may not Negate a Drink that has been copied or split.",
                              ("rdi3/appendix-a/wizgille/temporal-dilation",))
        if effect.condition in ("changes_a_drink", "changes_drink"):
            target = self.card_of(top)
            limits = (ed(state, "other-rules/wench-thinks"), ed(state, "other-rules/wench-thinks/limits"))
            if target is not None and any(e.condition in ("changes_a_drink", "changes_drink")
                                          for e in target.effects if e.op == "negate"):
                same = "itself" if target.name == card.name else f"itself, and {top.name} is the same card"
                raise IllegalPlay(f"{card.name} cannot Negate another copy of {same}.", (limits[1],))
            if not changes_a_drink(target) or device_stopped(top):
                raise IllegalPlay(f"{card.name} Negates only a Sometimes Card that changes a Drink's effects; "
                                  f"{top.name} does not.", limits)
            answered = state.entry(top.responds_to) if top.responds_to is not None else None
            if answered is not None and answered.kind == "event":
                raise IllegalPlay(sentence(f"{card.name} cannot Negate a card that acts on a Drink Event, and "
                                           f"{top.name} answers the Drink Event {answered.name}"),
                                  (ed(state, "other-rules/wench-thinks/limits"),))
            how = _drink_change_words(target)
            self.notes.append((sentence(f"{top.name} {how}, which counts as changing a Drink's effects, so it may be "
                                        f"Negated by {card.name}"), (limits[0],)))

    def _check_played_on(self, seat: int, card: Card, effect: Effect, top: Entry) -> None:
        """"… a card that was played on you": the card answered picked this player (a card picks its players
        when it is played, both books, On Your Turn › Action)."""
        if effect.condition == "played_on_you" and (top.kind != "card" or top.target != seat):
            name = self.state.players[seat].name
            raise IllegalPlay(f"{card.name} answers only a card played on {name}, and {top.name} was not.",
                              (ed(self.state, "on-your-turn/action"), ed(self.state, "other-rules/negate-and-ignore")),
                              code="does-not-affect")

    def _check_ignore(self, seat: int, card: Card, effect: Effect, top: Entry) -> None:
        state = self.state
        # A card the books show only as "Ignore a card that affects you" Ignores any played card.
        what = set(effect.what or PLAYED_KINDS)
        player = state.players[seat]
        if top.kind == "drink":
            if "drink" not in what:
                raise IllegalPlay(f"{card.name} does not Ignore Drinks.", (ed(state, "other-rules/negate-and-ignore"),))
            if top.drinker != seat:
                cite = ("rdi3/other-rules/negate-and-ignore/ignoring-drinks" if state.rules == "rdi3"
                        else "gii/other-rules/negate-and-ignore/ignoring-drinks")
                rule = ("a Drink you are about to drink" if state.rules == "rdi3"
                        else "a Drink that would affect you")
                raise IllegalPlay(f"{player.name} may Ignore only {rule}; {top.name} is "
                                  f"{state.players[top.drinker].name}'s.", (cite,))
            return
        kind = entry_timing(state, top, self.cards)
        self._check_played_on(seat, card, effect, top)
        if kind == "event":
            raise IllegalPlay(f"{card.name} cannot Ignore the Drink Event {top.name}.", (ed(state, "more-drink-rules/drink-events"),))
        if kind not in what:
            raise IllegalPlay(f"{card.name} Ignores {kinds_named(sorted(what))}; {top.name} is {kind_name(kind, article=True)}.",
                              (ed(state, "other-rules/negate-and-ignore"),))
        target_card = self.card_of(top)
        wanted = set(effect.if_affects or ())
        # Both books: a card that Ignores cards affecting your Gold cannot Ignore a Round of Gambling.
        if (effect.not_round_of_gambling or "gold" in wanted) and target_card is not None and \
                gambling.starts_round(target_card):
            raise IllegalPlay(f"{card.name} may not Ignore a Round of Gambling: a card that Ignores cards affecting "
                              "your Gold cannot be used against a Round.",
                              (ed(state, "other-rules/cards-that-affect/round-of-gambling"),))
        if wanted:
            hit = affected_attrs(state, top, seat, target_card) & wanted
            if not hit:
                raise IllegalPlay(f"{card.name} Ignores a card that directly changes your "
                                  f"{figures_named(wanted)}; {top.name} does not directly change "
                                  f"{player.name}'s.", (ed(state, "other-rules/cards-that-affect"),), code="does-not-affect")
            if hit == {"gold"} and top.player == seat:
                note, cites = one_book_rule(state, "gii/other-rules/negate-and-ignore/own-gold-payment")
                if state.rules == "gii":
                    raise IllegalPlay("Under Gambling? I'm In!, you may not Ignore a Gold payment on a card you played "
                                      f"yourself. {note}", cites)
                self.notes.append((f"{player.name} Ignores a Gold payment on their own card: RDI 3 allows it, but "
                                   "Gambling? I'm In! forbids it; the table plays RDI 3.", cites))

    def check_target(self, seat: int, card: Card, entry: Entry) -> None:
        """The player the entry's option picks, once its player has chosen it (choices.py)."""
        self._check_target(seat, card, entry)

    def _check_target(self, seat: int, card: Card, entry: Entry) -> None:
        state = self.state
        wants = card.get("target")
        chooses = any(play_choice(e) for e in card.effects)  # then the option taken says whether it picks
        uses_target = (wants in ("other_player", "any_player") and not chooses) or any(
            getattr(e, "who", None) == "target" or getattr(e, "to", None) in ("target", "chosen")
            or getattr(e, "with_", None) == "chosen"
            for e in _option_effects(card, entry.option))
        if not uses_target:
            return  # a named player here only says whose Drink a card changes
        if entry.target is None:
            others = [s for s in state.in_game() if s != seat]
            if wants == "other_player" and len(others) == 1:
                entry.target = others[0]
                return
            raise IllegalPlay(f"{card.name} needs a player to pick: `{state.players[seat].name} plays {card.name} on NAME`.",
                              (ed(state, "on-your-turn/action"),), code="needs-target")
        if state.players[entry.target].out:
            raise IllegalPlay(f"{state.players[entry.target].name} is out of the game.", (ed(state, "losing-the-game"),))
        if (wants == "other_player" or wants is None) and entry.target == seat:
            raise IllegalPlay(f"{card.name} picks another player, not yourself.", (ed(state, "on-your-turn/action"),))

    def _check_protection(self, card: Card, entry: Entry) -> None:
        target = self.state.entry(entry.responds_to) if entry.responds_to is not None else None
        protected_by = self.card_of(target).get("protected") if target is not None and self.card_of(target) else None
        if protected_by and card.name not in protected_by:
            raise IllegalPlay(f"{target.name} can only be affected by {' or '.join(protected_by)}.",
                              (ed(self.state, "other-rules/negate-and-ignore"),), code="protected")
