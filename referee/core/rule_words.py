"""The words of a rule question: which carry no meaning, how players say what the books say, and one
stem for every form of a word (tie, ties, tying, tied -> tie).

Three tables, each written once and for any question, never fitted to one:

* ``IRREGULAR``: English forms a suffix stemmer cannot join to their word (drank, paid, won, died).
* ``SLANG``: table talk and its meaning in the books' words (fort, AC, dmg, broke, KO'd, flip, go off);
  the player's word is replaced, since the books never use it.
* ``SYNONYMS``: words the books use for the same idea as a player's ordinary word (money -> gold,
  counter -> negate); the player's word stays and the books' words are added with less weight.

A section's keywords are written as players talk, so the slang table reads them too (spoken_terms):
"no gold" in a keyword list means what it means in a question. One number said for two things
("12 and 12") is read as a tie.

Stemming is Snowball's English (Porter2) stemmer (PyStemmer), the standard one for search: it joins
"tying" and "tie", "dying" and "dies", which a hand-written suffix stripper gets wrong.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

STOPWORDS = frozenset(
    "a an the of to in on and or is are what how does do did done when with for if can could i you my it its me "
    "we us our be been being happens happen happened who whom whose which there this that these those at by get "
    "gets got has have had am was were so as from any about still someone somebody anyone anybody player players "
    "card cards rule rules game games should would will must may might shall then than into out just like ok okay oh um uh hey wait "
    "really actually basically even also too very right yes no not dont doesnt didnt cant isnt wont im ive its "
    "theres thats whats hes shes they them their he she him her his hers your yours mine say says said thing "
    "things stuff lol pls please gonna wanna gotta tho though ya yeah rn now some all anything something many much "
    "lot lots".split())
# Numbers stay: "20" (the top of Fortitude), "8 Gold", "seven cards" are the rules' own values.
# The games' own names say nothing about a rule ("Three-Dragon Ante: Giants War Glossary").
GAME_NAMES = re.compile(r"\b(?:three dragon ante|red dragon inn|giants war|legendary edition rules)\b")

IRREGULAR = {
    "drank": "drink", "drunk": "drink", "paid": "pay", "won": "win", "lost": "lose",
    "stole": "steal", "stolen": "steal", "drew": "draw", "drawn": "draw", "went": "go", "gone": "go",
    "chose": "choose", "chosen": "choose", "bought": "buy", "sold": "sell", "fought": "fight", "gave": "give",
    "given": "give", "took": "take", "taken": "take", "ran": "run", "began": "begin", "begun": "begin",
    "dead": "die", "died": "die", "put": "put", "held": "hold", "kept": "keep", "threw": "throw",
    "thrown": "throw", "wrote": "write", "written": "write", "hit": "hit", "spent": "spend", "made": "make",
    "dealt": "deal", "led": "lead", "rode": "ride", "chosed": "choose", "ate": "eat", "eaten": "eat",
}

# Table talk -> the books' words. Phrases are matched before single words; the longest first.
SLANG = {
    "fort": "fortitude", "forti": "fortitude", "hp": "fortitude", "hit points": "fortitude", "health": "fortitude",
    "life": "fortitude", "ac": "alcohol content", "alc": "alcohol content", "booze level": "alcohol content",
    "drunkenness": "alcohol content", "tipsy": "alcohol content", "wasted": "alcohol content",
    "hammered": "alcohol content", "smashed": "alcohol content", "plastered": "alcohol content",
    "sloshed": "alcohol content", "chug": "drink", "chugs": "drink", "shot": "drink", "shots": "drink",
    "dmg": "damage fortitude loss", "damage": "damage fortitude loss", "hurt": "lose fortitude",
    "heal": "gain fortitude", "heals": "gain fortitude", "healing": "gain fortitude",
    "gp": "gold", "coins": "gold", "coin": "gold", "cash": "gold", "money": "gold",
    "broke": "running out of gold", "bankrupt": "running out of gold", "skint": "running out of gold",
    "no gold": "running out of gold", "out of gold": "running out of gold", "zero gold": "running out of gold",
    "0 gold": "running out of gold", "no money": "running out of gold", "tapped out": "running out of gold",
    "busted": "running out of gold", "no gold left": "running out of gold", "gold left": "gold left",  # what is left of it
    "last shot": "last chance", "one last shot": "last chance", "bail me out": "save yourself last chance", "bail out": "save yourself last chance",
    "save me": "save yourself last chance", "save myself": "save yourself last chance",
    "ko": "passing out", "kod": "passing out", "ko d": "passing out", "knocked out": "passing out",
    "blacked out": "passing out", "black out": "passing out", "unconscious": "passing out",
    "dies": "passing out", "die": "passing out", "dying": "passing out", "dead": "passing out",
    "died": "passing out", "killed": "passing out", "am i out": "lose passing out running out",
    "is he out": "lose passing out running out", "is she out": "lose passing out running out",
    "are they out": "lose passing out running out", "out of the game": "lose passing out running out", "eliminated": "passing out running out of gold lose",
    "go off": "power trigger", "goes off": "power trigger", "went off": "power trigger",
    "going off": "power trigger", "procs": "trigger", "proc": "trigger", "fires": "trigger",
    "kicks in": "trigger", "flip": "reveal", "flips": "reveal", "flipped": "reveal", "flipping": "reveal",
    "turn over": "reveal", "turned over": "reveal", "refill": "draw back up", "refilling": "draw back up",
    "top up": "draw back up", "draw up": "draw back up",
    "poof": "ignore", "poofed": "ignore", "deja vu": "temporal dilation", "wench tip": "tip wench",
    "tip card": "tip wench", "idts": "negate", "zzz": "ignore",
    "cancel": "negate", "cancels": "negate", "counterspell": "negate", "veto": "negate", "counter": "negate", "counters": "negate", "block": "negate",
    "blocks": "negate", "nullify": "negate", "shut down": "negate", "dodge": "ignore", "dodges": "ignore",
    "bet": "ante", "bets": "ante", "wager": "ante", "buy in": "ante",
    "fold": "leave round", "folds": "leave round", "bail": "leave round", "bailed": "leave round",
    "bails": "leave round", "drop out": "leave round", "dropped out": "leave round", "quit": "leave",
    "kitty": "pot", "my pile": "drink me pile", "drink pile": "drink me pile",
    "robot": "otto automaton", "bot": "otto automaton", "automaton": "otto", "wolf": "wulfric",
    "dog": "wulfric", "wiz": "wizgille", "gadget": "device", "gizmo": "device", "chef": "roxana",
    "maxed": "maximum", "maxed out": "maximum", "max": "maximum", "cap": "maximum limit", "capped": "maximum limit",
    "min": "minimum", "clockwise": "left", "colour": "color", "colours": "color", "legendaries": "legendary", "legend": "legendary", "legends": "legendary",
    "left": "left leave",  # what is left, or who left: both senses share the word's weight
    "hand limit": "hand size", "max hand": "hand size", "graveyard": "discard pile", "trash": "discard pile",
}

# A player's ordinary word -> the books' words for the same idea (the player's word is kept).
SYNONYMS = {
    "go first": "first turn leader lead", "goes first": "first turn leader lead", "starts": "first turn",
    "next gambit": "ante first turn", "new gambit": "ante first turn",
    "pass out": "passing out eliminated", "passes out": "passing out eliminated",
    "passed out": "passing out eliminated",
    "drunk": "alcohol content", "booze": "drink", "stop": "negate", "avoid": "ignore",
    "gamble": "gambling", "poker": "gambling", "empty": "running out", "runs out": "running out",
    "ran out": "running out", "run out": "running out", "reshuffle": "shuffle discard",
    "same time": "simultaneous several at once", "at once": "simultaneous several", "both": "several",
    "share": "split", "half": "split", "highest": "strongest",
    "biggest": "strongest largest", "most": "strongest maximum", "lowest": "weakest", "smallest": "weakest",
    "wins": "win rewarding", "points": "strength", "power": "strength", "cook": "recipe", "cooking": "recipe",
    "ingredient": "ingredients cutting board", "gear": "device", "debt": "hole", "owe": "hole",
    "owes": "hole", "more than one": "several additional", "extra": "additional", "limit": "maximum",
    "least": "minimum", "tip": "wench", "reduce": "reduction",
    "interrupt": "anytime", "instantly": "immediately", "instant": "immediately", "right away": "immediately",
    "straight away": "immediately", "on the spot": "immediately",
    "respond": "response sometimes", "answer": "response", "response": "respond", "responses": "respond",
    "at 0": "minimum", "at zero": "minimum",
}
SYNONYM_WEIGHT = 0.6
REPEATED_NUMBER = "tie equal"  # what players mean by saying one number for two things
# Terms of art whose words mean something else apart: "passing out" is not passing in a Round, a
# "strength flight" is not a flight's strength, "Winning Hand!" is not winning. One word each, on both
# sides (the sections' text and the question), before stemming.
COMPOUNDS = (
    (re.compile(r"\b(?:pass|passes|passed|passing)(?: right)? out\b"), "passout"),
    (re.compile(r"\b(?:run|runs|ran|running)(?: right)? out\b"), "runout"),
    (re.compile(r"\bstrength flights?\b"), "strengthflight"),
    (re.compile(r"\bcolou?r flights?\b"), "colorflight"),
    (re.compile(r"\bdrink events?\b"), "drinkevent"),
    (re.compile(r"\bwinning hands?\b"), "winninghand"),
)
_PHRASES = {**SLANG, **SYNONYMS}
_LONGEST = max(len(p.split()) for p in _PHRASES)
_ZEDS = re.compile(r"\bz{3,}s?\b")  # "zzzz", "zzzzzs": the sleeping card, said as it is heard


@lru_cache(maxsize=1)
def _stemmer():
    import Stemmer  # PyStemmer: the Snowball project's stemmers, compiled (a one-shot `rule` starts fast)

    return Stemmer.Stemmer("english")


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """One stem for every form of a word: ties, tying, tied -> tie; paid -> pay."""
    return _stemmer().stemWord(IRREGULAR.get(word, word))


def compounds(normal: str) -> str:
    for pattern, word in COMPOUNDS:
        normal = pattern.sub(word, normal)
    return normal


def words(normal: str) -> list[str]:
    """The meaningful words of an already normalised text, unstemmed, terms of art joined."""
    return [w for w in compounds(GAME_NAMES.sub(" ", normal)).split() if w not in STOPWORDS]


def terms(normal: str) -> list[str]:
    """The stems of a normalised text's meaningful words (a section's fields, at build time)."""
    return [stem(w) for w in words(normal)]


def spoken_terms(normal: str) -> list[str]:
    """The stems of a phrase written as players say it (a section's keywords): table slang read as the
    books' words, as in a question ("no gold" is running out of Gold on both sides)."""
    tokens = _ZEDS.sub("zzz", normal).split()
    kept: list[str] = []
    position = 0
    while position < len(tokens):
        for size in range(min(_LONGEST, len(tokens) - position), 0, -1):
            phrase = " ".join(tokens[position:position + size])
            if phrase in SLANG:
                kept.append(SLANG[phrase])
                position += size
                break
        else:
            kept.append(tokens[position])
            position += 1
    return terms(" ".join(kept))


_COUNT = re.compile(r"(?<![+\-\w])\d+\b")  # a number as a count or total, not a change ("+2", "-1")


def number_said_twice(question: str) -> bool:
    """"dragons 12, giants 12", "anted 6 6 6 and 2": one number said for two things is a tie (a signed
    change such as "+2 Fortitude +2 Alcohol" is not)."""
    numbers = _COUNT.findall(question)
    return len(numbers) > len(set(numbers))


def question_terms(normal: str, said_twice: bool = False) -> dict[str, float]:
    """A normalised question's stems with their weights: its own words 1; table slang replaced by the
    books' words at full weight; the books' synonyms added at less (a phrase that stands for several
    words shares its weight among them, so it never outweighs the question's own)."""
    normal = _ZEDS.sub("zzz", normal)
    weights: dict[str, float] = {}
    added: list[tuple[list[str], float]] = []
    kept: list[str] = []
    tokens = normal.split()
    position = 0
    while position < len(tokens):  # the longest phrase of the tables first, left to right
        for size in range(min(_LONGEST, len(tokens) - position), 0, -1):
            phrase = " ".join(tokens[position:position + size])
            if phrase in _PHRASES:
                break
        else:
            kept.append(tokens[position])
            position += 1
            continue
        position += size
        if phrase in SLANG:
            added.append((terms(SLANG[phrase]), 1.0))
        else:
            kept.append(phrase)
            added.append((terms(SYNONYMS[phrase]), SYNONYM_WEIGHT))
    if said_twice:
        added.append((terms(REPEATED_NUMBER), SYNONYM_WEIGHT))
    for term in terms(" ".join(kept)):
        weights[term] = 1.0
    for stems, weight in added:
        for term in stems:
            share = weight / math.sqrt(len(stems))
            weights[term] = max(weights.get(term, 0.0), share)
    return weights
