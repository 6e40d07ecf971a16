"""A rule answer as the table reads it: the deciding section in a few lines, or the ranked list.

Kept apart from views.py (cards and rulings) so that a one-shot `referee rule` loads neither the card
database nor the fuzzy matcher.
"""

from __future__ import annotations

from referee.core.citations import cite
from referee.core.text import shorten_words

ANSWER_LINES = 8  # a rule answer fits the table: this many lines at most, ANSWER_WIDTH columns each
ANSWER_WIDTH = 80
NEAR = 0.5  # an alternative is shown when it scores at least this share of the answer's score


def rule_answer_text(hits, width: int = ANSWER_WIDTH, lines: int = ANSWER_LINES) -> str:
    """The deciding section first (citation, id, our summary, which book prints it or how the other
    differs), then at most two near alternatives, one line each: ``lines`` lines of ``width`` at most.
    A summary too long for the room left is cut at a word, ending with "…"; `--all` shows it whole."""
    best = hits[0]
    section = best.section
    notes = _section_notes(best, width, whole=False)
    others = [h for h in hits[1:3] if h.score >= NEAR * best.score]
    room = max(1, lines - 2 - len(notes) - len(others))
    summary = _wrapped(section.summary, width - 2)
    if len(summary) > room:
        summary = summary[:room]
        summary[-1] = shorten_words(summary[-1] + " …", width - 2)
    out = [fitted_citation(section, width), f"  [{section.id}]"[:width]]
    out += [f"  {line}" for line in summary] + notes
    for hit in others:
        line = f"  Also: {fitted_citation(hit.section, width - 8)}"
        with_id = f"{line}  [{hit.section.id}]"
        out.append(with_id if len(with_id) <= width else line)
    return "\n".join(out[:lines])


def fitted_citation(section, width: int) -> str:
    """A section's citation within ``width``: the path's first parts give way to "…" ("RDI 3 › … ›
    Wizgille the Tinkerer › Gear Deck running out"), since the book and the section itself say most."""
    page = f", p. {section.page}" if section.page else ""
    path = list(section.path)
    text = " › ".join([section.book_short, *path]) + page
    dropped = 0
    while len(text) > width and len(path) - dropped > 1:
        dropped += 1
        text = " › ".join([section.book_short, "…", *path[dropped:]]) + page
    return shorten_words(text, width)


def rule_list_text(hits, width: int = ANSWER_WIDTH) -> str:
    """Every hit ranked, each with its whole summary (`rule --all`)."""
    blocks = []
    for rank, hit in enumerate(hits, 1):
        section = hit.section
        block = [f"{rank}. {section.citation}", f"   [{section.id}]"]
        block += [f"   {line}" for line in _wrapped(section.summary, width - 3)]
        block += [" " + line for line in _section_notes(hit, width - 1, whole=True)]
        blocks.append("\n".join(block))
    return "\n".join(blocks)


def _section_notes(hit, width: int, whole: bool) -> list[str]:
    """Which core book alone prints the rule, or how the other book words it (one line, or whole)."""
    if hit.note:
        return [f"  {line}" for line in (_wrapped(hit.note, width - 2) if whole else [shorten_words(hit.note, width - 2)])]
    notes = []
    for other_id, difference in hit.section.differs:
        text = f"{cite(other_id).split(' › ')[0]} differs ([{other_id}]): {difference}"
        notes += [f"  {line}" for line in (_wrapped(text, width - 2) if whole else [shorten_words(text, width - 2)])]
        if not whole:
            break
    if whole:
        notes += [f"  Unclear in the book: {line}" for line in hit.section.silent]
    return notes


def _wrapped(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, break_on_hyphens=False) or [""]
