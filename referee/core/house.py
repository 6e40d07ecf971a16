"""House rules: the points the books leave open, each with the readings a table may choose.

Where the rulebooks are silent the referee follows a documented default, says so in
the ruling, names the reading it follows and how to switch it (`--house ID=READING`
on `new` or `play`). Each game keeps its own registry of these (RDI: games/rdi/house.py);
docs/house-rules.md lists them all. Game-independent: this module knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.ruling import NotUnderstood


@dataclass(frozen=True)
class HouseRule:
    id: str
    question: str  # the point the books leave open, in our words
    readings: dict  # reading name -> what the referee does under it, in our words
    default: str
    cites: tuple[str, ...]  # the sections that come closest without settling it

    def reading(self, chosen: dict) -> str:
        return chosen.get(self.id, self.default)

    def ruling_text(self, chosen: dict) -> str:
        """The sentence every ruling that uses this point adds: silent, which reading, how to change it."""
        name = self.reading(chosen)
        others = [r for r in self.readings if r != name]
        how = f" `--house {self.id}={others[0]}` would {self.readings[others[0]]}" if others else ""
        origin = "the table's house rule" if self.id in chosen else "the referee's default"
        return (f"The books are silent on {self.question}. The referee follows {origin} '{name}': "
                f"{self.readings[name]}.{how.rstrip('.')}{'.' if how else ''}")


def parse_choices(values: list[str], rules: dict[str, HouseRule]) -> dict[str, str]:
    """`ID=READING` pairs from `--house`; a wrong one is refused with what would be accepted."""
    chosen: dict[str, str] = {}
    for value in values:
        key, _, reading = value.partition("=")
        rule = rules.get(key.strip())
        if rule is None:
            raise NotUnderstood(f"--house {value!r}: no such house rule. Known: {', '.join(sorted(rules))}.")
        if reading.strip() not in rule.readings:
            raise NotUnderstood(f"--house {value!r}: {rule.id} reads {' or '.join(rule.readings)}.")
        chosen[rule.id] = reading.strip()
    return chosen
