"""What the referee understood of a card, said back in plain words.

    read_back(parse_card_phrase("cheating: another player leaves the Round and you take control"), "Bob")
    -> "Cheating Card. Bob picks another player; that player is forced out of the Round of Gambling;
        Bob takes control of the Round."

Every `learn` and every imported row says this, so the table hears who picks, who is affected, what
changes and when before the card is ever played. It is for people, not for reading back in: the
phrase (phrases.card_phrase) is what reads back to the identical effects.
"""

from __future__ import annotations

from referee.core.effect_model import UNKNOWN, Effect
from referee.core.phrases import write_structured
from referee.core.text import capitalized, count_of, listed
from referee.games.rdi.kinds import kind_name, kinds_named

FIGURES = {"fortitude": "Fortitude", "alcohol": "Alcohol Content", "gold": "Gold"}
WINDOWS = {
    "card_affects_you": "against a card that would change {p}'s {figures}",
    "you_would_lose": "when {p} would lose {figures}",
    "you_would_gain": "when {p} would gain {figures}",
    "another_player_would_lose": "when another player would lose {figures}",
    "drink_revealed": "when a Drink is revealed",
    "you_are_drinking": "when {p} reveals a Drink to drink it",
    "you_lost_fortitude": "after {p} loses Fortitude to another player's card",
    "sometimes_card_played": "against a Sometimes Card",
    "action_played": "against an Action Card",
    "any_card_played": "against any card",
    "card_played_on_you": "when another player plays a card on {p}",
    "drink_changed": "against a card that changes a Drink",
    "round_of_gambling": "during a Round of Gambling",
    "round_won": "just after a Round of Gambling is won",
    "order_a_drink_phase": "in {p}'s Order a Drink phase",
    "gear_revealed": "when a Gear Card is revealed",
    "pot_won": "when its winner takes the pot",
}
WHEN = {"start_of_turn": "at the start of {h}'s turn", "end_of_turn": "at the end of {h}'s turn",
        "while": "while it lies there"}


def _amount(value) -> str:
    return "an amount the card does not give (the referee asks)" if value == UNKNOWN else str(value)


class _Teller:
    """Effects in plain words, from the card's player's point of view (``me``)."""

    def __init__(self, me: str, picked: str | None = None):
        self.me = me
        self.picked = picked  # "another player" / "a player": said once, then "that player"
        self.named = False

    def who(self, selector: str | None, holder: str | None = None) -> str:
        if selector in (None, "self", "card_player") and holder is None or selector == "card_player":
            return self.me
        if selector == "self":
            return holder
        if selector in ("target", "chosen"):
            if self.named or self.picked is None:
                return "that player" if self.picked else "the chooser"
            self.named = True
            return "the player " + self.me + " picks"
        return {"each_other": "each other player", "each_player": f"each player ({self.me} included)",
                "attacker": "the player whose card it answers", "drinker": "the drinker", "inn": "the Inn",
                "pot": "the pot", "revealer": "the player who revealed it"}.get(selector, str(selector))

    def say(self, effect: Effect, holder: str | None = None) -> str:
        op = effect.op
        who = lambda: self.who(getattr(effect, "who", None), holder)  # noqa: E731
        if op in ("gain", "lose"):
            source = f" from {self.who(effect.from_)}" if getattr(effect, "from_", None) else ""
            verb = "gains" if op == "gain" else "loses"
            return f"{who()} {verb} {_amount(effect.amount)} {FIGURES[effect.attr]}{source}"
        if op == "pay":
            to = self.who(effect.to, holder) if effect.to else "the Inn"
            return f"{who()} pays {_amount(effect.amount)} Gold to {to}"
        if op == "ante":
            antes = "each player still in the Round" if effect.who == "each_player" else who()
            return f"{antes} antes {_amount(effect.amount)} Gold into the pot"
        if op in ("draw", "discard"):
            random = " at random" if op == "discard" and effect.random else ""
            verb = "draws" if op == "draw" else "discards"
            return f"{who()} {verb} {count_of(effect.count or 1, 'card')}{random}"
        if op == "drink":
            source = {"drink_me": " from their Drink Me! pile", "drink_deck": " from the Drink Deck"}.get(effect.source, "")
            condition = " if this card made them lose Fortitude" if effect.condition else ""
            count = count_of(effect.count, "Drink") if isinstance(effect.count, int) else \
                "a number of Drinks the card does not give (the referee asks)"
            return f"{who()} drinks {count}{source}{condition}"
        if op == "order_drinks":
            return f"{self.me} may order {count_of(effect.count or 1, 'more Drink')}" + (" for free" if effect.free else "")
        if op == "leave_round":
            return f"{who()} leaves the Round of Gambling"
        if op == "force_leave":
            return f"{who()} is forced out of the Round of Gambling (everyone may answer that first)"
        if op == "start_round":
            return f"{self.me} starts a Round of Gambling: everyone antes 1 Gold and {self.me} is in control"
        if op == "take_control":
            return f"{self.me} takes control of the Round"
        if op == "win_round":
            return f"{self.me} wins the Round and its pot"
        if op == "take_pot":
            return f"{self.me} takes {'half of ' if effect.share == 'half' else ''}the pot"
        if op == "end_round":
            return "the Round of Gambling ends and the pot goes to the Inn"
        if op == "restrict_next_control":
            return f"only {kinds_named(effect.to or ())} may take control next"
        if op == "negate":
            condition = {"played_on_you": f" played on {self.me}", "changes_a_drink": " that changes a Drink",
                         "not_copied_or_split": " not copied or split"}.get(effect.condition or "", "")
            return f"it Negates {_kinds(effect.what)}{condition}: that card does nothing and is discarded"
        if op == "ignore":
            parts = []
            if effect.if_affects:
                parts.append(f"that would change {self.me}'s {listed([FIGURES[a] for a in effect.if_affects], 'or')}")
            if effect.condition == "played_on_you":
                parts.append(f"played on {self.me}")
            tail = (" " + " and ".join(parts)) if parts else ""
            not_round = " (never a Round of Gambling)" if effect.not_round_of_gambling else ""
            return f"{self.me} Ignores {_kinds(effect.what)}{tail}{not_round}: it still affects everyone else"
        if op in ("reduce", "increase"):
            whose = self.who(effect.who or "self")
            verb = "reduced (never below 0)" if op == "reduce" else "increased"
            return (f"it answers a card or Drink that would change {whose}'s {FIGURES[effect.attr]}: what that does to "
                    f"{whose}'s {FIGURES[effect.attr]} is {verb} by {effect.by}, and everyone else takes it in full")
        if op == "alter_drink":
            return f"the Drink gets {effect.alcohol:+d} Alcohol Content" if isinstance(effect.alcohol, int) else \
                "the Drink's Alcohol Content changes by an amount the card does not give"
        if op == "split_drink":
            return "the Drink is split in two, half rounded " + (effect.rounding or "up") + \
                (", and the other half goes away" if effect.with_ == "none" else
                 f", one half for the player {self.me} picks")
        if op == "pass_drink":
            return f"the Drink goes to {self.who(effect.to)} instead"
        if op == "redirect":
            return f"the {FIGURES[effect.attr or 'fortitude']} loss goes to {self.who(effect.to)} instead (its source stays the same)"
        if op == "choose_one":
            return self.choice(effect, holder)
        if op == "in_front":
            place = self.who(effect.who or "self")
            inner = _Teller(self.me, self.picked)
            inner.named = self.named
            said = "; ".join(inner.say(e, place) for e in effect.effects)
            once = ", then it is discarded" if effect.once else ""
            return f"it stays in front of {place}; {WHEN[effect.when].format(h=place)}, {said}{once}"
        if op == "modify":
            change = {"fortitude_loss": "Fortitude loss", "alcohol_gain": "Alcohol Content gain",
                      "action_numbers": "number on their Action Cards"}.get(effect.change, effect.change)
            whose = holder or self.me
            return f"every {change} of {whose} is {'reduced' if effect.by < 0 else 'increased'} by {abs(effect.by)}"
        if op == "by_piety":
            return "by Serena's Piety: " + "; or ".join(
                f"at {b.low}–{b.high}, " + ", ".join(self.say(e, holder) for e in b.effects) for b in effect.bands)
        if op == "unmodelled":
            return f"the table applies \"{effect.says}\" (the referee does not)"
        # no words of its own yet: the structured form, what it holds said in words
        return write_structured(effect, lambda effects: ", ".join(self.say(e, holder) for e in effects))

    def choice(self, effect: Effect, holder: str | None) -> str:
        options = []
        for number, option in enumerate(effect.options, 1):
            words = option.label or ", ".join(self.say(e, holder) for e in option.effects)
            options.append(f"({number}) {words}")
        if effect.by is None:
            return f"{self.me} chooses one, said when it is played: " + " or ".join(options)
        chooser = self.who(effect.by)
        return (f"{chooser} chooses one, each in turn ('the chooser' below): " + " or ".join(options))


def _kinds(kinds) -> str:
    if kinds and tuple(kinds) == ("drink",):
        return "a Drink"
    return kind_name(kinds[0], article=True) if kinds and len(kinds) == 1 else (
        "any card" if not kinds else f"an {kinds_named(kinds)[:-1]}" if kinds_named(kinds)[0] in "AEIOU"
        else f"a {kinds_named(kinds)[:-1]}")


def read_back(phrase, player: str | None = None) -> str:
    """The card as the referee understood it: its kind and moment, then who picks and what changes."""
    me = player or "its player"
    teller = _Teller(me, "another" if phrase.target == "other_player" else "a" if phrase.target else None)
    head = kind_name(phrase.kind, article=False) if phrase.kind not in ("drink",) else "Drink"
    lead = head
    if phrase.kind == "drink":
        alcohol = "an Alcohol Content the table gives when it is revealed" if phrase.alcohol is None else \
            f"{phrase.alcohol} Alcohol Content"
        lead = f"Drink of {alcohol}" + (", with a Chaser" if phrase.chaser else "")
        teller.me = "the drinker"
    if phrase.window:
        moments = [WINDOWS.get(w, w).format(p=me, figures=listed([FIGURES[a] for a in phrase.affects
                                                                  or ("fortitude", "alcohol", "gold")], "or"))
                   for w in phrase.window]
        lead += ", played " + " or ".join(moments)
    said = []
    if phrase.target:
        said.append(f"{me} picks {'another player' if phrase.target == 'other_player' else 'a player (perhaps themselves)'}"
                    " when playing it")
        teller.named = True
    effects = list(phrase.effects)
    if phrase.kind == "drink" and effects and effects[0].op == "gain" and effects[0].attr == "alcohol":
        effects = effects[1:]  # the Drink's own Alcohol Content, said above
    said += [teller.say(e) for e in effects]
    body = "; ".join(said)
    return f"{capitalized(lead)}." + (f" {capitalized(body)}." if body else "")
