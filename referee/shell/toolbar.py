"""The bottom toolbar: every figure on the table, laid out to the terminal's width.

A game gives its toolbar as rows of segments, each segment a tuple of ever shorter
wordings of the same facts. ``fit`` picks, row by row, the fullest wording that
keeps the toolbar within a few lines, wraps between segments, and never cuts a
word: a segment wider than the screen (a long question) wraps onto lines of its own.
The toolbar only reads the state.
"""

from __future__ import annotations

import textwrap

from referee.core.text import visible

SEPARATOR = " · "


def _pack(row, level: int, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for segment in row:
        wordings = segment[min(level, len(segment) - 1):]
        text = next((w for w in wordings if len(w) <= width), None)
        if text is None:  # a sentence wider than the screen (an open question) takes lines of its own, whole
            if line:
                lines.append(line)
            *full, line = textwrap.wrap(wordings[-1], width) or [""]
            lines.extend(full)
            continue
        if line and len(line) + len(SEPARATOR) + len(text) <= width:
            line += SEPARATOR + text
        else:
            if line:
                lines.append(line)
            line = text
    if line:
        lines.append(line)
    return lines


def fit(rows, width: int, max_lines: int = 4) -> list[str]:
    """The rows laid out in lines of at most ``width`` columns, abbreviated until they fit ``max_lines``
    (or as short as they go: then more lines, never lost facts)."""
    width = max(width, 20)
    rows = [row for row in rows if row]
    levels = [0] * len(rows)
    depth = [max(len(segment) for segment in row) for row in rows]
    while True:
        packed = [_pack(row, level, width) for row, level in zip(rows, levels)]
        if sum(len(lines) for lines in packed) <= max_lines:
            break
        # Abbreviate the row taking the most lines, to the fullest wording that saves a line;
        # stop when no row can save one.
        savings = {}
        for i, row in enumerate(rows):
            shorter = next((level for level in range(levels[i] + 1, depth[i])
                            if len(_pack(row, level, width)) < len(packed[i])), None)
            if shorter is not None:
                savings[i] = shorter
        if not savings:
            break
        widest = max(savings, key=lambda i: (len(packed[i]), sum(map(len, packed[i]))))
        levels[widest] = savings[widest]
    return [line for lines in packed for line in lines]


def toolbar_lines(game, state, cards, width: int, max_lines: int = 4, read_only: str | None = None) -> list[str]:
    """The toolbar of the game being played, as lines (a pure function of the state and the width).
    ``read_only``: why nothing can be saved just now (the session's ``read_only``); it heads the toolbar."""
    warning = [[(f"READ-ONLY: {read_only}; nothing new is saved", f"READ-ONLY: {read_only}", "READ-ONLY")]] \
        if read_only else []
    if state is None:
        return fit(warning + [[("no game yet: `new rdi NAME NAME ...` or `new tda NAME NAME ...`; `help` for more",
                                "no game: `new rdi NAME ...` · `help`")]], width, max_lines)
    # Names made visible before fitting, so that the escapes count in each wording's width.
    rows = [[tuple(visible(wording) for wording in segment) for segment in row]
            for row in game.toolbar_rows(state, cards)]
    return fit(warning + rows, width, max_lines)
