"""What every game's state shares: finding a seat by name, and an exact copy through its dict form."""

from __future__ import annotations


class Seats:
    """Mixin for a state dataclass with ``players`` (each with a ``name``) and ``to_dict``/``from_dict``."""

    def seat(self, name: str) -> int:
        for index, player in enumerate(self.players):
            if player.name == name:
                return index
        raise KeyError(name)

    def copy(self):
        return type(self).from_dict(self.to_dict())
