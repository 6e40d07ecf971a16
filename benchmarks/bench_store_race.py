"""One writer per game, and the store as the truth: prints figures, asserts nothing
(tests/test_store_safety.py runs a small fixed slice of both).

1. The race. Pairs of real `referee replay FILE --save` processes on one saved game, each replaying
   `resume 1` and two corrections of its own. Each reads its file from a FIFO, so neither starts before
   the benchmark opens both; the second is released 0-400 ms after the first (seeded), so most overlap
   and some find the first done. Every other pair starts with the lease left by a referee killed with
   SIGKILL, to be recovered. Prints: pairs raced;
   pairs where one wrote and the other was told who holds the game; pairs where the second resumed only
   after the first had finished and wrote after its rows; pairs with two writers at once (must be 0);
   lines reported saved but missing from the store (must be 0); pairs where neither could write (must be 0).
2. The store changed under a running game. A real process plays (a Session fed lines on standard input);
   between two lines the store is deleted, replaced or overwritten in place. For each change: whether the
   first line after it (or leaving, when it comes last) said so, and how many lines reported saved are
   missing from the store the process names at the end (must be 0).

Run: python benchmarks/bench_store_race.py [--pairs 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.core.carddb import load_cards  # noqa: E402
from referee.core.session import Session  # noqa: E402
from referee.core.store import Store  # noqa: E402

SETUP = "new rdi Ann Bob Cat"
BUSY = "is open for writing in another referee (process"
ENV = dict(os.environ, PYTHONPATH=str(ROOT))  # the processes run this checkout's referee


def _python(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, env=ENV, text=True, **kwargs)


# --- 1. the race ------------------------------------------------------------------------------
@dataclass
class Race:
    pairs: int = 0
    stale: int = 0  # pairs that began with a killed referee's lease
    told_busy: int = 0  # one wrote; the other was told who holds the game
    one_after_other: int = 0  # both wrote, the second after the first had finished
    two_writers: int = 0  # both wrote at once (their rows interleave, or one's are gone)
    missing: int = 0  # lines reported saved that the store does not hold
    nobody: int = 0  # neither could write
    errors: list[str] = field(default_factory=list)  # a traceback or an unexpected exit, with its output


@dataclass
class Writer:
    lines: list[str]
    out: str = ""
    code: int | None = None

    def saved(self) -> list[str]:
        """The corrections this process said it saved: its replay's blocks whose ruling was not refused."""
        said = []
        for block in self.out.split("\n> ")[1:]:
            line, _, ruling = block.partition("\n")
            if line in self.lines and not ruling.startswith("✗"):
                said.append(line)
        return said

    def resumed_after(self) -> int | None:
        marker = "Resumed game 1 after "
        if marker not in self.out:
            return None
        return int(self.out.split(marker, 1)[1].split(" ", 1)[0])


def _killed_referee_lease(store: Path) -> None:
    """A referee that resumed the game, holding its lease, then killed with SIGKILL: the lease stays behind."""
    holder = _python("-c", "import sys\nfrom referee.core.carddb import load_cards\n"
                     "from referee.core.session import Session\nfrom referee.core.store import Store\n"
                     f"s = Session(load_cards(), Store({str(store)!r}))\ns.resume(1)\nprint('held', flush=True)\n"
                     "sys.stdin.read()\n", stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdout.readline().strip() == "held"
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()


def _open_when_read(fifo: Path, deadline: float) -> int:
    """The FIFO's writing end, once its reader has opened it (before that, opening it fails with ENXIO)."""
    while True:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno != errno.ENXIO or time.monotonic() > deadline:
                raise
            time.sleep(0.002)


def race_pair(folder: Path, number: int, rng: random.Random, cards, stale: bool) -> tuple[Writer, Writer, list[str]]:
    """One race; the two writers, and the lines the store holds for the game afterwards (up to its head)."""
    store = folder / f"race{number}.sqlite3"
    session = Session(cards, Store(store))
    session.handle(SETUP)
    session.close()
    session.store.close()
    if stale:
        _killed_referee_lease(store)
    writers = [Writer([f"set Ann gold {2 * n + 1}", f"set Bob gold {2 * n + 2}"]) for n in (1, 2)]
    fifos, procs = [], []
    for n, writer in enumerate(writers):
        fifo = folder / f"race{number}-{n}.fifo"
        os.mkfifo(fifo)
        fifos.append(fifo)
        # `replay` reads only regular files or standard input: the shell opens the FIFO as its input, and that
        # open waits until the benchmark releases both writers
        procs.append(subprocess.Popen(["sh", "-c", 'exec "$0" -m referee replay - --save --store "$1" < "$2"',
                                       sys.executable, str(store), str(fifo)], cwd=ROOT, env=ENV, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
    deadline = time.monotonic() + 60
    ends = [_open_when_read(fifo, deadline) for fifo in fifos]
    order = [0, 1] if rng.random() < 0.5 else [1, 0]
    for position, n in enumerate(order):
        if position:
            time.sleep(rng.uniform(0, 0.4))
        os.write(ends[n], ("resume 1\n" + "\n".join(writers[n].lines) + "\n").encode())
        os.close(ends[n])
    for writer, proc in zip(writers, procs):
        writer.out, _ = proc.communicate(timeout=120)
        writer.code = proc.returncode
    saved = Store(store)
    loaded = saved.load(1)
    saved.close()
    return writers[0], writers[1], [line for line, _, _ in loaded.rows[: loaded.head + 1]]


def classify(first: Writer, second: Writer, stored: list[str]) -> tuple[str, int]:
    """What one race came to: ``told busy``, ``one after the other``, ``two writers`` or ``nobody``; and how
    many lines a writer reported saved that the store does not hold."""
    said = [first.saved(), second.saved()]
    missing = sum(line not in stored for lines in said for line in lines)
    wrote = [(writer, lines) for writer, lines in zip((first, second), said) if lines]
    if not wrote:
        return "nobody", missing
    if len(wrote) == 1:
        other = second if wrote[0][0] is first else first
        return ("told busy" if BUSY in other.out else "not told"), missing
    (one, one_lines), (two, two_lines) = sorted(wrote, key=lambda w: stored.index(w[1][0]) if w[1][0] in stored else -1)
    # One after the other: the later one resumed after all of the earlier one's rows, and wrote after them.
    in_turn = stored[1:] == one_lines + two_lines and two.resumed_after() == len(one_lines)
    return ("one after the other" if in_turn else "two writers"), missing


def race(pairs: int, seed: int, cards) -> Race:
    rng = random.Random(seed)
    figures = Race()
    counts = {"told busy": "told_busy", "one after the other": "one_after_other", "two writers": "two_writers",
              "nobody": "nobody"}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for number in range(pairs):
            stale = number % 2 == 1
            first, second, stored = race_pair(folder, number, rng, cards, stale)
            figures.pairs += 1
            figures.stale += stale
            for writer in (first, second):
                if "Traceback" in writer.out or writer.code not in (0, 1):
                    figures.errors.append(f"exit {writer.code}:\n{writer.out}")
            outcome, missing = classify(first, second, stored)
            figures.missing += missing
            if outcome == "not told":
                figures.errors.append(f"the writer that did not write was not told why:\n{first.out}\n{second.out}")
            else:
                setattr(figures, counts[outcome], getattr(figures, counts[outcome]) + 1)
    return figures


# --- 2. the store changed under a running game ------------------------------------------------
PLAYER = """
import json, sys
from referee.core.carddb import load_cards
from referee.core.session import Session
from referee.core.store import Store
session = Session(load_cards(), Store(sys.argv[1]))
for line in sys.stdin:
    line = line.rstrip("\\n")
    if line == "bye":
        said = session.farewell()
        print(json.dumps({"said": said, "unsaved": session.unsaved, "store": str(session.store.path),
                          "game": session.game_id}), flush=True)
        break
    ruling = session.handle(line)
    print(json.dumps({"line": line, "saved": ruling.accepted, "notices": session.notices, "message": ruling.message,
                      "read_only": session.read_only}), flush=True)
    session.notices.clear()
"""


def _garbage(path: Path, rng: random.Random) -> bytes:
    return bytes(rng.randrange(256) for _ in range(9000))


def _replace(path: Path, data: bytes) -> None:
    spare = path.with_name(path.name + ".new")
    spare.write_bytes(data)
    os.replace(spare, path)


def _write_in_place(path: Path, data: bytes, offset: int | None = None) -> None:
    with open(path, "r+b" if offset is not None else "wb") as handle:
        handle.seek(offset or 0)
        handle.write(data)


# Each change: what it does to the store at ``path`` (``other`` is another referee store's bytes).
CHANGES = {
    "deleted": lambda path, other, rng: path.unlink(),
    "deleted with its journal": lambda path, other, rng: [Path(f"{path}{end}").unlink(missing_ok=True)
                                                          for end in ("", "-wal", "-shm")],
    "replaced by garbage": lambda path, other, rng: _replace(path, _garbage(path, rng)),
    "replaced by another store": lambda path, other, rng: _replace(path, other),
    "overwritten in place by garbage": lambda path, other, rng: _write_in_place(path, _garbage(path, rng)),
    "garbage written into its middle": lambda path, other, rng: _write_in_place(
        path, _garbage(path, rng)[:4096], os.path.getsize(path) // 2),
    "overwritten in place by another store": lambda path, other, rng: _write_in_place(path, other),
}


@dataclass
class Changed:
    change: str
    last: bool  # the change came after the last line, just before leaving
    told: bool = False  # the first line after it (or leaving) said so
    saved: int = 0  # lines reported saved in all
    missing: int = 0  # of them, not in the store the process names at the end
    store: str = ""


def change_under_game(folder: Path, change: str, last: bool, rng: random.Random, other: bytes) -> Changed:
    path = folder / f"{change.replace(' ', '-')}{'-last' if last else ''}.sqlite3"
    before = [SETUP] + [f"set Ann gold {n}" for n in range(1, 40)]  # enough rows for a middle to hit
    after = [] if last else ["set Bob gold 4", "undo", "set Cat gold 5", "set Bob gold 6"]
    proc = _python("-c", PLAYER, str(path), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    result = Changed(change, last)
    said: list[str] = []  # the game's lines as the process reported them kept, undo included

    def say(line: str) -> dict:
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    def play(line: str) -> dict:
        answer = say(line)
        if answer["saved"]:
            result.saved += line != "undo"
            said.pop() if line == "undo" else said.append(line)
        return answer

    try:
        for line in before:
            play(line)
        _checkpoint(path)  # the rows reach the file itself, so there is a middle to damage
        CHANGES[change](path, other, rng)
        for number, line in enumerate(after):
            answer = play(line)
            if number == 0:
                result.told = any("after this window opened it" in text for text in answer["notices"]) or (
                    not answer["saved"] and "after this window opened it" in answer["message"])
        bye = say("bye")
        if last:
            result.told = "after this window opened it" in bye["said"]
        result.store = bye["store"]
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    try:
        store = Store(result.store)
        loaded = store.load(bye["game"])
        kept = [line for line, _, _ in loaded.rows[: loaded.head + 1]]
        store.close()
    except Exception:  # noqa: BLE001 - the named store cannot be read: every line is missing
        kept = []
    agreed = next((n for n, (one, other) in enumerate(zip(said, kept)) if one != other), min(len(said), len(kept)))
    result.missing = len(said) - agreed
    return result


def _checkpoint(path: Path) -> None:
    """What a backup tool may do while the game is open: copy the journal into the file (harmless)."""
    db = sqlite3.connect(str(path))
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()


def store_changes(seed: int) -> list[Changed]:
    rng = random.Random(seed)
    results = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        other_path = folder / "other.sqlite3"
        other = Session(load_cards(), Store(other_path))
        other.handle("new tda Ann Ben Cat")
        other.close()
        other.store.close()
        other_bytes = other_path.read_bytes()
        for change in CHANGES:
            for last in (False, True):
                results.append(change_under_game(folder, change, last, rng, other_bytes))
        shutil.rmtree(folder, ignore_errors=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cards = load_cards()
    started = time.perf_counter()
    figures = race(args.pairs, args.seed, cards)
    print(f"Race of two `referee replay --save` writers ({time.perf_counter() - started:.0f} s): "
          f"{figures.pairs} pairs raced ({figures.stale} from a killed referee's lease); "
          f"{figures.told_busy} one wrote and the other was told who holds the game; "
          f"{figures.one_after_other} the second resumed after the first had finished; "
          f"{figures.two_writers} with two writers at once (must be 0); "
          f"{figures.missing} lines reported saved but missing (must be 0); "
          f"{figures.nobody} where neither could write (must be 0)")
    for error in figures.errors[:5]:
        print("  " + error.replace("\n", "\n  "))
    print("Store changed under a running game (change; told at once; lines reported saved; missing, must be 0):")
    for result in store_changes(args.seed):
        when = "after the last line, before leaving" if result.last else "between two lines"
        print(f"  {result.change}, {when}: {'told' if result.told else 'NOT TOLD'}; {result.saved} saved; "
              f"{result.missing} missing")


if __name__ == "__main__":
    main()
