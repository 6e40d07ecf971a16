"""The house's shape (issue 23): imports go one way, core reads no game and no shell, and docs/design.md's
pictures are the ones the code draws."""

from __future__ import annotations

import ast
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


CHARACTERS = "referee.games.rdi.characters"


def _characters_imported(source: str, path: Path) -> list[str]:
    """The character modules (referee.games.rdi.characters.NAME) that ``source``, lying at ``path``, imports
    by name anywhere in it, relative imports resolved; the registry package itself does not count."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found += [n for n in names if n.startswith(CHARACTERS + ".") and n.count(".") == CHARACTERS.count(".") + 1
                  and (ROOT / Path(*n.split("."))).with_suffix(".py").exists()]
    return found


def test_no_rdi_engine_module_imports_a_character_by_name():
    """The engine asks the characters through their registry, never a character's module by name (issue 23):
    only the registry and the characters themselves import one."""
    rdi = ROOT / "referee" / "games" / "rdi"
    offending = {str(path.relative_to(ROOT)): found for path in sorted(rdi.rglob("*.py"))
                 if path.relative_to(rdi).parts[0] != "characters"
                 and (found := _characters_imported(path.read_text(encoding="utf-8"), path))}
    assert offending == {}


def test_the_character_import_finder_finds_each_form():
    at = ROOT / "referee" / "games" / "rdi" / "engine.py"
    for source in ("from referee.games.rdi.characters import otto\n", "import referee.games.rdi.characters.serena\n",
                   "def f():\n    from .characters import kaylin\n", "from .characters.otto import setup\n"):
        assert _characters_imported(source, at), source
    for source in ("from referee.games.rdi import characters\n", "from .characters import after_card\n",
                   "from referee.games.rdi.characters import joined_chain\n"):
        assert not _characters_imported(source, at), source
