"""Finding the rule for a question asked in players' words: BM25 over each section's title,
keywords, parent titles and summary, with a small synonym list drawn from the books' own words.

BM25 is written here on the standard library: rank-bm25 would bring numpy in, too heavy for a
one-shot `referee rule`, and the index is a few hundred short documents (built in milliseconds).
"""

from __future__ import annotations

import math
import re
from collections import Counter
import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from referee.core.text import normalize

K1, B = 1.2, 0.3  # B low: keyword lists are long, and a long list is not a weaker match
# A word counts more in a title than in a summary: each field's words are counted this many times.
FIELD_WEIGHTS = (("title", 3.0), ("keywords", 2.0), ("path", 1.0), ("summary", 1.0))
# The deciding subsection before its parent (whose summary retells its children) or a worked example.
KIND_WEIGHTS = {"subsection": 1.0, "ruling": 1.0, "section": 0.9, "glossary": 0.8, "card-note": 0.95,
                "example": 0.7}
SYNONYM_WEIGHT = 0.6

STOPWORDS = {"a", "an", "the", "of", "to", "in", "on", "and", "or", "is", "are", "what", "how", "does", "do", "did",
             "when", "with", "for", "if", "can", "i", "you", "my", "it", "its", "me", "we", "be", "happens", "happen",
             "who", "which", "there", "this", "that", "at", "by", "get", "gets", "has", "have", "am", "was", "so",
             "as", "from", "any", "about", "still", "someone", "somebody", "player", "players", "card", "cards",
             "rule", "rules", "game", "should", "would", "will", "then", "than", "into", "out"}
# The games' own names say nothing about a rule ("Three-Dragon Ante: Giants War Glossary").
GAME_NAMES = re.compile(r"\b(?:three dragon ante|red dragon inn|giants war)\b")
# Words players use, and the words the books use for the same thing. Phrases are matched first.
SYNONYMS = {
    "go first": "first turn leader lead", "goes first": "first turn leader lead", "starts": "first turn",
    "next gambit": "ante first turn", "new gambit": "ante first turn",
    "pass out": "passing out eliminated elimination", "passes out": "passing out eliminated elimination",
    "passed out": "passing out eliminated elimination", "no gold": "running out gold",
    "knocked out": "passing out", "eliminated": "lose out", "loses": "lose losing", "dies": "passing out",
    "left": "leave leaving", "quit": "leave leaving", "fold": "leave leaving",
    "broke": "running out gold", "no money": "running out gold", "money": "gold", "coins": "gold",
    "health": "fortitude", "hp": "fortitude", "drunk": "alcohol content", "drunkenness": "alcohol content",
    "booze": "drink", "cancel": "negate", "counter": "negate", "stop": "negate", "dodge": "ignore",
    "avoid": "ignore", "bet": "ante", "wager": "ante", "gamble": "gambling", "poker": "gambling",
    "empty": "running out", "runs out": "running out", "ran out": "running out",
    "same time": "at once simultaneous several", "at once": "simultaneous several", "both": "several",
    "draw": "tie ties", "tied": "tie ties", "tie": "ties", "share": "split", "half": "split",
    "highest": "strongest", "biggest": "strongest", "wins": "win rewarding", "points": "strength",
    "power": "strength", "robot": "otto automaton", "automaton": "otto", "wolf": "wulfric",
    "cook": "recipe recipes", "cooking": "recipe recipes", "ingredient": "ingredients cutting board",
    "potion": "potions", "gear": "gear device", "debt": "hole", "owe": "hole", "owes": "hole",
    "more than one": "several additional", "extra": "additional", "limit": "maximum", "most": "maximum",
    "least": "minimum", "order": "ordering", "tip": "tip wench",
}


def stem(word: str) -> str:
    """A light suffix stripper (passes, passing, passed → pass; leave, leaving → leav)."""
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)]
            break
    return word[:-1] if word.endswith("e") and len(word) >= 4 else word


def terms(text: str) -> list[str]:
    return [stem(w) for w in GAME_NAMES.sub(" ", normalize(text)).split() if w not in STOPWORDS]


@dataclass(frozen=True)
class Index:
    ids: tuple[str, ...]
    books: tuple[str, ...]
    kinds: tuple[str, ...]
    counts: tuple[tuple[dict, ...], ...]  # per section, per field: term -> count
    lengths: tuple[tuple[int, ...], ...]  # per section, per field
    average_lengths: tuple[float, ...]  # per field
    document_frequency: dict  # term -> sections having it in any field


def build_index(sections) -> Index:
    ids, books, kinds, counts, lengths = [], [], [], [], []
    frequency: Counter = Counter()
    for section in sections:
        fields = {"title": section.title, "keywords": " ".join(section.keywords),
                  "path": " ".join(section.path[:-1]), "summary": section.summary}
        per_field = [Counter(terms(fields[name])) for name, _ in FIELD_WEIGHTS]
        ids.append(section.id)
        books.append(section.book)
        kinds.append(section.kind)
        counts.append(tuple(dict(c) for c in per_field))
        lengths.append(tuple(sum(c.values()) for c in per_field))
        frequency.update(set().union(*per_field))
    averages = tuple(sum(row[f] for row in lengths) / max(1, len(lengths)) for f in range(len(FIELD_WEIGHTS)))
    return Index(tuple(ids), tuple(books), tuple(kinds), tuple(counts), tuple(lengths), averages, dict(frequency))


def query_terms(question: str, vocabulary) -> dict[str, float]:
    """The question's terms with their weights: its own words 1, the books' synonyms less; a misspelt
    word stands for the closest word of the books."""
    text = " " + normalize(question) + " "
    weights: dict[str, float] = {}
    for term in terms(text):
        weights[term] = 1.0
    for phrase, replacement in SYNONYMS.items():
        if re.search(rf"\b{re.escape(phrase)}\b", text):
            added = terms(replacement)
            for term in added:  # a phrase that stands for several words does not outweigh the question's own
                weights.setdefault(term, SYNONYM_WEIGHT / math.sqrt(len(added)))
    unknown = [t for t in weights if t not in vocabulary and len(t) >= 4]
    if unknown:
        from rapidfuzz import fuzz, process

        for term in unknown:
            found = process.extractOne(term, list(vocabulary), scorer=fuzz.ratio, score_cutoff=80)
            if found:
                weights.setdefault(found[0], weights[term] * 0.8)
    return weights


def rank(index: Index, question: str, books: set[str] | None = None, limit: int = 5) -> list[tuple[float, str]]:
    """(score, section id) best first: BM25F (each field saturates on its own, so a word in the title
    counts fully however often the summary repeats it), with the section's kind as a prior."""
    weights = query_terms(question, index.document_frequency)
    total = len(index.ids)
    idf = {t: math.log(1 + (total - index.document_frequency[t] + 0.5) / (index.document_frequency[t] + 0.5))
           for t in weights if t in index.document_frequency}
    scored = []
    for position, section_id in enumerate(index.ids):
        if books is not None and index.books[position] not in books:
            continue
        score = 0.0
        for field, (_, field_weight) in enumerate(FIELD_WEIGHTS):
            counts = index.counts[position][field]
            norm = K1 * (1 - B + B * index.lengths[position][field] / max(index.average_lengths[field], 1e-9))
            for term, weight in weights.items():
                count = counts.get(term)
                if count:
                    score += field_weight * weight * idf[term] * count * (K1 + 1) / (count + norm)
        if score > 0:
            scored.append((score * KIND_WEIGHTS.get(index.kinds[position], 0.9), section_id))
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    return scored[:limit]


@lru_cache(maxsize=1)
def default_index() -> Index:
    """The index of every section, kept in the JSON cache: building it costs more than a one-shot
    `referee rule` should (a few hundred milliseconds of normalising text), loading it a few."""
    from pathlib import Path

    from referee.core.cache import cached_json
    from referee.core.rules import rules_files, sections

    def build() -> dict:
        return dataclasses.asdict(build_index(sections().values()))

    raw = cached_json("rule-index", [*rules_files(), Path(__file__)], build)  # this file: the stemmer and weights
    return Index(tuple(raw["ids"]), tuple(raw["books"]), tuple(raw["kinds"]),
                 tuple(tuple(fields) for fields in raw["counts"]), tuple(tuple(n) for n in raw["lengths"]),
                 tuple(raw["average_lengths"]), raw["document_frequency"])
