"""The RDI package's face to the session and shells: setup words, views, JSON."""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.ruling import NotUnderstood, Ruling
from referee.core.text import sentence
from referee.games.rdi.engine import GAME, Engine, new_game
from referee.games.rdi.state import PHASE_NAMES, GameState

__all__ = ["GAME", "Engine", "start", "load_state", "describe", "chain_text", "toolbar", "summary"]


def start(words: list[str], cards: CardDB) -> tuple[GameState, Ruling]:
    """`new rdi NAME NAME ... [--players] [--rules gii|rdi3]`."""
    names: list[str] = []
    rules = "gii"
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("--rules", "-r"):
            if index + 1 >= len(words):
                raise NotUnderstood("--rules needs gii or rdi3.")
            rules = words[index + 1].lower()
            index += 2
            continue
        if word.startswith("--rules="):
            rules = word.split("=", 1)[1].lower()
        elif word in ("--players", "-p"):
            pass
        elif word.startswith("--variant"):
            raise NotUnderstood("Variants (bar deck, prize) are not tracked yet.")
        else:
            names.append(word)
        index += 1
    return new_game(names, cards, rules)


def load_state(data: dict) -> GameState:
    return GameState.from_dict(data)


def player_names(state: GameState) -> list[str]:
    return [p.name for p in state.players]


def _entry_text(state: GameState, entry, depth: int) -> str:
    who = state.players[entry.player].name
    if entry.kind == "card":
        text = f"{who} plays {entry.name}"
        if entry.target is not None:
            text += f" on {state.players[entry.target].name}"
        answered = state.entry(entry.responds_to) if entry.responds_to is not None else None
        if answered is not None:
            text += f"  (answers {answered.name})"
    else:
        parts = " + ".join(entry.parts) or entry.name
        alcohol = "?" if entry.alcohol is None else entry.alcohol
        text = f"{state.players[entry.drinker].name} drinks {parts} ({alcohol} Alcohol Content)" if entry.kind == "drink" \
            else f"{who} revealed the Drink Event {entry.name}"
        if entry.awaiting_chaser:
            text += "  [waiting for its Chaser]"
    if entry.ignored_by:
        text += f"  [Ignored by {', '.join(state.players[s].name for s in entry.ignored_by)}]"
    if entry.passed:
        text += f"  [passed: {', '.join(state.players[s].name for s in entry.passed)}]"
    return "  " * depth + ("└ " if depth else "") + text


def chain_text(state: GameState) -> str:
    if not state.chain:
        return "Nothing is waiting to resolve."
    lines = ["Waiting to resolve (the bottom resolves last):"]
    lines += [_entry_text(state, entry, depth) for depth, entry in enumerate(state.chain)]
    lines.append(f"Top: {sentence(state.top.name)} `resolve` when nobody responds, `step` to ask each player in turn.")
    return "\n".join(lines)


def describe(state: GameState) -> str:
    lines = [f"The Red Dragon Inn ({'Gambling? I’m In!' if state.rules == 'gii' else 'RDI 3'} rules) — turn {state.turn}: "
             f"{state.players[state.active].name}, {PHASE_NAMES[state.phase]} phase"]
    for seat, p in enumerate(state.players):
        mark = "→" if seat == state.active else " "
        extra = f"  Piety {p.piety}" if p.piety is not None else ""
        status = "  OUT" if p.out else ""
        lines.append(f" {mark} {p.name:<12} Fortitude {p.fortitude:>2}  Alcohol {p.alcohol:>2}  Gold {p.gold:>3}  "
                     f"Drink Me! {p.drink_me}{extra}{status}")
    lines.append(f"   Inn {state.inn:+d} (net Gold in)  Pot {state.pot}  Drink Deck {state.drink_deck}  "
                 f"Drink discard {state.drink_discard}")
    if state.chain:
        lines.append(chain_text(state))
    if state.answers:
        lines.append("   Table's answers: " + ", ".join(f"{k}={v}" for k, v in state.answers.items()))
    if state.over:
        lines.append(f"   Game over: {state.winner} wins." if state.winner else f"   Game over: a tie between {', '.join(state.tie)}.")
    return "\n".join(lines)


def toolbar(state: GameState) -> str:
    chain = " ▸ ".join(e.name[:28] for e in state.chain) or "nothing waiting"
    return (f"{state.players[state.active].name} · {PHASE_NAMES[state.phase]} · deck {state.drink_deck} · "
            f"pot {state.pot} · chain: {chain}")


def summary(state: GameState) -> dict:
    return {
        "game": GAME,
        "rules": state.rules,
        "players": [{"name": p.name, "character": p.character, "fortitude": p.fortitude, "alcohol": p.alcohol,
                     "gold": p.gold, "out": p.out, "drink_me": p.drink_me, "piety": p.piety} for p in state.players],
        "active": state.players[state.active].name,
        "phase": state.phase,
        "inn": state.inn,
        "pot": state.pot,
        "drink_deck": state.drink_deck,
        "drink_discard": state.drink_discard,
        "chain": [{"kind": e.kind, "player": state.players[e.player].name, "card": e.name,
                   "target": state.players[e.target].name if e.target is not None else None,
                   "alcohol": e.alcohol if e.kind == "drink" else None} for e in state.chain],
        "winner": state.winner,
        "tie": state.tie,
    }


def completion_words(state: GameState) -> list[str]:
    return [p.name for p in state.players] + ["plays", "orders a drink for", "reveals", "resolve", "passes",
                                              "end turn", "chaser", "set", "can", "undo", "redo", "why", "state",
                                              "chain", "step", "answer"]
