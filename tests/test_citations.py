"""Every step of every transcript ruling cites the section that decides it (README: quality bars).

A step may not cite a worked example (those are "see also"), a character's or variant's section when that
character or variant is not in the game, or the other edition's section where the chosen edition has the same
section (unless it cites both, as a ruling on an edition difference does).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.core.rules import sections
from referee.core.session import Session
from referee.core.transcript import case_lines
from referee.games.rdi.citing import at_table, deliberate

HERE = Path(__file__).parent / "transcripts"
FILES = sorted(HERE.rglob("*.txt"))
CHARACTER = re.compile(r"^rdi3/appendix-a/(?P<who>[a-z]+)(?:/|$)")
SMB_PARTS = {"smb/roxana": "roxana", "smb/otto": "otto", "smb/prize-variant": "prize", "gii/variants/prize": "prize",
             "gii/variants/bar-deck": "bar-deck"}


def _editions(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if "new rdi" not in text:
        return ["-"]
    found = re.search(r"^new rdi.*--rules[ =](\w+)", text, re.M)
    return [found.group(1)] if found else ["gii", "rdi3"]


def problems(cites: tuple[str, ...], state) -> list[str]:
    index = sections()
    found = []
    present = at_table(state) if state is not None and hasattr(state, "players") and hasattr(state, "rules") else None
    for cite in cites:
        section = index.get(cite)
        if section is None:
            found.append(f"{cite}: no such section")
            continue
        if section.kind == "example" or "example" in cite.rsplit("/", 1)[-1]:
            found.append(f"{cite}: a worked example (see also, not the deciding section)")
        if present is None:
            continue
        who = CHARACTER.match(cite)
        if who and who.group("who") not in present:
            found.append(f"{cite}: {who.group('who')} is not in this game")
        for prefix, part in SMB_PARTS.items():
            if (cite == prefix or cite.startswith(prefix + "/")) and part not in present:
                found.append(f"{cite}: {part} is not in this game")
        book, _, path = cite.partition("/")
        if book in ("rdi3", "gii") and book != state.rules:
            mine = f"{state.rules}/{path}"
            if mine in index and mine not in cites and cite not in deliberate(cites):
                found.append(f"{cite}: the chosen edition has {mine}")
    return found


def walk(path: Path, edition: str, cards) -> list[str]:
    session = Session(cards)
    bad = []
    for number, kind, line in case_lines(path.read_text(encoding="utf-8"), edition):
        if kind == "expect":
            continue
        ruling = session.handle(line)
        for step in ruling.steps:
            for problem in problems(step.cites, session.state):
                bad.append(f"{path.name}:{number} [{edition}] {line}\n    {step.text[:100]}\n    {problem}")
    return bad


CASES = [pytest.param(p, e, id=f"{p.stem}[{e}]") for p in FILES for e in _editions(p)]


@pytest.mark.parametrize("path, edition", CASES)
def test_every_step_cites_its_deciding_section(path, edition, cards):
    bad = walk(path, edition, cards)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("rules", ["gii", "rdi3"])
@pytest.mark.parametrize("line, section", [
    ('Warthorn plays "Gambling? I\'m in!"', "on-your-turn/action"),
    ('Molly plays "Tip the Wench." on Warthorn', "sometimes-and-anytime-cards"),
])
def test_a_card_play_cites_the_rule_for_its_kind_of_card_with_its_own_cites_as_see_also(cards, rules, line, section):
    session = Session(cards)
    session.handle(f"new rdi Warthorn Molly --rules {rules}")
    ruling = session.handle(line)
    play = next(s for s in ruling.steps if " plays " in s.text)
    assert play.cites == (f"{rules}/{section}",)
    assert play.see_also and not any(c.startswith("gii/" if rules == "rdi3" else "rdi3/") and
                                     c.replace(c.split("/")[0], rules, 1) in play.see_also for c in play.see_also)
