"""Setting up a Giants War game: hoards, the two stakes, the main deck's colours, starting hands.

    new tda Ann Ben Cat [--dragons Black Green Shadow Brass "new Copper" Silver]
                        [--giants Ettin Fire Frost Cloud Ordning Stone] [--long]

Six dragon colours (three good, three evil) and six giant colours (three good,
three evil) make 84 standard cards; 6 Legendary cards make the 90-card main deck.
Without --dragons/--giants the book's first-game suggestion is used. --long turns
off "Shuffle twice, score thrice".
"""

from __future__ import annotations

import re

from referee.core.carddb import Card, CardDB
from referee.core.effect_model import walk
from referee.core.ruling import NotUnderstood, Outcome, Ruling
from referee.games.tda import cardinfo as C
from referee.games.tda import defaults as D
from referee.games.tda.state import GameState, Player

FIRST_GAME_DRAGONS = ["Black", "Green", "Shadow", "Brass", "new Copper", "Silver"]
FIRST_GAME_GIANTS = ["Ettin", "Fire", "Frost", "Cloud", "Ordning", "Stone"]
OLD = {"original", "old", "le", "legendary-edition", "orig"}
NEW = {"new", "gw", "giants-war"}


def _tokens(words: list[str]) -> list[str]:
    """Colour names from the words after a flag: commas or spaces; `new`/`original` join the next word."""
    raw = [t for w in words for t in re.split(r"[,\s]+", w) if t]
    out, pending = [], ""
    for token in raw:
        low = token.lower()
        if low in OLD | NEW:
            pending = low
            continue
        if low in ("the", "and", "dragon", "dragons", "giant", "giants"):
            continue
        out.append(f"{pending} {token}".strip())
        pending = ""
    return out


def _standard(db: CardDB, kind: str) -> list[Card]:
    return [c for c in db.cards if c.game == "tda" and c.type == kind and not C.is_legendary(c)]


def _colour(db: CardDB, kind: str, token: str) -> Card:
    modifier, _, name = token.rpartition(" ")
    name = re.sub(r"-(le|gw|original|new)$", "", name.lower())
    if token.lower().endswith(("-le", "-original")):
        modifier = "original"
    name = {"ettins": "ettin", "the-ordning": "ordning"}.get(name, name)
    found = [c for c in _standard(db, kind) if str(c.get("color", "")).lower() == name]
    if not found:
        options = sorted({str(c.get("color")) for c in _standard(db, kind)})
        raise NotUnderstood(f"{token!r} is not a {kind} colour.", hint=f"{kind.title()} colours: {', '.join(options)}.")
    if len(found) > 1:
        edition = "legendary-edition" if modifier in OLD else "giants-war"
        found = [c for c in found if c.get("edition") == edition] or found[:1]
    return found[0]


def _choose(db: CardDB, kind: str, tokens: list[str], out: Outcome, warnings: list[str]) -> list[str]:
    cards = [_colour(db, kind, t) for t in tokens]
    ids = list(dict.fromkeys(c.id for c in cards))
    by_colour: dict[str, list[Card]] = {}
    for card in (db.by_id[i] for i in ids):
        by_colour.setdefault(str(card.get("color")), []).append(card)
    if len(by_colour) != 6:
        raise NotUnderstood(f"A Giants War deck uses six {kind} colours (three good, three evil); got {len(by_colour)}: "
                            f"{', '.join(by_colour)}.", ("tda/setup/main-deck",))
    good = [c for c, cs in by_colour.items() if C.alignment(cs[0]) == "good"]
    evil = [c for c, cs in by_colour.items() if C.alignment(cs[0]) == "evil"]
    if len(good) != 3 or len(evil) != 3:
        raise NotUnderstood(f"Choose three good and three evil {kind} colours; got good: {', '.join(good) or 'none'}; "
                            f"evil: {', '.join(evil) or 'none'} (alignments as the card data records them).",
                            ("tda/setup/main-deck",))
    for colour, printings in by_colour.items():
        if len(printings) > 1:
            warnings.append(f"Both versions of the {colour} Dragon are in the deck: the book advises leaving one out "
                            "(only the Mixed variants shuffle them together).")
    return ids


def _flag_words(words: list[str], start: int) -> tuple[list[str], int]:
    found = []
    index = start
    while index < len(words) and not words[index].startswith("--"):
        found.append(words[index])
        index += 1
    return found, index


def new_game(words: list[str], db: CardDB) -> tuple[GameState, Ruling]:
    names: list[str] = []
    dragon_words: list[str] | None = None
    giant_words: list[str] | None = None
    endgame = True
    index = 0
    while index < len(words):
        word = words[index]
        flag, _, inline = word.partition("=")
        if flag in ("--dragons", "--giants"):
            values, index = _flag_words(words, index + 1)
            values = ([inline] if inline else []) + values
            if flag == "--dragons":
                dragon_words = values
            else:
                giant_words = values
            continue
        if word == "--long":
            endgame = False
        elif word in ("--players", "-p"):
            pass
        elif word.startswith("--"):
            raise NotUnderstood(f"Unknown option {word!r}.", hint="Options: --dragons ..., --giants ..., --long.")
        else:
            names.append(word)
        index += 1
    if len(names) < 2:
        raise NotUnderstood("A game of Three-Dragon Ante needs at least 2 players: `new tda Ann Ben Cat`.")
    if len({n.lower() for n in names}) != len(names):
        raise NotUnderstood("Two players have the same name; give each a different name.")
    out = Outcome()
    warnings: list[str] = []
    dragons = _choose(db, "dragon", _tokens(dragon_words or FIRST_GAME_DRAGONS), out, warnings)
    giants = _choose(db, "giant", _tokens(giant_words or FIRST_GAME_GIANTS), out, warnings)
    colours = {str(db.by_id[i].get("color")) for i in dragons}
    if {"Red", "Shadow"} <= colours:
        warnings.append("Red and Shadow Dragons together: the book advises using only one of the two card-thieving "
                        "evil dragons.")
    drawing = [db.by_id[i] for i in dragons + giants
               if any(getattr(e, "deck", None) == "legendary" for e in walk(C.power_effects(db.by_id[i]) or ()))]
    if len(drawing) < 2:
        warnings.append(f"Only {len(drawing)} Legendary-drawing colour(s) ({', '.join(c.label for c in drawing) or 'none'}): "
                        "the book advises at least two of the new Copper, the new Gold, Cloud and Stone.")
    gold = D.GOLD_PER_PLAYER * len(names)
    players = [Player(name=n, hoard=gold, hand=D.STARTING_HAND) for n in names]
    main = D.STANDARD_CARDS + D.LEGENDARY_IN_MAIN_DECK
    state = GameState(players=players, dragons=dragons, giants=giants, endgame_rule=endgame,
                      start_gold=gold * len(names), main_deck=main - D.STARTING_HAND * len(names),
                      legendary_deck=D.LEGENDARY_DECK_CARDS - D.LEGENDARY_IN_MAIN_DECK)
    out.say(f"New game of Three-Dragon Ante: Giants War. Seats, clockwise: {', '.join(names)} (your left is the next "
            "name).", "tda/setup")
    out.say(f"Each hoard starts with {D.GOLD_PER_PLAYER} × {len(names)} = {gold} gold. The Dragon Stakes and the Giant "
            "Stakes start empty.", "tda/setup/starting-gold", "tda/two-stakes")
    suggested = " (the book's suggestion for a first game)"
    out.say(f"Main deck: dragons{suggested if dragon_words is None else ''} {_listing(db, dragons)}; "
            f"giants{suggested if giant_words is None else ''} {_listing(db, giants)}.",
            "tda/setup/main-deck", "tda/setup/deck-design")
    out.say(f"{D.STANDARD_CARDS} standard cards + {D.LEGENDARY_IN_MAIN_DECK} random Legendary cards = {main} cards, as "
            "Setup says; the glossary (and Appendix 5) speak of four Legendary cards, but the referee follows Setup's "
            f"6 and its {main}-card count.", "tda/setup/main-deck", "tda/glossary/main-deck")
    out.say(f"Everyone is dealt {D.STARTING_HAND} cards ({state.main_deck} left in the main deck); the hand limit is "
            f"{D.HAND_LIMIT_CARDS}. Hands are hidden: the referee counts them.", "tda/setup/hand-size")
    out.say(D.LEGENDARY_DECK.label(f"({state.legendary_deck} now)"), *D.LEGENDARY_DECK.cites)
    if endgame:
        out.say("Shuffle twice, score thrice is in force: after the main deck is reshuffled mid-game, three more "
                "gambits are scored (`--long` turns it off).", "tda/ending-the-game/shuffle-twice-score-thrice")
    else:
        out.say("Shuffle twice, score thrice is off (--long): the game ends only when a hoard is empty after a "
                "gambit.", "tda/ending-the-game")
    for warning in warnings:
        out.say(f"Warning: {warning}", "tda/setup/deck-design")
    out.say(f"Gambit 1: everyone antes a card (`{names[0]} antes CARD N`).", "tda/ante")
    return state, out.ruling(" ".join(["new", "tda", *words]))


def _listing(db: CardDB, ids: list[str]) -> str:
    good = [db.by_id[i].label for i in ids if C.alignment(db.by_id[i]) == "good"]
    evil = [db.by_id[i].label for i in ids if C.alignment(db.by_id[i]) == "evil"]
    return f"good {', '.join(good)}; evil {', '.join(evil)}"
