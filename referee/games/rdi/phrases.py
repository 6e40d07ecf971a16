"""The Red Dragon Inn's cards in players' words: `action: another player loses 2 Fortitude`.

Reading is card_text.py's (the grammar card_text.lark reads card text as printed, and every
phrase written here). Writing a card picks the players' words where they read back to exactly
the same effects, and the structured form `[op key=value …]` otherwise, so a written phrase
always reads back to the identical effects. docs/phrases.md has the language with examples.
"""

from __future__ import annotations

from functools import lru_cache

from referee.core.effect_model import UNKNOWN, Effect
from referee.core.parse import find_card, strip_quotes
from referee.core.phrases import PhraseError, quote, same_effects, write_structured
from referee.core.ruling import UnknownName
from referee.core.text import listed
from referee.games.rdi.card_text import HEADS, CardPhrase, parse_card_phrase, read_clauses_text  # noqa: F401
from referee.games.rdi.kinds import kind_name, one_of

GAME = "rdi"
HEAD_WORDS = {kind: words for words, kind in HEADS.items()}
ATTR_WORDS = {"fortitude": "Fortitude", "alcohol": "Alcohol Content", "gold": "Gold"}


def of_kind(text: str, cards, kind: str):
    """The card typed, among cards of ``kind`` (a Prize, a Potion), and None; or, when the name is exactly a
    card of another kind, that card and a refusal saying what it is ("Wine is a Drink Card, not a Prize")."""
    named = cards.lookup(strip_quotes(text), game=GAME)
    if named.how in ("name", "alias") and named.found.type != kind:
        found = named.found
        return found, f"{found.name} is {kind_name(found.type, article=True)}, not {kind_name(kind, article=True)}"
    return find_card(text, cards, GAME, where=lambda c: c.type == kind), None


def card_of_kind(text: str, cards, kind: str):
    """A card of ``kind`` named at setup or in a correction; another kind's card is refused, with the known ones."""
    card, wrong = of_kind(text, cards, kind)
    if wrong:
        known = sorted(c.name for c in cards.cards if c.game == GAME and c.type == kind)
        raise UnknownName(f"{wrong}; the {kind_name(kind, plural=True)} the referee knows: {listed(known)}.")
    return card


# Who an effect points at, in the words the grammar reads: the first wording names the player the first
# time, the second afterwards ("another player loses 2 Fortitude, that player pays you 1 Gold").
SUBJECTS = {
    "self": ("you", "you"),
    "target": ("another player", "that player"),
    "each_other": ("each other player", "each other player"),
    "each_player": ("each player", "each player"),
    "drinker": ("the drinker", "the drinker"),
    "attacker": ("the player who played it", "the player who played it"),
    "chosen": ("they", "they"),
}
PLACES = {"inn": "the Inn", "pot": "the pot"}

# The moment of a Sometimes card, in the words the grammar reads (a window naming figures gets them).
WINDOW_WORDS = {
    "card_affects_you": "play in response to a card that affects your {figures}",
    "you_would_lose": "play when you would lose {figures}",
    "you_would_gain": "play when you would gain {figures}",
    "another_player_would_lose": "play when another player would lose {figures}",
    "drink_revealed": "play when a Drink is revealed",
    "you_are_drinking": "play when you reveal a Drink",
    "you_lost_fortitude": "play after you lose Fortitude from another player's card",
    "sometimes_card_played": "play in response to a Sometimes card",
    "action_played": "play in response to an Action card",
    "any_card_played": "play in response to a card",
    "card_played_on_you": "play when another player plays a card on you",
    "drink_changed": "play in response to a card that changes a Drink",
    "round_of_gambling": "play during a Round of Gambling",
    "round_won": "play after a Round of Gambling is won",
    "order_a_drink_phase": "play during your Order a Drink phase",
    "gear_revealed": "play when a Gear card is revealed",
}
ANSWERS = {"negate", "ignore", "reduce", "increase", "redirect", "alter_drink", "split_drink", "pass_drink"}


def _amount(value) -> str:
    return "?" if value == UNKNOWN else str(value)


def _figures(attrs) -> str:
    words = [ATTR_WORDS[a] for a in attrs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class _Writer:
    """Players' words for one card's effects, naming the picked player once and "that player" after."""

    def __init__(self, default: str, named_target: bool = False, target: str | None = None):
        self.default = default
        self.named_target = named_target
        self.anyone = target == "any_player"  # "a player" (perhaps themselves), not "another player"

    def who(self, selector: str) -> str | None:
        if selector not in SUBJECTS:
            return None
        if selector == "target":
            said = SUBJECTS["target"][1] if self.named_target else "a player" if self.anyone else SUBJECTS["target"][0]
            self.named_target = True
            return said
        return SUBJECTS[selector][0]

    def place(self, selector: str | None) -> str | None:
        return PLACES.get(selector) or self.who(selector) if selector is not None else None

    def subject(self, effect: Effect) -> tuple[str, bool] | None:
        """The clause's subject ("" for the default) and whether its verb takes an -s."""
        who = getattr(effect, "who", None)
        if who is None or who == self.default:
            return "", False
        said = self.who(who)
        if said is None:
            return None
        return said + " ", said not in ("you", "they")

    def clause(self, effect: Effect) -> str | None:
        op = effect.op
        if op in ("gain", "lose", "pay", "ante", "draw", "discard", "drink"):
            subject = self.subject(effect)
            if subject is None:
                return None
            head, s = subject
            verb = lambda word: head + word + ("es" if s and word.endswith("sh") else "s" if s else "")  # noqa: E731
            if op in ("gain", "lose"):
                source = ""
                if getattr(effect, "from_", None) is not None:
                    if effect.from_ not in PLACES:
                        return None
                    source = f" from {PLACES[effect.from_]}"
                return f"{verb(op)} {_amount(effect.amount)} {ATTR_WORDS[effect.attr]}{source}"
            if op == "pay":  # "pay you 1 Gold", "pay 1 Gold to the Inn"
                if effect.to is None or effect.to in PLACES:
                    to = f" to {PLACES[effect.to]}" if effect.to else ""
                    return f"{verb('pay')} {_amount(effect.amount)} Gold{to}"
                payee = self.who(effect.to)
                return None if payee is None else f"{verb('pay')} {payee} {_amount(effect.amount)} Gold"
            if op == "ante":  # "more": an ante of its own, never the starting ante said again
                return f"{verb('ante')} {_amount(effect.amount)} more Gold"
            if op in ("draw", "discard"):
                if not isinstance(effect.count, int):
                    return None
                count = "a card" if effect.count == 1 else f"{effect.count} cards"
                return f"{verb(op)} {count}" + (" at random" if op == "discard" and effect.random else "")
            if effect.condition is not None or not isinstance(effect.count, int) and effect.count != UNKNOWN:
                return None
            source = {None: "", "drink_me": " from their Drink Me! pile", "drink_deck": " from the Drink Deck"}
            count = "a Drink" if effect.count == 1 else f"{_amount(effect.count)} Drinks"
            return f"{verb('drink')} {count}{source[effect.source]}"
        if op == "leave_round" and effect.who in (None, "self"):
            return "leave the Round"
        if op == "force_leave" and effect.who in SUBJECTS and effect.who != "self":
            return f"force {self.who(effect.who)} out of the Round"
        if op in ("take_control", "start_round", "win_round", "take_pot"):
            if op == "take_pot":
                if effect.amount is not None:
                    return None
                return "take half the pot" if effect.share == "half" else "take the pot"
            return {"take_control": "take control of the Round", "start_round": "start a Round of Gambling",
                    "win_round": "win the Round"}[op]
        if op == "end_round":
            return "end the Round" + (" with the pot going to the Inn" if effect.pot_to == "inn" else "")
        if op == "restrict_next_control" and effect.to and len(effect.to) == 1:
            kind = one_of(effect.to)
            return f"the next card to take control must be {kind}"
        if op == "ignore":
            tail = f" that affects your {_figures(effect.if_affects)}" if effect.if_affects else ""
            tail += " that was played on you" if effect.condition == "played_on_you" else ""
            return None if effect.not_round_of_gambling else f"ignore {one_of(effect.what or ())}{tail}"
        if op == "negate":
            tail = {None: "", "changes_a_drink": " that changes a Drink", "played_on_you": " that was played on you"}
            return f"negate {one_of(effect.what or ())}{tail[effect.condition]}" if effect.condition in tail else None
        if op in ("reduce", "increase"):
            whose = self.who(effect.who or "self")
            verb = "gain" if effect.attr == "alcohol" else "lose"
            if whose is None:
                return None
            verb += "s" if whose not in ("you", "they") else ""
            return f"{op} the {ATTR_WORDS[effect.attr]} {whose} {verb} by {effect.by}"
        if op == "alter_drink" and isinstance(effect.alcohol, int):
            return f"the Drink gets {effect.alcohol:+d} Alcohol Content"
        if op == "order_drinks" and isinstance(effect.count, int):
            return f"order {effect.count} more Drinks" + (" for free" if effect.free else "")
        if op == "unmodelled":
            return quote(effect.says)
        if op == "split_drink" and effect.with_ in ("chosen", "target"):
            return "split the Drink with another player" + (f", rounding {effect.rounding}" if effect.rounding else "")
        if op == "pass_drink" and effect.to == "target":
            return f"pass the Drink to {self.who('target')}"
        if op == "redirect" and effect.to == "target":
            return f"redirect the {ATTR_WORDS[effect.attr or 'fortitude']} loss to {self.who('target')}"
        if op == "choose_one":
            if effect.by is None:
                head, default = "choose one: ", self.default
            elif effect.by in SUBJECTS and effect.by not in ("self", "chosen"):
                head, default = f"{self.who(effect.by)} chooses one: ", "chosen"
            else:
                return None
            inner = _Writer(default, self.named_target)
            options = []
            for option in effect.options:
                words = inner.clauses(option.effects)
                options.append("(" + (quote(option.label) + ": " if option.label is not None else "") + words + ")")
            return head + " or ".join(options)
        if op == "by_piety":
            return "by Piety: " + " or ".join(f"({b.low} to {b.high}: {_Writer(self.default, self.named_target).clauses(b.effects)})"
                                               for b in effect.bands)
        return None

    def clauses(self, effects) -> str:
        return ", ".join(self.clause(e) or write_structured(e, lambda inner: _Writer("self").clauses(inner))
                         for e in effects)


def write_clauses(effects, default: str = "self") -> str:
    """Clauses in players' words where each reads back to exactly its effect, else the structured form."""
    return ", ".join(write_clause(e, default) for e in effects)


@lru_cache(maxsize=4096)
def write_clause(effect: Effect, default: str = "self") -> str:
    """One clause: the players' words when they read back to exactly this effect, else the structured form."""
    text = _Writer(default).clause(effect)
    if text is not None:
        try:
            back = read_clauses_text(text, default)
        except PhraseError:
            back = None
        if back is not None and same_effects(back, [effect]):
            return text
    return write_structured(effect, lambda effects: write_clauses(effects, "self"))


def card_phrase(kind: str, effects, alcohol=None, chaser: bool = False, window=(), affects=(),
                target: str | None = None) -> str:
    """The phrase of a card: `KIND: …` (a Sometimes card's moment first, a Drink's Alcohol Content and Chaser
    first), in players' words wherever they read back to the same effects."""
    window = (window,) if isinstance(window, str) else tuple(window or ())
    return _card_phrase(kind, tuple(effects), alcohol, bool(chaser), window, tuple(affects or ()), target)


@lru_cache(maxsize=1024)  # effects are frozen values: the same card is written once per process
def _card_phrase(kind: str, effects: tuple, alcohol, chaser: bool, window: tuple, affects: tuple,
                 target: str | None) -> str:
    head = HEAD_WORDS.get(kind, "extra")
    default = "drinker" if kind == "drink" else "self"
    effects = list(effects)
    rest, own = effects, []
    if kind == "drink":
        first = effects[0] if effects else None
        if first is not None and first.op == "gain" and first.attr == "alcohol" and first.who == "drinker" \
                and first.amount == alcohol and first.from_ is None:
            own.append(f"{_amount(alcohol)} Alcohol Content")
            rest = effects[1:]
        if chaser:
            own.append("with a Chaser")
    windows = [w for w in window if w in WINDOW_WORDS]
    sentences = []
    if windows and not ANSWERS & {e.op for e in effects}:  # an answer's moment is what it answers
        sentences = [WINDOW_WORDS[w].format(figures=_figures(affects or ("fortitude", "alcohol", "gold")))
                     for w in windows]
    natural = [_Writer(default, target=target).clause(e) for e in rest]
    if all(n is not None for n in natural):  # in context: the picked player named once, "that player" after
        writer = _Writer(default, target=target)
        text = _joined(head, sentences, own + [writer.clause(e) for e in rest])
        if _reads_back(text, effects):
            return text
    text = _joined(head, sentences, own + [write_clause(e, default) for e in rest])
    if _reads_back(text, effects):
        return text
    structured = [write_structured(e, lambda inner: write_clauses(inner, "self")) for e in rest]
    return _joined(head, [], own + structured)


def _joined(head: str, sentences: list[str], clauses: list[str]) -> str:
    return f"{head}: " + ". ".join(sentences + [", ".join(clauses)])


def _reads_back(text: str, effects) -> bool:
    try:
        return same_effects(parse_card_phrase(text).effects, effects)
    except PhraseError:
        return False


def card_phrases(card) -> list[str]:
    """What `card` shows as its phrase (core/views.py asks each game for its own cards' phrases)."""
    if not card.effects and card.type != "drink":
        return []
    return [card_phrase(card.type, card.effects, card.get("alcohol"), bool(card.get("chaser")))]
