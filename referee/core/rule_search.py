"""Finding the rule for a question asked in players' words.

1. The question's words (rule_words.py: slang, synonyms, one stem per word) are scored with BM25F over
   each section's title, keywords, parent titles and summary; a misspelt word stands for the closest
   word of the books.
2. A card or character the question names (rule_entities.py) counts as a keyword of every section it
   points at (its note, the rules it cites, the general rule of its kind); the words of the name count
   for less as plain words, so a card's own section does not win by its name alone.
3. Where BM25 scores two relatives close (a section and its parent, child or sibling), the book's
   structure decides: a section covers the question by the weight of the question's terms its own
   words match, and the most specific section that covers it wins (a child that matches a term of the
   question its parent's title does not say beats it, however much more of the parent's summary,
   which holds the child's sentence too, matches; otherwise the parent does; a sibling wins by covering all the other covers and more). The rules one named card
   points at are one family too.
4. Before that: a card note's title (the card's name) counts fully only when the question names the
   card; a section inside a part of the book whose title the question never touches counts a little
   less (a rule of the Drinking Contest is not the answer to a question that never mentions one).
   After it: a core book's rule comes before an expansion's printing of it under the same heading.

BM25 is written here on the standard library: rank-bm25 would bring numpy in, too heavy for a
one-shot `referee rule`, and the index is a few hundred short documents.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from referee.core.rule_entities import build_entities, mentions, plain
from referee.core.rule_words import GAME_NAMES, number_said_twice, question_terms, spoken_terms, terms

K1, B = 1.2, 0.3  # B low: keyword lists are long, and a long list is not a weaker match
# A word counts more in a title than in a summary: each field's words are counted this many times.
FIELD_WEIGHTS = (("title", 3.0), ("keywords", 2.0), ("path", 1.0), ("summary", 1.0))
PATH_FIELD = 2
TOP_FIELD_WEIGHT = FIELD_WEIGHTS[0][1]
TOPIC_FIELDS = (0, PATH_FIELD)  # what a section is about: its title and its parents' titles
# A worked example shows a rule; it decides only a question about its own case.
KIND_WEIGHTS = {"subsection": 1.0, "ruling": 1.0, "section": 0.9, "glossary": 0.8, "card-note": 1.0,
                "example": 0.7}
# A card note's title is the card's name: its words say which card, not which rule. A question that
# names the card keeps the title's full weight; one that only shares a word of the name ("giants",
# "dragons") gets that word's weight as in a summary.
NAME_TITLED = ("card-note",)
NAME_TITLE_WEIGHT = 1.0
ENTITY_WEIGHT = 1.0  # a named card or character: one keyword match in each section it points at
NAME_WEIGHT = 0.5  # the words of that name, as plain words
CONTEXT_WEIGHT = 0.9  # a section inside a part of the book the question does not name (_context)
FAMILY_CANDIDATES = 40  # the best sections weighed against their families
FAMILY_RATIO = 0.8  # relatives this close in score are ordered by the book's structure
GAME_OF_BOOK = {"tda": "tda"}  # every other book is The Red Dragon Inn's
CORE_BOOKS = ("gii", "rdi3")  # as rules.CORE_BOOKS: the two books of the core RDI rules


@dataclass(frozen=True)
class Index:
    ids: tuple[str, ...]
    books: tuple[str, ...]
    kinds: tuple[str, ...]
    parents: tuple[int, ...]  # the nearest section above, or -1
    counts: tuple[tuple[dict, ...], ...]  # per section, per field: term -> count
    lengths: tuple[tuple[int, ...], ...]  # per section, per field
    average_lengths: tuple[float, ...]  # per field
    document_frequency: dict  # term -> sections having it in any field
    entities: tuple[dict, ...] = ()  # {"name", "game", "sections"} (section positions)
    phrases: dict = dataclasses.field(default_factory=dict)  # a name's words -> entity numbers
    longest: int = 0  # words in the longest phrase
    editions: dict = dataclasses.field(default_factory=dict)  # rules.editions(): the edition filter's data


def build_index(sections: dict, cards: list[dict] = ()) -> Index:
    """The index of ``sections`` (id -> Section), with the cards that may be named in a question."""
    ids, books, kinds, counts, lengths = [], [], [], [], []
    frequency: Counter = Counter()
    for section in sections.values():
        fields = {"title": section.title, "keywords": " ".join(section.keywords),
                  "path": " ".join(section.path[:-1]), "summary": section.summary}
        per_field = [Counter(spoken_terms(" , ".join(plain(k) for k in section.keywords)) if name == "keywords"
                             else terms(plain(fields[name]))) for name, _ in FIELD_WEIGHTS]
        ids.append(section.id)
        books.append(section.book)
        kinds.append(section.kind)
        counts.append(tuple(dict(c) for c in per_field))
        lengths.append(tuple(sum(c.values()) for c in per_field))
        frequency.update(set().union(*per_field))
    position = {section_id: n for n, section_id in enumerate(ids)}
    parents = tuple(_parent(section_id, position) for section_id in ids)
    averages = tuple(sum(row[f] for row in lengths) / max(1, len(lengths)) for f in range(len(FIELD_WEIGHTS)))
    entities, phrases = build_entities(sections, list(cards), frequency)
    entities = tuple({**e, "sections": [[position[s], strength] for s, strength in e["sections"]]}
                     for e in entities)
    return Index(tuple(ids), tuple(books), tuple(kinds), parents, tuple(counts), tuple(lengths), averages,
                 dict(frequency), entities, phrases, max((len(p.split()) for p in phrases), default=0))


def _parent(section_id: str, position: dict) -> int:
    parts = section_id.split("/")
    for size in range(len(parts) - 1, 1, -1):
        found = position.get("/".join(parts[:size]))
        if found is not None:
            return found
    return -1


def _question(index: Index, question: str, games: set[str] | None):
    """(term weights, mentions): the question's terms, a name's words weighing less than the rest."""
    normal = GAME_NAMES.sub(" ", plain(question))
    named = [(phrase, [n for n in numbers if games is None or index.entities[n]["game"] in games])
             for phrase, numbers in mentions(normal, index.phrases, index.longest)]
    named = [(phrase, numbers) for phrase, numbers in named if numbers]
    weights = question_terms(normal, number_said_twice(question))
    rest = normal
    for phrase, _ in named:
        rest = rest.replace(phrase, " ", 1)
    plain_words = set(question_terms(rest))
    for phrase, _ in named:
        for term in terms(phrase):
            if term in weights and term not in plain_words:
                weights[term] *= NAME_WEIGHT
    unknown = [t for t in weights if t not in index.document_frequency and len(t) >= 4]
    if unknown:
        from rapidfuzz import fuzz, process

        for term in unknown:
            found = process.extractOne(term, list(index.document_frequency), scorer=fuzz.ratio, score_cutoff=80)
            if found:
                weights.setdefault(found[0], weights[term] * 0.8)
    return weights, named


def rank(index: Index, question: str, books: set[str] | None = None, limit: int = 5,
         hidden: frozenset[str] = frozenset()) -> list[tuple[float, str]]:
    """(score, section id) best first, from ``books`` (all if None), leaving out the ``hidden`` ids."""
    games = None if books is None else {GAME_OF_BOOK.get(b, "rdi") for b in books}
    index = _edition_families(index, hidden)
    weights, named = _question(index, question, games)
    allowed = {p for p in range(len(index.ids))
               if (books is None or index.books[p] in books) and index.ids[p] not in hidden}
    name_terms = {t for phrase, _ in named for t in terms(phrase)}
    named_sections = {p for _, numbers in named for n in numbers for p, _ in index.entities[n]["sections"]}
    scores, covers, titles = _word_scores(index, weights, name_terms, allowed, named_sections)
    _add_names(index, named, allowed, scores, covers, titles)
    for position in scores:
        scores[position] *= KIND_WEIGHTS.get(index.kinds[position], 0.9) * _context(index, position, weights)
    best = sorted(scores, key=lambda p: (-scores[p], index.ids[p]))[:FAMILY_CANDIDATES]
    _weigh_families(index, best, covers, titles, scores, weights)
    _core_first(index, best)
    return [(scores[p], index.ids[p]) for p in best[:limit]]


def _edition_families(index: Index, hidden: frozenset[str]) -> Index:
    """The index with each section whose parent gives way to the table's edition placed under that
    parent's counterpart in the edition's book: a rule only RDI 3 prints, under a heading GII prints too,
    is then weighed against the GII heading as the child it is."""
    if not hidden:
        return index
    position = {section_id: n for n, section_id in enumerate(index.ids)}
    counterparts = index.editions.get("counterparts", {})
    parents = tuple(position.get(counterparts.get(index.ids[parent], ""), parent)
                    if parent != -1 and index.ids[parent] in hidden else parent for parent in index.parents)
    return index if parents == index.parents else dataclasses.replace(index, parents=parents)


def _word_scores(index: Index, weights: dict, name_terms: set, allowed: set, named_sections: set = frozenset()):
    """BM25F of each allowed section (each field saturates on its own, so a word in the title counts
    fully however often the summary repeats it); what of the question each covers by its own words
    (term -> weight x idf x the strength of the weightiest field having it; its parents' titles count
    as its own; a name's words are left to the name); and which of those terms are its topic (title or
    parents' titles)."""
    total = len(index.ids)
    idf = {t: _idf(total, index.document_frequency[t]) for t in weights if t in index.document_frequency}
    scores: dict[int, float] = {}
    covers: dict[int, dict[str, float]] = {}
    titles: dict[int, set[str]] = {}
    for position in allowed:
        score = 0.0
        cover: dict[str, float] = {}
        for field, (_, field_weight) in enumerate(FIELD_WEIGHTS):
            if field == 0 and index.kinds[position] in NAME_TITLED and position not in named_sections:
                field_weight = NAME_TITLE_WEIGHT  # the card's name, and the question does not name the card
            counts = index.counts[position][field]
            norm = K1 * (1 - B + B * index.lengths[position][field] / max(index.average_lengths[field], 1e-9))
            for term, weight in weights.items():
                count = counts.get(term)
                if count:
                    score += field_weight * weight * idf[term] * count * (K1 + 1) / (count + norm)
                    if term not in name_terms:
                        strength = 1.0 if field == PATH_FIELD else field_weight / TOP_FIELD_WEIGHT
                        cover[term] = max(cover.get(term, 0.0), weight * idf[term] * strength)
        if score > 0:
            scores[position], covers[position] = score, cover
            titles[position] = {t for t in cover if any(t in index.counts[position][f] for f in TOPIC_FIELDS)}
    return scores, covers, titles


def _add_names(index: Index, named: list, allowed: set, scores: dict, covers: dict, titles: dict) -> None:
    """A named card or character counts as one keyword match, with the idf of how many sections it
    points at, in each of those sections (by the strength of the link), and as part of their topic."""
    total = len(index.ids)
    for number, (_, entity_numbers) in enumerate(named):
        linked: dict[int, float] = {}
        for entity in entity_numbers:
            for position, strength in index.entities[entity]["sections"]:
                if position in allowed:
                    linked[position] = max(linked.get(position, 0.0), strength)
        weight = _idf(total, len(linked))
        for position, strength in linked.items():
            scores[position] = scores.get(position, 0.0) + ENTITY_WEIGHT * weight * strength
            covers.setdefault(position, {})[f"@{number}"] = weight * strength
            titles.setdefault(position, set()).add(f"@{number}")


def _context(index: Index, position: int, weights: dict) -> float:
    """CONTEXT_WEIGHT for each part of the book above a section (under its chapter) whose title the
    question does not touch: a rule inside "Drinking Contest" is about a contest, and a question that
    never mentions one is about the general rule."""
    factor = 1.0
    above = index.parents[position]
    while above != -1 and index.parents[above] != -1:
        if not any(t in weights for t in index.counts[above][0]):
            factor *= CONTEXT_WEIGHT
        above = index.parents[above]
    return factor


def _idf(total: int, frequency: int) -> float:
    return math.log(1 + (total - frequency + 0.5) / (frequency + 0.5))


def _weigh_families(index: Index, order: list[int], covers: dict, titles: dict, scores: dict,
                    weights: dict) -> None:
    """Reorder ``order`` (best first) so that no section stays below a relative it outranks
    (``_outranks``), where BM25 scores them close (within FAMILY_RATIO): there the words cannot tell the
    two apart and the book's structure decides. A section that moves goes just above the one it
    outranks; everything else keeps its order."""
    known: dict[tuple[int, int], bool] = {}  # the relation does not change as the order does

    def outranks(one: int, other: int) -> bool:
        if (one, other) not in known:
            known[one, other] = _outranks(index, one, other, covers, titles, weights)
        return known[one, other]

    seen: set[tuple[int, ...]] = set()
    for _ in range(len(order) ** 2):
        if tuple(order) in seen:
            return  # relatives that outrank each other in a ring: the order stops where it came round
        seen.add(tuple(order))
        moved = False
        for upper_rank, upper in enumerate(order):
            lower = next((p for p in order[upper_rank + 1:] if scores[p] >= FAMILY_RATIO * scores[upper]
                          and outranks(p, upper)), None)
            if lower is not None:
                order.remove(lower)
                order.insert(upper_rank, lower)
                moved = True
                break
        if not moved:
            return


def _outranks(index: Index, one: int, other: int, covers: dict, titles: dict, weights: dict) -> bool:
    """Whether section ``one`` should stand above its relative ``other``. A section covers the question
    by the weight of the question's terms its own words match (its parents' titles count as its own).
    The more specific of an ancestor and a descendant wins when it adds a term of the question the
    broader one's title does not say (a worked example must also cover more of the question); otherwise
    the broader one wins. A broader section's summary holds every sentence of the parts below it, so
    matching more words there does not make it the more specific answer. A sibling, or another rule the
    same named card points at, wins when it covers every term the other covers and more."""
    def total(p: int) -> float:
        return sum(covers[p].values())

    def adds(below: int, above: int) -> bool:
        return any(t not in titles[above] for t in covers[below])

    tolerance = 1e-9
    if _is_ancestor(index, other, one):
        if not adds(one, other):
            return False
        if index.kinds[one] == "example":
            return total(one) > total(other) + tolerance
        return True
    if _is_ancestor(index, one, other):
        return not _outranks(index, other, one, covers, titles, weights)
    if index.parents[one] == index.parents[other] != -1 or _same_name(covers[one], covers[other]):
        return _plain_cover(covers[other], weights) < _plain_cover(covers[one], weights)
    return False


def _same_name(one: dict, other: dict) -> bool:
    """Whether both sections are reached through the same named card or character: the rules a name
    points at are one family for that question, and the rest of its words choose among them."""
    return any(t.startswith("@") and t in other for t in one)


def _core_first(index: Index, order: list[int]) -> None:
    """A rule an expansion prints again under the same heading, in the same part, as a core book
    (Smorgasbox's Prize Variant and Gambling? I'm In!'s) is the core book's first: the table plays by
    its core rules, and the expansion's wording follows as an alternative."""
    def heading(p: int) -> tuple:
        parent = index.parents[p]
        return tuple(sorted(index.counts[p][0])), tuple(sorted(index.counts[parent][0])) if parent != -1 else ()

    for upper in list(order):
        if index.books[upper] in CORE_BOOKS or not index.counts[upper][0]:
            continue
        title, parent = heading(upper)
        for lower in order[order.index(upper) + 1:]:
            if index.books[lower] in CORE_BOOKS and heading(lower) == (title, parent):
                order.remove(lower)
                order.insert(order.index(upper), lower)
                break


def _plain_cover(cover: dict, weights: dict) -> set[str]:
    """The terms a section covers that the question says outright (not a synonym, nor one sense of an
    ambiguous word): only these decide between siblings."""
    return {t for t in cover if weights.get(t, 1.0) >= 1.0}


def _is_ancestor(index: Index, ancestor: int, position: int) -> bool:
    while position != -1:
        position = index.parents[position]
        if position == ancestor:
            return True
    return False


def _depth(index: Index, position: int) -> int:
    depth = 0
    while index.parents[position] != -1:
        position = index.parents[position]
        depth += 1
    return depth


def index_files():
    """The files the index is built from: the rules data, the card files (names a question may use),
    and the code that turns text into terms."""
    from pathlib import Path

    from referee.core.paths import card_files
    from referee.core.rules import rules_files

    here = Path(__file__).parent
    return [*rules_files(), *(p for _, p in card_files()), here / "rule_search.py", here / "rule_words.py",
            here / "rule_entities.py", here / "rules.py"]


@lru_cache(maxsize=1)
def default_index() -> Index:
    """The index of every section, kept in the JSON cache: building it costs more than a one-shot
    `referee rule` should (normalising and stemming every section's text), loading it a few ms."""
    from referee.core.cache import cached_json
    from referee.core.rules import sections

    def build() -> dict:
        from referee.core.carddb import load_cards

        cards = [{"name": c.name, "aliases": list(c.aliases), "cites": list(c.cites), "type": c.type,
                  "subtype": c.subtype, "owner": c.owner, "game": c.game} for c in load_cards().cards]
        from referee.core.rules import editions, section_records

        section_records()  # written with the index: a later one-shot reads only the sections it shows
        return dataclasses.asdict(dataclasses.replace(build_index(sections(), cards), editions=editions()))

    raw = cached_json("rule-index", index_files(), build)
    return Index(tuple(raw["ids"]), tuple(raw["books"]), tuple(raw["kinds"]), tuple(raw["parents"]),
                 tuple(tuple(fields) for fields in raw["counts"]), tuple(tuple(n) for n in raw["lengths"]),
                 tuple(raw["average_lengths"]), raw["document_frequency"], tuple(raw["entities"]),
                 raw["phrases"], raw["longest"],
                 {**raw["editions"], "hidden": {e: frozenset(ids) for e, ids in raw["editions"]["hidden"].items()}})
