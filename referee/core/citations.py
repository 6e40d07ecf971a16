"""Turning a section id into its citation text ("GII › More Drink Rules › Chasers, p. 6").

Kept apart from rules.py so that showing a card loads only a small id -> citation
cache, not the whole section index.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _citations() -> dict[str, str]:
    from referee.core.cache import cached_json
    from referee.core.paths import rules_data_dir

    def build() -> dict:
        from referee.core.rules import citation_map  # the section index: only when the cache is stale

        return citation_map()

    return cached_json("citations", sorted(rules_data_dir().glob("*.yaml")), build)  # type: ignore[return-value]


def cite(section_id: str) -> str:
    """The human citation of a section id; an unknown id is a bug, so say so loudly."""
    return _citations().get(section_id) or f"[unknown section {section_id}]"


def is_example(section_id: str) -> bool:
    """A worked example ("…/example-2", "…/negate-example", "…/gambling-example"): it shows a rule, it never
    decides one, so a ruling gives it as "see also"."""
    return "example" in section_id.rsplit("/", 1)[-1]


def split_examples(cites: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(deciding sections, examples) of a step's citations."""
    return tuple(c for c in cites if not is_example(c)), tuple(c for c in cites if is_example(c))


def known(section_id: str) -> bool:
    """Whether the books have a section with this id."""
    return section_id in _citations()
