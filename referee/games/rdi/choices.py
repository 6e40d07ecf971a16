"""Choices on cards (`choose_one`): whose they are, when the referee asks, and reading the answer.

Who chooses: the card's player (`by` None), or each player the card names (`by` a selector, with
`chosen` standing for the chooser inside the options).

When the referee asks:

* The card's player's own choice is part of playing the card, as RDI 3 has the affected players
  picked when an Action is announced, so that the others respond to what was chosen. The books never
  say when a card's options are chosen, so this is the house rule `own-choice-timing` (the other
  reading asks as the card resolves). The game settles some choices itself, and those are never
  asked: a card with one option; "Gambling? I'm in!", whose option is whether a Round is under way
  (`gambling.round_option`); a Sometimes card whose options answer different things, when only one
  of them fits now (`legality`).
* A choice the players a card names make is asked as the card resolves, before any of it applies:
  the choosers declare one at a time in turn order from the active player, as the books break a
  deadlock; then the card resolves with every choice. Otto is never asked: his rule picks for him
  when the card resolves (the registry's `rule_option`, which his module answers).

While a choice waits (`state.choice`) nothing but that player's choice, corrections and questions go
ahead (`engine.apply`); `state`, the toolbar and the table view show whose choice it is.
"""

from __future__ import annotations

import re

from referee.core.carddb import Card
from referee.core.effect_model import Effect
from referee.core.matcher import words_covered
from referee.core.ruling import ASK, AmbiguousName, IllegalPlay, Outcome
from referee.core.text import normalize, tokens
from referee.games.rdi.effects import NO_OPTION, ed, flat_effects, play_choice, seats_for
from referee.games.rdi.state import Choice, Entry, GameState

WHEN_PLAYED = "when-played"
_FILLER = {"the", "a", "an", "to", "option", "i", "ill", "choose", "chooses"}
_NUMBER = re.compile(r"^(?:option\s+|number\s+|no\.?\s*|#)?(?P<n>\d+)$", re.I)


def own_choice(card: Card | None) -> Effect | None:
    """The card's player's own choice, when it offers more than one option (on the card, or in one of its
    Piety bands: wherever `flat_effects` reads the entry's option)."""
    def found(effects):
        for effect in effects:
            if play_choice(effect) and len(effect.options) > 1:
                yield effect
            elif effect.op == "by_piety":
                for band in effect.bands:
                    yield from found(band.effects)

    return next(found(card.effects if card else ()), None)


def named_choices(effects) -> list[Effect]:
    """The choices the players a card names make, in the card's order (each chooser for themselves)."""
    return [e for e in effects if e.op == "choose_one" and e.by is not None]


def option_words(option, card_player: str, by_others: bool = True) -> str:
    """An option as the chooser hears it. In a choice others make the chooser goes unnamed and the card's
    player is named ("pay Ann 1 Gold"); in the card's player's own choice it reads as on the card."""
    from referee.games.rdi.phrases import write_clauses

    if option.label:
        return f"({option.label})"
    words = write_clauses(option.effects, "chosen" if by_others else "self")
    if by_others:
        words = re.sub(r"\b(pay|to|from|with) you\b", rf"\1 {card_player}", words)
    return f"({words})"


def offered(effect: Effect, indices, card_player: str) -> list[list]:
    """[index, words, the phrase's own words] of each option open to the chooser."""
    from referee.games.rdi.phrases import write_clauses

    by_others = effect.by is not None
    return [[i, option_words(effect.options[i], card_player, by_others),
             write_clauses(effect.options[i].effects, "chosen" if by_others else "self")] for i in indices]


def choosers(state: GameState, entry: Entry, effect: Effect) -> list[int]:
    """Who is asked for a choice the card's named players make: in turn order from the active player (the
    books' way of breaking a deadlock), leaving out Otto, whose rule chooses for him, and anyone who
    Ignores the card."""
    named = set(seats_for(effect.by, entry, state, effect)) & set(state.people())
    return [s for s in state.turn_order_from(state.active) if s in named and s not in entry.ignored_by]


def all_choosers(state: GameState, entry: Entry, card: Card) -> list[int]:
    """Everyone to be asked for the choices the card's named players make, in the order they are asked."""
    seats: list[int] = []
    for effect in named_choices(flat_effects(card, entry, state)):
        seats += [s for s in choosers(state, entry, effect) if s not in seats]
    return seats


def chosen_by_rule(state: GameState, entry: Entry, card: Card) -> list[int]:
    """The automata among the players the card's choices name (their rule chooses for them, nobody asks)."""
    return sorted({s for effect in named_choices(flat_effects(card, entry, state))
                   for s in seats_for(effect.by, entry, state, effect)
                   if s not in entry.ignored_by and state.players[s].automaton})


def made(entry: Entry, effect: int, seat: int) -> int | None:
    """The option ``seat`` chose for the card's ``effect``-th named choice, if they have chosen."""
    return next((c["option"] for c in entry.choices if c["effect"] == effect and c["seat"] == seat), None)


def waiting_at_resolution(state: GameState, entry: Entry, card: Card | None) -> Choice | None:
    """The next choice this card needs before it resolves: its player's own, when it was left for now, then
    each named player's, in order. None when every choice is made (Otto's are made when it resolves)."""
    if card is None:
        return None
    player = state.players[entry.player]
    own = own_choice(card)
    if own is not None and entry.option is None and not player.automaton:
        indices = entry.open_options or list(range(len(own.options)))
        return Choice(chooser=entry.player, card=card.name, options=offered(own, indices, player.name),
                      at="resolve", uid=entry.uid, effect=None)
    for number, effect in enumerate(named_choices(flat_effects(card, entry, state))):
        for seat in choosers(state, entry, effect):
            if made(entry, number, seat) is None:
                return Choice(chooser=seat, card=card.name, at="resolve", uid=entry.uid, effect=number,
                              options=offered(effect, range(len(effect.options)), player.name))
    return None


def settle_otto_own_choice(state: GameState, entry: Entry, card: Card | None, out: Outcome) -> None:
    """A card of Otto's own with a choice (a Drink Event he reveals): his rule picks, nobody is asked."""
    from referee.games.rdi.characters import rule_option

    own = own_choice(card)
    if own is None or entry.option is not None or not state.players[entry.player].automaton:
        return
    option = rule_option(state, entry.player, own.options, lambda o: option_words(o, "Otto", False), out)
    entry.option = own.options.index(option) if option is not None else NO_OPTION


# --------------------------------------------------------------------------- asking


def answer_forms(state: GameState, choice: Choice) -> str:
    """How the chooser says it: by number, by the option's words, or `answer N`."""
    name = state.players[choice.chooser].name
    first, words = choice.options[0][0] + 1, choice.options[0][1].strip("()")
    return f'`{name} chooses {first}`, `{name} chooses "{words}"` or `answer {first}`'


def numbered(choice: Choice) -> str:
    return " · ".join(f"{i + 1}. {words}" for i, words, _ in choice.options)


def ask(state: GameState, choice: Choice, out: Outcome) -> None:
    """Wait for ``choice``. The question itself is the ruling's last step (`question`, said by engine.apply),
    so that the short ruling, which shows an asking ruling's first and last steps, always shows it."""
    state.choice = choice
    out.verdict, out.code = ASK, "ask-choice"


def question(state: GameState) -> str:
    """The waiting choice asked: whose, the options numbered, and how to answer."""
    choice = state.choice
    name = state.players[choice.chooser].name
    return f"{name} chooses one for {choice.card}: {numbered(choice)}. Say {answer_forms(state, choice)}."


def pending(state: GameState) -> IllegalPlay:
    """The refusal of anything else while a choice waits: whose choice it is, and how to make it."""
    choice = state.choice
    name = state.players[choice.chooser].name
    what = "goes on the chain" if choice.at == "play" else "resolves"
    return IllegalPlay(f"{choice.card} waits for {name}'s choice before it {what}, and nothing else goes ahead until "
                       f"{name} chooses one: {numbered(choice)}.", code="choice-pending",
                       hint=f"Say {answer_forms(state, choice)}; `undo`, `set` and questions (`can`, `why`, `state`) "
                            "still work.")


def not_theirs(state: GameState, seat: int, card: Card | None) -> IllegalPlay:
    """Another player tried to make the waiting choice: a later chooser is told the order."""
    choice = state.choice
    name, other = state.players[choice.chooser].name, state.players[seat].name
    entry = state.entry(choice.uid) if choice.at == "resolve" else None
    if entry is not None and card is not None and any(
            seat in choosers(state, entry, effect) and made(entry, number, seat) is None
            for number, effect in enumerate(named_choices(flat_effects(card, entry, state)))):
        return IllegalPlay(f"The players {choice.card} names choose one at a time, in turn order from "
                           f"{state.players[state.active].name}: {name} chooses now, {other} after.",
                           (ed(state, "other-rules/timing/deadlock"),), code="not-your-choice",
                           hint=f"Say {answer_forms(state, choice)}.")
    return IllegalPlay(f"The choice for {choice.card} is {name}'s, not {other}'s.", code="not-your-choice",
                       hint=f"Say {answer_forms(state, choice)}.")


# --------------------------------------------------------------------------- reading the answer


def read_option(state: GameState, choice: Choice, text: str) -> int:
    """The option an answer names: its number, or its words matched loosely against each option's label and
    phrase (numbers in the answer must be the option's). Returns the option's index on the card."""
    name = state.players[choice.chooser].name
    said = text.strip().strip("\"“”'").strip()
    number = _NUMBER.match(said)
    if number:
        wanted = int(number.group("n")) - 1
        if any(i == wanted for i, _, _ in choice.options):
            return wanted
        raise IllegalPlay(f"{choice.card} has no option {wanted + 1} open to {name}: {numbered(choice)}.",
                          code="no-such-option", hint=f"Say {answer_forms(state, choice)}.")
    index = _matching(choice, said)
    if len(index) == 1:
        return index[0]
    if index:
        fits = [o for o in choice.options if o[0] in index]
        raise AmbiguousName(f"{said!r} could be " + " or ".join(f"option {i + 1} {w}" for i, w, _ in fits) + ".",
                            tuple(w for _, w, _ in fits), code="ambiguous-option",
                            hint="Say its number: " + " or ".join(f"`{name} chooses {i + 1}`" for i, _, _ in fits) + ".")
    raise IllegalPlay(f"{said!r} is not one of the options of {choice.card} open to {name}: {numbered(choice)}.",
                      code="no-such-option", hint=f"Say {answer_forms(state, choice)}.")


def _matching(choice: Choice, said: str) -> list[int]:
    """The options whose words best cover the answer's words (typos and word beginnings allowed; a number in
    the answer must be the option's): one when it is clear, several when the answer fits them as well."""
    wanted = [w for w in tokens(said) if w not in _FILLER]
    if not wanted:
        return []
    scores: dict[int, float] = {}
    for index, words, phrase in choice.options:
        for alias in (words, phrase):
            if normalize(alias) == " ".join(wanted):
                return [index]
            if set(re.findall(r"\d+", said)) <= set(re.findall(r"\d+", alias)):
                scores[index] = max(scores.get(index, 0.0), words_covered(wanted, normalize(alias)))
    best = max(scores.values(), default=0.0)
    return [i for i, score in scores.items() if score == best] if best >= 0.5 else []


def words_of(choice: Choice, index: int) -> str:
    return next(w for i, w, _ in choice.options if i == index)
