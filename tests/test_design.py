"""The house's shape (issue 23): imports go one way, core reads no game and no shell, and docs/design.md's
pictures are the ones the code draws."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("draw_design", ROOT / "docs" / "draw_design.py")
draw_design = importlib.util.module_from_spec(spec)
spec.loader.exec_module(draw_design)

def test_no_import_circle():
    assert draw_design.cycles(draw_design.imports()) == []


def test_the_cycle_finder_finds_a_circle():
    assert draw_design.cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert draw_design.cycles({"a": {"b"}, "b": set()}) == []


def test_core_imports_no_game_and_no_shell():
    graph = draw_design.imports()
    for module, targets in graph.items():
        if module.startswith("referee.core"):
            upward = [t for t in targets if not t.startswith("referee.core") and t != "referee"]
            assert not upward, (module, upward)


def test_the_design_pictures_are_drawn_from_the_code():
    text = draw_design.DESIGN.read_text(encoding="utf-8")
    assert draw_design.redrawn(text) == text, "run python docs/draw_design.py"


def test_each_step_of_an_announcement_says_what_it_reads_and_changes():
    for step, module in draw_design.ANNOUNCEMENT_PATH:
        said = draw_design.first_paragraph(module)
        assert said.lower().startswith(step), (module, said)
        assert "Reads" in said and "change" in said, (module, said)
