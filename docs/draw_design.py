"""Draws docs/design.md's pictures from the code, so they cannot drift: the packages and which way their
imports go (read with the standard library's ast, lazy imports inside functions included), and the path
of one announcement (each step's module and the first sentence group of its docstring: what the step
reads and changes).

    python docs/draw_design.py          # rewrites the generated blocks of docs/design.md
    python docs/draw_design.py --check  # exit 1 when they are out of date (tests/test_design.py runs it)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "referee"
DESIGN = ROOT / "docs" / "design.md"
BEGIN, END = "<!-- drawn by docs/draw_design.py: {} -->", "<!-- end of drawing -->"

# The floors a newcomer walks, top to bottom: a module belongs to the longest prefix that names it.
GROUPS = (("shells", ("referee.cli", "referee.repl", "referee.__main__")),
          ("table view", ("referee.serve",)),
          ("voice", ("referee.voice",)),
          # what the prompt is made of (completer, lexer, toolbar, help): the shells and voice stand on it
          ("prompt parts", ("referee.shell",)),
          ("rdi engine", ("referee.games.rdi",)), ("rdi characters", ("referee.games.rdi.characters",)),
          # what a character stands on: the table's state, the primitive figure moves, card text, house rules
          ("rdi basics", tuple(f"referee.games.rdi.{name}" for name in (
              "state", "effects", "house", "phrases", "card_text", "kinds", "readback"))),
          ("tda engine", ("referee.games.tda",)), ("games", ("referee.games",)), ("core", ("referee.core",)),
          ("package", ("referee",)))

# One announcement, step by step: the module that owns each step (RDI; Giants War has the same steps).
ANNOUNCEMENT_PATH = (("parse", "referee.games.rdi.announce"), ("legality", "referee.games.rdi.legality"),
                     ("chain", "referee.core.chain"), ("resolve", "referee.games.rdi.resolution"),
                     ("apply", "referee.games.rdi.ops"), ("ruling", "referee.core.ruling"),
                     ("save", "referee.core.saving"))


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports() -> dict[str, set[str]]:
    """Each module of referee/ and the modules of referee/ it imports, anywhere in its file."""
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # `from pkg import module` imports that module (the package's __init__ runs too, but ours hold
                # only a docstring); `from module import name` imports the module
                submodules = [f"{node.module}.{alias.name}" for alias in node.names
                              if f"{node.module}.{alias.name}" in known]
                targets = submodules or [node.module]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in known and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected parts of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def group_of(module: str) -> str:
    """The floor of the longest prefix that names the module."""
    fits = [(len(p), label) for label, prefixes in GROUPS for p in prefixes
            if module == p or module.startswith(p + ".")]
    return max(fits)[1]


def packages_picture(graph: dict[str, set[str]]) -> str:
    """Which floor imports which (mermaid: GitHub draws it)."""
    lines: dict[tuple[str, str], int] = {}
    for module, targets in graph.items():
        for target in targets:
            edge = (group_of(module), group_of(target))
            if edge[0] != edge[1] and edge[1] != "package":
                lines[edge] = lines.get(edge, 0) + 1
    order = [label for label, _ in GROUPS]
    ids = {label: label.replace(" ", "_") for label in order}
    out = ["```mermaid", "flowchart TD"]
    present = {g for edge in lines for g in edge}
    out += [f"    {ids[g]}[\"{g}\"]" for g in order if g in present]
    out += [f"    {ids[a]} --> {ids[b]}" for (a, b), n in sorted(lines.items(), key=lambda kv: (order.index(kv[0][0]),
                                                                                             order.index(kv[0][1])))]
    circles = cycles(graph)
    out.append("```")
    if circles:
        out.append("")
        out.append("Import circles left (each a set of modules that reach one another):")
        out += [f"- {len(c)} modules: " + ", ".join(f"`{m.removeprefix('referee.')}`" for m in c) for c in circles]
    else:
        out.append("")
        out.append("No import circles: every line above goes one way.")
    return "\n".join(out)


def first_paragraph(module: str) -> str:
    doc = ast.get_docstring(ast.parse(modules()[module].read_text(encoding="utf-8"))) or ""
    return " ".join(doc.strip().split("\n\n")[0].split()) if doc.strip() else "(no docstring)"


def path_picture() -> str:
    rows = ["| step | module | what it reads and changes (its docstring's first paragraph) |", "|---|---|---|"]
    rows += [f"| {step} | `{module.removeprefix('referee.')}` | {first_paragraph(module).replace('|', '/')} |"
             for step, module in ANNOUNCEMENT_PATH]
    return "\n".join(rows)


def drawings() -> dict[str, str]:
    return {"packages": packages_picture(imports()), "announcement path": path_picture()}


def redrawn(text: str) -> str:
    for name, drawing in drawings().items():
        begin = BEGIN.format(name)
        if begin not in text:
            text += f"\n{begin}\n{END}\n"
        head, _, rest = text.partition(begin)
        _, _, tail = rest.partition(END)
        text = f"{head}{begin}\n{drawing}\n{END}{tail}"
    return text


def main(argv: list[str]) -> int:
    text = DESIGN.read_text(encoding="utf-8")
    new = redrawn(text)
    if "--check" in argv:
        if new != text:
            print("docs/design.md's drawings are out of date: run python docs/draw_design.py")
            return 1
        return 0
    DESIGN.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
