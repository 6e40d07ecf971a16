"""The Giants War table: one plain value, copied for every announcement.

Seats run clockwise: a player's left is the next seat, their right the one before.
Hands are hidden, so a player's hand is only a count. Pending work (a power being
resolved, the ante being paid, a purchase) is a stack of jobs, and a question the
referee is waiting on is one dict; both are JSON-ready, so undo and the saved-game
store need nothing special.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.table import Seats, plain

STAKES = ("dragon", "giant")
STAKES_NAME = {"dragon": "Dragon Stakes", "giant": "Giant Stakes"}
SIDE_OF = {"dragon": "dragons", "giant": "giants"}
STAKES_OF = {"dragons": "dragon", "giants": "giant"}


@dataclass
class Placed:
    """A face-up card: in a flight, or in the ante (``owner`` is the seat that anted it)."""

    uid: int
    card_id: str
    name: str
    strength: int
    side: str | None = None  # mortals: "dragons" or "giants", as declared when played
    owner: int = -1
    round: int = 0
    triggered: bool = False
    bonuses: list = field(default_factory=list)  # strength_bonus effects waiting for scoring
    wild_dragon: bool = False  # counts as a dragon of every colour (a triggered Wyrmpriest)

    @property
    def label(self) -> str:
        side = f" for the {self.side}" if self.side else ""
        return f"{self.name} {self.strength}{side}"


@dataclass
class Player:
    name: str
    hoard: int
    hand: int = 0
    flight: list[Placed] = field(default_factory=list)
    hole: int = 0  # debt this gambit
    been_in_hole: bool = False  # at any time this game (Thrym)


@dataclass
class GameState(Seats):
    players: list[Player]
    dragons: list[str] = field(default_factory=list)  # the colour card ids of the main deck
    giants: list[str] = field(default_factory=list)
    endgame_rule: bool = True  # Shuffle Twice, Score Thrice
    start_gold: int = 0
    gold_adjust: int = 0  # gold added or removed by `set` corrections
    gambit: int = 1
    phase: str = "ante"  # ante, play, scoring (all rounds played), over
    round: int = 0
    rounds: int = 3
    leader: int | None = None
    turn: int | None = None
    turn_started: bool = False
    turn_played: bool = False
    round_plays: list = field(default_factory=list)  # {seat, name, strength} in play order this round
    ante: list[Placed] = field(default_factory=list)
    ante_settled: bool = False
    stakes: dict = field(default_factory=lambda: {"dragon": 0, "giant": 0})
    pile: int = 0  # gold out of the game from the hole, for the eventual winner
    main_deck: int = 0
    legendary_deck: int = 0
    discard: int = 0
    reshuffles: int = 0
    toasts: list = field(default_factory=list)  # endgame cards still stacked, top first
    # What lasts this gambit, as plain records: the card powers in force (win rules, halving...,
    # built from their typed effects) and the engine's own notes (`bought`, `deferred`).
    effects: list = field(default_factory=list)
    jobs: list = field(default_factory=list)
    question: dict | None = None
    # The moves the referee made since the announcement that set it going (made.py), so that a table line
    # reporting one of them is refused as already done.
    made: list = field(default_factory=list)
    # The `set` lines since the game last moved on, applied as one picture (corrections.py): the fields they
    # named and the values the others fall back to.
    picture: dict | None = None
    next_uid: int = 1
    over: bool = False
    winner: str | None = None
    tie: list = field(default_factory=list)

    @staticmethod
    def from_dict(data: dict, owned: bool = False) -> "GameState":
        # Never share lists with the caller's dict (undo history, the store), unless it was made for us.
        data = data if owned else plain(data)
        players = []
        for raw in data.pop("players"):
            flight = [Placed(**c) for c in raw.pop("flight")]
            players.append(Player(flight=flight, **raw))
        ante = [Placed(**c) for c in data.pop("ante")]
        return GameState(players=players, ante=ante, **data)

    # --- seats -----------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.players[seat].name

    def left(self, seat: int) -> int:
        return (seat + 1) % len(self.players)

    def right(self, seat: int) -> int:
        return (seat - 1) % len(self.players)

    def order_from(self, seat: int) -> list[int]:
        """Every seat, clockwise (to the left) starting with ``seat``."""
        count = len(self.players)
        return [(seat + k) % count for k in range(count)]

    def opponents(self, seat: int) -> list[int]:
        """The other seats, starting on ``seat``'s left."""
        return self.order_from(seat)[1:]

    def new_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    def find_placed(self, uid: int) -> tuple[int | None, Placed | None]:
        """(seat, card) of a face-up card in a flight; seat None when it is in the ante."""
        for seat, player in enumerate(self.players):
            for card in player.flight:
                if card.uid == uid:
                    return seat, card
        for card in self.ante:
            if card.uid == uid:
                return None, card
        return None, None

    def in_force(self, kind: str) -> list[dict]:
        """The records of one kind kept this gambit (an op in force, or `bought` / `deferred`)."""
        return [record for record in self.effects if record.get("op") == kind]

    # --- ledgers ---------------------------------------------------------------
    def total_gold(self) -> int:
        return sum(p.hoard for p in self.players) + sum(self.stakes.values()) + self.pile

    def total_cards(self) -> int:
        return (self.main_deck + self.legendary_deck + self.discard + sum(p.hand for p in self.players)
                + sum(len(p.flight) for p in self.players) + len(self.ante))
