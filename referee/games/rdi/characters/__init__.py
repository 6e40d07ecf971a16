"""Character mechanics, one module each, hooked into the engine at a few fixed points:

* ``standing``: the character's standing effects bearing on a change to one player (``Standing`` values:
  Wulfric's mood changes a loss or gain as it is made, once for the card as a whole; Otto's Debuffs act
  right after it); standing.py puts them in order with the cards in front.
* ``after_card``: after a card's other effects (Serena's Piety).
* ``forbid_response``: a standing prohibition on answering a card (Wulfric's Stalwart).
* ``end_of_turn``: after a player's Drink phase (Wulfric's mood changes).
* ``SET_KEYS`` / ``apply_set`` / ``position_problem``: the table corrects a character's part with `set`
  (Wulfric's mood, Piety, Potions, the Cutting Board, Otto's tracks), and an impossible one is refused.

A character in the plug-in shape (Serena, Kaylin, Roxana and Phrenk, so far) keeps its own state in its
player's slot (``Player.part``, plain data whose shape only its module knows): ``CHARACTER`` (its name as
its cards give it), ``new_part`` (its slot at the start) and ``PART_FIELDS`` (the slot's keys, written flat in
a position file) are required; every other hook is answered only by a character that needs it, by these
names: ``on_setup`` (what is said when the game starts), ``tracks`` (its figures by name),
``TRACKS``/``move_track`` (a card's effect on one), ``marks`` (those figures in words for the toolbar and
`state`), ``notes`` (its standing facts in words: Wulfric's mood, the Cutting Board), ``summary`` and
``SUMMARY_FIELDS`` (its keys in a player's summary), ``duty`` (what the player owes before play goes on),
``ANNOUNCEMENTS``/``announced`` (its own announcements; the engine lends it its card look-up and chain),
``REVEALS``/``reveal`` and ``keep`` (cards of its own decks turned over and kept), ``owes_choice`` and
``check_owed_choices`` (a choice between two revealed cards, before anyone acts), ``HELD``/``check_holds``
(cards played from in front of a holder, not a hand), ``check_play`` and ``card_played``, ``OPS``/
``apply_op`` (an effect op only it has), ``last_chance_ok``, ``standing``, ``forbid_response``,
``after_card``, ``negated``, ``end_of_turn`` and ``turn_end_order``; and, for a seat that plays itself (Otto):
``seat_character``/``check_seats``/``table_setup``/``starting_gold_note`` (seating), ``joined_chain`` (a play
or Drink just put on the chain), ``marks_play`` and ``lowered_numerals`` (a play marked by what lies in front
of its player: a Power Jinx), ``takes_change``/``drinks``/``made_to_drink`` (a change or Drink the character's
rules take: Otto's tracks), ``asked_to_discard``, ``offered_split``, ``rule_option``/``not_asked`` (a choice its
rule makes), ``check_order``/``check_end_turn``, ``passes_in_round``, ``typed_card`` (a play the table typed,
held by no card database), ``adds_no_prize``/``wins_no_prize`` (the Prize variant), ``end_of_action_phase``
and ``after_round``. The engine asks through the functions below and never imports the module by name;
adding such a character is its module and one line in ``PLUGGED``.

That a seat is an automaton, played by its deck rather than a person (no hand, no Gold of its own, never
wins or loses, never declares), is the one capability the engine asks of a seat itself: its character's slot
says so and ``Player.automaton`` reads it. Every rule that follows from it lives with the character.
"""

from __future__ import annotations

from referee.core.ruling import Outcome
from referee.games.rdi.characters import kaylin, otto, phrenk, roxana, serena
from referee.games.rdi.state import CharacterNote, Entry, GameState


# The characters that keep their own state in Player.part, by the name their cards give as owner.
# Phrenk comes last: his `keeps` refuses any card nobody was choosing, once Roxana's has passed on it.
PLUGGED = {serena.CHARACTER: serena, kaylin.CHARACTER: kaylin, roxana.CHARACTER: roxana, phrenk.CHARACTER: phrenk,
           otto.CHARACTER: otto}


def _answering(hook: str):
    """The plugged characters' functions for a hook only some of them answer (``standing``)."""
    return [getattr(module, hook) for module in PLUGGED.values() if hasattr(module, hook)]


def _each(hook: str, *args) -> None:
    """Every plugged character answering ``hook`` hears the event; each checks whether it concerns it."""
    for answer in _answering(hook):
        answer(*args)


def _any(hook: str, *args) -> bool:
    """Whether a plugged character answering ``hook`` took the event (the first that does ends the asking)."""
    return any(answer(*args) for answer in _answering(hook))


def _plugged(player):
    return PLUGGED.get(player.character)


def _own(player, hook: str):
    """The player's character's function for a hook, or None (a character answers only the hooks it needs)."""
    return getattr(_plugged(player), hook, None)


def new_part(character: str) -> dict:
    module = PLUGGED.get(character)
    return module.new_part() if module is not None else {}


def on_setup(state: GameState, seat: int, out: Outcome) -> None:
    if hook := _own(state.players[seat], "on_setup"):
        hook(state, seat, out)


def tracks(player) -> dict[str, int]:
    """A player's own figures beyond the shared ones (Serena's Piety), by name."""
    hook = _own(player, "tracks")
    return hook(player) if hook else {}


def marks(player, widest: bool = False) -> list[tuple[str, str]]:
    """Those figures in words, long and short (``widest``: at their widest, for padding)."""
    hook = _own(player, "marks")
    return hook(player, widest) if hook else []


def tracks_toward(player) -> dict[str, list[int]]:
    """An automaton's figures toward each player, [Fortitude, Alcohol Content] by name (Otto's two tracks)."""
    hook = _own(player, "tracks_toward")
    return hook(player) if hook else {}


def notes(player) -> list[CharacterNote]:
    """A player's character's standing facts in words (Wulfric's mood), for `state` and the toolbar."""
    hook = _own(player, "notes")
    return hook(player) if hook else []


def summary_fields(player) -> dict:
    """The plugged characters' fields of a player's summary, null where the player is not that character (so
    every player's summary has the same keys)."""
    fields = {key: list(empty) if isinstance(empty, list) else empty
              for module in PLUGGED.values() for key, empty in getattr(module, "SUMMARY_FIELDS", {}).items()}
    hook = _own(player, "summary")
    return fields | (hook(player) if hook else {})


def reveal(state: GameState, seat: int | None, card, out: Outcome) -> bool:
    """A card of a character's own deck turned over (a Wulfric card, Roxana's Recipe): True when that
    character's rules took it."""
    return any(m.reveal(state, seat, card, out) for m in PLUGGED.values() if card.type in getattr(m, "REVEALS", ()))


def keep(state: GameState, seat: int, card, out: Outcome) -> bool:
    """`NAME keeps CARD`: one of two revealed cards kept (Roxana's Recipe); True when a plugged character took it."""
    return any(hook(state, seat, card, out) for hook in _answering("keep"))


def check_holds(state: GameState, seat: int, card) -> tuple[bool, str | None]:
    """A card a character's rules keep in front of its holder rather than in a hand (a Potion): (whether such a
    rule decides who may play it, a note when the referee takes the table's word). Refuses a card not held."""
    module = next((m for m in PLUGGED.values() if card.type in getattr(m, "HELD", ())), None)
    return (True, module.check_holds(state, seat, card)) if module is not None else (False, None)


def owes_choice(state: GameState, seat: int) -> bool:
    """The player still chooses between two revealed cards (a Recipe), before anyone acts."""
    return any(hook(state, seat) for hook in _answering("owes_choice"))


def check_owed_choices(state: GameState, seat: int) -> None:
    """Refuses an action while a character's choice between two revealed cards is owed."""
    for hook in _answering("check_owed_choices"):
        hook(state, seat)


def check_play(state: GameState, seat: int, card) -> None:
    """Refuses a card a character's rules keep out of the hand (a Recipe not yet cooked)."""
    for hook in _answering("check_play"):
        hook(state, seat, card)


def card_played(state: GameState, seat: int, card) -> None:
    """A card left the player's hand onto the chain (a cooked Recipe)."""
    for hook in _answering("card_played"):
        hook(state, seat, card)


def apply_op(state: GameState, entry: Entry, card, effect, out: Outcome) -> None:
    """An effect op only a character has (the Cutting Board's), applied by the character that declares it."""
    module = next(m for m in PLUGGED.values() if effect.op in getattr(m, "OPS", ()))
    module.apply_op(state, entry, card, effect, out)


def last_chance_ok(state: GameState, seat: int, announcement) -> bool:
    """An announcement of a character's own that may still come during a last chance (the Smorgasbord)."""
    return any(hook(state, seat, announcement) for hook in _answering("last_chance_ok"))


def turn_end_order(state: GameState, seat: int, out: Outcome) -> None:
    """What a character says when cards in front of its player act before its own end-of-turn change."""
    for hook in _answering("turn_end_order"):
        hook(state, seat, out)


def duties(state: GameState) -> list[tuple[int, str, str, str]]:
    """(seat, the waiting line, its short form, what it is called) for each player who owes something
    before play goes on (Serena's atonement)."""
    found = []
    for seat, player in enumerate(state.players):
        hook = _own(player, "duty")
        owed = hook(state, seat) if hook else None
        if owed is not None:
            found.append((seat, *owed))
    return found


def move_track(state: GameState, seat: int, track: str, by: int, card_name: str, out: Outcome) -> None:
    """A card's effect on a character's own track (Piety), said by the character whose track it is."""
    module = next(m for m in PLUGGED.values() if track in getattr(m, "TRACKS", ()))
    module.move_track(state, seat, track, by, card_name, out)


def handles(announcement) -> bool:
    return any(type(announcement).__name__ in getattr(module, "ANNOUNCEMENTS", ()) for module in PLUGGED.values())


def announced(state: GameState, announcement, out: Outcome, table=None) -> None:
    """An announcement of a character's own (`Serena tithes`), handed to the module that declares it."""
    module = next(m for m in PLUGGED.values() if type(announcement).__name__ in getattr(m, "ANNOUNCEMENTS", ()))
    module.announced(state, announcement, out, table)


def fold_part(player: dict) -> dict:
    """A player's plain data with a plugged character's keys, written flat (a position file, a store row
    saved before the slot existed, where every player wrote `piety`, most as null), moved into its slot; a
    plugged character's slot gets the keys it lacks at their starting values."""
    owner = {key: module for module in PLUGGED.values() for key in module.PART_FIELDS}
    own = PLUGGED.get(player.get("character"))
    if not set(owner) & set(player) and own is None:
        return player
    player = dict(player)
    part = dict(player.get("part") or {})
    for key in sorted(set(owner) & set(player)):
        value = player.pop(key)
        empty = value is None or value is False or (owner[key] is not own and value == owner[key].new_part()[key])
        if not empty:  # a null, or another character's starting value, is "not this character's"; a figure as typed
            part[key] = value
    player["part"] = (own.new_part() | part) if own is not None else part
    return player


def standing(state: GameState, victim: int) -> list:
    """The characters' standing effects bearing on a change to ``victim`` (Wulfric's mood, Otto's Debuffs);
    standing.py puts them in order with the cards in front of the player."""
    return [effect for hook in _answering("standing") for effect in hook(state, victim)]


def after_card(state: GameState, entry: Entry, card, out: Outcome) -> None:
    for hook in _answering("after_card"):
        hook(state, entry, card, out)


def after_negated(state: GameState, entry: Entry, card, out: Outcome) -> None:
    """A card Negated: where it goes when a character's rules send it somewhere of their own."""
    for hook in _answering("negated"):
        hook(state, entry, card, out)


def forbid_response(state: GameState, target: Entry) -> tuple[str, tuple[str, ...]] | None:
    """A standing prohibition on answering a card (Wulfric's Stalwart): why, and the sections that say so."""
    return next((found for hook in _answering("forbid_response") if (found := hook(state, target))), None)


def end_of_turn(state: GameState, seat: int, out: Outcome) -> None:
    for hook in _answering("end_of_turn"):
        hook(state, seat, out)


CORRECTABLE = (kaylin, serena, phrenk, roxana, otto)


IS_CHARACTER = ((kaylin, kaylin.is_kaylin), (serena, serena.is_serena), (phrenk, phrenk.is_phrenk),
                (roxana, roxana.is_roxana), (otto, otto.is_otto))


def own_verbs(character: str) -> tuple[str, ...]:
    """The announcements only this character makes (Serena tithes, Roxana cooks), for completion."""
    return tuple(verb for module, is_it in IS_CHARACTER if is_it(character or "") for verb in module.VERBS)


def set_keys() -> dict[str, str]:
    """Every word a `set` may use for a character's part, and the part it names."""
    return {word: key for module in CORRECTABLE for word, key in module.SET_KEYS.items()}


def apply_set(state: GameState, seat: int, key: str, value: str, cards, out: Outcome) -> None:
    module = next(m for m in CORRECTABLE if key in m.SET_KEYS.values())
    module.apply_set(state, seat, key, value, cards, out)


def position_problems(state: GameState) -> list[tuple[str, str]]:
    return [problem for module in CORRECTABLE if (problem := module.position_problem(state))]


# --- a seat that plays itself (Otto) -------------------------------------------------------------------------
def seat_character(name: str) -> str | None:
    """The character a seat's name alone makes it (the seat named Otto), whatever else is typed after it."""
    return next((found for hook in _answering("seat_character") if (found := hook(name))), None)


def check_seats(names: list[str]) -> None:
    """Refuses a table a character cannot sit at (Otto: the third seat of a two-player game)."""
    _each("check_seats", names)


def table_setup(state: GameState, factions: list[str] | None, out: Outcome) -> None:
    """What a character sets up for the whole table as the game starts, before the table's own setup is said
    (Otto's deck, from the ``factions`` the table named, and his tracks; he goes first)."""
    _each("table_setup", state, factions, out)


def starting_gold_note(state: GameState) -> str:
    return "".join(hook(state) for hook in _answering("starting_gold_note"))


def joined_chain(state: GameState, entry: Entry, card, out: Outcome) -> None:
    """A play or Drink just went on the chain (Otto's deck answers one that affects him)."""
    _each("joined_chain", state, entry, card, out)


def marks_play(state: GameState, seat: int, entry: Entry, out: Outcome) -> None:
    """A play about to go on the chain, marked by what lies in front of its player (a Power Jinx)."""
    _each("marks_play", state, seat, entry, out)


def lowered_numerals(card, effects: list, name: str, section: str | None, out: Outcome) -> list:
    """What a card played with its numerals lowered (``Entry.jinxed``) does from in front of its player."""
    for hook in _answering("lowered_numerals"):
        effects = hook(card, effects, name, section, out)
    return effects


def takes_change(state: GameState, seat: int, source: int | None, attr: str, change: int, why: str, out: Outcome,
                 modified: bool = False) -> bool:
    """A card's change to a seat whose character's rules take it (Otto's tracks): True when one did
    (``modified``: a standing modifier changed it on the way)."""
    return _any("takes_change", state, seat, source, attr, change, why, out, modified)


def drinks(state: GameState, entry: Entry, title: str, out: Outcome) -> bool:
    """A Drink whose drinker's character's rules take it (Otto's tracks): True when one did."""
    return _any("drinks", state, entry, title, out)


def made_to_drink(state: GameState, seat: int, by: int, times: int, by_name: str, out: Outcome) -> bool:
    """A card makes a seat drink that has no Drink Me! pile (Otto): True when its character's rules say how."""
    return _any("made_to_drink", state, seat, by, times, by_name, out)


def asked_to_discard(state: GameState, seat: int, source: str, out: Outcome) -> bool:
    """A discard a character's rules take (Otto discards nothing): True when one did."""
    return _any("asked_to_discard", state, seat, source, out)


def offered_split(state: GameState, seat: int, drink: Entry, out: Outcome) -> bool:
    """A built-in split offered to a drinker whose character's rule declines it (Otto never splits): True then."""
    return _any("offered_split", state, seat, drink, out)


def rule_option(state: GameState, seat: int, options, describe, out: Outcome):
    """The option an automaton's rule takes of a choice (``describe(option)`` words one), or None for none."""
    hook = _own(state.players[seat], "rule_option")
    return hook(state, seat, options, describe, out) if hook else None


def not_asked(state: GameState, seat: int, out: Outcome) -> None:
    """Said when a choice names an automaton, whose rule chooses for it as the card resolves."""
    if hook := _own(state.players[seat], "not_asked"):
        hook(state, seat, out)


def check_order(state: GameState, seat: int, target: int) -> None:
    """Refuses a Drink ordered for a seat that has no Drink Me! pile (Otto)."""
    _each("check_order", state, seat, target)


def check_end_turn(state: GameState, seat: int) -> None:
    """Refuses ending a turn a character's rules say is not done (Otto has not drunk)."""
    _each("check_end_turn", state, seat)


def passes_in_round(state: GameState, seat: int, out: Outcome) -> None:
    """A pass in a Round of Gambling, as the character makes it (Otto reveals a card even to pass)."""
    _each("passes_in_round", state, seat, out)


def typed_card(state: GameState, entry: Entry):
    """The card of a play the table typed, which no card database holds (Otto's revealed box)."""
    return next((card for hook in _answering("typed_card") if (card := hook(state, entry)) is not None), None)


def end_of_action_phase(state: GameState, seat: int, out: Outcome) -> None:
    _each("end_of_action_phase", state, seat, out)


def after_round(state: GameState, out: Outcome) -> None:
    """A Round of Gambling just ended (Otto's deck, empty during it, is reshuffled)."""
    _each("after_round", state, out)


def adds_no_prize(state: GameState, starter: int, out: Outcome) -> bool:
    """Prize variant: the starter of a Round adds no Prize to the pot (Otto): True then."""
    return _any("adds_no_prize", state, starter, out)


def wins_no_prize(state: GameState, winner: int, out: Outcome) -> bool:
    """Prize variant: a Prize won that goes back to the Inn with no effect (Otto's): True then."""
    return _any("wins_no_prize", state, winner, out)
