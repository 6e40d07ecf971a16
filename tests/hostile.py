"""Hostile input shared by the tests and benchmarks/bench_hostile_files.py: text that would drive a terminal,
and files that would hang or crash a reader."""

from __future__ import annotations

import os
from pathlib import Path

# Thirteen ways a name could reach a terminal and act on it instead of being shown.
VECTORS = {
    "osc-title": "\x1b]0;PWNED\x07",  # renames the terminal window
    "csi-colour": "\x1b[31m",
    "csi-clear": "\x1b[2J",
    "c1-csi": "\x9b31m",  # the one-character CSI of the C1 set
    "carriage-return": "\r",
    "backspace": "\x08",
    "bell": "\x07",
    "nul": "\x00",
    "dcs": "\x1bPq#0;2;0;0;0\x1b\\",  # a device control string (sixel)
    "bidi-override": "\u202e",
    "zero-width": "\u200b",
    "surrogate-escape": "\udcff",  # byte 0xff of a file that is not UTF-8, as Python reads it with surrogateescape
    "long": "W" * 10_000,
}


def raw_characters(text: str) -> set[str]:
    """Characters of ``text`` that would act on a terminal rather than show: everything unprintable
    except the line breaks and tabs the referee lays its text out with."""
    return {ch for ch in text if not ch.isprintable() and ch not in "\n\t"}


def encoded(text: str) -> bytes:
    """Text as a file holds it: UTF-8, and a surrogate escape back to the byte it stood for."""
    return text.encode("utf-8", "surrogateescape")


MIB = 1024 * 1024


def alias_bomb() -> str:
    """A "billion laughs": under 1 KB of YAML whose aliases stand for 10**9 values."""
    lines = ["schema: 1", "game: rdi", "book: gii", 'a: &a ["x","x","x","x","x","x","x","x","x","x"]']
    previous = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 10) + "]")
        previous = name
    return "\n".join([*lines, "cards: []", ""])


def card_file(number: str = "1") -> str:
    return ("schema: 1\ngame: rdi\nbook: gii\ncards:\n- id: hostile/card\n  name: Hostile card\n  type: action\n"
            f"  summary: A card.\n  cites: [gii/getting-started]\n  count: {number}\n")


KINDS = ("alias-bomb", "digits", "deep", "not-utf8", "fifty-mb", "dangling-link", "fifo", "device", "folder")


def make_hostile_files(folder: Path, real_size: bool = False, kinds=KINDS) -> dict[str, Path]:
    """Hostile card files in ``folder``, by kind (those this system can make: no FIFO without mkfifo). The
    50 MB file is sparse unless ``real_size`` (the benchmark writes it whole): either way it is refused from
    its size before a byte is read."""
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, Path] = {}
    for kind in kinds:
        path = folder / f"{kind}.yaml"
        if kind == "alias-bomb":
            path.write_text(alias_bomb(), encoding="utf-8")
        elif kind == "digits":
            path.write_text(card_file("9" * 5000), encoding="utf-8")
        elif kind == "deep":
            path.write_text("cards: " + "[" * 500 + "]" * 500 + "\n", encoding="utf-8")
        elif kind == "not-utf8":
            path.write_bytes(encoded(card_file().replace("Hostile", "Hostile \udcff", 1)))
        elif kind == "fifty-mb":
            with open(path, "wb") as out:
                if real_size:
                    block = b"# " + b"filler " * 145 + b"\n"
                    while out.tell() < 50 * MIB:
                        out.write(block * 1000)
                else:
                    out.truncate(50 * MIB)
        elif kind == "dangling-link":
            os.symlink(folder / "nothing-here.yaml", path)
        elif kind == "fifo" and hasattr(os, "mkfifo"):
            os.mkfifo(path)
        elif kind == "device" and os.path.exists("/dev/zero"):
            os.symlink("/dev/zero", path)
        elif kind == "folder":
            path.mkdir()
        else:
            continue
        files[kind] = path
    return files
