"""The RDI package's face to the session and shells: setup words, views, JSON."""

from __future__ import annotations

from referee.core.carddb import CardDB
from referee.core.house import parse_choices
from referee.core.ruling import NotUnderstood, Ruling
from referee.core.text import count_of, listed, sentence
from referee.games.rdi import characters, house, in_front
from referee.games.rdi.engine import GAME, Engine, new_game
from referee.games.rdi.state import PHASE_NAMES, GameState

__all__ = ["GAME", "Engine", "start", "load_state", "load_position", "position_shape", "SEAT_FIELDS", "describe", "chain_text", "toolbar", "summary"]


def start(words: list[str], cards: CardDB) -> tuple[GameState, Ruling]:
    """`new rdi NAME NAME ... [--players] [--rules gii|rdi3]`."""
    names: list[str] = []
    rules = "gii"
    variants_on: set[str] = set()
    bar_size: int | None = None
    prizes: list[str] = []
    otto_factions: list[str] = []
    house_choices: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--house" and index + 1 < len(words):
            house_choices.append(words[index + 1])
            index += 2
            continue
        if word.startswith("--house="):
            house_choices.append(word.split("=", 1)[1])
            index += 1
            continue
        if word == "--otto" and index + 1 < len(words):
            otto_factions = [f.strip().lower() for f in words[index + 1].split(",") if f.strip()]
            index += 2
            continue
        if word in ("--variant", "--bar-deck", "--prize") and index + 1 < len(words):
            value = words[index + 1]
            if word == "--variant":
                if value not in ("bar-deck", "prize"):
                    raise NotUnderstood(f"Variants: bar-deck, prize (not {value!r}).")
                variants_on.add(value)
            elif word == "--bar-deck":
                try:
                    bar_size = int(value)
                except ValueError:
                    raise NotUnderstood(f"--bar-deck takes the number of Drink Cards in the Bar Deck, not {value!r}.") from None
            else:
                prizes.append(value)
            index += 2
            continue
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
        elif word.startswith("--"):
            raise NotUnderstood(f"Unknown option {word!r}: --rules, --variant bar-deck|prize, --bar-deck N, --prize NAME, "
                                "--house ID=READING.")
        else:
            names.append(word)
        index += 1
    if "bar-deck" in variants_on and bar_size is None:
        raise NotUnderstood("The Bar Deck variant needs the number of Drink Cards in your Bar Deck: --bar-deck N.")
    if prizes and "prize" not in variants_on:
        variants_on.add("prize")
    return new_game(names, cards, rules, bar_deck=bar_size if "bar-deck" in variants_on else None,
                    prizes=prizes if "prize" in variants_on else None, otto_factions=otto_factions,
                    house=parse_choices(house_choices, house.RULES))


TITLE = "The Red Dragon Inn"


def edition(state: GameState) -> str:
    from referee.games.rdi.engine import EDITIONS

    return f"{EDITIONS[state.rules]} rules"


def rule_edition(state: GameState) -> str | None:
    """The book whose wording `rule` answers from, where two books print the same rules."""
    return state.rules


def load_state(data: dict) -> GameState:
    return GameState.from_dict(_fold_parts(data))


def position_shape(data: dict) -> dict:
    """A position's players with their character's own keys written flat (`piety: 5`), as a table reads
    them, empty ones (no Potion choice, an empty Cutting Board) left out; loading folds them back into the
    slot, a missing key at its starting value."""
    def flat(player: dict) -> dict:
        own = {k: v for k, v in player.get("part", {}).items() if v not in (None, False, [], {}, 0)}
        return {**{k: v for k, v in player.items() if k != "part"}, **own}

    return {**data, "players": [flat(p) for p in data.get("players", [])]}


def _fold_tokens(player: dict) -> dict:
    """A player saved (or typed) with a `debuffs` list, from before tokens lay in front with the cards: the same
    tokens in front of them."""
    if "debuffs" not in player:
        return player
    player = dict(player)
    tokens = player.pop("debuffs")
    tokens = [] if tokens is None else tokens if isinstance(tokens, list) else [tokens]
    # a kind as `set` takes it ("Pain Curse" is pain_curse); anything else is kept for the position check to refuse
    kinds = [kind.strip().lower().replace(" ", "_") if isinstance(kind, str) else kind for kind in tokens]
    front = player.get("front")
    player["front"] = [*(front if isinstance(front, list) else []), *({"token": kind} for kind in kinds)]
    return player


def _fold_parts(data: dict) -> dict:
    """A state or position whose players write a character's own keys flat (saved before the character
    kept them in its slot, or typed so by hand), with those keys in the slot."""
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        return data
    folded = [_fold_tokens(characters.fold_part(p)) for p in players]
    atoning = data.get("atoning")  # where Serena's atonement was kept before it was hers
    if isinstance(atoning, (int, str)) and not isinstance(atoning, bool):
        seat = next((i for i, p in enumerate(folded) if atoning in (i, p.get("name"))), None)
        if seat is not None:
            folded[seat] = characters.fold_part({**folded[seat], "atoning": True})
    rest = {key: value for key, value in data.items() if key not in ("players", "atoning")}
    return {**rest, "players": folded}


# Fields holding seats, written as player names in a position file.
SEAT_FIELDS = ("active", "round_over", "copies_for", "must_drink", "otto_sent_by", "owed_discards.*.seat", "round.starter", "round.members", "round.left",
               "round.control", "round.next_actor", "round.passes", "round.spent", "round.broke", "contest.revealer", "contest.order",
               "chain.*.player", "chain.*.target", "chain.*.drinker", "chain.*.ignored_by", "chain.*.passed",
               "chain.*.attacker", "chain.*.choices.*.seat", "chain.*.sent_by", "recent_hits", "choice.chooser",
               "choice.player", "choice.target", "players.*.front.*.played_by", "players.*.front.*.target")


def load_position(data: dict, cards: CardDB) -> GameState:
    from referee.core.position import build
    from referee.games.rdi.bookkeeping import fill_unwritten
    from referee.games.rdi.corrections import position_problems

    # What the file leaves out of the turn is what its phase implies (`phase: drink`: ordered, not drunk yet).
    return build(GameState, _fold_parts(data), SEAT_FIELDS, position_problems,
                 lambda state: fill_unwritten(state, set(data)))


def player_names(state: GameState) -> list[str]:
    return [p.name for p in state.players]


def _entry_text(state: GameState, entry, depth: int) -> str:
    who = state.players[entry.player].name
    if entry.kind == "front":
        text = f"{entry.name} acts, in front of {who}"
    elif entry.kind == "card":
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


def chain_text(state: GameState, cards: CardDB | None = None) -> str:
    if not state.chain:
        return "Nothing is waiting to resolve."
    lines = ["Waiting to resolve (the bottom resolves last):"]
    lines += [_entry_text(state, entry, depth) for depth, entry in enumerate(state.chain)]
    if state.choice is not None and state.choice.at == "resolve":
        lines.append(f"Top: {state.top.name}, waiting for {state.players[state.choice.chooser].name}'s choice.")
    else:
        lines.append(f"Top: {sentence(state.top.name)} `resolve` when nobody responds, `step` to ask each player in turn.")
    return "\n".join(lines)


ANSWER_FIGURES = {"alcohol": "Alcohol Content", "fortitude": "Fortitude", "gold": "Gold", "count": "number"}


def answer_words(key: str, value, cards: CardDB | None) -> str:
    """A figure the table gave for a card that does not print it, in words: "Coffee's Alcohol Content is -1"."""
    card_id, _, rest = key.partition(":")
    card = cards.by_id.get(card_id) if cards is not None else None
    name = card.name if card is not None else card_id.rpartition("/")[2].replace("-", " ")
    figure = rest.rpartition(":")[2]
    return f"{name}'s {ANSWER_FIGURES.get(figure, figure.replace('_', ' '))} is {value}"


def describe(state: GameState, cards: CardDB | None = None) -> str:
    lines = [f"The Red Dragon Inn ({'Gambling? I’m In!' if state.rules == 'gii' else 'RDI 3'} rules) — turn {state.turn}: "
             f"{state.players[state.active].name}, {PHASE_NAMES[state.phase]} phase"]
    for seat, p in enumerate(state.players):
        mark = "→" if seat == state.active else " "
        extra = "".join(f"  {words}" for words, _ in characters.marks(p))
        if p.potions:
            extra += f"  Potions: {', '.join(p.potions)}"
        extra += "".join(f"  {note.state}" for note in characters.notes(p))
        if p.cards_in_front():
            extra += f"  In front: {', '.join(in_front.label(state, r, seat) for r in p.cards_in_front())}"
        if p.kept:
            extra += f"  Kept: {', '.join(p.kept)}"
        if p.tokens():
            extra += f"  Debuffs: {', '.join(d.replace('_', ' ') for d in p.tokens())}"
        if characters.tracks_toward(p):
            lines.append(f" {mark} {p.name:<12} tracks: " + "; ".join(f"toward {n}: Fortitude {f}, Alcohol {a}"
                                                                     for n, (f, a) in characters.tracks_toward(p).items())
                         + f"  (deck {state.otto_deck}, discard {state.otto_discard})"
                         + (f"  In front: {', '.join(in_front.label(state, r, seat) for r in p.cards_in_front())}"
                            if p.cards_in_front() else ""))
            continue
        status = "  OUT" if p.out else ""
        lines.append(f" {mark} {p.name:<12} Fortitude {p.fortitude:>2}  Alcohol {p.alcohol:>2}  Gold {p.gold:>3}  "
                     f"Drink Me! {p.drink_me}{extra}{status}")
    lines.append(f"   Inn {state.inn:+d} (net Gold in)  Pot {state.pot}  Drink Deck {state.drink_deck}  "
                 f"Drink discard {state.drink_discard}")
    for special in (round_text(state), contest_text(state)):
        if special:
            lines.append("   " + special)
    if state.prizes_inn is not None:
        held = "; ".join(f"{k}: {', '.join(v)}" for k, v in state.prizes.items() if v) or "none held"
        lines.append(f"   Prizes in the Inn: {', '.join(state.prizes_inn) or 'none'}; Prize Bin: "
                     f"{', '.join(state.prize_bin) or 'empty'}; {held}")
    if state.bar_deck is not None:
        lines.append(f"   Bar Deck: {state.bar_deck} cards")
    if state.chain:
        lines.append(chain_text(state, cards))
    if state.choice is not None:
        lines.append(f"   Waiting for {choice_text(state)}")
    if state.owed_discards:
        lines.append("   Owed: " + "; ".join(
            f"{state.players[o['seat']].name} discards {count_of(o['count'], 'card')}{' at random' if o['random'] else ''}"
            f" (for {o['source']})" for o in state.owed_discards))
    if state.answers:
        lines.append("   Table's answers: " + "; ".join(answer_words(key, value, cards) for key, value in state.answers.items()))
    if state.over:
        lines.append(f"   Game over: {state.winner} wins." if state.winner else f"   Game over: a tie between {listed(state.tie)}.")
    return "\n".join(lines)


def choice_text(state: GameState) -> str:
    """The choice the referee waits for: whose, for which card, the options numbered, how to say it."""
    from referee.games.rdi.choices import answer_forms, numbered

    choice = state.choice
    return (f"{state.players[choice.chooser].name}'s choice for {choice.card}: {numbered(choice)} "
            f"({answer_forms(state, choice)})")


def round_text(state: GameState) -> str:
    round_ = state.round
    if round_ is None:
        return ""
    names = lambda seats: ", ".join(state.players[s].name for s in seats) or "nobody"  # noqa: E731
    control = state.players[round_.control].name if round_.control is not None else "nobody"
    turn = state.players[round_.next_actor].name if round_.next_actor is not None and round_.started else "-"
    text = (f"Round of Gambling: pot {state.pot}, in control {control}, to act {turn}, passed {names(round_.passes)}, "
            f"left {names(round_.left)}")
    if round_.spent:
        text += f", go spent on a Negated card {names(round_.spent)}"
    if round_.needs_cheating:
        text += ", only a Cheating Card takes control"
    if state.pot_prize:
        text += f", Prize {state.pot_prize}"
    return text


def contest_text(state: GameState) -> str:
    contest = state.contest
    if contest is None:
        return ""
    shown = ", ".join(f"{state.players[e.player].name} {e.alcohol if e.alcohol is not None else '?'}"
                      for e in state.chain if e.group == "contest" and e.copy_of is None)
    waiting = contest.order[contest.next:]
    more = f"; still to reveal: {', '.join(state.players[s].name for s in waiting)}" if waiting else ""
    return f"Drinking Contest (pass {contest.repeat}): {shown or 'nothing revealed yet'}{more}"


def mechanics_text(state: GameState) -> str:
    """One short mark per character mechanic in play, for the toolbar."""
    marks = []
    for p in state.players:
        marks += [f"{p.name} {words}" for words, _ in characters.marks(p)]
        if p.potions:
            marks.append(f"{p.name} Potion {'/'.join(p.potions)}")
        marks += [note.mechanic for note in characters.notes(p)]
        if characters.tracks_toward(p):
            marks.append("Otto " + " ".join(f"{n[:6]} {f}/{a}" for n, (f, a) in characters.tracks_toward(p).items()))
        if p.tokens():
            marks.append(f"{p.name} {'+'.join(d.replace('_', ' ') for d in p.tokens())}")
    return ", ".join(marks)


def toolbar(state: GameState, cards: CardDB | None = None) -> str:
    chain = " ▸ ".join(e.name if len(e.name) <= 40 else e.name[:39] + "…" for e in state.chain) or "nothing waiting"
    waiting = f"waiting for {choice_text(state)}" if state.choice is not None else ""
    special = " · ".join(t for t in (waiting, round_text(state), contest_text(state), mechanics_text(state)) if t)
    return (f"{state.players[state.active].name} · {PHASE_NAMES[state.phase]} · deck {state.drink_deck} · "
            f"pot {state.pot} · " + (f"{special} · " if special else "") + f"chain: {chain}")


def summary(state: GameState, cards: CardDB | None = None) -> dict:
    from referee.games.rdi.toolbar import next_to_decide, waiting_words

    round_ = state.round
    return {
        "game": GAME,
        "rules": state.rules,
        "turn": state.turn,
        "players": [{"name": p.name, "character": p.character, "fortitude": p.fortitude, "alcohol": p.alcohol,
                     "gold": p.gold, "out": p.out, "drink_me": p.drink_me, **characters.summary_fields(p),
                     "potions": p.potions,
                     "front": in_front.names(p), "kept": p.kept, "debuffs": p.tokens(),
                     "tracks": characters.tracks_toward(p) or None} for p in state.players],
        "active": state.players[state.active].name,
        "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase],
        "inn": state.inn,
        "pot": state.pot,
        "drink_deck": state.drink_deck,
        "drink_discard": state.drink_discard,
        "chain": [{"kind": e.kind, "player": state.players[e.player].name, "card": e.name,
                   "target": state.players[e.target].name if e.target is not None else None,
                   "alcohol": e.alcohol if e.kind == "drink" else None} for e in state.chain],
        "winner": state.winner,
        "tie": state.tie,
        "round": None if state.round is None else {
            "starter": state.players[state.round.starter].name,
            "control": state.players[state.round.control].name if state.round.control is not None else None,
            "left": [state.players[s].name for s in state.round.left],
            "passed": [state.players[s].name for s in state.round.passes],
            "spent": [state.players[s].name for s in state.round.spent],
            "to_act": state.players[round_.next_actor].name if round_.next_actor is not None and round_.started
            else None,
            "prize": state.pot_prize},
        "to_decide": next_to_decide(state),  # step mode: the next to respond to the top of the chain, or pass
        "waiting": waiting_words(state),
        "contest": contest_text(state) or None,
        "choice": None if state.choice is None else {
            "chooser": state.players[state.choice.chooser].name, "card": state.choice.card,
            "when": "playing" if state.choice.at == "play" else "resolving",
            "options": [{"number": i + 1, "words": words} for i, words, _ in state.choice.options]},
        "bar_deck": state.bar_deck,
        "prizes": {"inn": state.prizes_inn, "bin": state.prize_bin, "held": state.prizes} if state.prizes_inn is not None else None,
    }


def completion_words(state: GameState, cards: CardDB | None = None) -> list[str]:
    return [p.name for p in state.players] + ["plays", "orders a drink for", "reveals", "resolve", "passes",
                                              "end turn", "chaser", "set", "can", "undo", "redo", "why", "state",
                                              "chain", "step", "answer", "chooses"]


# What the prompt completes after a player's name, for every character; each character adds its own.
COMMON_VERBS = ("plays", "orders a drink for", "reveals", "passes", "draws", "ends turn", "splits the", "chooses",
                "uses", "leaves the round", "takes gold", "draws 2")


def announcement_verbs(state: GameState, seat: int) -> list[str]:
    """What a player may announce, as completion offers it: every player's verbs, then their character's."""
    return [*COMMON_VERBS, *characters.own_verbs(state.players[seat].character)]


def at_table(state: GameState, card) -> bool:
    """Whether a card is in a deck this game uses: a player's character's, the shared decks (the Prize Cards
    only under the Prize variant)."""
    if card.deck == "Prize Cards":
        return state.prizes_inn is not None
    return card.owner in ("shared", "unknown") or any(card.owner == p.character for p in state.players)


def speaker(state: GameState) -> str | None:
    """Who most likely speaks next: the player to act in a Round of Gambling, otherwise the active player."""
    r = state.round
    seat = r.next_actor if r is not None and r.started and r.next_actor is not None else state.active
    return state.players[seat].name if seat is not None else None


def toolbar_rows(state: GameState, cards: CardDB | None = None) -> list:
    from referee.games.rdi.toolbar import toolbar_rows as rows

    return rows(state, cards)


def figures(state: GameState, cards: CardDB | None = None) -> dict[str, dict[str, object]]:
    """Each player's figures and the table's, by short label, for a ruling's list of what changed."""
    out: dict[str, dict[str, object]] = {}
    for p in state.players:
        if characters.tracks_toward(p):
            out[p.name] = {f"→{n}": f"{f}/{a}" for n, (f, a) in characters.tracks_toward(p).items()}
            continue
        out[p.name] = {"F": p.fortitude, "A": p.alcohol, "G": p.gold, "out": p.out}
        out[p.name].update({name.title(): value for name, value in characters.tracks(p).items()})
    out[""] = {"pot": state.pot, "inn": state.inn}
    return out
