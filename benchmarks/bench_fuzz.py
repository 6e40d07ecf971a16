"""Fuzz and crash figures: prints counts, asserts nothing (tests/test_fuzz_figures.py runs a short version).

1. Random and half-right lines through the Session, per game (default 100,000 each), with the game's
   invariants checked after every line. Prints how many lines raised a traceback, were refused as an
   internal error, or broke an invariant:
     RDI: Fortitude and Alcohol Content in 0..20, Gold never below 0, the table's Gold (players + Inn + pot)
          unchanged by any accepted line but a `set` correction;
     Giants War: no negative hoard, stakes or hand size; hoards + stakes + the hole's pile equal the gold
          the game started with plus the table's corrections.
   Each line is also typed into the prompt, cut at a random keystroke, in the state the line was typed in:
   Tab's completions, the highlighter and the toolbar at a random width, each of them raw (not behind the
   prompt's never-raise wrappers); prints how many raised or misspelled the line.
2. `referee replay --save` of a 1,000-line game, killed with SIGKILL at random moments (default 50); each
   time the game is resumed from the store and compared with the state after its last committed line.

Run: python benchmarks/bench_fuzz.py [--lines 100000] [--kills 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "tda"))

from prompt_probe import partial, probe  # noqa: E402
from rdi_lines import plausible_lines  # noqa: E402
from tda_helpers import DECK, RandomPlayer  # noqa: E402

from referee.core.carddb import load_cards  # noqa: E402
from referee.core.session import Session  # noqa: E402
from referee.core.store import Store  # noqa: E402

CHARACTERS = ["Phrenk", "Kaylin", "Wizgille", "Serena", "Roxana", "Fiona", "Ann", "Bob"]
RDI_EXTRAS = ["undo", "redo", "why", "state", "chain", "step", "resolve", "end turn", "answer 2", "answer x",
              "Serena tithes", "Serena atones fortitude", "Roxana uses the Smorgasbord", "help", "games"]
TDA_EXTRAS = ["undo", "redo", "why", "state", "score", "done", "yes", "no", "answer 3", "Ann chooses giant stakes",
              "Ben pays", "Ann picks left", "Ann leads", "Ben has 3 cards"]
ATTRS = ["fortitude", "alcohol", "gold", "piety", "hoard", "inn", "pot"]


@dataclass
class Figures:
    lines: int = 0
    tracebacks: int = 0
    internal_errors: int = 0
    invariant_breaks: int = 0
    prompt_failures: int = 0
    games: int = 0
    examples: list = field(default_factory=list)  # (kind, detail, recent lines) of the first few findings

    def note(self, kind: str, detail: str, recent: list[str]) -> None:
        if len(self.examples) < 12:
            self.examples.append((kind, detail, list(recent[-25:])))


def mangle(line: str, rng: random.Random) -> str:
    """A half-right version of a line: a typo, a word dropped or doubled, a stray number or name."""
    words = line.split()
    roll = rng.random()
    if not words:
        return line
    if roll < 0.2:
        i = rng.randrange(len(words))
        w = words[i]
        if len(w) > 1:
            j = rng.randrange(len(w) - 1)
            words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    elif roll < 0.35:
        del words[rng.randrange(len(words))]
    elif roll < 0.5:
        i = rng.randrange(len(words))
        words.insert(i, words[i])
    elif roll < 0.65:
        words.insert(rng.randrange(len(words) + 1), str(rng.randint(-3, 40)))
    elif roll < 0.8:
        words[rng.randrange(len(words))] = rng.choice(CHARACTERS + ["Zed", "on", "with", "for", "the", "a"])
    elif roll < 0.9:
        return line[: rng.randrange(1, len(line) + 1)]
    else:
        words.append(rng.choice(["on Kaylin", "on Ann", "with a Chaser", "for 3", "and Phrenk", '"', "'", "!!", "…"]))
    return " ".join(words)


def noise(rng: random.Random) -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789\"'!?.,;:-–…~éß漢\t"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))


def correction(rng: random.Random, names: list[str]) -> str:
    who = rng.choice(names + ["inn", "pot"])
    return f"set {who} {rng.choice(ATTRS)} {rng.randint(-5, 30)}"


def rdi_new(rng: random.Random) -> str:
    players = rng.sample(CHARACTERS, rng.randint(2, 5))
    return f"new rdi {' '.join(players)} --rules {rng.choice(['gii', 'rdi3'])}"


def rdi_line(session, rng: random.Random, card_names: list[str]) -> str:
    names = [p.name for p in session.state.players]
    roll = rng.random()
    if roll < 0.55:
        return plausible_lines(session, rng, 1)[0]
    if roll < 0.75:
        return mangle(plausible_lines(session, rng, 1)[0], rng)
    if roll < 0.82:
        return rng.choice(RDI_EXTRAS)
    if roll < 0.86:
        return correction(rng, names)
    if roll < 0.93:
        who, card = rng.choice(names), rng.choice(card_names)
        verb = rng.choice(["plays", "reveals", "keeps", "sells", "cooks", "prepares", "chooses", "uses"])
        return f"{who} {verb} {card}" + rng.choice(["", f" on {rng.choice(names)}", " to Ann for 2", f" and {rng.choice(names)}"])
    if roll < 0.96:
        return f"can {rng.choice(names)} play {rng.choice(card_names)}"
    return noise(rng)


def tda_line(player: RandomPlayer, rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.6:
        return player.line()
    if roll < 0.8:
        return mangle(player.line(), rng)
    if roll < 0.88:
        return rng.choice(TDA_EXTRAS)
    if roll < 0.92:
        return correction(rng, player.names)
    if roll < 0.96:
        return f"can {rng.choice(player.names)} play {player.card_text()}"
    return noise(rng)


def rdi_invariants(state) -> list[str]:
    broken = []
    for p in state.players:
        if not 0 <= p.fortitude <= 20:
            broken.append(f"{p.name}'s Fortitude is {p.fortitude}")
        if not 0 <= p.alcohol <= 20:
            broken.append(f"{p.name}'s Alcohol Content is {p.alcohol}")
        if p.gold < 0:
            broken.append(f"{p.name} has {p.gold} Gold")
    if state.pot < 0:
        broken.append(f"the pot holds {state.pot} Gold")
    return broken


def tda_invariants(state) -> list[str]:
    broken = []
    for p in state.players:
        if p.hoard < 0 or p.hand < 0:
            broken.append(f"{p.name}: hoard {p.hoard}, hand {p.hand}")
    if min(state.stakes.values()) < 0 or state.pile < 0:
        broken.append(f"stakes {state.stakes}, pile {state.pile}")
    if state.total_gold() != state.start_gold + state.gold_adjust:
        broken.append(f"gold {state.total_gold()} is not {state.start_gold} + corrections {state.gold_adjust}")
    return broken


def _changes_gold_legitimately(line: str, ruling) -> bool:
    return line.split()[:1] == ["set"] or ruling.code in ("undo", "redo") or line.startswith("new")


WIDTHS = (20, 40, 80, 120, 200)


def fuzz(game: str, count: int, seed: int, cards, prompt: bool = True) -> Figures:
    """``count`` lines of one game through the Session, every invariant checked after each line (and, with
    ``prompt``, each line typed into the prompt's helpers first)."""
    rng = random.Random(seed)
    figures = Figures()
    recent: list[str] = []
    card_names = [c.name for c in cards.cards if c.game == game]

    def start():
        figures.games += 1
        recent.clear()
        if game == "rdi":
            session = Session(cards)
            line = rdi_new(rng)
            recent.append(line)
            session.handle(line)
            return session, None
        player = RandomPlayer(cards, rng, players=tuple(rng.sample(["Ann", "Ben", "Cat", "Dee", "Eve"], rng.randint(2, 5))))
        recent.append(f"new tda {' '.join(player.names)} {DECK}")
        return player.session, player

    session, player = start()
    while figures.lines < count:
        if session.state is None or getattr(session.state, "over", False) or getattr(session.state, "winner", None):
            session, player = start()
            continue
        try:
            line = rdi_line(session, rng, card_names) if game == "rdi" else tda_line(player, rng)
        except Exception:  # the generator itself stumbled on an odd state: not the referee's fault
            line = noise(rng)
        recent.append(line)
        figures.lines += 1
        if prompt:
            for failure in probe(session, partial(line, rng), rng.choice(WIDTHS)):
                figures.prompt_failures += 1
                figures.note("prompt", failure, recent)
        gold_before = session.state.total_gold()
        try:
            ruling = session.handle(line)
        except Exception:
            figures.tracebacks += 1
            figures.note("traceback", traceback.format_exc(limit=6), recent)
            session, player = start()
            continue
        if ruling.code == "internal-error":
            figures.internal_errors += 1
            figures.note("internal error", ruling.message, recent)
            continue
        state = session.state
        broken = rdi_invariants(state) if game == "rdi" else tda_invariants(state)
        if game == "rdi" and ruling.accepted and not _changes_gold_legitimately(line, ruling) \
                and state.total_gold() != gold_before:
            broken.append(f"the table's Gold went from {gold_before} to {state.total_gold()}")
        if broken:
            figures.invariant_breaks += 1
            figures.note("invariant", "; ".join(broken) + f" (ruling: {ruling.message})", recent)
            session, player = start()
    return figures


# --- SIGKILL of a saving replay ------------------------------------------------------------------
CRASH_NEW = "new rdi Phrenk Kaylin Wizgille Serena"


def crash_script(cards, count: int, seed: int) -> list[tuple[list[str], list[dict]]]:
    """``count`` accepted lines (no undo/redo), a new game whenever one ends: for each game its lines and the
    state after each, which is what a saving replay commits, in order."""
    rng = random.Random(seed)
    games: list[tuple[list[str], list[dict]]] = []
    session = Session(cards)
    total = 0
    while total < count:
        if session.state is None or session.state.over:
            session.handle(CRASH_NEW)
            games.append(([CRASH_NEW], [session.state.to_dict()]))
            total += 1
            continue
        line = plausible_lines(session, rng, 1)[0]
        if session.handle(line).accepted:
            games[-1][0].append(line)
            games[-1][1].append(session.state.to_dict())
            total += 1
    return games


def kill_replays(cards, kills: int, count: int, seed: int) -> tuple[int, int, int, float]:
    """(resumes equal to the last committed state, kills, kills that found part of the game committed,
    seconds of one whole replay)."""
    rng = random.Random(seed)
    games = crash_script(cards, count, seed)
    lines = [line for game_lines, _ in games for line in game_lines]
    equal = partway = 0
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "game.txt"
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        env = dict(os.environ, REFEREE_DATA_DIR=folder)

        def launch(store: Path):
            return subprocess.Popen([sys.executable, "-m", "referee", "replay", str(script), "--save", "--keep-going",
                                     "--store", str(store)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

        started = time.perf_counter()
        first = Path(folder) / "whole.sqlite3"
        proc = launch(first)
        while not first.exists() and proc.poll() is None:
            time.sleep(0.005)
        ready = time.perf_counter() - started  # start-up: kills before it only test that nothing is there
        proc.wait()
        whole = time.perf_counter() - started
        for kill in range(kills):
            store = Path(folder) / f"kill{kill}.sqlite3"
            proc = launch(store)
            time.sleep(rng.uniform(ready, whole))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            same, committed = _resumes_exactly(cards, store, games)
            equal += same
            partway += 0 < committed < len(lines)
    return equal, kills, partway, whole


def _resumes_exactly(cards, store: Path, games: list[tuple[list[str], list[dict]]]) -> tuple[bool, int]:
    """(every game before the last is whole and the last resumes to the state after its last committed line,
    how many lines were committed in all)."""
    if not store.exists():
        return True, 0  # killed before the store was made: nothing was committed, nothing is lost
    saved = Store(store)
    ids = sorted(g.id for g in saved.games())
    committed = 0
    for number, game_id in enumerate(ids):
        session = Session(cards, saved)
        session.resume(game_id)
        lines, states = games[number]
        stored = [m.line for m in session.moves]
        committed += len(stored)
        whole = number == len(ids) - 1 or stored == lines
        if not whole or stored != lines[: len(stored)] or session.state.to_dict() != states[session.head]:
            return False, committed
    return True, committed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=100_000, help="lines per game")
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=["rdi", "tda", "both"], default="both")
    args = parser.parse_args()
    cards = load_cards()
    for game in (["rdi", "tda"] if args.game == "both" else [args.game]):
        started = time.perf_counter()
        figures = fuzz(game, args.lines, args.seed, cards)
        print(f"{game}: {figures.lines:,} lines in {figures.games:,} games, {time.perf_counter() - started:.0f} s: "
              f"{figures.tracebacks} tracebacks, {figures.internal_errors} internal errors, "
              f"{figures.invariant_breaks} invariant breaks; prompt: {figures.prompt_failures} failures")
        for kind, detail, recent in figures.examples:
            print(f"  {kind}: {detail}\n    " + "\n    ".join(recent[-12:]))
    if args.kills:
        equal, kills, partway, whole = kill_replays(cards, args.kills, 1000, args.seed)
        print(f"SIGKILL of `replay --save` (1,000 lines, {whole:.1f} s whole): {equal}/{kills} resumes equal the state "
              f"after the last committed line ({partway} kills landed mid-game)")


if __name__ == "__main__":
    main()
