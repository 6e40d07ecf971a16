"""A stretch of a game as Markdown, to paste into a chat or a forum post: each announcement with its
verdict, the reasoning steps and the rulebook sections they rest on, by name."""

from __future__ import annotations

from referee.core.citations import cite
from referee.core.ruling import Ruling

VERDICTS = {"ok": "Accepted", "ask": "Accepted; the referee asks the table", "refused": "Refused",
            "answer": "Answered"}


def _escape(text: str) -> str:
    """Markdown would read `*` and `_` in card names as formatting; commands in backquotes stay code."""
    parts = text.split("`")
    if len(parts) % 2 == 0:  # an unpaired backquote: no code span in this text
        parts = ["'".join(parts)]
    return "`".join(part if index % 2 else part.replace("\\", "\\\\").replace("*", "\\*").replace("_", "\\_")
                    for index, part in enumerate(parts))


def markdown(title: str, rulings: list[Ruling], first_number: int = 1, position: str | None = None) -> str:
    lines = [f"## {title}", ""]
    if position is not None:
        lines += ["**Starting position** (`referee play --from FILE` loads it):", "", "```yaml", position.rstrip(),
                  "```", ""]
    if not rulings:
        lines.append("*No announcements yet.*")
    for number, ruling in enumerate(rulings, first_number):
        verdict = "Table correction, not a ruling" if ruling.code == "set" else VERDICTS.get(ruling.verdict, ruling.verdict)
        lines += [f"**{number}. `{ruling.line.replace('`', chr(39))}`**: {verdict}.", ""]
        for step in ruling.steps:
            if not step.text.strip():
                continue
            sources = "; ".join(cite(section) for section in step.cites)
            text = step.text.strip()
            lines.append(f"- {_escape(text[:1].upper() + text[1:])}" + (f" *({_escape(sources)})*" if sources else ""))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
