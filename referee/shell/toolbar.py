"""The bottom toolbar: every figure on the table, laid out to the terminal's width.

A game gives its toolbar as rows of segments, each segment a tuple of ever shorter
wordings of the same facts. ``fit`` picks, row by row, the fullest wording that
takes no more lines than the row's shortest, wraps between segments, never cuts a
word (a segment wider than the screen, a long question, wraps onto lines of its
own), and pads to a steady height.
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


ROW_LINES = (2, 1)  # lines a row may take to keep its words: the players' row two, the others one


def _row_level(row, width: int, budget: int) -> int:
    """The fullest wording of a row that fits its budget of lines (or, if none does, that takes no more lines
    than its shortest wording). It depends on this row's own wordings alone — a long question below never
    shortens the players' figures — and a game pads its figures to a steady width, so a row keeps its layout
    from one announcement to the next."""
    depth = max(len(segment) for segment in row)
    allowed = max(budget, len(_pack(row, depth - 1, width)))
    return next(level for level in range(depth) if len(_pack(row, level, width)) <= allowed)


def fit(rows, width: int, min_lines: int = 0) -> list[str]:
    """The rows laid out in lines of at most ``width`` columns, each row as full as its fewest lines allow,
    padded with empty lines to ``min_lines`` so the toolbar keeps its height (it grows when the facts need
    more lines: nothing is ever dropped or cut)."""
    width = max(width, 20)
    rows = [row for row in rows if row]
    budgets = [ROW_LINES[min(index, len(ROW_LINES) - 1)] for index in range(len(rows))]
    lines = [line.rstrip() for row, budget in zip(rows, budgets) for line in _pack(row, _row_level(row, width, budget), width)]
    return lines + [""] * (min_lines - len(lines))


def toolbar_lines(game, state, cards, width: int, min_lines: int = 0, read_only: str | None = None) -> list[str]:
    """The toolbar of the game being played, as lines (a pure function of the state and the width).
    ``read_only``: why nothing can be saved just now (the session's ``read_only``); it heads the toolbar."""
    warning = [[(f"READ-ONLY: {read_only}; nothing new is saved", f"READ-ONLY: {read_only}", "READ-ONLY")]] \
        if read_only else []
    if state is None:
        return fit(warning + [[("no game open: `new rdi NAME NAME ...`, `new tda NAME NAME ...`, or `resume` for the "
                                "last saved game; `help` for more", "no game open: `new rdi NAME ...` · `resume` · `help`")]],
                   width, min_lines)
    # Names made visible before fitting, so that the escapes count in each wording's width.
    rows = [[tuple(visible(wording) for wording in segment) for segment in row]
            for row in game.toolbar_rows(state, cards)]
    return fit(warning + rows, width, min_lines)


class SteadyHeight:
    """The toolbar's height at each width never shrinks during a session: a line that came (a Round of
    Gambling, a long question) leaves a blank in its place, so the prompt above does not jump."""

    def __init__(self, at_least: int = 0):
        self.at_least = at_least
        self.tallest: dict[int, int] = {}

    def __call__(self, width: int, lines: list[str]) -> list[str]:
        height = max(self.tallest.get(width, self.at_least), len(lines))
        self.tallest[width] = height
        return lines + [""] * (height - len(lines))
