"""Every rule the referee follows that the Giants War book does not give.

The Giants War book prints only what changed from Three-Dragon Ante: Legendary
Edition. Where it leans on a Legendary Edition rule it does not reprint, or is
silent, the referee follows one of the defaults below. Each ruling that uses one
adds a step labelled "Default, not from the Giants War book" (see ``label``),
and docs/tda.md lists them all. Nothing here is a value the book gives.
"""

from __future__ import annotations

from dataclasses import dataclass

NOT_FROM_BOOK = "not from the Giants War book"


@dataclass(frozen=True)
class Default:
    key: str
    text: str
    cites: tuple[str, ...]

    def label(self, detail: str = "") -> str:
        extra = f" {detail}" if detail else ""
        return f"Default, {NOT_FROM_BOOK}: {self.text}{extra}"


LEAD = Default(
    "lead",
    "the player who played the strongest card of a round leads the next one; if several played cards of that "
    "strength, the first of them to play in that round leads (a Legendary Edition rule the Giants War book does "
    "not print; say `NAME leads` before the round's first card to correct it).",
    ("tda/differences", "tda/glossary/leader"))

HOLE = Default(
    "hole",
    "a player who owes more than their hoard pays all they have and the rest is recorded as their debt in the hole "
    "(the one owed receives only what was paid). After the gambit is scored each debtor pays the debt out of their "
    "hoard into the pile set aside for the eventual winner.",
    ("tda/glossary/hole", "tda/differences"))

ANTE_UNEVEN = Default(
    "ante-uneven",
    "when one stakes asks less than an equal share of what the player has, that stakes is paid in full and the rest "
    "goes to the other stakes.",
    ("tda/ante/cannot-pay",))

BUY_SHORT = Default(
    "buy-short",
    "a player who cannot pay the whole price of new cards pays what they have and goes into the hole for the rest, "
    "as with the ante.",
    ("tda/buying-cards", "tda/glossary/hole"))

SPECIAL_FLIGHT = Default(
    "special-flight",
    "what a colour flight or a strength flight pays is a Legendary Edition rule the Giants War book does not print; "
    "the table applies it with `pay`/`steal`/`draw` announcements, then says `done` (a strength flight may take from "
    "either stakes).",
    ("tda/differences", "tda/glossary/color-flight", "tda/glossary/strength-flight", "tda/stealing"))

UNCONTESTED = Default(
    "uncontested",
    "a stakes that no flight fights for is not won; its gold waits in that stakes for the following gambit, as the book "
    "does for ties.",
    ("tda/rewarding-stakes", "tda/rewarding-stakes/ties"))

HOARD_TIE = Default(
    "hoard-tie",
    "when players tie for the largest hoard they share the win, and the gold left on the table is split evenly "
    "between them (an indivisible remainder stays on the table).",
    ("tda/rewarding-stakes/endgame-corner-cases",))

DIANCASTRA_ROUNDING = Default(
    "diancastra-rounding",
    "of an odd stakes, the half that stays on the table is rounded up (the winner takes the smaller half).",
    ("tda/card-powers/diancastra",))

PRIEST_SPLIT = Default(
    "priest-split",
    "an odd amount split by The Priest leaves the odd coin with the winner.",
    ("tda/le-notes/priest",))

HAND_LIMIT = Default(
    "hand-limit",
    "cards that would take a hand past 10 are not drawn.",
    ("tda/setup/hand-size", "tda/glossary/hand"))

GOD_DRAW_TIMING = Default(
    "god-draw-timing",
    "a giant god ability that hands out cards (Iallanis) takes effect once, when the god enters a flight.",
    ("tda/card-powers/iallanis", "tda/glossary/giant-god"))

CANNOT_WIN = Default(
    "cannot-win",
    "a flight that cannot win (Io with a mortal, Vaprak with a dragon, Bahamut with an evil dragon, Tiamat with a "
    "good dragon) is passed over and the stakes goes to the best of the other flights fighting for it; with none, "
    "it stays on the table.",
    ("tda/card-powers/io", "tda/card-powers/vaprak-the-destroyer"))

COUNTS_AS = Default(
    "counts-as",
    "a giant god that counts as a colour of giant counts as that giant wherever giants of the colour are counted "
    "(Surtur and Othea add to a Fire Giant's count).",
    ("tda/card-powers/fire-giant", "tda/card-powers/surtur", "tda/card-powers/othea"))

BALANCED_NOBODY = Default(
    "balanced-nobody",
    "a flight in perfect balance fights for no stakes, so no opponent fights for 'the same stakes' as it.",
    ("tda/card-powers/frost-giant", "tda/flight-strength/perfect-balance"))

LEGENDARY_DECK = Default(
    "legendary-deck",
    "the Legendary deck is counted from 53 cards (17 Mortals, 15 Legendary Dragons and 21 Legendary Giants, as "
    "Legendary deck creation counts; the card list's 19 giants would make 51) less the 6 shuffled into the main "
    "deck. Correct it with `set legendary N`.",
    ("tda/setup/legendary-deck", "tda/components"))

PLAYED_GOOD_DRAGONS = Default(
    "played-good-dragons",
    "'good dragons you have played' counts the good dragons in your flight this gambit.",
    ("tda/le-notes/gold-monarch",))

SPECIAL_TIMING = Default(
    "special-timing",
    "a colour or strength flight is recognised when the card that completes it is played, after that card's power "
    "has been settled.",
    ("tda/differences", "tda/glossary/color-flight"))

KEEP_ONE_DRAWN = Default(
    "keep-one-drawn",
    "keeping one of the cards just drawn and discarding the other needs two: with only one drawn (the deck ran "
    "out) it is kept, and nothing is discarded.",
    ("tda/card-powers/cloud-giant-queen",))

ALL = (LEAD, HOLE, ANTE_UNEVEN, BUY_SHORT, SPECIAL_FLIGHT, UNCONTESTED, HOARD_TIE, DIANCASTRA_ROUNDING, PRIEST_SPLIT,
       HAND_LIMIT, GOD_DRAW_TIMING, CANNOT_WIN, COUNTS_AS, BALANCED_NOBODY, LEGENDARY_DECK, PLAYED_GOOD_DRAGONS,
       SPECIAL_TIMING, KEEP_ONE_DRAWN)

# Numbers. The first group is printed in the Giants War book (cited where used); the
# Legendary deck's starting count is the default above.
GOLD_PER_PLAYER = 10
STANDARD_CARDS = 84
LEGENDARY_IN_MAIN_DECK = 6
STARTING_HAND = 7
HAND_LIMIT_CARDS = 10
BUY_FILL_TO = 5
DENIED_FILL_TO = BUY_FILL_TO - 1  # Card Denial (the roleplaying appendix)
DRAW_BETWEEN_GAMBITS = 2
ROUNDS_PER_GAMBIT = 3
LEGENDARY_DECK_CARDS = 53
