"""When a card may act on a Round of Gambling, and what becomes of it once the Round is over ("Gambling", both
core books).

A Round is formed when the card that starts it is played and begins when that card resolves and the antes are
in. Before then a player may leave it of their own accord (both books' Gambling Examples show it) but nothing
else acts on it: no Gambling or Cheating Card, no forced exit, no ante, no card that ends it or takes its pot.
Once it is over no card may affect it (Ending the Round), so a play still waiting on the chain that could only
act on it, and any answer to such a play, is set aside unresolved (``set_aside_round_plays``). One check for
each effect, used for every kind of card (``check``).
"""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.effect_model import walk
from referee.core.ruling import IllegalPlay, Outcome
from referee.games.rdi.effects import ed, flat_effects, stored
from referee.games.rdi.gambling import ENDS_ROUND, GAMBLING_OPS, LEAVE_OPS, MAKES_ANTE, card_ops, forces_out, leavers
from referee.games.rdi.kinds import kind_name
from referee.games.rdi.state import Entry, GameState

# Effects on a Round under way: its antes are in (a player may leave it before then, of their own accord, as both
# books' Gambling Examples show; nothing else acts on a Round that has not begun).
ON_ROUND_UNDER_WAY = ("ante", "take_control", "restrict_next_control", "force_leave", "win_round", "end_round")
# Effects that can only act on a Round in progress: a card made of nothing else has nothing to do once it is over.
# (Taking the pot is done at the end of a Round someone won, so it outlives the Round.)
ROUND_ONLY = tuple(op for op in GAMBLING_OPS if op not in ("start_round", "take_pot"))


def not_begun(state: GameState, what: str) -> IllegalPlay:
    """The refusal of a card that acts on a Round which is formed but has not begun (no antes yet)."""
    round_ = state.round
    opener = state.entry(round_.opened_by) if round_ is not None else None
    begins = f"when {opener.name} resolves" if opener is not None else "when the card that starts it resolves"
    return IllegalPlay(f"{what}, and this Round of Gambling has not begun: it begins {begins} and everyone still in it "
                       "antes. Until then a player may leave it of their own accord, and nothing else acts on it.",
                       (ed(state, "gambling"),))


def check(state: GameState, entry: Entry, card: Card, effects, top: Entry | None,
          top_card: Card | None) -> list[tuple[str, tuple[str, ...]]]:
    """Every effect of ``card`` that acts on a Round finds one it may act on now; raises IllegalPlay.
    ``effects``: those of the option it is played for; ``top``: the play it answers. Returns notes (a forced
    exit's chance to respond). A card that starts a Round acts with its other effects on the Round it starts."""
    ops = {effect.op for effect in effects}
    starts = "start_round" in ops
    notes: list[tuple[str, tuple[str, ...]]] = []
    if "end_round" in ops:
        notes += check_tip(state, card, top, top_card)
    if "take_pot" in ops:
        check_take_pot(state, card)
    if not starts and ops & (set(ON_ROUND_UNDER_WAY) - {"end_round", "force_leave"}):
        if state.round is None:
            raise IllegalPlay(f"{card.name} acts on a Round of Gambling, and none is in progress.",
                              (ed(state, "gambling"),))
        if not state.round.started:
            raise not_begun(state, f"{card.name} acts on a Round of Gambling under way")
    return notes + check_leaving(state, entry, effects)


def check_control_play(state: GameState, seat: int, card: Card, kind: str) -> None:
    """A Gambling or Cheating Card: only in a started Round, by the player whose turn it is."""
    round_ = state.round
    cite = (ed(state, "gambling"),)
    if round_ is None or not round_.started:
        raise IllegalPlay(f"{card.name} is {kind_name(kind, article=True)}: it is played only during a Round of "
                          "Gambling, and no Round is in progress.", cite)
    name = state.players[seat].name
    if seat not in round_.members or seat in round_.left:
        raise IllegalPlay(f"{name} has left this Round: no more Gambling or Cheating Cards for them.",
                          (ed(state, "gambling/leaving-a-round"),))
    if state.chain:
        raise IllegalPlay(f"First resolve what is waiting ({state.top.name}); then it is "
                          f"{state.players[round_.next_actor].name}'s turn in the Round.", (ed(state, "other-rules/timing"),))
    if round_.next_actor != seat:
        raise IllegalPlay(f"It is {state.players[round_.next_actor].name}'s turn in the Round, not {name}'s.", cite,
                          code="not-your-turn")
    if round_.needs_cheating and kind == "gambling":
        raise IllegalPlay('After "Winning Hand!" only a Cheating Card can take control; a Gambling Card may be '
                          "played again once a Cheating Card has followed it.", (ed(state, "gambling/winning-hand"),))


def check_leave(state: GameState, seat: int, entry: Entry | None = None) -> None:
    """``seat`` may leave the Round (or be forced out of it by ``entry``, another player's card)."""
    round_ = state.round
    forced = entry is not None and entry.player != seat
    cite = (ed(state, "gambling/forcing-a-player-to-leave" if forced else "gambling/leaving-a-round"),)
    if round_ is None:
        raise IllegalPlay("No Round of Gambling is in progress to leave.", cite)
    if seat not in round_.members or seat in round_.left:
        by = f": {entry.name} forces out only a player still in it" if forced else ""
        raise IllegalPlay(f"{state.players[seat].name} is not in the Round{by}.", cite)


def check_leaving(state: GameState, entry: Entry, effects) -> list[tuple[str, tuple[str, ...]]]:
    """Every player a card makes leave the Round must be in it; a forced exit acts only on a Round under way and
    first gives every player, the one forced out included, a chance to respond. Returns that note for the ruling."""
    notes = []
    for effect in effects:
        if effect.op not in LEAVE_OPS:
            continue
        if effect.who in ("target", "chosen") and entry.target is None:
            continue  # the player to name is asked for by the target check
        for seat in leavers(state, entry, effect):
            check_leave(state, seat, entry)
            if forces_out(entry, effect, seat):
                name = state.players[seat].name
                if not state.round.started:
                    raise not_begun(state, f"{entry.name} would force {name} out of the Round")
                notes.append((f"{entry.name} forces {name} out of the Round: every player, {name} included, may "
                              "respond before it resolves (an anti-cheat card, say).",
                              (ed(state, "gambling/forcing-a-player-to-leave"),)))
    return notes


def check_tip(state: GameState, card: Card, top: Entry | None,
              top_card: Card | None) -> list[tuple[str, tuple[str, ...]]]:
    """A card that ends the Round: never once the Round is over (both books), never against what its own printed
    limits (`not_against`) name, whichever edition the table plays (limits travel with the card), and never before
    the Round has begun."""
    if state.round is None:
        raise IllegalPlay(f"{card.name} is played only during a Round of Gambling, and none is in progress "
                          "(once the last player has passed, the Round is over).", (ed(state, "gambling/ending-the-round"),))
    limits = set(card.get("not_against") or ())
    if top is not None and limits:
        ops = card_ops(top_card)
        cites = ("rdi3/other-rules/wench-tip",)  # the limits are RDI 3's card's own, under either edition
        printed = "" if state.rules == "rdi3" else " (its limits are printed in RDI 3 and hold under either rules)"
        if "ante" in limits and ops & set(MAKES_ANTE):
            raise IllegalPlay(f"{card.name} may not answer a card that makes players ante ({top.name}){printed}.", cites)
        if "round_ending" in limits and ops & set(ENDS_ROUND):
            raise IllegalPlay(f"{card.name} may not answer a card that would end the Round ({top.name}){printed}.", cites)
    if not state.round.started:
        raise not_begun(state, f"{card.name} ends a Round of Gambling")
    if top is not None and limits and top_card is not None and any(
            e.op == "force_leave" or e.op == "leave_round" and (e.who or "self") not in ("self", "chosen")
            for e in walk(top_card.effects)):
        # RDI 3's fourth point on its tip card: it may answer a forced exit, even one that would leave one player
        return [(f"{card.name} may answer a card that forces a player out of the Round, even one that would leave a "
                 f"single player in it.", ("rdi3/other-rules/wench-tip",))]
    return []


def check_take_pot(state: GameState, card: Card) -> None:
    if any(e.op == "take_pot" and e.share for e in walk(card.effects)) and not state.last_pot:
        raise IllegalPlay(f"{card.name} takes a share of the pot of a Round someone else won, and no Round has just "
                          "been won.", (ed(state, "gambling/ending-the-round"),))
    if state.last_pot:
        return
    if state.round is None:
        raise IllegalPlay(f"{card.name} takes the pot of a Round of Gambling, and no Round is under way or just won.",
                          (ed(state, "gambling/ending-the-round"),))
    if not state.round.started:
        raise not_begun(state, f"{card.name} takes the pot of a Round of Gambling")


def round_play(state: GameState, entry: Entry, card: Card | None) -> bool:
    """A play that can only act on a Round in progress: a Gambling or Cheating Card, or a card whose every
    effect, for the option it was played for (every option, while its player has not chosen), is a Round's
    (leaving it, ending it, an ante...). Otto's boxes carry their effects on the entry."""
    if entry.kind != "card":
        return False
    if entry.card_type in ("gambling", "cheating"):
        return True
    effects = flat_effects(card, entry, state) if card is not None else stored(entry.inline)
    return bool(effects) and all(effect.op in ROUND_ONLY for effect in effects)


def set_aside_round_plays(state: GameState, cards, out: Outcome) -> None:
    """Once no Round is in progress, nothing on the chain may act on one (Ending the Round: no card may affect the
    Round after it ends): a play that could only act on the Round is set aside unresolved, and so is any play
    waiting to answer one set aside, as what it answers is gone (Timing)."""
    if state.round is not None or not state.chain:
        return
    gone: set[int] = set()
    for entry in list(state.chain):
        card = cards.by_id.get(entry.card_id) if entry.card_id else None
        answers_gone = entry.responds_to is not None and entry.responds_to in gone
        if not (answers_gone or round_play(state, entry, card)):
            continue
        gone.add(entry.uid)
        state.chain.remove(entry)
        who = state.players[entry.player].name
        if answers_gone:
            out.say(f"{entry.name} ({who}) is set aside unresolved: the play it answered has been set aside.",
                    ed(state, "other-rules/timing"))
        else:
            out.say(f"{entry.name} ({who}) has nothing left to do and is set aside unresolved: the Round it would "
                    "affect is over.", ed(state, "gambling/ending-the-round"))
