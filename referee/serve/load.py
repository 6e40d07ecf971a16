"""What keeps the table view up under load: a cap on connections, deadlines for slow clients, plain log lines.

uvicorn supplies the cap (`limit_concurrency`: a plain 503 beyond it), the idle
keep-alive timeout and the bounded stop; this module adds what it lacks: a
deadline for a request's head (uvicorn waits forever on a client that sends half
of one), a deadline for a client that stops reading, and log lines without
tracebacks, each said once in a while rather than once a request. Imported only
by `referee serve`.
"""

from __future__ import annotations

import asyncio
import logging
import time

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from referee.core.text import visible

MAX_CONNECTIONS = 64  # open pages and requests at once; a table has a handful of screens
HEAD_SECONDS = 5.0  # for a request's head to arrive in full (a browser sends it in one packet)
IDLE_SECONDS = 5  # a kept-alive connection with no next request
STALLED_SECONDS = 10.0  # a client that reads nothing while the server has something to send
STOP_SECONDS = 1  # then unfinished responses are cut, so SIGTERM or Ctrl-C stops the server within 2 s
REPEAT_SECONDS = 60.0  # the same log line again only after this long

log = logging.getLogger("referee.serve")

PLAIN_WORDS = {
    "Exceeded concurrency limit.": f"More than {MAX_CONNECTIONS} connections are open: the table view answers "
                                   "new requests 503 (busy) until some close.",
}


class PlainFormatter(logging.Formatter):
    """The message alone, with an error's one-line summary in place of its traceback."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text = f"{text.rstrip()} ({type(error).__name__}: {error})"
        return visible(text)


class SayOnce(logging.Filter):
    """Says each line at most once a minute: a thousand refused requests make one line, not a thousand."""

    def __init__(self):
        super().__init__()
        self.said: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message in PLAIN_WORDS:
            record.msg, record.args = PLAIN_WORDS[message], ()
        now = time.monotonic()
        if now - self.said.get(message, -REPEAT_SECONDS) < REPEAT_SECONDS:
            return False
        self.said[message] = now
        return True


LOG_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"()": PlainFormatter}},
    "filters": {"once": {"()": SayOnce}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["once"],
                            "stream": "ext://sys.stderr"}},
    "loggers": {name: {"handlers": ["stderr"], "level": "WARNING", "propagate": False}
                for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio", "referee.serve")},
}


class TableProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 with two deadlines: for a request's head, and for a client that stopped reading."""

    _head_timer: asyncio.TimerHandle | None = None
    _stall_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._await_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._await_head()  # uvicorn's keep-alive timer restarts on every byte, so a trickle would hold it

    def connection_lost(self, exc) -> None:
        for timer in (self._head_timer, self._stall_timer):
            if timer is not None:
                timer.cancel()
        super().connection_lost(exc)

    def _await_head(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_overdue)

    def _head_overdue(self) -> None:
        # h11 leaves IDLE as soon as a whole request head has arrived
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stall_timer is None:
            self._stall_timer = self.loop.call_later(STALLED_SECONDS, self._stalled)

    def resume_writing(self) -> None:
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None
        super().resume_writing()

    def _stalled(self) -> None:
        self._stall_timer = None
        self.transport.abort()  # close() would wait for the unread bytes to be sent first


class TableServer(uvicorn.Server):
    """uvicorn's server, whose event loop reports trouble in one plain line instead of a traceback."""

    async def startup(self, sockets=None) -> None:
        asyncio.get_running_loop().set_exception_handler(self._loop_trouble)
        await super().startup(sockets=sockets)

    def _loop_trouble(self, loop, context: dict) -> None:
        if self.should_exit:
            return  # stopping: a callback queued for the closed listening socket has nothing left to do
        if context.get("message") == "socket.accept() out of system resource":
            return  # the listening socket has said so in its own words
        error = context.get("exception")
        log.error("The table view hit a problem: %s%s", context.get("message", "unknown"),
                  f" ({type(error).__name__}: {error})" if error else "")


def config(app) -> uvicorn.Config:
    return uvicorn.Config(app, http=TableProtocol, log_config=LOG_CONFIG, log_level="warning", access_log=False,
                          lifespan="off", limit_concurrency=MAX_CONNECTIONS + 1,  # uvicorn counts the one asking
                          timeout_keep_alive=IDLE_SECONDS, timeout_graceful_shutdown=STOP_SECONDS)
