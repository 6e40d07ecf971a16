"""The words of a `set` line: who is corrected and which figures, as typed (corrections.py applies them).

Kept apart from corrections.py so that reading an announcement (announce.py) needs nothing that applies one.
"""

from __future__ import annotations

import re

from referee.core.parse import find_player
from referee.core.ruling import NotUnderstood
from referee.core.setwords import split_fields
from referee.core.text import normalize
from referee.games.rdi import characters

TABLE_KEYS = {"active": "active", "phase": "phase", "action played": "action_done",
              "ordered": "ordered", "drink ordered": "ordered", "drunk": "drunk", "drank": "drunk",
              "drink drunk": "drunk", "extra orders": "extra_orders", "additional drinks": "extra_orders",
              "deck": "drink_deck", "drink deck": "drink_deck",
              "discard": "drink_discard", "drink discard": "drink_discard", "inn": "inn", "pot": "pot",
              "gambling": "gambling", "round": "gambling", "control": "control", "in control": "control",
              "in": "in", "passed": "passed", "left": "left", "to act": "to_act", "prize": "pot_prize",
              "inn prizes": "prizes_inn", "prize bin": "prize_bin"}
PLAYER_KEYS = {"fortitude": "fortitude", "fort": "fortitude", "f": "fortitude", "alcohol": "alcohol",
               "ac": "alcohol", "alcohol content": "alcohol", "gold": "gold", "g": "gold",
               "drinkme": "drink_me", "drink_me": "drink_me", "drink me": "drink_me", "pile": "drink_me",
               "kept": "kept", "front": "front", "in front": "front", "prizes": "prizes"}
EXAMPLE = "`set Kaylin fortitude 12`, `set active Serena`, `set phase drink`, `set deck 2`"
# "discard" is also the Drink discard pile's field: after `phase` it names the first phase.
_DISCARD_PHASE = re.compile(r"\bphase\s+(?:discard(?:\s+and\s+draw)?|draw)\b", re.I)


def parse(text: str, names: list[str]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(player or "", [(field, value text)]); `toward NAME` makes the figures after it Otto's track."""
    words = text.split()
    if not words:
        raise NotUnderstood("`set` needs a player or a table figure.", hint=f"e.g. {EXAMPLE}.")
    who = ""
    if not any(" ".join(words[:len(k.split())]).lower() == k for k in TABLE_KEYS):
        # A name may have several words ("set The Wench gold 3"): the longest run of words that is a player's name.
        size = _name_length(words, names, shortest=2) or 1
        who = find_player(" ".join(words[:size]), names)
        text = " ".join(words[size:])
    # Otto's track toward a player may also be named without `toward` ("set Otto Ann fortitude 4").
    if who and names and any(normalize(p) == normalize(who) for p in names):
        rest = text.split()
        size = _name_length(rest, names, shortest=1)
        if size:
            text = "toward " + " ".join(rest[:size]) + " " + " ".join(rest[size:])
    keys = {**PLAYER_KEYS, **characters.set_keys()} if who else TABLE_KEYS
    if not who:
        text = _DISCARD_PHASE.sub("phase discard_draw", text)
    fields = []
    toward = None
    for word, value in split_fields(text, keys, EXAMPLE):
        key = keys[word]
        if key == "toward":
            toward = value
            continue
        if toward is not None and key in ("fortitude", "alcohol"):
            fields.append(("toward", f"{toward}|{key}|{value}"))
            continue
        fields.append((key, value))
    if not fields:
        raise NotUnderstood("`set` needs at least one figure and its value.", hint=f"e.g. {EXAMPLE}.")
    return who, tuple(fields)


def _name_length(words: list[str], names: list[str], shortest: int) -> int:
    """How many leading words (at least ``shortest``, leaving one) are a player's name; 0 if none.
    Only as many words as the longest name are tried, so a long line costs no more than a short one."""
    known = {normalize(name) for name in names}
    longest = max((len(name.split()) for name in names), default=0)
    return next((n for n in range(min(len(words) - 1, longest), shortest - 1, -1)
                 if normalize(" ".join(words[:n])) in known), 0)
