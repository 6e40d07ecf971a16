"""The table view under load: `referee serve` as a real process, driven by one asyncio client.

200 connections held at once (open pages, half-sent request heads, idle
connections) and 1,000 requests; then a server allowed only 64 open files.
Bounds are generous: the figures are benchmarks/bench_serve_load.py's.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from referee.core.session import Session
from referee.core.store import Store
from referee.serve.load import HEAD_SECONDS, MAX_CONNECTIONS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_serve_load import Server  # noqa: E402  (one way to run `referee serve` for the benchmark and the test)

STREAMS, HALF_SENT, IDLE = 40, 60, 100


@pytest.fixture
def store(cards, tmp_path) -> tuple[Path, Session]:
    path = tmp_path / "g.sqlite3"
    session = Session(cards, Store(path))
    assert session.handle("new rdi Phrenk Kaylin Wizgille Serena").accepted
    return path, session


async def get(port: int, path: str = "/state", host: str = "127.0.0.1", timeout: float = 10.0) -> tuple[int, bytes]:
    """One request on its own connection: the status (0 if it failed) and the body."""
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            response = await reader.read()
            writer.close()
        return int(response.split(b" ", 2)[1]), response.partition(b"\r\n\r\n")[2]
    except (OSError, TimeoutError, ValueError, IndexError):
        return 0, b""


async def burst(port: int, count: int, workers: int = 16) -> list[tuple[int, bytes]]:
    results: list[tuple[int, bytes]] = []
    todo = iter(range(count))

    async def worker():
        for _ in todo:
            results.append(await get(port))

    await asyncio.gather(*(worker() for _ in range(workers)))
    return results


async def next_event(reader, timeout: float = 5.0) -> bytes:
    async with asyncio.timeout(timeout):
        while not (line := await reader.readline()).startswith(b"data: "):
            assert line, "the stream ended"
        return line


async def open_stream(port: int):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert (await reader.readline()).startswith(b"HTTP/1.1 200")
    await next_event(reader)
    return reader, writer


async def closed_by_server(reader, timeout: float) -> bool:
    try:
        async with asyncio.timeout(timeout):
            while await reader.read(1024):
                pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_200_connections_and_1000_requests_then_a_prompt_stop(store):
    path, session = store
    server = Server(path)

    async def load():
        streams = [await open_stream(server.port) for _ in range(STREAMS)]
        half_sent = []
        for _ in range(HALF_SENT):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the rest
            half_sent.append((reader, writer))
        idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(IDLE)]
        assert STREAMS + len(half_sent) + len(idle) == 200

        # Beyond the cap: a plain 503, at once, for everything asked while they are held.
        status, body = await get(server.port)
        assert (status, body) == (503, b"Service Unavailable")
        held = await burst(server.port, 500)
        assert {status for status, _ in held} <= {200, 503} and sum(status == 503 for status, _ in held) >= 400

        # The open pages still follow the game.
        session.handle("set Kaylin gold 7")
        for reader, _ in streams:
            assert b'"gold": 7' in await next_event(reader)

        # The half-sent heads and idle connections are let go; the pages are not.
        dropped = await asyncio.gather(*(closed_by_server(reader, HEAD_SECONDS + 5) for reader, _ in half_sent + idle))
        assert all(dropped)
        for _, writer in half_sent + idle:
            writer.close()
        after = await burst(server.port, 500)
        assert [status for status, _ in after] == [200] * 500
        assert (await get(server.port, "/", host="attacker.example"))[0] == 403  # still no DNS rebinding
        return streams

    try:
        streams = asyncio.run(load())
        seconds = server.stop()
    finally:
        server.kill()
    output = server.output()
    assert seconds < 2.0, (seconds, output)
    assert server.process.returncode == 0 and "Table view stopped." in output, output
    assert "Traceback" not in output, output
    assert output.count(f"More than {MAX_CONNECTIONS} connections are open") == 1, output
    del streams


def test_running_out_of_file_descriptors_is_one_plain_line_and_passes(store):
    path, _ = store
    server = Server(path, fd_limit=64)

    async def exhaust():
        held = []
        for _ in range(150):  # more than 64 descriptors, fewer than the cap of connections
            try:
                held.append(await asyncio.wait_for(asyncio.open_connection("127.0.0.1", server.port), 2))
            except (OSError, TimeoutError):
                break
        assert len(held) > 64
        await asyncio.sleep(0.5)  # the queue drained: out of descriptors, Linux refuses accept() before it looks
        status, body = await get(server.port, timeout=0.8)  # answered at once, not after a second of rest
        assert status == 503 and b"too many connections" in body
        for _, writer in held:
            writer.close()
        start = time.monotonic()
        while (await get(server.port, timeout=2))[0] != 200:
            assert time.monotonic() - start < 5, "no answer after the connections closed"
            await asyncio.sleep(0.05)
        assert [status for status, _ in await burst(server.port, 50, workers=4)] == [200] * 50

    try:
        asyncio.run(exhaust())
        seconds = server.stop()
    finally:
        server.kill()
    output = server.output()
    assert "Traceback" not in output and "Errno" not in output, output
    assert output.count("run out of open files (this process may have 64)") == 1, output
    assert "Open files are free again" in output, output
    assert seconds < 2.0 and server.process.returncode == 0, (seconds, output)


def test_sigterm_as_soon_as_the_address_is_printed_still_stops_it(store):
    path, _ = store
    server = Server(path)  # returns as soon as the address line is read: before uvicorn may hold the signal
    try:
        seconds = server.stop()
    finally:
        server.kill()
    output = server.output()
    assert seconds < 2.0 and server.process.returncode == 0, (seconds, output)
    assert "Table view stopped." in output and "Traceback" not in output, output
