"""What every game's state shares: finding a seat by name, and an exact copy through its dict form."""

from __future__ import annotations

from typing import Any


def plain(value: Any) -> Any:
    """A JSON-shaped deep copy of dataclasses, lists and dicts (leaves are immutable).
    Several times faster than dataclasses.asdict or copy.deepcopy, which matters once per announcement."""
    if hasattr(value, "__dataclass_fields__"):
        return {key: plain(item) for key, item in value.__dict__.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


class Seats:
    """Mixin for a state dataclass with ``players`` (each with a ``name``) and ``to_dict``/``from_dict``."""

    def seat(self, name: str) -> int:
        for index, player in enumerate(self.players):
            if player.name == name:
                return index
        raise KeyError(name)

    def to_dict(self) -> dict:
        return plain(self)

    def copy(self):
        return type(self).from_dict(self.to_dict())
