"""Cards and characters named in a rule question, and the sections that can decide a question about them.

A question that names a card ("can I Poof the ante?", "Diancastra went off…") is about a rule the card
meets: its note where the books give one, the rules it cites, or the general rule of its kind (every
Sometimes Card, every giant god). So a named card points at those sections, all alike, and the rest of
the question chooses among them; the card's own section does not win by its name alone. A character
("Serena passed out…") points at that character's part of the book the same way.

Names are found whole (a title or alias) or by a distinctive run of their words ("deja vu", "dart
shooter", "wench thinks"): a run counts only if it holds a word that is rare in the rules, so
"extra drinks" or "the drinks" never stand for a card.
"""

from __future__ import annotations

import re

from referee.core.rule_words import STOPWORDS, stem
from referee.core.text import normalize

# A single word stands for a card only if few sections use it ("poof", "mead", "vaprak"; not "gold").
SINGLE_WORD_SECTIONS = 25
# A part of a longer name stands for it only if one of its words is this rare ("deja", "dart", "loose").
RARE_WORD_SECTIONS = 6
ZEDS = re.compile(r"\bz{3,}s?\b")
OWN, CITED = 1.0, 0.5  # how strongly a name points at its own rule, and at a rule it only cites
# Where a character's own rules are: the shallowest section or subsection whose title names them.
_OWN_PART_KINDS = ("section", "subsection")


def plain(text: str) -> str:
    """Normalised words, with the sleeping card's z's counted alike ("Zzzzzzzz…", "zzzzzs")."""
    return ZEDS.sub("zzz", normalize(text))


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w not in STOPWORDS]


def _runs(words: list[str], frequency) -> set[str]:
    """The distinctive runs of a name's words: starting and ending on a word that means something, at
    least two such words, one of them rare in the rules."""
    found = set()
    for start in range(len(words)):
        for end in range(start + 1, len(words) + 1):
            run = words[start:end]
            if run[0] in STOPWORDS or run[-1] in STOPWORDS:
                continue
            content = _content(run)
            rare = [w for w in content if frequency.get(stem(w), 0) <= RARE_WORD_SECTIONS]
            if rare and (len(content) >= 2 or (len(rare[0]) >= 5 and frequency.get(stem(rare[0]), 0) <= 3)):
                found.add(" ".join(run))
    return found


def _names(words: list[str], frequency) -> bool:
    """A whole title or alias: kept unless it is one common word ("Gold", "Red" for dragons)."""
    content = _content(words)
    return len(content) >= 2 or (len(content) == 1 and frequency.get(stem(content[0]), 0) <= SINGLE_WORD_SECTIONS)


def build_entities(sections: dict, cards: list[dict], frequency) -> tuple[list[dict], dict[str, list[int]]]:
    """(entities, phrase -> entity numbers). An entity is {"name", "game", "sections"}: a card with the
    sections it cites and the general rule of its kind, or a character with their part of the book."""
    by_kind: dict[str, list[str]] = {}
    for section in sections.values():
        for kind in section.card_kinds:
            by_kind.setdefault(kind, []).append(section.id)
    entities: list[dict] = []
    phrases: dict[str, set[int]] = {}

    def add(name: str, game: str, linked: dict[str, float], spoken) -> None:
        linked = {s: strength for s, strength in linked.items() if s in sections}
        if not linked:
            return
        number = len(entities)
        entities.append({"name": name, "game": game, "sections": sorted(linked.items())})
        for text in spoken:
            words = plain(text).split()
            if not words:
                continue
            if _names(words, frequency):
                phrases.setdefault(" ".join(words), set()).add(number)
            for run in _runs(words, frequency):
                phrases.setdefault(run, set()).add(number)

    owners: dict[str, str] = {}
    for card in cards:
        add(card["name"], card.get("game", ""), _card_links(card, sections, by_kind),
            [card["name"], *(card.get("aliases") or ())])
        owner = card.get("owner")
        if owner and owner not in ("shared", "unknown"):
            owners[owner] = card.get("game", "")
    for owner, game in sorted(owners.items()):
        part = _own_part(sections, owner)
        if part:
            add(owner, game, {s: OWN for s in sections if s == part or s.startswith(part + "/")}, [owner])
    return entities, {phrase: sorted(numbers) for phrase, numbers in phrases.items()}


def _card_links(card: dict, sections: dict, by_kind: dict) -> dict[str, float]:
    """The sections a card points at, and how strongly: its note (a card note it cites, or a rule that
    names it) fully, and the general rule of its kind as fully where it has no note; the other rules and
    worked examples it cites by half."""
    names = {card["name"], *(card.get("aliases") or ())}
    cites = [c for c in card.get("cites") or () if c in sections]
    own = [c for c in cites if sections[c].kind != "example" and "example" not in c.rsplit("/", 1)[-1]
           and (sections[c].kind == "card-note" or names & set(sections[c].cards))]
    kind_rules = [s for k in (card.get("type"), card.get("subtype")) if k for s in by_kind.get(k, ())]
    links = {c: CITED for c in cites}
    links.update({s: CITED if own else OWN for s in kind_rules})
    links.update({c: OWN for c in own})
    # The one-sentence rules under a card's own rule are about the card too.
    for section, strength in list(links.items()):
        if strength == OWN:
            links.update({s: OWN for s in sections if s.startswith(section + "/")})
    return links


def _own_part(sections: dict, owner: str) -> str | None:
    """A character's own section ("Serena the Pious", "Otto, Our Mechanical Friend"), not a card title."""
    name = plain(owner).split()
    found = [s for s in sections.values() if s.kind in _OWN_PART_KINDS and not s.title.startswith(('"', "“"))
             and _contains(plain(s.title).split(), name)]
    return min(found, key=lambda s: s.id.count("/")).id if found else None


def _contains(words: list[str], part: list[str]) -> bool:
    return any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))


def mentions(normal: str, phrases: dict[str, list[int]], longest: int) -> list[tuple[str, list[int]]]:
    """The names in a normalised question, longest first, left to right, none overlapping:
    (the words as written, entity numbers)."""
    words = normal.split()
    found = []
    position = 0
    while position < len(words):
        for size in range(min(longest, len(words) - position), 0, -1):
            phrase = " ".join(words[position:position + size])
            if phrase in phrases:
                found.append((phrase, phrases[phrase]))
                position += size
                break
        else:
            position += 1
    return found
