"""Scoring a gambit: who takes each stakes, and what happens to the gold.

The strongest dragon flight takes the Dragon Stakes and the strongest giant flight
the Giant Stakes (the weakest, when Iallanis or The Druid has triggered). A tie
leaves that stakes on the table. A flight fights for one stakes only. Strength
bonuses of triggered powers (The Emperor, Hiatea, Surtur, Thrym) are added now.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.carddb import CardDB
from referee.core.effect_model import parse_effects
from referee.core.text import count_of
from referee.games.tda import defaults as D
from referee.games.tda import flights as F
from referee.games.tda import made
from referee.games.tda.jobs import Ctx, new_job, runs
from referee.games.tda.selectors import table_count
from referee.games.tda.state import SIDE_OF, STAKES, STAKES_NAME, GameState
from referee.games.tda.steps import EndGambitStep, ScoreStep


@dataclass
class Standing:
    seat: int
    stakes: str | None
    base: int
    bonus: int = 0
    bonus_text: list = field(default_factory=list)
    barred: list = field(default_factory=list)  # why this flight cannot win

    @property
    def total(self) -> int:
        return self.base + self.bonus if self.stakes else 0


def per_count(state: GameState, db: CardDB, seat: int, per: str) -> int:
    player = state.players[seat]
    if per == "dragons_in_your_flight":
        return sum(1 for p in player.flight if F.is_dragon(db, p))
    found = table_count(state, db, per)
    if found is not None:
        return found
    raise ValueError(f"unknown bonus count {per!r}")


def standings(state: GameState, db: CardDB) -> list[Standing]:
    out = []
    for seat, player in enumerate(state.players):
        stakes = F.stakes_of(db, player)
        standing = Standing(seat, stakes, F.strength(db, player), barred=F.cannot_win(db, player))
        for placed in player.flight:
            for bonus in placed.bonuses:
                count = per_count(state, db, seat, bonus["per"])
                standing.bonus += bonus["amount"] * count
                standing.bonus_text.append(f"{bonus['card']}: +{bonus['amount']} × {count} "
                                           f"({bonus['per'].replace('_', ' ')}) = +{bonus['amount'] * count}")
        out.append(standing)
    return out


def weakest_wins(state: GameState) -> list[dict]:
    return [e for e in state.in_force("win_rule") if e.get("weakest")]


def decide(state: GameState, db: CardDB) -> tuple[dict, dict, list[Standing]]:
    """({stakes: winning seat or None}, {stakes: why}, standings)."""
    table = standings(state, db)
    weakest = bool(weakest_wins(state))
    winners, why = {}, {}
    for key in STAKES:
        fighters = [s for s in table if s.stakes == key]
        eligible = [s for s in fighters if not s.barred]
        winners[key] = None
        if not fighters:
            why[key] = "uncontested"
            continue
        if not eligible:
            why[key] = "barred"
            continue
        best = (min if weakest else max)(s.total for s in eligible)
        tied = [s for s in eligible if s.total == best]
        if len(tied) > 1:
            why[key] = "tie"
            continue
        winners[key] = tied[0].seat
        why[key] = "won"
    return winners, why, table


def is_winning(state: GameState, db: CardDB, seat: int) -> bool:
    winners, _, _ = decide(state, db)
    return seat in winners.values()


@runs(ScoreStep)
def score(ctx: Ctx) -> None:
    state, db = ctx.state, ctx.db
    early = bool(ctx.effect.early)
    winners, why, table = decide(state, db)
    weakest = weakest_wins(state)
    ctx.say(f"Scoring gambit {state.gambit}.", "tda/rewarding-stakes")
    for standing in table:
        player = state.players[standing.seat]
        text = F.describe_flight(db, player)
        if standing.bonus_text and standing.stakes:
            text += "; at scoring " + "; ".join(standing.bonus_text) + f", so {standing.total}"
        elif standing.bonus_text:
            text += "; its scoring bonuses do not count, as it fights for neither stakes"
        ctx.say(text + ".", "tda/flight-strength", *(("tda/flight-strength/perfect-balance",)
                                                    if player.flight and not standing.stakes else ()))
        if standing.barred and standing.stakes:
            ctx.say(f"{player.name} cannot win: {'; '.join(standing.barred)} (a god ability, always on).",
                    "tda/card-powers/io", "tda/card-powers/vaprak-the-destroyer", "tda/le-notes/bahamut",
                    "tda/le-notes/tiamat")
    if weakest:
        names = ", ".join(e["card"] for e in weakest)
        ctx.say(f"{names} triggered this gambit: the weakest flight fighting for each stakes wins it.",
                *weakest[0].get("cites", ()), "tda/card-powers/iallanis", "tda/le-notes/druid")
    ctx.say("A flight fights for one stakes only, so no flight can take both.", "tda/rewarding-stakes/win-one-not-two")
    halve = state.in_force("halve_winnings")
    split = state.in_force("split_winnings")
    if early:
        ctx.tell("The gambit ended with both stakes empty: there is nothing to win.", "tda/glossary/stakes")
    else:
        for key in STAKES:
            _award(ctx, key, winners[key], why[key], table, halve, split)
    for effect in state.in_force("deferred"):
        if effect.get("condition") == "you_win_either_stakes":
            won = effect["player"] in winners.values()
            ctx.say(f"{effect['card']}: {state.name(effect['player'])} "
                    + ("won a stakes, so the gifts are due." if won else "won no stakes, so nothing more happens."),
                    *effect.get("cites", ()))
            if won:
                state.jobs.append(new_job(effect["player"], parse_effects(effect["effects"], "tda"), effect["card"],
                                          strength=int(effect.get("strength") or 0), cites=effect.get("cites", ())))
    ctx.push_front([EndGambitStep()])


def _award(ctx: Ctx, key: str, seat: int | None, why: str, table, halve, split) -> None:
    state = ctx.state
    name = STAKES_NAME[key]
    amount = state.stakes[key]
    if seat is None:
        if why == "uncontested":
            ctx.tell(f"No flight fights for the {name}: its {amount} waits in that stakes for the following gambit.",
                    "tda/rewarding-stakes")
            ctx.note(D.UNCONTESTED.label(), *D.UNCONTESTED.cites)
        elif why == "barred":
            ctx.tell(f"Every flight fighting for the {name} cannot win: nobody takes it, and its {amount} stays for the "
                    "next gambit.", "tda/card-powers/io", "tda/card-powers/vaprak-the-destroyer")
        else:
            ctx.tell(f"Flights tie for the {name}: nobody wins it this gambit and its {amount} stays on the table for "
                    "the next.", "tda/rewarding-stakes/ties", "tda/card-powers/iallanis")
        return
    if any(s.barred for s in table if s.stakes == key):
        ctx.note(D.CANNOT_WIN.label(), *D.CANNOT_WIN.cites)
    winner = state.players[seat]
    take = amount
    if halve:
        take = amount // 2
        ctx.say(f"{halve[0]['card']} triggered this gambit: the winner of the {name} takes only half of {amount}, "
                f"{take}; {amount - take} stays in the {name}.", *halve[0].get("cites", ()), "tda/card-powers/diancastra")
        if amount % 2:
            ctx.note(D.DIANCASTRA_ROUNDING.label(), *D.DIANCASTRA_ROUNDING.cites)
    share = 0
    left = state.left(seat)
    if split and take:
        share = take // 2
        ctx.say(f"{split[0]['card']} triggered this gambit: {winner.name} splits {take} with {state.name(left)} on "
                f"their left, who gets {share}.", *split[0].get("cites", ()), "tda/le-notes/priest")
        if take % 2:
            ctx.note(D.PRIEST_SPLIT.label(), *D.PRIEST_SPLIT.cites)
    state.stakes[key] -= take
    winner.hoard += take - share
    state.players[left].hoard += share
    made.keep(state, "steal", seat, key, take - share, "scoring", ("tda/rewarding-stakes",))
    if share:
        made.keep(state, "steal", left, key, share, "scoring", ("tda/le-notes/priest",))
    total = next(s.total for s in table if s.seat == seat)
    how = "weakest" if weakest_wins(state) else "strongest"
    ctx.tell(f"{winner.name}'s {SIDE_OF[key][:-1]} flight ({total}) is the {how} fighting for the {name}: "
            f"{winner.name} takes {take - share} and now has {winner.hoard}.", "tda/rewarding-stakes")


@runs(EndGambitStep)
def end_gambit(ctx: Ctx) -> None:
    from referee.games.tda.decks import TOAST_WORDS

    state = ctx.state
    final = False
    if state.toasts:
        card = state.toasts.pop(0)
        ctx.say(f"Remove the {card} from the endgame stack: {TOAST_WORDS[card]}"
                + (f" {count_of(len(state.toasts), 'more gambit', 'more gambits')} to go." if state.toasts else ""),
                "tda/ending-the-game/tracking-the-endgame")
        final = not state.toasts
    ended = []
    for player in state.players:
        if player.hole <= 0:
            continue
        paid = min(player.hole, player.hoard)
        player.hoard -= paid
        state.pile += paid
        ctx.say(f"{player.name} settles the hole: {paid} of the {player.hole} owed goes out of the game to the pile "
                f"for the eventual winner (pile {state.pile}); {player.name} has {player.hoard} left.",
                "tda/glossary/hole")
        ctx.note(D.HOLE.label(), *D.HOLE.cites)
        if paid < player.hole:
            ended.append(f"{player.name} could not pay the hole in full")
        player.hole = 0
    broke = [p.name for p in state.players if p.hoard == 0]
    if broke:
        ended.append(f"{', '.join(broke)} {'has' if len(broke) == 1 else 'have'} no gold at the end of the gambit")
    if final:
        ended.append("the Fool card has been toasted: the third gambit after the mid-game shuffle is scored")
    if ended:
        game_over(ctx, "; ".join(ended))
        return
    next_gambit(ctx)


def next_gambit(ctx: Ctx) -> None:
    from referee.games.tda import decks

    state = ctx.state
    cleared = sum(len(p.flight) for p in state.players) + len(state.ante)
    state.discard += cleared
    for placed in [c for p in state.players for c in p.flight]:
        made.keep(state, "flight", placed.label, (placed.card_id, placed.strength), 1, f"the end of gambit {state.gambit}")
    for placed in state.ante:
        made.keep(state, "ante", placed.label, (placed.card_id, placed.strength), 1, f"the end of gambit {state.gambit}")
    for player in state.players:
        player.flight = []
    state.ante = []
    state.effects = []
    state.gambit += 1
    state.phase = "ante"
    state.round = 0
    state.leader = state.turn = None
    state.turn_started = state.turn_played = False
    state.round_plays = []
    state.ante_settled = False
    ctx.say(f"The flights and the ante ({cleared} cards) go to the discard pile. Between gambits each player draws "
            f"{D.DRAW_BETWEEN_GAMBITS} cards, up to {D.HAND_LIMIT_CARDS}.", "tda/card-draw-between-hands")
    for seat in range(len(state.players)):
        decks.draw(state, seat, D.DRAW_BETWEEN_GAMBITS, "main", ctx.out, "between gambits",
                   "tda/card-draw-between-hands")
    ctx.say(f"Gambit {state.gambit}: everyone antes (Dragon Stakes {state.stakes['dragon']}, Giant Stakes "
            f"{state.stakes['giant']} carried on the table).", "tda/ante")


def game_over(ctx: Ctx, reason: str) -> None:
    state = ctx.state
    state.over = True
    state.phase = "over"
    ctx.tell(f"The game ends: {reason}.", "tda/ending-the-game", "tda/glossary/hoard")
    best = max(p.hoard for p in state.players)
    tied = [p for p in state.players if p.hoard == best]
    left = sum(state.stakes.values())
    total = left + state.pile
    if len(tied) == 1:
        winner = tied[0]
        winner.hoard += total
        state.winner = winner.name
        state.stakes = {"dragon": 0, "giant": 0}
        state.pile = 0
        ctx.tell(f"{winner.name} has the largest hoard ({best}) and wins; the {left} left in the stakes and the {total - left} "
                f"in the hole's pile go to {winner.name}, who ends with {winner.hoard}.",
                "tda/rewarding-stakes/endgame-corner-cases", "tda/ending-the-game/shuffle-twice-score-thrice",
                "tda/glossary/hole")
        return
    share, rest = divmod(total, len(tied))
    for player in tied:
        player.hoard += share
    state.stakes = {"dragon": 0, "giant": 0}
    state.pile = rest
    state.tie = [p.name for p in tied]
    ctx.tell(f"{', '.join(state.tie)} tie for the largest hoard ({best}); each takes {share} of the {total} left on "
            f"the table" + (f", and {rest} stays unawarded." if rest else "."), "tda/rewarding-stakes/endgame-corner-cases")
    ctx.note(D.HOARD_TIE.label(), *D.HOARD_TIE.cites)
