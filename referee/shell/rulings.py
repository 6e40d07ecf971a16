"""Short rulings for the table: the verdict and what followed it, the figures that changed and compact
citation ids, in 1-3 lines.

The full reasoning stays one word away (`why`, `why N`); `verbose on` prints it every time.
Marks: ✓ accepted, ✗ refused (nothing changed), ? accepted, and the referee asks the table something.
"""

from __future__ import annotations

from referee.core.ruling import ANSWER, ASK, OK, REFUSED
from referee.core.text import shorten_words

MARKS = {OK: "✓", REFUSED: "✗", ASK: "?"}
MAX_CITES = 2


def changes_text(before: dict | None, after: dict | None) -> str:
    """ "Kaylin F 20→17 A 0→3 · pot 0→3": every figure that differs, per player, then the table's."""
    if not before or not after:
        return ""
    parts = []
    for who, figures in after.items():
        old = before.get(who)
        if old is None:
            continue
        changed = []
        for key, value in figures.items():
            if old.get(key) == value:
                continue
            if key == "out":
                changed.append("out" if value else "back in")
            else:
                changed.append(f"{key} {old.get(key, '-')}→{value}")
        if changed and who:
            parts.append(f"{who} " + " ".join(changed))
        else:
            parts.extend(changed)  # the table's figures, each on its own: "pot 0→3 · dragon stakes 0→18"
    return " · ".join(parts)


def cites_text(ruling, shown: int = MAX_CITES) -> str:
    ids = list(ruling.citations)
    if not ids:
        return ""
    more = f" +{len(ids) - shown}" if len(ids) > shown else ""
    return "[" + ", ".join(ids[:shown]) + more + "]"


def short_text(ruling, before: dict | None = None, after: dict | None = None, width: int = 80) -> str:
    """The ruling in one to three lines; answers to commands (state, help, card ...) print whole.
    Citation ids are dropped (counted as +N, then left to `why`) until the last line fits ``width``."""
    if ruling.verdict == ANSWER and not ruling.code.startswith(("yes", "no")):
        return ruling.message
    mark = MARKS.get(ruling.verdict, "✓" if ruling.code.startswith("yes") else "✗")
    steps = ruling.steps
    first = steps[0].text if steps else ruling.message
    lines = [f"{mark} {first}"]
    if len(steps) > 1 and ruling.verdict in (ASK, REFUSED):
        lines.append(f"  {steps[-1].text}")  # the question the referee asks, or what would be accepted: whole
    elif len(steps) > 1:
        lines.append("  " + shorten_words(steps[1].text, width - 2))  # what happened next, on one line
    hidden = len(steps) - len(lines)
    more = f"(`why`: +{hidden} step{'s' if hidden != 1 else ''})" if hidden > 0 else ""
    changes = changes_text(before, after)
    # The figures come first, then one section id, then the count of hidden steps.
    choices = [(changes, cites_text(ruling, MAX_CITES), more), (changes, cites_text(ruling, 1), more),
               (changes, cites_text(ruling, 1)), (changes, more), (changes,)]
    for parts in choices:
        tail = "  ".join(t for t in parts if t)
        if len(tail) + 2 <= width:
            break
    if tail:
        lines.append(f"  {tail}")
    return "\n".join(lines)
