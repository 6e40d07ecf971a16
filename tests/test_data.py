"""The shipped data is valid and every citation names a section that exists."""

import re
from pathlib import Path

import pytest

from referee.core.paths import rules_data_dir, shipped_cards_dir
from referee.core.rules import section_ids, sections
from referee.core.schema import check_paths

ROOT = Path(__file__).resolve().parent.parent
SECTION_ID = re.compile(r"""["']((?:rdi3|gii|smb|tda)/[a-z0-9][a-z0-9/-]*[a-z0-9])["']""")
EDITION_PATH = re.compile(r"""\bed\(state, ["']([a-z0-9][a-z0-9/-]*)["']\)""")


def test_shipped_cards_pass_the_checker():
    problems, cards = check_paths([shipped_cards_dir()], section_ids())
    assert not problems, "\n".join(map(str, problems[:30]))
    assert len(cards) >= 170


def test_every_section_has_a_summary_and_keywords():
    for section in sections().values():
        assert section.summary and section.summary != "TODO", section.id
        assert section.keywords, section.id


def test_related_and_differs_ids_exist():
    known = section_ids()
    for section in sections().values():
        for other in section.related:
            assert other in known, (section.id, other)
        for other, _ in section.differs:
            assert other in known, (section.id, other)


def test_differs_links_go_both_ways():
    by_id = sections()
    for section in by_id.values():
        for other, _ in section.differs:
            if other.split("/")[0] in ("rdi3", "gii") and section.book in ("rdi3", "gii"):
                assert section.id in {i for i, _ in by_id[other].differs}, (section.id, other)


def test_every_section_id_in_code_exists():
    known = section_ids()
    missing = []
    for path in (ROOT / "referee").rglob("*.py"):
        for found in SECTION_ID.findall(path.read_text(encoding="utf-8")):
            if found not in known:
                missing.append(f"{path.relative_to(ROOT)}: {found}")
    assert not missing, missing


def test_every_edition_citation_exists_in_both_core_books():
    """`ed(state, "path")` cites the table's edition, so the path must exist in RDI 3 and in GII."""
    known = section_ids()
    missing = []
    for path in (ROOT / "referee").rglob("*.py"):
        for found in EDITION_PATH.findall(path.read_text(encoding="utf-8")):
            missing += [f"{path.relative_to(ROOT)}: {b}/{found}" for b in ("rdi3", "gii") if f"{b}/{found}" not in known]
    assert not missing, missing


def test_citations_test_can_fail(tmp_path):
    broken = tmp_path / "bad.yaml"
    broken.write_text("schema: 1\ngame: rdi\nbook: rdi3\ncards:\n  - id: x/y\n    name: X\n    type: action\n"
                      "    summary: s\n    cites: [rdi3/no-such-section]\n", encoding="utf-8")
    problems, _ = check_paths([broken], section_ids())
    assert any("no-such-section" in p.message for p in problems)


@pytest.mark.parametrize("book", ["rdi3", "gii", "smb", "tda"])
def test_each_book_has_an_index(book):
    assert (rules_data_dir() / f"{book}.yaml").is_file()
