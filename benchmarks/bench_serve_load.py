"""Table view under load: held connections, slow clients, a burst of requests, a stop, running out of files.

Starts `referee serve` as a real process and, from one asyncio client:
holds 200 connections at once (event streams as open pages, half-sent request
heads, idle connections), sends 1,000 requests (half while they are held, half
after), times the stop after SIGTERM with pages open, then starts a second
server allowed only 64 open files (and one allowed 1,024), opens 150 (1,100)
connections to exhaust them and times how soon it answers once they close. Prints figures, asserts nothing.

Run: python benchmarks/bench_serve_load.py
"""

from __future__ import annotations

import asyncio
import queue
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from referee.core.carddb import load_cards
from referee.core.session import Session
from referee.core.store import Store

STREAMS, HALF_SENT, IDLE = 40, 60, 100  # 200 connections held at once
REQUESTS = 1000
WORKERS = 16
EXHAUSTION = ((64, 150), (1024, 1100))  # open files allowed, connections opened


class Server:
    """`referee serve` on a free port, its output collected as it comes."""

    def __init__(self, store: Path, fd_limit: int | None = None):
        def limit():
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

        self.process = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--store", str(store),
                                         "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        preexec_fn=limit if fd_limit else None)
        self.lines: queue.Queue = queue.Queue()
        self.said: list[str] = []
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.process.stdout], daemon=True).start()
        while True:
            line = self.read(30)
            if "http://" in line:
                self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
                return

    def read(self, timeout: float) -> str:
        line = self.lines.get(timeout=timeout)
        self.said.append(line)
        return line

    def output(self) -> str:
        while not self.lines.empty():
            self.said.append(self.lines.get())
        return "".join(self.said)

    def stop(self, sig=signal.SIGTERM) -> float:
        start = time.monotonic()
        self.process.send_signal(sig)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return time.monotonic() - start

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


async def request(port: int, path: str = "/state", timeout: float = 10.0) -> tuple[int, float]:
    """One request on a fresh connection: its status (0: failed) and seconds taken."""
    start = time.perf_counter()
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            status = int((await reader.readline()).split()[1])
            await reader.read()
            writer.close()
            return status, time.perf_counter() - start
    except (OSError, TimeoutError, ValueError, IndexError):
        return 0, time.perf_counter() - start


async def burst(port: int, count: int) -> list[tuple[int, float]]:
    results: list[tuple[int, float]] = []
    todo = iter(range(count))

    async def worker():
        for _ in todo:
            results.append(await request(port))

    await asyncio.gather(*(worker() for _ in range(WORKERS)))
    return results


async def open_stream(port: int):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    status = int((await reader.readline()).split()[1])
    if status == 200:
        while not (await reader.readline()).startswith(b"data: "):
            pass
    return status, writer


async def open_half_sent(port: int):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
    await writer.drain()
    return reader, writer


async def closed_by_server(reader, timeout: float) -> float | None:
    """Seconds until the server closes a connection, or None if it keeps it."""
    start = time.monotonic()
    try:
        async with asyncio.timeout(timeout):
            while await reader.read(1024):
                pass
        return time.monotonic() - start
    except (TimeoutError, OSError):
        return None


def figures(name: str, results: list[tuple[int, float]]) -> None:
    answered = sum(1 for status, _ in results if status == 200)
    busy = sum(1 for status, _ in results if status == 503)
    failed = len(results) - answered - busy
    times = sorted(seconds for status, seconds in results if status)
    p50 = statistics.median(times) * 1000 if times else float("nan")
    p95 = times[int(len(times) * 0.95) - 1] * 1000 if times else float("nan")
    print(f"  {name}: {len(results)} requests: {answered} answered, {busy} 503, {failed} failed; "
          f"p50 {p50:.1f} ms, p95 {p95:.1f} ms")


async def load(port: int) -> list:
    streams = [await open_stream(port) for _ in range(STREAMS)]
    print(f"  event streams opened: {sum(1 for status, _ in streams if status == 200)} of {STREAMS}")
    half = [await open_half_sent(port) for _ in range(HALF_SENT)]
    idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(IDLE)]
    held = len(streams) + len(half) + len(idle)
    print(f"  connections held: {held}")
    figures("while held", await burst(port, REQUESTS // 2))
    dropped = await asyncio.gather(*(closed_by_server(reader, 15) for reader, _ in half + idle))
    timed_out = [seconds for seconds in dropped if seconds is not None]
    print(f"  half-sent and idle connections closed by the server: {len(timed_out)} of {len(dropped)}"
          + (f", after {max(timed_out):.1f} s at most" if timed_out else ""))
    for _, writer in half + idle:
        writer.close()
    figures("after", await burst(port, REQUESTS - REQUESTS // 2))
    return [writer for _, writer in streams]


async def exhaust(port: int, count: int) -> None:
    held = []
    for _ in range(count):
        try:
            held.append(await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 2))
        except (OSError, TimeoutError):
            break
    status, seconds = await request(port, timeout=5)
    print(f"  {len(held)} connections opened; a request while they are held: {status or 'no answer'} "
          f"after {seconds * 1000:.0f} ms")
    await asyncio.sleep(1.5)
    for _, writer in held:
        writer.close()
    start = time.monotonic()
    while True:
        status, _ = await request(port, timeout=2)
        if status == 200 or time.monotonic() - start > 30:
            break
        await asyncio.sleep(0.1)
    print(f"  answered again {time.monotonic() - start:.2f} s after they closed (status {status or 'none'})")


def main() -> None:
    cards = load_cards()
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "games.sqlite3"
        Session(cards, Store(store)).handle("new rdi Phrenk Kaylin Wizgille Serena")

        print(f"Load: {STREAMS} event streams + {HALF_SENT} half-sent heads + {IDLE} idle connections, "
              f"{REQUESTS} requests from {WORKERS} clients")
        server = Server(store)
        streams = asyncio.run(load(server.port))
        print(f"  stop after SIGTERM with {STREAMS} pages open: {server.stop():.2f} s "
              f"(exit status {server.process.returncode})")
        del streams
        output = server.output()
        print(f"  tracebacks in the server's output: {output.count('Traceback')}; what it said:")
        for line in output.splitlines()[2:]:
            print("    " + line)

        for fd_limit, count in EXHAUSTION:
            print(f"Running out of files: a server allowed {fd_limit} open files, {count} connections")
            server = Server(store, fd_limit=fd_limit)
            asyncio.run(exhaust(server.port, count))
            stop = server.stop()
            output = server.output()
            print(f"  stop after SIGTERM: {stop:.2f} s (exit status {server.process.returncode}); "
                  f"tracebacks: {output.count('Traceback')}; what it said:")
            for line in output.splitlines()[2:]:
                print("    " + line)


if __name__ == "__main__":
    main()
