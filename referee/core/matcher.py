"""Find a thing (a card, a player) from a half-remembered, misspelled name.

Order of matching: exact name, then exact alias, then fuzzy. A fuzzy score is the
rapidfuzz weighted ratio scaled by how many of the query's words the candidate
covers, so "storm giant champ" prefers Storm Giant Champion to Storm Giant, while
"stop playing with the drinks" fits two cards equally and is reported ambiguous.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from typing import Generic, Hashable, Iterable, NamedTuple, TypeVar

from rapidfuzz import fuzz, process

from referee.core.text import normalize

T = TypeVar("T", bound=Hashable)

NO_MATCH_BELOW = 62.0  # a best score under this is "no match", with suggestions
AMBIGUOUS_WITHIN = 4.0  # two different items this close are both offered
SHORTLIST = 24  # fuzzy candidates re-scored in Python
STRONG_WHOLE_MATCH = 80.0  # a whole-string ratio this high makes the word search unnecessary


class Match(NamedTuple, Generic[T]):
    """The outcome of a look-up: exactly one of found / ambiguous / none."""

    query: str
    how: str  # "name", "alias", "fuzzy", "ambiguous", "none"
    items: tuple
    scores: tuple = ()

    @property
    def found(self) -> T | None:
        return self.items[0] if self.how in ("name", "alias", "fuzzy") else None


def words_covered(query_words: list[str], key: str) -> float:
    """Share of the query's words that the key contains, allowing typos and prefixes."""
    if not query_words:
        return 0.0
    key_words = key.split()
    hits = 0
    for word in query_words:
        for candidate in key_words:
            if candidate == word or (len(word) >= 3 and candidate.startswith(word)):
                hits += 1
                break
            if len(word) >= 4 and fuzz.ratio(word, candidate) >= 75:
                hits += 1
                break
    return hits / len(query_words)


class FuzzyIndex(Generic[T]):
    """Names and aliases of items, normalised once; look-ups are cheap after that."""

    def __init__(self, entries: Iterable[tuple[str, T, bool]], normalized: bool = False):
        """``entries``: (text, item, is_primary_name); ``normalized`` when the texts already are."""
        self._names: dict[str, list[T]] = {}
        self._aliases: dict[str, list[T]] = {}
        self._keys: list[str] = []
        self._key_items: list[T] = []
        self._name_of: dict[int, str] = {}  # id(item) -> its normalised name
        for text, item, primary in entries:
            key = text if normalized else normalize(text)
            if not key:
                continue
            bucket = self._names if primary else self._aliases
            if primary:
                self._name_of.setdefault(id(item), key)
            if item not in bucket.setdefault(key, []):
                bucket[key].append(item)
            self._keys.append(key)
            self._key_items.append(item)
        self._words: tuple[dict[str, list[int]], list[str]] | None = None

    @property
    def _postings(self) -> dict[str, list[int]]:
        """Word -> positions of the keys holding it; built on the first fuzzy look-up (an exact one needs none)."""
        return self._word_index()[0]

    @property
    def _vocabulary(self) -> list[str]:
        return self._word_index()[1]

    def _word_index(self) -> tuple[dict[str, list[int]], list[str]]:
        if self._words is None:
            postings: dict[str, list[int]] = {}
            for position, key in enumerate(self._keys):
                for word in set(key.split()):
                    postings.setdefault(word, []).append(position)
            self._words = (postings, sorted(postings))
        return self._words

    def __len__(self) -> int:
        return len(self._keys)

    def lookup(self, query: str, keep=None) -> Match[T]:
        """``keep``: an optional predicate narrowing the items (a game, a deck)."""
        key = normalize(query)
        if not key:
            return Match(query, "none", ())
        for how, table in (("name", self._names), ("alias", self._aliases)):
            items = [i for i in table.get(key, ()) if keep is None or keep(i)]
            if len(items) == 1:
                return Match(query, how, (items[0],), (100.0,))
            if len(items) > 1:
                return Match(query, "ambiguous", tuple(items), tuple(100.0 for _ in items))
        return self._named_first(query, key, keep, self._fuzzy(query, key, keep))

    def _named_first(self, query: str, key: str, keep, match: Match[T]) -> Match[T]:
        """A fuzzy match never silently replaces a name the query starts with: "Elven Wine with a Chaser"
        is not "Wine with a Chaser". When the query's leading words name another item exactly and the fuzzy
        match's name does not contain them, both are offered instead; so is it among several close fuzzy
        matches ("Mead with a Chaser" offers Mead beside Halfling Stout with a Chaser and Wine with a Chaser)."""
        if match.how not in ("fuzzy", "ambiguous"):
            return match
        words = key.split()
        for size in range(len(words) - 1, 0, -1):
            prefix = " ".join(words[:size])
            named = [i for i in self._names.get(prefix, self._aliases.get(prefix, ())) if keep is None or keep(i)]
            if len(named) == 1 and named[0] not in match.items:
                if match.how == "fuzzy" and f" {prefix} " in f" {self._name_of.get(id(match.items[0]), '')} ":
                    return match
                return Match(query, "ambiguous", (named[0], *match.items), (100.0, *match.scores))
        return match

    def _similar_words(self, word: str) -> set[str]:
        """Vocabulary words equal to, starting with, or a typo away from ``word``."""
        found = {word} if word in self._postings else set()
        if len(word) >= 3:
            start = bisect_left(self._vocabulary, word)
            for candidate in self._vocabulary[start:start + 50]:
                if not candidate.startswith(word):
                    break
                found.add(candidate)
        if len(word) >= 4:
            found.update(w for w, _, _ in process.extract(word, self._vocabulary, scorer=fuzz.ratio, limit=6, score_cutoff=75))
        return found

    def _shortlist(self, key: str, query_words: list[str]) -> list[tuple[int, float]]:
        """Cheap first pass: similar whole strings; and, when none is close, strings sharing
        the most query words (partial titles). Returns (position, weighted ratio), best first."""
        whole = process.extract(key, self._keys, scorer=fuzz.ratio, limit=SHORTLIST, score_cutoff=30)
        picks = {i for _, _, i in whole}
        if not whole or whole[0][1] < STRONG_WHOLE_MATCH:
            shared: Counter[int] = Counter()
            for word in set(query_words):
                for similar in self._similar_words(word):
                    shared.update(self._postings[similar])
            picks.update(i for i, _ in shared.most_common(SHORTLIST))
        scored = [(i, fuzz.WRatio(key, self._keys[i], processor=None)) for i in picks]
        scored.sort(key=lambda pair: -pair[1])
        return scored

    def _fuzzy(self, query: str, key: str, keep) -> Match[T]:
        query_words = key.split()
        best: dict[T, float] = {}
        top = 0.0
        for index, base in self._shortlist(key, query_words):
            # A final score never exceeds its base: past this point nobody can come close.
            if base < top - AMBIGUOUS_WITHIN:
                break
            item = self._key_items[index]
            if keep is not None and not keep(item):
                continue
            score = base * (0.55 + 0.45 * words_covered(query_words, self._keys[index]))
            top = max(top, score)
            if score > best.get(item, -1.0):
                best[item] = score
        ranked = sorted(best.items(), key=lambda pair: -pair[1])
        if not ranked:
            return Match(query, "none", ())
        top_item, top = ranked[0]
        if top < NO_MATCH_BELOW:
            return Match(query, "none", tuple(i for i, _ in ranked[:3]), tuple(s for _, s in ranked[:3]))
        close = [(i, s) for i, s in ranked if top - s <= AMBIGUOUS_WITHIN]
        if len(close) > 1:
            return Match(query, "ambiguous", tuple(i for i, _ in close), tuple(s for _, s in close))
        return Match(query, "fuzzy", (top_item,), (top,))
