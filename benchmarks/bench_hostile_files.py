"""Hostile card and deck files: per file and per command, the seconds from starting `referee` to the plain
line that names the file (issue 20, item 5: under 2 s each). Prints figures, asserts nothing.

The files (tests/hostile.py): a YAML alias bomb, a real 50 MB file, a FIFO, /dev/zero behind a link, a link
to nothing, a number of 5,000 digits, lists nested 500 deep, a file that is not UTF-8 and a folder named
like a card file (inside a card folder). The commands: `cards check FILE`, `card poof --cards FILE`, the user card folder holding
the file (`card poof`), `cards import FILE --dry-run`, and `replay FILE` (for the ones that are not files).
A run that prints no such line within 60 s is stopped and reported as a hang. The caches are warmed first, so
the figures are those of a table's laptop, not of a first start.

Run: python benchmarks/bench_hostile_files.py
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from hostile import KINDS, make_hostile_files  # noqa: E402

HANG = 60.0
COMMANDS = {
    "cards check": lambda path: ["cards", "check", str(path)],
    "card --cards": lambda path: ["card", "poof", "--cards", str(path)],
    "user folder": None,  # `card poof` with the file in the user's card folder
    "cards import": lambda path: ["cards", "import", str(path), "--dry-run"],
    "replay": lambda path: ["replay", str(path)],
}
NOT_FILES = ("fifty-mb", "dangling-link", "fifo", "device", "folder")  # what `replay` is given


def _lines(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line.decode("utf-8", "replace").rstrip("\n"))
    lines.put(None)


def time_to_line(args: list[str], env: dict, path: Path) -> tuple[float | None, str]:
    """Seconds from start to the first line naming ``path`` (None: no such line, or none within HANG)."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "referee", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_lines, args=(process.stdout, lines), daemon=True).start()
    found: tuple[float | None, str] = (None, "no line names the file")
    try:
        while True:
            left = HANG - (time.perf_counter() - started)
            line = lines.get(timeout=max(left, 0.01))
            if line is None:
                break
            if str(path) in line:
                found = (time.perf_counter() - started, line)
                break
            if "Traceback" in line:
                found = (None, "a traceback")
                break
    except queue.Empty:
        found = (None, f"hang: nothing after {HANG:.0f} s")
    finally:
        process.kill()
        process.wait()
    return found


def measure(kinds=KINDS, commands=tuple(COMMANDS), real_size: bool = True) -> list[tuple[str, str, float | None, str]]:
    """(file kind, command, seconds or None, the line) for each pair that applies."""
    out = []
    with tempfile.TemporaryDirectory(prefix="referee-hostile-") as temporary:
        root = Path(temporary)
        env = {**os.environ, "REFEREE_CACHE_DIR": str(root / "cache"), "REFEREE_DATA_DIR": str(root / "data"),
               "REFEREE_CONFIG_DIR": str(root / "config")}
        subprocess.run([sys.executable, "-m", "referee", "card", "poof"], env=env, capture_output=True)  # warm
        files = make_hostile_files(root / "files", real_size=real_size, kinds=kinds)
        for kind, path in files.items():
            for command in commands:
                if command == "replay" and kind not in NOT_FILES:
                    continue
                if kind == "folder" and command in ("cards check", "card --cards"):
                    continue  # a folder named like a card file, given as the path, is a folder of cards to read
                if command == "user folder":
                    config = root / f"config-{kind}"
                    (config / "cards").mkdir(parents=True)
                    target = config / "cards" / path.name
                    if path.is_symlink():
                        os.symlink(os.readlink(path), target)
                    elif kind == "fifo":
                        os.mkfifo(target)
                    elif path.is_dir():
                        target.mkdir()
                    else:
                        shutil.copyfile(path, target)
                    seconds, line = time_to_line(["card", "poof"], {**env, "REFEREE_CONFIG_DIR": str(config)}, target)
                else:
                    seconds, line = time_to_line(COMMANDS[command](path), env, path)
                out.append((kind, command, seconds, line))
    return out


def main() -> None:
    print(f"{'file':<14} {'command':<13} {'seconds':>8}  the line")
    worst = 0.0
    for kind, command, seconds, line in measure():
        worst = max(worst, seconds if seconds is not None else HANG)
        shown = f"{seconds:8.2f}" if seconds is not None else "       -"
        print(f"{kind:<14} {command:<13} {shown}  {line[:110]}")
    print(f"slowest: {worst:.2f} s (target: under 2 s each)")


if __name__ == "__main__":
    main()
