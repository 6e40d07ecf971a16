"""The Red Dragon Inn's table state: one mutable value, copied for every announcement.

Everything round-trips through plain dicts (``to_dict`` / ``from_dict``) so that
undo, the saved-game store and ``--json`` need nothing game-specific.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from referee.core import chain
from referee.core.table import Seats, plain

GAME = "rdi"
PHASES = ("discard_draw", "action", "order", "drink")
PHASE_NAMES = {"discard_draw": "Discard and Draw", "action": "Action", "order": "Order a Drink", "drink": "Drink"}
LIMIT = 20  # Fortitude and Alcohol Content stay within 0..20
DRINK_DECK_SIZE = 30


@dataclass(frozen=True)
class CharacterNote:
    """A standing fact of a character's, shown beside its player's figures (Wulfric's mood)."""

    state: str  # in `state`'s line for the player ("Wulfric: loyal")
    mechanic: str  # in the one-line summary of mechanics in play ("Wulfric loyal")
    toolbar: tuple[str, ...] = ()  # in the toolbar's marks row, fullest wording first (none: not shown)


WHILE, AFTER = "while", "after"  # a standing effect's timing: as a change is made, or right after it


@dataclass(frozen=True)
class Standing:
    """One standing effect bearing on a change to one player: an effect that lives somewhere (with a
    character, in front of a player, as a Debuff token), with a timing. standing.py gathers them and applies
    them in one order; what each does is its ``act``: (state, victim, attr, change, entry, out) -> the change
    (an AFTER effect acts on its own and returns the change as it was)."""

    name: str  # Wulfric's mood, the card's name, Otto's Debuffs (where it lives is who made it)
    timing: str  # WHILE or AFTER
    act: Callable


@dataclass
class Player:
    name: str
    character: str
    gold: int
    fortitude: int = LIMIT
    alcohol: int = 0
    out: bool = False
    drink_me: int = 1  # face-down cards on the Drink Me! pile; their faces are hidden
    kept: list = field(default_factory=list)  # Drink cards kept in front of the player (Elixirs, Kobold Punch)
    potions: list = field(default_factory=list)  # face-up Potions (Phrenk: at most one; buyers: any number)
    # What lies in front of the player: cards (records, in_front.py) and tokens another player gave them
    # ({"token": kind}: Otto's Debuffs), in the order they were put there.
    front: list = field(default_factory=list)
    # The character's own state (Serena's Piety, Wulfric's mood, Roxana's kitchen, Phrenk's Potion choice, Otto's tracks), plain data whose shape only its module in
    # characters/ knows.
    part: dict = field(default_factory=dict)

    @property
    def automaton(self) -> bool:
        """A seat played by its deck, not a person (Otto): the one capability the rules ask of a seat. Its
        character's slot says so; the rules ask it here."""
        return bool(self.part.get("automaton"))

    # --- what lies in front of the player --------------------------------------------------------------
    def cards_in_front(self) -> list[dict]:
        return [record for record in self.front if "token" not in record]

    def tokens(self) -> list[str]:
        """The kinds of the tokens lying in front of the player, one per token, in the order given."""
        return [record["token"] for record in self.front if "token" in record]

    debuffs = property(tokens, doc="The tokens in front of the player by kind (Otto's Debuffs are the only ones).")

    def give_token(self, kind: str) -> None:
        self.front.append({"token": kind})

    def take_tokens(self, kind: str) -> int:
        """Takes every token of ``kind`` from in front of the player; how many there were."""
        count = self.tokens().count(kind)
        self.front = [record for record in self.front if record.get("token") != kind]
        return count

    def lay_tokens(self, kinds: list[str]) -> None:
        """The tokens in front of the player, as the table says they are (the cards stay)."""
        self.front = self.cards_in_front() + [{"token": kind} for kind in kinds]


@dataclass
class Entry:
    """One pending play on the chain: a card, a Drink (with its Chasers) or a Drink Event."""

    uid: int
    kind: str  # "card", "drink", "event"; "front": a card in front of a player acting at the start or end of a turn
    player: int  # who played or revealed it
    name: str
    card_id: str | None = None
    card_type: str = ""
    target: int | None = None  # the picked player, for cards
    responds_to: int | None = None  # uid of the entry it answers, for Negate/Ignore/alter cards
    option: int | None = None  # chosen option of a choose_one card
    drinker: int | None = None  # for Drinks and Events: who drinks it
    source: str = ""  # "drink_me" or "drink_deck"
    parts: list = field(default_factory=list)  # card names of the Drink and its Chasers
    alcohol: int | None = None  # the Drink's total, alterations included (None: not known yet)
    fortitude: int = 0
    draw: int = 0  # cards the drinker draws (a Drink's "draw" effects, Chasers included)
    extras: list = field(default_factory=list)  # a Drink's other effects as data (a taught Drink's Gold, discards)
    drawn_for: list = field(default_factory=list)  # names of the Drink's cards (or Chasers) that make them draw
    awaiting_chaser: bool = False
    ignored_by: list = field(default_factory=list)
    sent_by: int | None = None  # the player whose card or choice gave this Drink to its drinker (Otto's tracks)
    bitten: bool = False  # Wulfric's Bitey mood has added to this card's loss (the once-per-card reading)
    redirects: list = field(default_factory=list)  # [from_seat, to_seat] pairs for redirected Fortitude loss
    reductions: list = field(default_factory=list)  # [seat, attr, by]: what another card reduces for that seat
    attacker: int | None = None  # for "after you lose Fortitude" cards: who hit the player
    awaiting_gear: bool = False  # a Device Card waiting for its Gear Card
    gears: list = field(default_factory=list)  # revealed Gear Cards: {id, name, target, effects, negated}
    group: str | None = None  # Drinks drunk at once: "contest", or the copies of one Drink
    inline: list = field(default_factory=list)  # effects typed at the table (Otto's revealed boxes)
    jinxed: bool = False  # played under a Power Jinx: its numerals are 1 lower
    counted: int | None = None  # in a contest: the Alcohol Content that counts, once the Drink is split
    copy_of: int | None = None  # a half or copy made from another Drink
    front: int | None = None  # a card in front of a player acting (kind "front"): the uid of its record there
    offered: bool = False  # Mead and the like: its revealer has been offered the built-in split
    passed: list = field(default_factory=list)  # players who declined to respond since it last changed
    choices: list = field(default_factory=list)  # {effect, seat, option}: what each player the card names chose
    open_options: list = field(default_factory=list)  # its player's own choice, left until it resolves: options that fit


@dataclass
class Round:
    """A Round of Gambling in progress ("Gambling", both books)."""

    starter: int
    members: list  # seats in the Round, clockwise from the starter
    left: list = field(default_factory=list)  # seats that left or were forced out
    started: bool = False  # the antes are in: the starting card has resolved
    control: int | None = None  # who is winning
    next_actor: int | None = None  # whose turn it is in the Round
    passes: list = field(default_factory=list)  # who passed since control last changed
    spent: list = field(default_factory=list)  # whose go was spent by a Negated card since then (negated-gambling-play)
    needs_cheating: bool = False  # after "Winning Hand!", only a Cheating Card takes control
    broke: list = field(default_factory=list)  # ran out of Gold during the Round: in until it ends
    opened_by: int | None = None  # uid of the card that opened the Round, while it waits on the chain

    def still_in(self) -> list[int]:
        return [s for s in self.members if s not in self.left]


@dataclass
class Contest:
    """A Drinking Contest in progress ("Drinking Contest", both books)."""

    revealer: int
    order: list  # who reveals this time, in turn order from the active player
    next: int = 0  # index in ``order`` of the next player to reveal
    repeat: int = 1  # 2, 3... after ties


CARD_IN_FRONT = {"uid": int, "name": str, "when": str, "effects": list}  # what a card's record must hold
WHEN_IN_FRONT = ("start_of_turn", "end_of_turn", "while")


def _check_front(player: Player) -> None:
    """Refuses (ValueError, which a position file's loader words) a card record in front that cannot act."""
    for record in player.cards_in_front():
        if (any(not isinstance(record.get(key), kind) for key, kind in CARD_IN_FRONT.items())
                or record["when"] not in WHEN_IN_FRONT):
            raise ValueError(f"a card in front of {player.name} needs `uid`, `name`, `when` ({', '.join(WHEN_IN_FRONT)}) "
                             f"and `effects`, or is a token (`token: pain_curse`); {record!r} is neither")


def _front_records(front: list) -> list:
    """A game saved before cards in front of a player acted held ``[name, effects]`` pairs (only Spatchcocked
    Cockatrice's standing modifier): the same cards as records (in_front.py), working the same way."""
    records = []
    for index, item in enumerate(front):
        if isinstance(item, dict):
            records.append(item)
            continue
        name, effects = item
        effects = [{k: v for k, v in e.items() if (k, v) != ("scope", "while_in_front_of_you")} for e in effects]
        records.append({"uid": -1 - index, "name": name, "card": None, "played_by": None, "when": "while",
                        "effects": effects})
    return records


@dataclass
class Choice:
    """A choice the referee waits for: one player's, one at a time (referee/games/rdi/choices.py).

    ``at`` "play": the card's player chooses as part of playing it; the play waits here (``player``,
    ``card_id``, ``target``) and goes on the chain once the option is said. ``at`` "resolve": a player the
    card names chooses as it resolves; the card is the chain entry ``uid``, and ``effect`` says which of its
    choices (None: its player's own; N: the Nth choice made by the players it names)."""

    chooser: int
    card: str  # the card's name, for messages
    options: list  # [option index, the option's words], the options open to the chooser, in the card's order
    at: str = "play"
    player: int | None = None
    card_id: str | None = None
    target: int | None = None
    uid: int | None = None
    effect: int | None = None


@dataclass
class GameState(Seats):
    players: list[Player]
    rules: str = "gii"  # the edition the table chose: "gii" or "rdi3"
    active: int = 0
    phase: str = "discard_draw"
    turn: int = 1
    action_done: bool = False
    ordered: bool = False
    drunk: bool = False  # the active player has revealed this turn's Drink (the Drink phase may begin before it)
    inn: int = 0  # the Inn's Gold, counted from 0: it pays out and takes in, and is never short
    pot: int = 0
    drink_deck: int = DRINK_DECK_SIZE
    drink_discard: int = 0
    chain: list[Entry] = field(default_factory=list)
    next_uid: int = 1
    answers: dict = field(default_factory=dict)  # values the table supplied for what the books leave out
    question: str | None = None  # the answers key of an amount the referee has asked the table for
    house: dict = field(default_factory=dict)  # house-rule id -> reading, where the table chose one (house.py)
    contest_broke: list = field(default_factory=list)  # seats a Drinking Contest just left at 0 Gold, not winning
    last_chance: list = field(default_factory=list)  # players about to lose, given a last chance to respond
    round: Round | None = None  # a Round of Gambling, when one is under way
    contest: Contest | None = None  # a Drinking Contest, when one is under way
    copies_for: int | None = None  # Round on the House: the seat that reveals the Drink everyone copies
    turn_ending: bool = False  # the cards in front of the active player act at the end of the turn; it passes after
    extra_orders: int = 0  # additional Drinks the active player may still order this phase
    must_drink: list = field(default_factory=list)  # seats a card made drink, who have not revealed yet
    owed_discards: list = field(default_factory=list)  # what cards made players discard: {seat, count, random, source, section}
    otto_sent_by: list = field(default_factory=list)  # for each Drink a card made Otto drink: that card's player
    waiting_plays: list = field(default_factory=list)  # [player, card, target] answers waiting for a forced Drink
    waiting_depth: int = 0  # how many plays were on the chain when they began to wait
    early_plays: list = field(default_factory=list)  # [player, card, target] answers announced before their moment
    otto_deck: int = 0  # Otto: cards left in his deck
    otto_discard: int = 0
    otto_factions: list = field(default_factory=list)
    otto_tokens: dict = field(default_factory=dict)  # Witchdoctor Otto's Debuff tokens in his supply
    otto_rewards: list = field(default_factory=list)  # players owed a reward for a track "passing out"
    bar_deck: int | None = None  # Bar Deck variant: cards left in the Bar Deck (None: variant off)
    prizes_inn: list | None = None  # Prize variant: Prize names in the Inn (None: variant off)
    prize_bin: list = field(default_factory=list)
    pot_prize: str | None = None  # the Prize in the pot of the Round under way
    prizes: dict = field(default_factory=dict)  # player name -> Prizes won and not yet used
    recent_hits: list = field(default_factory=list)  # [victim, source] of Fortitude lost in the last resolution
    last_pot: list = field(default_factory=list)  # [winner, amount] of a Round just won, until play moves on
    round_over: int | None = None  # the starter of a Round that ended with plays still waiting: play resumes after them
    winner: str | None = None
    tie: list = field(default_factory=list)
    over: bool = False
    table_cards: dict = field(default_factory=dict)  # id -> data of every card the table taught or brought
    table_noted: list = field(default_factory=list)  # table cards whose first play said the wording is the table's
    waiting_line: str | None = None  # an announcement waiting for the table to teach the card it names
    waiting_card: str | None = None
    choice: Choice | None = None  # a choice the referee waits for; nothing else goes ahead meanwhile

    @staticmethod
    def from_dict(data: dict, owned: bool = False) -> "GameState":
        # Never share lists with the caller's dict (undo history, the store), unless it was made for us.
        data = data if owned else plain(data)
        if "drunk" not in data:  # saved before the Drink phase could begin undrunk: the Drink phase meant drunk
            data["drunk"] = data.get("phase") == "drink"
        players = [Player(**p) for p in data.pop("players")]
        for player in players:
            if any(not isinstance(record, dict) for record in player.front):
                player.front = _front_records(player.front)
            _check_front(player)
        chain = [Entry(**e) for e in data.pop("chain")]
        round_ = data.pop("round", None)
        contest = data.pop("contest", None)
        choice = data.pop("choice", None)
        return GameState(players=players, chain=chain, round=Round(**round_) if round_ else None,
                         contest=Contest(**contest) if contest else None,
                         choice=Choice(**choice) if choice else None, **data)

    # --- seats -----------------------------------------------------------------
    def in_game(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.out]

    def people(self) -> list[int]:
        """Seats still in that a person plays: an automaton (Otto) never wins or loses."""
        return [i for i, p in enumerate(self.players) if not p.out and not p.automaton]

    def out_of_gold(self, seat: int) -> bool:
        """A person with no Gold left (an automaton has no Gold of its own, so it never runs out)."""
        return self.players[seat].gold <= 0 and not self.players[seat].automaton

    def turn_order_from(self, start: int) -> list[int]:
        """Seats still in the game, clockwise (to the left) from ``start``."""
        count = len(self.players)
        return [(start + k) % count for k in range(count) if not self.players[(start + k) % count].out]

    def entry(self, uid: int | None) -> Entry | None:
        return chain.find(self.chain, uid)

    @property
    def top(self) -> Entry | None:
        return chain.top(self.chain)

    def total_gold(self) -> int:
        return sum(p.gold for p in self.players) + self.inn + self.pot
