"""The REPL at the table: a four-player game of 30 announcements followed at 80 columns without `state`.

Prints, for benchmarks/four_player_game.txt: the announcements whose toolbar showed every
player's current Fortitude, Alcohol Content and Gold; the toolbar's lines at 80 and 160
columns and its widest line; the screen lines of each short ruling against the full form;
the longest ruling of the Gambling worked example in full and short; and how long completing a
misspelled card name takes.

Run: python benchmarks/bench_repl.py
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("REFEREE_CONFIG_DIR", tempfile.mkdtemp(prefix="referee-bench-config-"))

from prompt_toolkit.document import Document  # noqa: E402

from referee.core.carddb import load_cards  # noqa: E402
from referee.core.session import Session  # noqa: E402
from referee.shell.commands import TableShell  # noqa: E402
from referee.shell.completer import RefereeCompleter  # noqa: E402
from referee.shell.config import Config  # noqa: E402
from referee.shell.toolbar import toolbar_lines  # noqa: E402
from referee.core.views import ruling_text  # noqa: E402

GAME = Path(__file__).with_name("four_player_game.txt")
GAMBLING = Path(__file__).resolve().parent.parent / "tests" / "transcripts" / "rdi" / "gii_gambling_example.txt"


def screen_lines(text: str, width: int) -> int:
    return sum(max(1, math.ceil(len(line) / width)) for line in text.splitlines())


def figures_in_view(session, lines: list[str]) -> bool:
    """Every player's figures appear in the toolbar as the table reads them (F.. A.. G.. or Fort .. Alc .. Gold ..)."""
    text = " ".join(lines)
    for p in session.state.players:
        short = f"F{p.fortitude} A{p.alcohol} G{p.gold}"
        full = f"Fort {p.fortitude} Alc {p.alcohol} Gold {p.gold}"
        if short not in text and full not in text:
            return False
    return True


def main() -> None:
    session = Session(load_cards())
    shell = TableShell(session, Config(), width=lambda: 80)
    lines = [line for line in GAME.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    shell.respond(lines[0])
    short, full, in_view, bar80, bar160, widest = [], [], 0, [], [], 0
    for line in lines[1:]:
        answer = shell.respond(line) or ""
        short.append(screen_lines(answer, 80))
        full.append(screen_lines(ruling_text(session.last), 80))
        at80 = toolbar_lines(session.game, session.state, session.cards, 80)
        at160 = toolbar_lines(session.game, session.state, session.cards, 160)
        bar80.append(len(at80))
        bar160.append(len(at160))
        widest = max(widest, *(len(x) for x in at80))
        in_view += figures_in_view(session, at80)
    count = len(lines) - 1
    print(f"announcements: {count}; toolbar at 80 columns showed every player's figures after {in_view} of {count}")
    print(f"toolbar lines at 80 columns: max {max(bar80)}, widest line {widest} columns; at 160: max {max(bar160)}")
    print(f"short ruling, screen lines at 80 columns: max {max(short)}, mean {statistics.mean(short):.1f}; "
          f"full form: max {max(full)}, mean {statistics.mean(full):.1f}")
    gambling = Session(load_cards())
    gambling_shell = TableShell(gambling, Config(), width=lambda: 80)
    worst = (0, 0, "")
    for line in GAMBLING.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith(("#", "expect", "@", "!", "?")):
            continue
        answer = gambling_shell.respond(line) or ""
        full_lines = screen_lines(ruling_text(gambling.last, detailed=True), 80)
        if full_lines > worst[0]:
            worst = (full_lines, screen_lines(answer, 80), line)
    print(f"Gambling worked example, longest ruling ({worst[2]!r}): `why` {worst[0]} screen lines, short form {worst[1]}")
    session.handle("undo")
    completer = RefereeCompleter(session)
    start = time.perf_counter()
    runs = 20
    for _ in range(runs):
        offered = [c.text for c in completer.get_completions(Document("Phrenk plays lookng gren"), None)]
    took = (time.perf_counter() - start) / runs * 1000
    print(f"completing `Phrenk plays lookng gren`: {offered[0] if offered else 'nothing'} in {took:.1f} ms")


if __name__ == "__main__":
    main()
