"""`referee serve`: bind the address, print the page's URL, run the web server until Ctrl-C.

The socket is bound here rather than by uvicorn so that a busy port is a plain
message (not a traceback) and `--port 0` can print the port the system chose.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import sys
from pathlib import Path

from referee.core.carddb import CardDB
from referee.core.text import visible
from referee.serve import snapshot


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


def _bind(host: str, port: int) -> socket.socket:
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
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


def run_table_view(store: Path, game_id: int | None, cards: CardDB, host: str, port: int) -> int:
    """Serve the page until Ctrl-C; the exit status (0 after a clean stop, 1 if it could not start)."""
    try:
        game_id = game_id if game_id is not None else snapshot.latest_game_id(store)
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

    import uvicorn

    from referee.serve.app import TableSource, create_app

    token = None if is_loopback(host) else secrets.token_urlsafe(16)
    server: uvicorn.Server | None = None
    source = TableSource(store, game_id, cards)
    source.view_json(source.version())  # loads the games and citations now, so the first page opens at once
    app = create_app(source, token, stopping=lambda: bool(server and server.should_exit))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                           timeout_graceful_shutdown=2))
    url = f"http://{_reachable_address(host)}:{sock.getsockname()[1]}/" + (f"?token={token}" if token else "")
    _say(f"Table view of game {game_id} ({title}): {url}")
    _say("Read-only; Ctrl-C stops it." + ("" if token is None else " Anyone with this address can see the game."))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass  # uvicorn has already shut down cleanly and passes the Ctrl-C on
    finally:
        sock.close()
    _say("Table view stopped.")
    return 0
