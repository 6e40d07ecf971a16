"""Helpers for the Giants War tests: a table driven through the real session, and a random player."""

from __future__ import annotations

import random

from referee.core.ruling import REFUSED
from referee.core.session import Session
from referee.games.tda import cardinfo as C
from referee.games.tda import flights as F
from referee.games.tda import scoring

DECK = "--giants Storm Fire Frost Cloud Ordning Hill"


class Table:
    """A Giants War session with short-hands for tests."""

    def __init__(self, cards, players: str = "Ann Ben Cat", deck: str = DECK, antes=None, choose: str | None = "dragon"):
        self.cards = cards
        self.session = Session(cards)
        self.ok(f"new tda {players} {deck}")
        if antes is None:
            antes = ["Fire Giant 3", "Hill Giant 2", "Cloud Giant 1"][: len(players.split())]
        if antes:
            for name, card in zip(players.split(), antes):
                self.ok(f"{name} antes {card}")
            if choose:
                self.ok(f"{players.split()[0]} chooses {choose} stakes")

    def say(self, line: str):
        return self.session.handle(line)

    def ok(self, line: str):
        ruling = self.session.handle(line)
        assert ruling.verdict != REFUSED, f"{line}: {ruling.message} {[s.text for s in ruling.steps]}"
        return ruling

    def no(self, line: str):
        ruling = self.session.handle(line)
        assert ruling.verdict == REFUSED, f"{line} was accepted: {ruling.message}"
        return ruling

    @property
    def state(self):
        return self.session.state

    def player(self, name: str) -> dict:
        return next(p for p in self.session.summary()["players"] if p["name"] == name)

    def text(self, ruling) -> str:
        return " ".join([ruling.message] + [s.text for s in ruling.steps])


class RandomPlayer:
    """Plays a random but well-formed Giants War game through the session, answering every question."""

    def __init__(self, cards, rng: random.Random, players=("Ann", "Ben", "Cat")):
        self.cards = cards
        self.rng = rng
        self.names = list(players)
        self.session = Session(cards)
        ruling = self.session.handle(f"new tda {' '.join(players)} {DECK}")
        assert ruling.verdict != REFUSED, ruling.message
        state = self.session.state
        self.pool = []
        for card in cards.cards:
            if card.game != "tda" or card.type not in C.PLAYABLE_TYPES:
                continue
            if card.id in state.dragons + state.giants and C.printed_strengths(card):
                self.pool += [(card, s) for s in C.printed_strengths(card)]
            elif C.is_legendary(card) and C.fixed_strength(card) is not None:
                self.pool.append((card, C.fixed_strength(card)))
            elif C.is_legendary(card) and rng.random() < 0.3:
                self.pool.append((card, rng.randint(1, 12)))
        self.log: list[str] = []

    def card_text(self, mortal_side: bool = True) -> str:
        card, strength = self.rng.choice(self.pool)
        name = f"original {card.name}" if card.get("edition") == "legendary-edition" else card.name
        text = f"{name} {strength}"
        if C.kind(card) == "mortal" and mortal_side:
            text += self.rng.choice([" for the dragons", " for the giants"])
        return text

    def answer(self, question: dict) -> str:
        kind = question["kind"]
        state = self.session.state
        if kind == "stakes":
            return self.rng.choice(["dragon", "giant"])
        if kind == "player":
            return "answer " + self.rng.choice(question["options"])
        if kind == "yesno":
            return self.rng.choice(["yes", "no"])
        if kind == "choice":
            return f"answer {self.rng.randint(1, len(question['options']))}"
        if kind == "number":
            return f"answer {self.rng.randint(1, 13)}"
        if kind == "card":
            if question.get("number_ok") and self.rng.random() < 0.5:
                return f"answer {self.rng.randint(1, 13)}"
            return "answer " + self.card_text()
        if kind == "ante_card":
            if state.ante:
                placed = self.rng.choice(state.ante)
                return f"answer {placed.name} {placed.strength}"
            return "answer Io 13"
        if kind == "flight_card":
            return "none"
        return "done"

    def line(self) -> str:
        state = self.session.state
        rng = self.rng
        if state.question is not None:
            return self.answer(state.question)
        roll = rng.random()
        who = rng.choice(self.names)
        if roll < 0.06:
            return rng.choice([f"{who} pays {rng.choice(self.names)} {rng.randint(1, 8)}",
                               f"{who} pays {rng.randint(1, 8)} to the {rng.choice(['dragon', 'giant'])} stakes",
                               f"{who} steals {rng.randint(1, 8)} from the {rng.choice(['dragon', 'giant'])} stakes",
                               f"{who} draws {rng.randint(1, 3)}", f"{who} discards 1",
                               f"{who} gives {rng.choice(self.names)} a card", "undo", "state",
                               f"can {who} play {self.card_text()}"])
        if state.phase == "ante":
            waiting = [state.name(s) for s in range(len(state.players)) if not any(a.owner == s for a in state.ante)]
            return f"{rng.choice(waiting)} antes {self.card_text(mortal_side=False)}"
        if state.phase == "scoring":
            return "score"
        if state.phase == "play":
            return f"{state.name(state.turn)} plays {self.card_text()}"
        return "state"

    def step(self):
        line = self.line()
        self.log.append(line)
        return line, self.session.handle(line)


def invariants(state, cards, start_cards: int) -> None:
    """Gold only moves between hoards, stakes and the winner's pile; counts never go negative;
    cards are only moved, never made; a flight fights for at most one stakes."""
    assert state.total_gold() == state.start_gold + state.gold_adjust, "gold was made or lost"
    for player in state.players:
        assert player.hoard >= 0 and player.hand >= 0 and player.hole >= 0
        assert F.side(cards, player) in ("dragons", "giants", None)
        dragons, giants = F.totals(cards, player)
        assert F.strength(cards, player) == (0 if dragons == giants else max(dragons, giants))
    assert state.stakes["dragon"] >= 0 and state.stakes["giant"] >= 0 and state.pile >= 0
    assert state.main_deck >= 0 and state.legendary_deck >= 0 and state.discard >= 0
    assert state.total_cards() == start_cards, "cards were made or lost"
    winners, _, _ = scoring.decide(state, cards)
    if winners["dragon"] is not None:
        assert winners["dragon"] != winners["giant"], "one flight won both stakes"
