"""The table view's web application: one page, its style and script, and a stream of updates.

Read-only by construction: only GET and HEAD are answered, the store is opened
read-only, and every figure reaches the page as JSON that the script puts in the
page as text. A non-local bind sets an access token that every request must carry.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from referee.core.carddb import CardDB
from referee.serve import snapshot

POLL_SECONDS = 0.25  # the page changes within a second of an announcement
KEEP_ALIVE_SECONDS = 15.0
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
ASSETS = {"table.css": "text/css; charset=utf-8", "table.js": "text/javascript; charset=utf-8"}
SAFETY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                                "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the token is in the address: never pass it on
    "Cache-Control": "no-store",
}


@dataclass
class TableSource:
    """One saved game in one store, with the last view built (the same for every open page).

    ``follow``: show the game being played (by process ``process``, or by any referee) instead, switching
    with it; ``game_id`` is then the last game it was seen playing."""

    store: Path
    game_id: int
    cards: CardDB
    follow: bool = False
    process: int | None = None
    _last: tuple = field(default=(), repr=False)

    def version(self) -> tuple:
        version = snapshot.version(self.store, self.game_id, self.follow, self.process)
        if self.follow:
            self.game_id = snapshot.shown_game(version, self.game_id)[0]  # stays on it when nobody plays
        return version

    def view_json(self, version: tuple) -> str:
        if not self._last or self._last[0] != version:
            shown, playing = snapshot.shown_game(version, self.game_id)
            view = snapshot.table_view(self.store, shown, self.cards, playing, self.follow)
            self._last = (version, json.dumps(view, ensure_ascii=False))
        return self._last[1]


def _asset(name: str) -> bytes:
    return resources.files("referee.serve").joinpath("static", name).read_bytes()


class Watcher:
    """One look at the store four times a second for every open page together, not one per page.

    Each event stream waits for `changed`, which is set (and replaced) when the
    game's version changes and when the server is stopping, so a stream ends as
    soon as the server stops instead of holding the stop up.
    """

    def __init__(self, source: TableSource, stopping: Callable[[], bool]):
        self.source = source
        self.stopping = stopping
        self.version: tuple | None = None
        self.stopped = False
        self.listeners = 0
        self.changed = asyncio.Event()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def _watch(self) -> None:
        while not self.stopping():
            if self.listeners:  # nobody watching: no reads
                try:
                    version = await run_in_threadpool(self.source.version)
                except Exception as error:  # e.g. no thread to be had: the pages say so, and the next look tries again
                    version = ("unreadable", f"The table view cannot read the store now: {error}.")
                if version != self.version:
                    self.version = version
                    self._wake()
            await asyncio.sleep(POLL_SECONDS)
        self.stopped = True
        self._wake()

    def _wake(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()


class Guard:
    """Refuses anything but GET and HEAD, checks the token (or, without one, that the request is local),
    and adds the safety headers."""

    def __init__(self, app, token: str | None):
        self.app = app
        self.token = token

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return
        request = Request(scope)
        refusal = None
        if scope["method"] not in ("GET", "HEAD"):
            refusal = PlainTextResponse("The table view is read-only: it answers GET only.", 405,
                                        headers={"Allow": "GET, HEAD"})
        elif self.token is None and request.url.hostname not in LOCAL_NAMES:
            # Only this computer may ask; a web page that renames itself to 127.0.0.1 (DNS rebinding) may not.
            refusal = PlainTextResponse("This table view answers only this computer's own addresses "
                                        "(127.0.0.1, localhost); `referee serve --host` opens it to others.", 403)
        elif self.token is not None and not secrets.compare_digest(
                request.query_params.get("token", "").encode(), self.token.encode()):
            refusal = PlainTextResponse("This table view needs the access token: open the full address that "
                                        "`referee serve` printed.", 403)

        async def send_safely(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SAFETY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await (refusal or self.app)(scope, receive, send_safely)


def create_app(source: TableSource, token: str | None, stopping: Callable[[], bool]) -> Guard:
    query = f"?token={token}" if token else ""  # token_urlsafe: letters, digits, - and _ only

    assets = {name: _asset(name) for name in ASSETS}  # read once: a process out of open files still serves them
    html = _asset("table.html").decode("utf-8").replace("{query}", query)
    watcher = Watcher(source, stopping)

    async def page(request: Request) -> Response:
        return Response(html, media_type="text/html; charset=utf-8")

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return PlainTextResponse("Not found.", 404)
        return Response(assets[name], media_type=ASSETS[name])

    async def state(request: Request) -> Response:
        version = await run_in_threadpool(source.version)
        return Response(await run_in_threadpool(source.view_json, version), media_type="application/json")

    async def events(request: Request) -> Response:
        if request.method == "HEAD":  # the stream never ends; a HEAD request gets its headers only
            return Response(media_type="text/event-stream")
        watcher.start()

        async def stream():
            watcher.listeners += 1
            try:
                # A page that lost its stream comes back after 2 s (and its script after a 503 too).
                last = await run_in_threadpool(source.version)
                yield f"retry: 2000\ndata: {await run_in_threadpool(source.view_json, last)}\n\n"
                while not watcher.stopped:
                    changed = watcher.changed
                    try:
                        await asyncio.wait_for(changed.wait(), KEEP_ALIVE_SECONDS)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    version = watcher.version
                    if not watcher.stopped and version is not None and version != last:
                        last = version
                        yield f"data: {await run_in_threadpool(source.view_json, version)}\n\n"
            finally:
                watcher.listeners -= 1

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    async def not_found(request: Request, exc) -> Response:
        return PlainTextResponse("Not found: the table view is at /.", 404)

    app = Starlette(routes=[Route("/", page), Route("/state", state), Route("/events", events),
                            Route("/favicon.ico", no_icon), Route("/{name}", asset)],
                    exception_handlers={404: not_found})
    return Guard(app, token)

