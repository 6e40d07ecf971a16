"""Which sections a step cites: the one that decides it, in the table's edition, for what is in the game.

A step's reason names the rule that decides it (``REASONS``: reason -> section path, resolved in the
chosen edition's book). Every ruling then passes through ``settle``: a worked example becomes "see also"
(it shows a rule, it never decides one); the other edition's section becomes the chosen edition's where
that book has the same section (a step on an edition difference cites both and keeps both, chosen first);
a character's or variant's section is dropped when that character or variant is not at the table (a wrong
citation is worse than none).
"""

from __future__ import annotations

import re

from referee.core.citations import is_example, known
from referee.core.ruling import Ruling, Step

CORE_BOOKS = ("rdi3", "gii")

# What a card play decides: that a card of this kind may be played now.
REASONS = {
    "play/action": "on-your-turn/action",
    "play/sometimes": "sometimes-and-anytime-cards",
    "play/anytime": "sometimes-and-anytime-cards",
    "play/gambling": "gambling",
    "play/cheating": "gambling",
}

_CHARACTER = re.compile(r"^rdi3/appendix-a/(?P<who>[a-z]+)(?:/|$)")
_PARTS = {"smb/roxana": "roxana", "smb/otto": "otto", "smb/prize-variant": "prize", "gii/variants/prize": "prize",
          "gii/variants/bar-deck": "bar-deck"}


def reason(state, code: str) -> str:
    """The deciding section of a reason, in the chosen edition."""
    return f"{state.rules}/{REASONS[code]}"


def card_rule(state, card) -> str | None:
    """The section about this card itself (one that names it, not a worked example), the chosen edition's
    first: what decides a step about the card's own wording."""
    from referee.core.rules import sections

    index = sections()
    names = {card.name, *card.aliases}
    own = [c for c in card.cites if c in index and not is_example(c) and names & set(index[c].cards)]
    own.sort(key=lambda c: not c.startswith(f"{state.rules}/"))
    return own[0] if own else None


def at_table(state) -> set[str]:
    """Characters and variants at the table: character names, 'otto', 'prize', 'bar-deck'."""
    present = {p.character.lower().split()[0] for p in state.players if p.character}
    if any(p.automaton for p in state.players):
        present.add("otto")
    if state.prizes_inn is not None:
        present.add("prize")
    if state.bar_deck is not None:
        present.add("bar-deck")
    return present


def _in_game(section: str, present: set[str]) -> bool:
    who = _CHARACTER.match(section)
    if who and who.group("who") not in present:
        return False
    return not any((section == prefix or section.startswith(prefix + "/")) and part not in present
                   for prefix, part in _PARTS.items())


def deliberate(cites: tuple[str, ...]) -> set[str]:
    """Other-book sections a step cites on purpose: those the rules data names as differing from one of its
    cites (a step on an edition difference cites both books)."""
    from referee.core.rules import sections

    index = sections()
    return {other for c in cites if c in index for other, _ in index[c].differs}


def _in_edition(state, section: str, keep_both: tuple[str, ...]) -> str:
    """The chosen edition's section for ``section`` where that book has it, unless the step cites both
    editions' sections on purpose (``keep_both``: a step about an edition difference)."""
    book, _, path = section.partition("/")
    if book in CORE_BOOKS and book != state.rules:
        mine = f"{state.rules}/{path}"
        if known(mine) and mine not in keep_both and section not in deliberate(keep_both):
            return mine
    return section


def settle(state, cites: tuple[str, ...], see_also: tuple[str, ...] = ()) -> tuple[tuple[str, ...], tuple[str, ...]]:
    present = at_table(state)
    deciding: list[str] = []
    shown: list[str] = []
    for section in cites:
        if _in_game(section, present):
            section = _in_edition(state, section, cites)
            target = shown if is_example(section) else deciding
            if section not in target:
                target.append(section)
    for section in see_also:
        if _in_game(section, present):
            section = _in_edition(state, section, ())
            if section not in deciding and section not in shown:
                shown.append(section)
    # the chosen edition's sections first
    deciding.sort(key=lambda c: c.split("/")[0] in CORE_BOOKS and not c.startswith(f"{state.rules}/"))
    return tuple(deciding), tuple(shown)


def settle_ruling(state, ruling: Ruling) -> Ruling:
    steps = tuple(Step(step.text, *settle(state, step.cites, step.see_also), step.role) for step in ruling.steps)
    return Ruling(ruling.verdict, ruling.code, ruling.message, steps, ruling.line)
