"""Giants War engine speed over random, well-formed games: prints figures, asserts nothing.

Plays random three-player games (the tests' RandomPlayer) until 1,000 announcements have been
ruled, and reports the median and 95th-percentile time of one `Session.handle` call.

Run: python benchmarks/bench_tda.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "tda"))

from tda_helpers import RandomPlayer  # noqa: E402

from referee.core.carddb import load_cards  # noqa: E402


def main(count: int = 1000) -> None:
    cards = load_cards()
    times: list[float] = []
    seed = 0
    while len(times) < count:
        player = RandomPlayer(cards, random.Random(seed))
        seed += 1
        while len(times) < count and not player.session.state.over:
            start = time.perf_counter()
            player.step()
            times.append(time.perf_counter() - start)
    times.sort()
    print(f"{len(times)} announcements over {seed} games")
    print(f"median {statistics.median(times) * 1000:.2f} ms, p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, "
          f"max {times[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
