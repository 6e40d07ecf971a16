"""The project states rules in its own words: no long run of words copied from the rulebooks.

Card titles, section headings and printed lists (components, colours) are names, not sentences,
so runs that sit inside one of them are allowed. Skipped where ../shared/seeds is not present.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 12  # words in a row


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def mask(text: list[str], names: dict[int, set]) -> list[str]:
    """Replace every card title, heading or printed list in a word list by one placeholder word."""
    out, i = [], 0
    lengths = sorted(names, reverse=True)
    while i < len(text):
        for size in lengths:
            if tuple(text[i:i + size]) in names[size]:
                out.append("<name>")
                i += size
                break
        else:
            out.append(text[i])
            i += 1
    return out


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside this checkout")
def test_no_long_runs_copied_from_the_books():
    sources = " ".join(p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("0*.txt")))
    found = set()
    for path in ROOT.glob("cards/*/*.yaml"):
        for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]:
            found.update(tuple(words(n)) for n in [card["name"], *(card.get("aliases") or [])])
    for path in ROOT.glob("rules_data/*.yaml"):
        for section in yaml.safe_load(path.read_text(encoding="utf-8"))["sections"]:
            found.update(tuple(words(part)) for part in section["path"])
    found.update(tuple(words(line)) for line in sources.splitlines()
                 if ("," in line and len(line) < 300 and not line.rstrip().endswith("."))
                 or (line.count(",") >= 3 and len(line) < 200))  # printed lists
    names: dict[int, set] = {}
    for name in found:
        if len(name) >= 2:
            names.setdefault(len(name), set()).add(name)
    book = mask(words(sources), names)
    runs = {tuple(book[i:i + RUN]) for i in range(len(book) - RUN)}
    copied = []
    files = [*ROOT.glob("cards/*/*.yaml"), *ROOT.glob("rules_data/*.yaml"), *ROOT.glob("referee/**/*.py"),
             *ROOT.glob("docs/*.md"), ROOT / "README.md", *ROOT.glob("tests/transcripts/**/*.txt")]
    for path in files:
        text = mask(words(path.read_text(encoding="utf-8")), names)
        for i in range(len(text) - RUN):
            run = tuple(text[i:i + RUN])
            if run in runs and run.count("<name>") < RUN // 2:
                copied.append(f"{path.relative_to(ROOT)}: {' '.join(run)}")
    assert not copied, "\n".join(copied[:20])
