"""YAML in bounds: the loader every card, deck, learned and position file goes through, and the writer.

A safe loader still lets a small file make a huge document (aliases to aliases, the "billion laughs"),
nest deeper than Python's recursion, or hold a number of thousands of digits that ``int`` refuses with
a ValueError. So the document is composed first and measured before a value is built: aliases, values
(counting each alias as what it stands for) and nesting each have a limit, and a number may have at
most NUMBER_CHARACTERS characters. Dates stay text and the other tags (binary, sets, pairs) are
refused, so what a file gives is always plain JSON-shaped data. Every refusal is a MarkedYAMLError
with the line, as a syntax error is.
"""

from __future__ import annotations

from typing import Any

import yaml

MAX_ALIASES = 100  # alias uses (*name) in one file; the shipped and learned files use none
MAX_VALUES = 200_000  # values in one file once its aliases are expanded; a 1 MiB learned deck has about 60,000
MAX_DEPTH = 40  # mappings and lists inside each other; a card file goes 7 deep
NUMBER_CHARACTERS = 20  # a whole number's digits: far more than any figure, far below int()'s limit

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Refused(yaml.MarkedYAMLError):
    """A document outside the bounds; ``problem`` says which, ``problem_mark`` where."""


def _refuse(problem: str, node) -> Refused:
    return Refused(problem=problem, problem_mark=getattr(node, "start_mark", None))


class BoundedLoader(_BASE):  # type: ignore[misc, valid-type]
    """A safe loader whose documents are plain data: bounded numbers, dates as text, no other tags."""

    def construct_yaml_int(self, node):
        digits = str(node.value).replace("_", "").lstrip("+-")
        if len(digits) > NUMBER_CHARACTERS:
            raise _refuse(f"a number of {len(digits):,} digits; a number in this file has at most "
                          f"{NUMBER_CHARACTERS} digits", node)
        return super().construct_yaml_int(node)

    def construct_as_text(self, node):
        return self.construct_scalar(node)

    def construct_refused(self, node):
        raise _refuse(f"the tag {node.tag} is not used in this file: it holds text, numbers, true/false, "
                      "lists and mappings", node)


BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_yaml_int)
BoundedLoader.add_constructor("tag:yaml.org,2002:timestamp", BoundedLoader.construct_as_text)
for _tag in ("binary", "set", "omap", "pairs"):
    BoundedLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", BoundedLoader.construct_refused)


def measure(root) -> None:
    """Refuse a composed document with too many aliases, too many values or too deep a nesting. The walk
    expands aliases as the built value would, and stops at the first limit passed, so it costs at most
    MAX_VALUES steps however the aliases multiply (or loop)."""
    seen: set[int] = set()
    aliases = values = 0
    stack = [(root, 1, False)]  # a node, its depth, and whether an alias led to it
    while stack:
        node, depth, aliased = stack.pop()
        values += 1
        if values > MAX_VALUES:
            raise _refuse(f"more than {MAX_VALUES:,} values once its aliases (*name) are expanded", node)
        if id(node) in seen and not aliased:
            aliases += 1  # a node met again: an alias to it (its children are met again through this use)
            aliased = True
            if aliases > MAX_ALIASES:
                raise _refuse(f"more than {MAX_ALIASES} uses of aliases (*name)", node)
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            children = node.value
        elif isinstance(node, yaml.MappingNode):
            children = [item for pair in node.value for item in pair]
        else:
            continue
        if children and depth >= MAX_DEPTH:
            raise _refuse(f"nested more than {MAX_DEPTH} deep", node)
        stack.extend((child, depth + 1, aliased) for child in children)


def load(stream: Any, loader: type = BoundedLoader) -> Any:
    """The document in ``stream`` (text or an open file), composed, measured, then built by ``loader``
    (BoundedLoader or a subclass)."""
    parser = loader(stream)
    try:
        try:
            root = parser.get_single_node()
        except RecursionError:  # the pure-Python composer (no libyaml) recurses once per level
            raise _refuse(f"nested more than {MAX_DEPTH} deep", None) from None
        if root is None:
            return None
        measure(root)
        return parser.construct_document(root)
    finally:
        parser.dispose()


class _Dumper(yaml.SafeDumper):
    """Text holding an unprintable character (an escape sequence in a name) is written double-quoted with
    that character as an escape, so the file shows nothing raw and loads back to the same text."""

    def write_double_quoted(self, text, split=True):
        keep = self.allow_unicode
        self.allow_unicode = keep and text.isprintable()
        try:
            super().write_double_quoted(text, split)
        finally:
            self.allow_unicode = keep


def _represent_text(dumper, text: str):
    style = None if text.replace("\n", "").isprintable() else '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _represent_text)


def dump(data: Any, stream=None, **options) -> Any:
    """``yaml.safe_dump`` with every unprintable character escaped (the text, when ``stream`` is None)."""
    return yaml.dump(data, stream, Dumper=_Dumper, **options)
