"""Engine speed over a generated 1,000-announcement RDI game: prints figures, asserts nothing.

Targets (RDI core issue): median engine time per announcement <= 1 ms; the whole
replay, including committing every announcement to the SQLite store, <= 1 s.

Run: python benchmarks/bench_engine.py
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rdi_lines import plausible_lines  # noqa: E402

from referee.core.carddb import load_cards  # noqa: E402
from referee.core.ruling import REFUSED  # noqa: E402
from referee.core.session import Session  # noqa: E402
from referee.core.store import Store  # noqa: E402

NEW = "new rdi Phrenk Kaylin Wizgille Serena"


def generate(cards, count: int = 1000, seed: int = 11) -> list[str]:
    """Accepted announcements only, starting a new game whenever one ends."""
    rng = random.Random(seed)
    session = Session(cards)
    session.handle(NEW)
    lines = [NEW]
    while len(lines) < count:
        if session.state.over:
            session.handle(NEW)
            lines.append(NEW)
            continue
        line = plausible_lines(session, rng, 1)[0]
        if session.handle(line).verdict != REFUSED:
            lines.append(line)
    return lines


def main() -> None:
    cards = load_cards()
    lines = generate(cards)
    # Engine alone: apply each line to the state, timing only the engine call.
    session = Session(cards)
    times = []
    for line in lines:
        if line == NEW:
            session.handle(line)
            continue
        start = time.perf_counter()
        new_state, ruling = session.engine.apply(session.state, line)
        times.append(time.perf_counter() - start)
        session.state = new_state
    times.sort()
    print(f"{len(lines)} announcements; engine time per announcement: median {statistics.median(times) * 1000:.3f} ms, "
          f"p99 {times[int(len(times) * 0.99)] * 1000:.3f} ms  (target median <= 1 ms)")
    # The whole replay through the session, with every accepted line committed to SQLite.
    with tempfile.TemporaryDirectory() as folder:
        session = Session(cards, Store(Path(folder) / "bench.sqlite3"))
        start = time.perf_counter()
        for line in lines:
            session.handle(line)
        total = time.perf_counter() - start
    print(f"whole replay including the store: {total:.3f} s  (target <= 1 s)")


if __name__ == "__main__":
    main()
