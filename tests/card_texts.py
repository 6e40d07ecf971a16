"""The card-text corpora (tests/data/card_texts/): each entry read and scored against what it must mean.

`dev.yaml` is the corpus the reader was built against; `holdout.yaml` was written blind by someone who
never saw the grammar and is kept aside: its figure is the one that says how the reader does on card
text nobody tuned it on. Both test_card_texts.py and benchmarks/bench_card_text.py score with this.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

from referee.core.effect_model import effects_data, parse_effects
from referee.core.phrases import PhraseError
from referee.games.rdi.card_text import parse_card_phrase

CORPORA = Path(__file__).parent / "data" / "card_texts"
ORDERLESS = {"what", "if_affects", "affects", "window", "to"}  # lists whose order means nothing


@dataclass
class Scored:
    id: str
    text: str
    verdict: str  # exact, refused, wrong (an expressible text); refused-ok, accepted (an unexpressible one)
    detail: str = ""


def entries(name: str) -> list[dict]:
    return yaml.safe_load((CORPORA / f"{name}.yaml").read_text(encoding="utf-8"))


def _canonical(value):
    if isinstance(value, dict):
        return {k: sorted(v) if k in ORDERLESS and isinstance(v, list) and all(isinstance(x, str) for x in v)
                else _canonical(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    return value


def expected_of(entry: dict) -> dict:
    expect = entry["expect"]
    return _canonical({
        "kind": expect["kind"], "target": expect.get("target"), "window": expect.get("window") or None,
        "affects": expect.get("affects") or None, "alcohol": expect.get("alcohol"),
        "chaser": expect.get("chaser") or None,
        "effects": effects_data(parse_effects(expect.get("effects") or [], "rdi")),
    })


def read_of(phrase) -> dict:
    return _canonical({
        "kind": phrase.kind, "target": phrase.target, "window": list(phrase.window) or None,
        "affects": list(phrase.affects) or None, "alcohol": phrase.alcohol, "chaser": phrase.chaser or None,
        "effects": effects_data(phrase.effects),
    })


def score(entry: dict) -> Scored:
    text = entry["text"]
    try:
        phrase = parse_card_phrase(text)
    except PhraseError as error:
        verdict = "refused-ok" if "unexpressible" in entry else "refused"
        return Scored(entry["id"], text, verdict, str(error))
    got = read_of(phrase)
    if "unexpressible" in entry:
        if any(e["op"] == "unmodelled" for e in got["effects"]) and '"' in text:
            return Scored(entry["id"], text, "refused-ok", "kept in quotes for the table")
        return Scored(entry["id"], text, "accepted", f"read as {got}; {entry['unexpressible']}")
    want = expected_of(entry)
    if got == want:
        return Scored(entry["id"], text, "exact")
    diff = {k: (want.get(k), got.get(k)) for k in {**want, **got} if want.get(k) != got.get(k)}
    return Scored(entry["id"], text, "wrong", f"expected/read: {diff}")


def tally(name: str) -> tuple[Counter, list[Scored]]:
    scored = [score(e) for e in entries(name)]
    return Counter(s.verdict for s in scored), scored
