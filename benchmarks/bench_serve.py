"""Table view latency: from an announcement saved by a session to the update the page receives.

Target (table view issue): the page changes within one second of each accepted
announcement. Starts `referee serve` as a real process, listens to its event
stream as the page does, and times 20 announcements and 20 undos. Also times
building one view of a long game. Prints figures, asserts nothing.

Run: python benchmarks/bench_serve.py
"""

from __future__ import annotations

import http.client
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from referee.core.carddb import load_cards
from referee.core.session import Session
from referee.core.store import Store
from referee.serve import snapshot


def next_event(response) -> bytes:
    """Read one server-sent event (skipping keep-alive comments)."""
    while True:
        line = response.fp.readline()
        if line.startswith(b"data: "):
            response.fp.readline()  # the blank line that ends the event
            return line


def main() -> None:
    cards = load_cards()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.sqlite3"
        session = Session(cards, Store(path))
        session.handle("new rdi Phrenk Kaylin Wizgille Serena")
        server = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--store", str(path), "--port", "0"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/events")
            response = connection.getresponse()
            next_event(response)
            saved, undone = [], []
            for gold in range(20):
                start = time.perf_counter()
                session.handle(f"set Kaylin gold {gold}")
                next_event(response)
                saved.append(time.perf_counter() - start)
                start = time.perf_counter()
                session.handle("undo")
                next_event(response)
                undone.append(time.perf_counter() - start)
            connection.close()
        finally:
            server.terminate()
            server.wait()
        for name, times in (("announcement", saved), ("undo", undone)):
            print(f"{name} -> page update: median {statistics.median(times) * 1000:.0f} ms, "
                  f"max {max(times) * 1000:.0f} ms over {len(times)} (target: under 1000 ms; polls every 250 ms)")

        for number in range(1000):
            session.handle(f"set Kaylin gold {number % 30}")
        start = time.perf_counter()
        for _ in range(20):
            snapshot.table_view(path, session.game_id, cards)
        print(f"one view of a game with {session.head} announcements saved: "
              f"{(time.perf_counter() - start) / 20 * 1000:.1f} ms")


if __name__ == "__main__":
    main()
