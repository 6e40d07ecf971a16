"""Cards several decks hold: the shipped cards whose owner is `shared` ("Gambling? I'm in!", "I don't
think so!", "Winning Hand!", ...; cards/rdi/common.yaml).

Any player may play a shared card (`legality.may_hold`), so a deck list or a `learn` that names one
says one of two things. With no wording, or a wording that reads to the shipped card's own effects,
it is more copies of the shipped card: nothing is stored, since every deck may hold it already. In a
wording of the table's own, it is that deck's version: a card of its own beside the shipped one (its
`edition` is the deck, as Serena's printing of "I don't think so!" is hers), which that deck's player
plays (`Engine._printing`) by the general rules of its kind, and which never takes the shipped card's
place for anyone else.
"""

from __future__ import annotations

from referee.core.carddb import Card, CardDB
from referee.core.effect_model import Option, parse_effects
from referee.core.learned import TABLE_BOOK, slug
from referee.core.phrases import same_effects
from referee.games.rdi.gambling import restates_start
from referee.games.rdi.legality import NOT_FROM_HAND
from referee.games.rdi.state import GAME


def is_shared(card: Card) -> bool:
    """A printed Character Deck card the books show in several decks (Drinks and Prizes are no hand's)."""
    return card.owner == "shared" and card.book != TABLE_BOOK and card.type not in NOT_FROM_HAND


def shared_card(cards: CardDB, name: str) -> Card | None:
    """The shared card ``name`` names, by its exact name or a known alias (case and punctuation free)."""
    match = cards.lookup(name, game=GAME, where=is_shared)
    return match.found if match.how in ("name", "alias") else None


def kinds_of(card: Card) -> tuple[str, ...]:
    """The kinds a deck list may give a shared card: its type, and its subtype ("Action - Gambling")."""
    return tuple(k for k in (card.type, card.subtype) if k)


def _as_ruled(effects) -> list:
    """Effects as the engine rules them: beside a start of a Round, the ante and control that the start
    makes by the rules (`gambling.restates_start`) are not the card's own words."""
    starts = any(e.op == "start_round" for e in effects)
    out = []
    for effect in effects:
        if starts and restates_start(effect):
            continue
        if effect.op == "choose_one":
            effect = effect.replace(options=tuple(Option(o.label, tuple(_as_ruled(o.effects))) for o in effect.options))
        out.append(effect)
    return out


def reads_as(shared: Card, card: dict) -> bool:
    """Whether a table card (as `build_card` makes it) reads to the shipped card's own kind (or subtype, as
    a deck list may say "Gambling" for "Gambling? I'm in!") and effects."""
    effects = parse_effects(card.get("effects") or (), GAME)
    return card["type"] in kinds_of(shared) and same_effects(_as_ruled(effects), _as_ruled(shared.effects))


def deck_version(card: dict, shared: Card) -> dict:
    """A table card named like ``shared``, made the version of its own deck: an id of that deck's, the
    deck as its `edition` (so it stands beside the shipped card, never in its place), the shipped name (so
    that deck's plays of the name find it) and a link to the shipped card."""
    owner = card["owner"]
    return {**card, "id": f"table/{GAME}/{slug(owner)}/{slug(shared.name)}", "name": shared.name,
            "edition": card["deck"], "links": [{"id": shared.id, "relation": "other-printing"}]}


def is_deck_version(card: dict) -> bool:
    return card.get("book", TABLE_BOOK) == TABLE_BOOK and bool(card.get("edition"))


def no_deck_named(shared: Card) -> str:
    """Why a shared card's own wording needs the deck that holds it."""
    return (f"{shared.name} is a shared card: every deck may hold the printed one, so a wording of the table's "
            "own is one deck's version and needs that deck")
