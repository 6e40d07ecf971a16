"""The Red Dragon Inn's points where the books are silent, and the readings a table may choose.

Every ruling that turns on one of these says so (``say``), with the reading in force and
how to switch it; docs/house-rules.md lists them all.
"""

from __future__ import annotations

from referee.core.house import HouseRule
from referee.core.ruling import Outcome

CONTEST_BROKE_SHARE = HouseRule(
    "contest-broke-share",
    "whether a player left with 0 Gold by a Drinking Contest they did not win can be saved by the share of a "
    "player who passes out at the same time",
    {"share-first": "hand out the pass-out shares first, as for any simultaneous losses, so a share can save "
                    "the broke player",
     "out-first": "put the broke player out when the contest ends, before any pass-out share is handed out"},
    "share-first",
    ("rdi3/losing-the-game/passing-out/simultaneous-losses", "rdi3/other-rules/drinking-contest/gold-during-contest",
     "gii/losing-the-game/passing-out/simultaneous-losses", "gii/other-rules/drinking-contest/gold-during-contest"))

ROUND_ON_THE_HOUSE_EVENT = HouseRule(
    "round-on-the-house-event",
    "what happens when the card revealed for Round on the House (or a Toast) is itself a Drink Event",
    {"discard": "copy no Drink and discard the Drink Event",
     "reveal-again": "discard the Drink Event and reveal the next card of the Drink Deck instead"},
    "discard",
    ("rdi3/other-rules/round-on-the-house", "gii/other-rules/round-on-the-house"))

BITEY_PER_TARGET = HouseRule(
    "bitey-per-target",
    "whether Wulfric's Bitey mood adds 1 to each player a card of Kaylin's hits or once per card",
    {"each-player": "add 1 to the loss of each player the card hits",
     "once-per-card": "add 1 once, to the first player the card hits in turn order"},
    "each-player",
    ("rdi3/appendix-a/kaylin/wulfric-moods",))

HALF_POT_ROUNDING = HouseRule(
    "half-pot-rounding",
    "how half of an odd pot is rounded when a card takes half the pot (Captain Whitehawk's \"What a coincidence, "
    "I happen to have the same hand!\")",
    {"up": "give the taker half the pot rounded up, as a split Drink's halves are rounded up",
     "down": "give the taker half the pot rounded down, so the winner keeps the odd Gold"},
    "up",
    ("smb/prize-variant/captain-whitehawk", "rdi3/other-rules/splitting-drinks", "gii/other-rules/splitting-drinks"))

OTTO_EVERY_OPTION_DECLINED = HouseRule(
    "otto-every-option-declined",
    "what Otto chooses when every option a card offers him is one he always declines (paying Gold, discarding, "
    "losing Fortitude, gaining Alcohol Content, splitting a Drink)",
    {"first": "give him the first option, as for any choice the Otto rules do not settle",
     "none": "give him none of them, so the choice does nothing to him"},
    "first",
    ("smb/otto/choices",))

NEGATED_GAMBLING_PLAY = HouseRule(
    "negated-gambling-play",
    "whether a player whose Gambling or Cheating Card is Negated during a Round may play another one at once",
    {"turn-spent": "count the Negated card as that player's go in the Round, so play moves on to the next player "
                   "(Wizgille's temporal dilation card grants a replacement in so many words, which suggests one is "
                   "not given otherwise)",
     "play-again": "let that player play another Gambling or Cheating Card, or pass, before play moves on"},
    "turn-spent",
    ("rdi3/gambling", "gii/gambling", "rdi3/appendix-a/wizgille/temporal-dilation"))

TALISMAN_GOES_AWAY = HouseRule(
    "talisman-goes-away",
    "where Talisman of Lightning goes after it zaps the player who won it (it \"goes away\")",
    {"prize-bin": "put it in the Prize Bin, as a used Prize, so it comes back when the Inn runs out of Prizes",
     "out-of-game": "take it out of the game"},
    "prize-bin",
    ("smb/card-notes/talisman-of-lightning", "smb/prize-variant/prize-bin"))

REDUCTION_ORDER = HouseRule(
    "reduction-order",
    "which comes first when a card that answers a loss or gain (reducing or increasing it) and a standing "
    "modifier (Wulfric's Bitey, Loyal or Clumsy, a card or Debuff in front of the player) meet on the same change",
    {"reductions-first": "apply the answering card's reduction or increase first, then the standing modifiers to "
                         "what is left, so a loss reduced to 0 is no loss for a modifier to change",
     "modifiers-first": "apply the standing modifiers first, then the answering card's reduction or increase to "
                        "the result"},
    "reductions-first",
    ("rdi3/other-rules/reduction-effects", "rdi3/appendix-a/kaylin/wulfric-moods"))

OWN_CHOICE_TIMING = HouseRule(
    "own-choice-timing",
    "when a card's player says which option of their own card they take (RDI 3 has the affected players picked "
    "as an Action Card is announced, and both books let the others respond to a card before it resolves; neither "
    "says when a card's options are chosen)",
    {"when-played": "ask as the card is played, like picking the affected players, so the others respond to the "
                    "option chosen",
     "when-resolving": "ask as the card resolves, after the responses"},
    "when-played",
    ("rdi3/on-your-turn/action", "gii/on-your-turn/action", "rdi3/other-rules/timing", "gii/other-rules/timing"))

RULES = {rule.id: rule for rule in (CONTEST_BROKE_SHARE, ROUND_ON_THE_HOUSE_EVENT, BITEY_PER_TARGET,
                                    HALF_POT_ROUNDING, OTTO_EVERY_OPTION_DECLINED, NEGATED_GAMBLING_PLAY,
                                    TALISMAN_GOES_AWAY, REDUCTION_ORDER, OWN_CHOICE_TIMING)}


def reading(state, rule: HouseRule) -> str:
    return rule.reading(state.house)


def cites_for(state, rule: HouseRule) -> tuple[str, ...]:
    """The chosen edition's sections, then any other book's that the chosen one has no counterpart for."""
    mine = [c for c in rule.cites if c.startswith(f"{state.rules}/")]
    paths = {c.split("/", 1)[1] for c in mine}
    rest = [c for c in rule.cites if not c.startswith(f"{state.rules}/") and c.split("/", 1)[1] not in paths]
    return tuple(mine + rest)


def say(state, rule: HouseRule, out: Outcome) -> str:
    """Say, in the ruling, that the books are silent and which reading is followed; returns the reading."""
    out.note(rule.ruling_text(state.house), *cites_for(state, rule))
    return reading(state, rule)
