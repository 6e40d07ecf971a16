"""Short rulings for the table: the verdict, what changed the table (who wins the Round, the stakes or the
game, who passes out), what is asked next, the figures that moved and compact citation ids.

Every line is word-wrapped to the terminal and no step is cut: a step is shown whole or left to `why`.
A standing note (two cards share a name, an edition's note, a silent rule's default) is shown the first
time it comes up in a game, then only under `why`. `verbose on` prints the full reasoning every time.
Marks: ✓ accepted, ✗ refused (nothing changed), ? accepted, and the referee asks the table something.
"""

from __future__ import annotations

import re
import textwrap

from referee.core.ruling import ANSWER, ASK, OUTCOME, REFUSED, STANDING, OK

MARKS = {OK: "✓", REFUSED: "✗", ASK: "?"}
MAX_CITES = 2
INDENT = "  "
SEPARATOR = " · "
NEXT_STEP_LINES = 2  # what happened next is shown when it fits; longer, it is left to `why`


def changes_text(before: dict | None, after: dict | None) -> list[str]:
    """["Kaylin F 20→17 A 0→3", "pot 0→3"]: every figure that differs, per player, then the table's."""
    if not before or not after:
        return []
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
    return parts


def cites_text(ruling, shown: int = MAX_CITES) -> str:
    ids = list(ruling.citations)
    if not ids:
        return ""
    more = f" +{len(ids) - shown}" if len(ids) > shown else ""
    return "[" + ", ".join(ids[:shown]) + more + "]"


_CODE = re.compile(r"`[^`\n]{1,60}`")
_KEEP = "\x00"  # stands for a space inside a `quoted line` while wrapping, so a line to type stays on one line


def wrap(text: str, width: int, first: str = INDENT) -> list[str]:
    """``text`` on lines of at most ``width`` columns, broken between words only (a word longer than the line
    stays whole on its own line rather than being split). A step of several lines (a table of figures) keeps
    its lines and their own indentation; each is wrapped only where it is wider than the screen."""
    rows: list[str] = []
    for number, paragraph in enumerate(text.replace(_KEEP, " ").split("\n")):
        lead = first if number == 0 else ""
        own = paragraph[:len(paragraph) - len(paragraph.lstrip(" "))]
        held = _CODE.sub(lambda m: m.group().replace(" ", _KEEP), paragraph.strip(" "))
        if number and len(paragraph) <= width:
            rows.append(paragraph)  # a preformatted line that fits stays exactly as it is
            continue
        rows.extend(textwrap.wrap(held, max(width, 20), initial_indent=lead + own,
                                  subsequent_indent=(INDENT if number == 0 else own) + INDENT * bool(number),
                                  break_long_words=False, break_on_hyphens=False) or [lead.rstrip()])
    return [row.replace(_KEEP, " ") for row in rows] or [first.rstrip()]


def pack(parts: list[str], width: int) -> list[str]:
    """Segments joined with " · ", a new indented line where the next would not fit."""
    lines: list[str] = []
    line = ""
    for part in parts:
        if line and len(line) + len(SEPARATOR) + len(part) <= width:
            line += SEPARATOR + part
        else:
            if line:
                lines.append(line)
            line = INDENT + part
    return lines + ([line] if line else [])


def chosen_steps(ruling, seen: set[str], width: int) -> list:
    """The steps the short form shows, in the ruling's order: the first that is not a standing note already
    said this game, the next one when it fits two lines, every outcome, a standing note not yet said, and the
    question asked or what would be accepted (the last step of an ask or a refusal)."""
    steps = list(ruling.steps)
    if not steps:
        return []
    fresh = [s for s in steps if not (s.role == STANDING and s.text in seen)] or steps[:1]
    chosen = {id(fresh[0])}
    if len(fresh) > 1 and ruling.verdict == OK and fresh[1].role != STANDING \
            and len(wrap(fresh[1].text, width)) <= NEXT_STEP_LINES:
        chosen.add(id(fresh[1]))
    for step in fresh:
        if step.role == OUTCOME or (step.role == STANDING and step.text not in seen):
            chosen.add(id(step))
    if ruling.verdict in (ASK, REFUSED):
        chosen.add(id(steps[-1]))
    return [s for s in steps if id(s) in chosen]


def short_text(ruling, before: dict | None = None, after: dict | None = None, width: int = 80,
               seen: set[str] | None = None) -> str:
    """The ruling as the table reads it at a glance; answers to commands (state, help, card ...) print whole.
    ``seen``: the standing notes already said in this game (updated here)."""
    if ruling.verdict == ANSWER and not ruling.code.startswith(("yes", "no")):
        return ruling.message
    seen = set() if seen is None else seen
    mark = MARKS.get(ruling.verdict, "✓" if ruling.code.startswith("yes") else "✗")
    steps = chosen_steps(ruling, seen, width)
    lines: list[str] = []
    for index, step in enumerate(steps):
        lines.extend(wrap(step.text, width, f"{mark} " if index == 0 else INDENT))
    if not steps:
        lines = wrap(ruling.message, width, f"{mark} ")
    seen.update(s.text for s in ruling.steps if s.role == STANDING)
    hidden = len(ruling.steps) - len(steps)
    more = f"(`why`: +{hidden} step{'s' if hidden != 1 else ''})" if hidden > 0 else ""
    figures = pack(changes_text(before, after), width)
    # The figures come first, then one or two section ids, then the count of steps left to `why`.
    last = figures.pop() if figures else ""
    for tail in (cites_text(ruling, MAX_CITES), cites_text(ruling, 1), ""):
        extra = "  ".join(t for t in (tail, more) if t)
        if not extra or len(last or INDENT) + 2 + len(extra) <= width:
            break
    else:
        extra = ""
    if last or extra:
        last = (last + "  " + extra) if last and extra else (last or INDENT + extra)
        figures.append(last)
    return "\n".join(lines + figures)


MARK_COLOURS = {"✓": "32", "✗": "31", "?": "33"}  # green, red, yellow (ANSI)


def colour_marks(text: str) -> str:
    """The mark at the head of each ruling in its colour (the caller decides whether the terminal wants colour)."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        mark = line[:1]
        if mark in MARK_COLOURS and line[1:2] == " ":
            lines[index] = f"\x1b[{MARK_COLOURS[mark]}m{mark}\x1b[0m{line[1:]}"
    return "\n".join(lines)


def wants_colour(stream) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org) or TERM is dumb."""
    import os

    return (hasattr(stream, "isatty") and stream.isatty() and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb")
