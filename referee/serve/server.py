"""`referee serve`: bind the address, print the page's URL, run the web server until Ctrl-C or SIGTERM.

The socket is bound here rather than by uvicorn so that a busy port is a plain
message (not a traceback) and `--port 0` can print the port the system chose.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import os
import secrets
import signal
import socket
import sys
import time
from pathlib import Path

try:
    import resource  # imported now: out of file descriptors, an import cannot open its file
except ImportError:  # Windows
    resource = None

from referee.core.carddb import CardDB
from referee.core.text import visible
from referee.serve import snapshot

log = logging.getLogger("referee.serve")  # said once a minute at most, without tracebacks (load.LOG_CONFIG)


def _say(text: str, stream=None) -> None:
    """Every line the server prints: the game's title (its players' names) and the store's path made visible,
    flushed at once (the REPL that started it waits for the address)."""
    print(visible(text), file=stream or sys.stdout, flush=True)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: it may be reachable from elsewhere


_BUSY_TEXT = b"The table view has too many connections open; try again when some have closed.\n"
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n"
        b"Connection: close\r\n\r\n%s" % (len(_BUSY_TEXT), _BUSY_TEXT))
RETRY_SECONDS = 0.9  # asyncio tries the listening socket again after a second


class Listener(socket.socket):
    """The listening socket, with a plan for running out of file descriptors.

    Out of them, accept() fails while the connection stays queued. asyncio then
    logs a traceback, and (Python 3.11) keeps trying the rest of its batch of
    up to 2048 accepts, scheduling a retry for every failure: thousands of
    tracebacks and timers, and no answer even after the connections close.
    Instead: a spare descriptor, held from the start, is let go to accept the
    queued connection and answer it 503 at once; without one, one plain line,
    and asyncio's own retry once a second.
    """

    def __init__(self, *args):
        super().__init__(*args)
        self._spare = self._reserve()
        self._short = False
        self._resting_until = 0.0

    @staticmethod
    def _reserve() -> int | None:
        try:
            return os.open(os.devnull, os.O_RDONLY)
        except OSError:
            return None

    def accept(self):
        if time.monotonic() < self._resting_until:
            raise BlockingIOError  # asyncio stops this batch quietly; its retry is already on its way
        try:
            accepted = super().accept()
        except OSError as error:
            if error.errno not in (errno.EMFILE, errno.ENFILE):
                raise
            if not self._short:
                self._short = True
                limit = _open_files_limit()
                log.warning("The table view has run out of open files%s: it turns new connections away (503) "
                            "until some close.", limit)
            if self._turn_away():
                raise BlockingIOError from None  # one answered; asyncio comes back for the next one queued
            self._resting_until = time.monotonic() + RETRY_SECONDS
            raise
        if self._short:
            self._short = False
            log.warning("Open files are free again: the table view takes new connections.")
        if self._spare is None:
            self._spare = self._reserve()
        return accepted

    def _turn_away(self) -> bool:
        """Answer the next queued connection 503 with the spare descriptor; False if there was none to use."""
        if self._spare is None:
            self._spare = self._reserve()  # a descriptor freed since may be had now
            if self._spare is None:
                return False
        os.close(self._spare)
        self._spare = None
        try:
            connection, _ = super().accept()
        except BlockingIOError:
            connection = None  # nothing was queued: Linux runs out of descriptors before it looks
        except OSError:
            self._spare = self._reserve()
            return False
        if connection is not None:
            with connection:
                connection.setblocking(False)
                try:
                    connection.recv(65536)  # the request, read first so that closing sends no reset over the answer
                except OSError:
                    pass
                try:
                    connection.send(BUSY)
                except OSError:
                    pass
        self._spare = self._reserve()
        return True

    def close(self) -> None:
        super().close()
        if self._spare is not None:
            os.close(self._spare)
            self._spare = None


def _open_files_limit() -> str:
    if resource is None:
        return ""
    return f" (this process may have {resource.getrlimit(resource.RLIMIT_NOFILE)[0]})"


def _bind(host: str, port: int) -> socket.socket:
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    sock = Listener(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)  # from here a page that opens early waits in line instead of being refused
    except OSError:
        sock.close()
        raise
    return sock


def _reachable_address(host: str) -> str:
    """The address another device on the table's network would type, for a wildcard bind."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()


def run_table_view(store: Path, game_id: int | None, cards: CardDB, host: str, port: int,
                   process: int | None = None) -> int:
    """Serve the page until Ctrl-C; the exit status (0 after a clean stop, 1 if it could not start).
    Without a game number, or with ``process`` (the REPL that started it), the page follows the game being played
    (by that process, or by any referee), starting from ``game_id`` or the game being played or saved last."""
    follow = game_id is None or process is not None
    try:
        if game_id is None:
            game_id = snapshot.playing_game(store, process) or snapshot.latest_game_id(store)
        title = snapshot.game_title(store, game_id) if game_id is not None else None
    except snapshot.StoreUnreadable as error:
        _say(str(error), sys.stderr)
        return 1
    if game_id is None:
        _say(f"There are no saved games in {store} yet: start one with `referee play rdi NAME NAME ...`.", sys.stderr)
        return 1
    if title is None:
        _say(f"There is no saved game number {game_id} in {store}; `referee games` lists them.", sys.stderr)
        return 1
    try:
        sock = _bind(host, port)
    except (OSError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        _say(f"Cannot listen on {host} port {port}: {reason}. Try another --port (0 lets the system choose).",
             sys.stderr)
        return 1

    from referee.serve import load
    from referee.serve.app import TableSource, create_app

    token = None if is_loopback(host) else secrets.token_urlsafe(16)
    server: load.TableServer | None = None
    source = TableSource(store, game_id, cards, follow, process)
    source.view_json(source.version())  # loads the games and citations now, so the first page opens at once
    app = create_app(source, token, stopping=lambda: bool(server and server.should_exit))
    server = load.TableServer(load.config(app))
    # SIGTERM (as the REPL sends) ends like Ctrl-C, with the last line and status 0: before uvicorn takes the
    # signal over it stops the server as soon as it starts, and afterwards (uvicorn raises it again for the
    # handler it found once it has stopped) there is nothing left to do.
    before = signal.signal(signal.SIGTERM, lambda number, frame: setattr(server, "should_exit", True))
    url = f"http://{_reachable_address(host)}:{sock.getsockname()[1]}/" + (f"?token={token}" if token else "")
    following = ", following the game being played" if follow else ""
    _say(f"Table view of game {game_id} ({title}){following}: {url}")
    _say("Read-only; Ctrl-C stops it." + ("" if token is None else " Anyone with this address can see the game."))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn has already shut down cleanly and passes the Ctrl-C on
    finally:
        sock.close()
        signal.signal(signal.SIGTERM, before)
    _say("Table view stopped.")
    return 0
