"""Look-up speed with 2,000 learned cards in the user's folder: prints figures, asserts nothing.

1. Wall time of a cold `referee card NAME-OF-A-LEARNED-CARD` (its cache warm) against
   `python -c "import typer, rapidfuzz"` (target: at most 1.5 times as long).
2. Median time of one fuzzy look-up among 10,000 names: the shipped and learned cards' names
   and made-up ones (target: at most 2 ms).

The learned cards go to a temporary REFEREE_CONFIG_DIR (and the cache to a temporary
REFEREE_CACHE_DIR); your own folders are never touched.

Run: python benchmarks/bench_learned.py
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_lookup import WORDS, cold_start, fuzzy_lookups, generated_names  # noqa: E402

LEARNED = 2_000
DECKS = 20  # made-up characters, 100 cards each
PHRASES = (
    "action: another player loses {n} Fortitude",
    "action: each other player loses {n} Fortitude",
    "action: another player pays you {n} Gold",
    "sometimes: ignore a card that affects your Fortitude",
    "anytime: gain {n} Fortitude",
    "drink: {n} Alcohol Content, lose 1 Fortitude",
    'action: "swap a card with another player"',
)


def learn_cards(folder: Path) -> list[str]:
    """Write LEARNED made-up cards to the learned folder under ``folder``, as `referee cards import` does."""
    os.environ["REFEREE_CONFIG_DIR"] = str(folder / "config")
    os.environ["REFEREE_CACHE_DIR"] = str(folder / "cache")
    from referee.core import learned
    from referee.core.carddb import load_cards
    from referee.games.rdi.learning import build_card

    rng = random.Random(11)
    shipped = {card.name for card in load_cards().cards}  # the folder holds no learned card yet
    names = generated_names(LEARNED, seed=11, taken=shipped)
    owners = [f"{word.title()} the Bard" for word in WORDS[:DECKS]]
    cards = [build_card(name, rng.choice(PHRASES).format(n=rng.randint(1, 3)), owners[index % DECKS])
             for index, name in enumerate(names)]
    learned.save(cards)
    return [card["name"] for card in cards]


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as temporary:
        folder = Path(temporary)
        names = learn_cards(folder)
        env = dict(os.environ, REFEREE_CONFIG_DIR=str(folder / "config"), REFEREE_CACHE_DIR=str(folder / "cache"))
        files = len(list((folder / "config" / "cards" / "learned").glob("*.yaml")))
        print(f"{len(names):,} learned cards in {files} files")
        cold_start(names[len(names) // 2], env)
        from referee.core.carddb import load_cards

        known = [card.name for card in load_cards().cards]
        fuzzy_lookups(sorted(set(known) | set(generated_names(10_000 - len(set(known)), seed=13, taken=set(known)))))


if __name__ == "__main__":
    main()
