"""Text and JSON views of a Giants War table: `state`, `chain`, the toolbar, `--json`."""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.text import count_of
from referee.games.tda import defaults as D
from referee.games.tda import flights as F
from referee.games.tda.state import STAKES_NAME, GameState

SHORT_SIDE = {"dragons": "D", "giants": "G", None: "-"}
HIDDEN_EFFECTS = ("bought",)


def _flight_entries(state: GameState, db: CardDB, seat: int) -> list[dict]:
    return [{"card": p.name, "strength": p.strength, "side": p.side, "triggered": p.triggered,
             "kind": _kind(db, p)} for p in state.players[seat].flight]


def _kind(db: CardDB, placed) -> str:
    card = db.by_id.get(placed.card_id)
    return card.type if card else "unknown"


def players(state: GameState, db: CardDB) -> list[dict]:
    out = []
    for seat, player in enumerate(state.players):
        side = F.side(db, player)
        anted = next((p.label for p in state.ante if p.owner == seat), None)
        out.append({"name": player.name, "hoard": player.hoard, "hand": player.hand,
                    "flight": _flight_entries(state, db, seat), "side": side, "fights": side or "neither",
                    "strength": F.strength(db, player), "hole": player.hole, "been_in_hole": player.been_in_hole,
                    "anted": anted, "cards": len(player.flight)})
    return out


def in_force(state: GameState) -> list[str]:
    """What lasts this gambit, each as the table would name it (a card, or Card Denial with its players)."""
    out = []
    for effect in state.effects:
        if effect.get("op") in HIDDEN_EFFECTS:
            continue
        if effect.get("op") == "card_denial":
            target = state.name(effect["target"])
            out.append(f"{state.name(effect['by'])}'s Card Denial on {target} (when {target} next buys cards, "
                       f"the hand fills to {D.DENIED_FILL_TO})")
        elif effect.get("card"):
            out.append(str(effect["card"]))
    return out


def pending(state: GameState) -> list[dict]:
    items = [{"kind": job.get("kind"), "card": job.get("name"),
              "player": state.name(job["player"]) if job.get("player") is not None else None,
              "steps_left": len(job.get("effects") or [])} for job in state.jobs]
    return items


def summary(state: GameState, db: CardDB) -> dict:
    return {
        "game": "tda",
        "players": players(state, db),
        "stakes": dict(state.stakes),
        "dragon_stakes": state.stakes["dragon"],
        "giant_stakes": state.stakes["giant"],
        "pile": state.pile,
        "gambit": state.gambit,
        "round": state.round,
        "phase": state.phase,
        "leader": state.name(state.leader) if state.leader is not None else None,
        "turn": state.name(state.turn) if state.turn is not None else None,
        "ante": [{"player": state.name(p.owner) if p.owner >= 0 else None, "card": p.name, "strength": p.strength}
                 for p in state.ante],
        "main_deck": state.main_deck,
        "legendary_deck": state.legendary_deck,
        "discard": state.discard,
        "reshuffles": state.reshuffles,
        "toasts_left": len(state.toasts),
        "endgame": list(state.toasts),
        "in_force": in_force(state),
        "question": state.question["text"] if state.question else None,
        "chain": pending(state),
        "gold_total": state.total_gold(),
        "over": state.over,
        "winner": state.winner,
        "tie": list(state.tie),
    }


def toolbar(state: GameState, db: CardDB) -> str:
    stakes = f"Dragon {state.stakes['dragon']} · Giant {state.stakes['giant']}"
    flights = " ".join(f"{p.name} {F.strength(db, p)}{SHORT_SIDE[F.side(db, p)]}" for p in state.players)
    if state.over:
        where = f"game over: {state.winner or 'tie ' + ', '.join(state.tie)}"
    elif state.phase == "ante":
        where = f"gambit {state.gambit} · ante ({len(state.ante)}/{len(state.players)})"
    elif state.phase == "scoring":
        where = f"gambit {state.gambit} · all rounds played: `score`"
    else:
        lead = state.name(state.leader) if state.leader is not None else "-"
        turn = state.name(state.turn) if state.turn is not None else "-"
        where = f"gambit {state.gambit} · round {state.round}/{state.rounds} · lead {lead} · turn {turn}"
    ask = " · waiting for an answer" if state.question else ""
    return f"{where} · {stakes} · {flights}{ask}"


def describe(state: GameState, db: CardDB) -> str:
    lines = [f"Three-Dragon Ante: Giants War — {toolbar(state, db)}"]
    for seat, player in enumerate(state.players):
        mark = "→" if seat == state.turn else " "
        hole = f"  hole {player.hole}" if player.hole else ""
        lines.append(f" {mark} {player.name:<10} hoard {player.hoard:>3}  hand {player.hand:>2}{hole}")
        lines.append(f"     {F.describe_flight(db, player)}")
    lines.append(f"   {STAKES_NAME['dragon']} {state.stakes['dragon']}  {STAKES_NAME['giant']} {state.stakes['giant']}  "
                 f"pile for the winner {state.pile}")
    if state.ante:
        lines.append("   Ante: " + ", ".join(f"{state.name(p.owner) if p.owner >= 0 else 'added in play:'} {p.label}"
                                         for p in state.ante))
    lines.append(f"   Main deck {state.main_deck}  Legendary deck {state.legendary_deck}  Discards {state.discard}"
                 + (f"  Endgame cards left: {', '.join(state.toasts)}" if state.toasts else ""))
    forces = in_force(state)
    if forces:
        lines.append("   In force this gambit: " + "; ".join(forces))
    if state.jobs or state.question:
        lines.append(chain_text(state))
    if state.over:
        lines.append(f"   Game over: {state.winner} wins." if state.winner else f"   Game over: {', '.join(state.tie)} tie.")
    return "\n".join(lines)


def chain_text(state: GameState) -> str:
    if not state.jobs and not state.question:
        return "Nothing is waiting to resolve."
    lines = ["Waiting to resolve (the last resolves first):"]
    for item in pending(state):
        who = f" ({item['player']})" if item["player"] else ""
        lines.append(f"   {item['card']}{who}: {count_of(item['steps_left'], 'step')} left")
    if state.question:
        lines.append(f"   Open question: {state.question['text']}")
    return "\n".join(lines)


def _player_wordings(mark: str, name: str, hoard, hand, strength, side, hole) -> tuple[str, ...]:
    from referee.core.text import abbreviate

    fights = {"dragons": " dragons", "giants": " giants", None: ""}[side]
    owes = (f", hole {hole}", f" hole {hole}") if hole else ("", "")
    return (f"{mark}{name} hoard {hoard}, hand {hand}, flight {strength}{fights}{owes[0]}",
            f"{mark}{abbreviate(name, 8)} hoard {hoard} hand {hand} flight {strength}{fights}{owes[1]}",
            f"{mark}{abbreviate(name, 8)} {hoard} gold {hand} cards {f'{strength}{fights}' if side else 'no flight'}"
            f"{owes[1]}",
            f"{mark}{abbreviate(name, 5)} {hoard}g {hand}c {strength}{SHORT_SIDE[side]}{owes[1]}")


def _player_segment(state: GameState, db: CardDB, seat: int) -> tuple[str, ...]:
    """A player's figures in words where the width allows (single letters only at the narrowest), each
    wording padded to its widest, so the segment keeps its width as the numbers and the flight's side
    change (a hole, rare, may widen it)."""
    p = state.players[seat]
    mark = "▸" if seat == state.turn else " "
    shown = _player_wordings(mark, p.name, p.hoard, p.hand, F.strength(db, p), F.side(db, p), p.hole)
    widest = _player_wordings(mark, p.name, 99, 10, 99, "dragons", p.hole)
    return tuple(text.ljust(len(wide)) for text, wide in zip(shown, widest))


def _where(state: GameState) -> tuple[str, ...]:
    if state.over:
        text = f"Game over: {state.winner} wins" if state.winner else f"Game over: a tie between {', '.join(state.tie)}"
        return (text,)
    if state.phase == "ante":
        return (f"Gambit {state.gambit}: ante ({len(state.ante)} of {len(state.players)} in)",
                f"Gambit {state.gambit} ante {len(state.ante)}/{len(state.players)}")
    if state.phase == "scoring":
        return (f"Gambit {state.gambit}: all rounds played, `score`", f"Gambit {state.gambit} `score`")
    lead = state.name(state.leader) if state.leader is not None else "-"
    turn = state.name(state.turn) if state.turn is not None else "-"
    return (f"Gambit {state.gambit}, round {state.round} of {state.rounds}: {lead} leads, {turn} to play",
            f"Gambit {state.gambit} round {state.round}/{state.rounds}: {lead} leads, {turn} to play")


def toolbar_rows(state: GameState, db: CardDB) -> list:
    stakes = (f"{STAKES_NAME['dragon']} {state.stakes['dragon']} · {STAKES_NAME['giant']} {state.stakes['giant']}",
              f"stakes: dragon {state.stakes['dragon']}, giant {state.stakes['giant']}")
    status = [_where(state), stakes]
    if state.pile:
        status.append((f"pile {state.pile}",))
    if state.question:
        waiting = [(f"Question: {state.question['text']}", f"? {state.question['text']}")]
    elif state.jobs:
        job = pending(state)[-1]
        who = f" ({job['player']})" if job["player"] else ""
        waiting = [(f"Resolving: {job['card']}{who}, {count_of(job['steps_left'], 'step')} left",
                    f"Resolving {job['card']}")]
    else:
        waiting = []
    return [[_player_segment(state, db, seat) for seat in range(len(state.players))], status, waiting or
            [("Nothing waiting",)]]


def figures(state: GameState, db: CardDB) -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {p.name: {"hoard": p.hoard, "hand": p.hand, "hole": p.hole}
                                         for p in state.players}
    out[""] = {"dragon stakes": state.stakes["dragon"], "giant stakes": state.stakes["giant"], "pile": state.pile}
    return out
