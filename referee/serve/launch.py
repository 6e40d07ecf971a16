"""`serve` typed in the REPL: start `referee serve` for the game being played, as its own process.

The page server runs beside the REPL and reads the same store, so the REPL feeds
it nothing: it follows the game this REPL holds open for writing (the store's
lease names the process), so `new` and `resume` switch the page. One server per
REPL: asking again shows its address, new options start a new one, and leaving
the REPL stops it.
"""

from __future__ import annotations

import atexit
import os
import queue
import shlex
import subprocess
import sys
import threading

START_SECONDS = 20.0
USAGE = "`serve [--host ADDRESS] [--port N]`: e.g. `serve --host 0.0.0.0` for a phone or a TV on this network."


class _Running:
    process: subprocess.Popen | None = None
    url: str = ""


def _stop() -> None:
    process = _Running.process
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
    _Running.process = None


atexit.register(_stop)


def _options(rest: str) -> list[str] | str:
    """The command-line options for `referee serve`, or what was wrong with them."""
    try:
        words = shlex.split(rest)
    except ValueError as error:
        return f"`serve`: {error}. {USAGE}"
    options: list[str] = []
    while words:
        flag = words.pop(0)
        if flag not in ("--host", "--port") or not words:
            return f"`serve` does not take {flag!r} like that. {USAGE}"
        value = words.pop(0)
        if flag == "--port" and not (value.isascii() and value.isdigit() and int(value) <= 65535):
            return f"--port takes a number from 0 to 65535, not {value!r}."
        options += [flag, value]
    return options


def _read_lines(stream, lines: queue.Queue) -> None:
    for line in stream:  # keeps reading after the address so the server never blocks on a full pipe
        lines.put(line.rstrip("\n"))
    lines.put(None)


def serve_from_repl(session, rest: str) -> str:
    """Start (or show) the table view of the session's game; the text to print."""
    if session.game_id is None or session.store is None:
        return "Start or resume a saved game first: `serve` shows the game being played."
    options = _options(rest)
    if isinstance(options, str):
        return options
    if _Running.process is not None and _Running.process.poll() is None:
        if not options:
            return f"The table view is at {_Running.url}"
        _stop()
    command = [sys.executable, "-m", "referee", "serve", str(session.game_id), "--store", str(session.store.path),
               "--follow-process", str(os.getpid()), *options]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)  # Ctrl-C at the REPL is not meant for the server
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_read_lines, args=(process.stdout, lines), daemon=True).start()
    said: list[str] = []
    while True:
        try:
            line = lines.get(timeout=START_SECONDS)
        except queue.Empty:
            process.kill()
            return "The table view did not start in time: " + (" ".join(said) or "no message") + "."
        if line is None:
            process.wait()
            return "The table view could not start: " + (" ".join(said) or "no message")
        said.append(line)
        if "http://" in line:
            _Running.process = process
            _Running.url = line[line.index("http://"):].split()[0]
            return line + "\nIt follows every announcement here, `new` and `resume` too, and stops when you leave."
