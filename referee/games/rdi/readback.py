"""What the referee understood of a card, said back in plain words (placeholder)."""

from __future__ import annotations


def read_back(phrase, player: str | None = None) -> str:
    from referee.core.effect_model import effects_data

    return f"{phrase.kind} {phrase.fields()} {effects_data(phrase.effects)}"
