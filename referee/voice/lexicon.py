"""Pronunciations for the words a grammar uses, in the CMU phone set pocketsphinx's English model knows.

In order: the table's own (`voice name NAME as ...`, kept in the data folder), pocketsphinx's dictionary,
espeak-ng's letter-to-sound rules (its IPA output mapped to CMU phones) where espeak-ng is installed, and
last a small rule set of our own, so that every word of a grammar can be said.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

PHONES = {"AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY",
          "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y",
          "Z", "ZH"}

# espeak-ng's IPA to CMU phones; longest symbols are tried first, so diphthongs win over their parts.
IPA = {
    "aɪə": "AY ER", "aɪɚ": "AY ER", "ɑːɹ": "AA R", "ɔːɹ": "AO R", "oːɹ": "AO R", "ɛɹ": "EH R", "ɪɹ": "IH R",
    "ʊɹ": "UH R", "ɪə": "IH R", "eə": "EH R", "ʊə": "UH R",
    "aɪ": "AY", "aʊ": "AW", "eɪ": "EY", "oʊ": "OW", "əʊ": "OW", "ɔɪ": "OY", "tʃ": "CH", "dʒ": "JH",
    "ɑː": "AA", "ɔː": "AO", "iː": "IY", "uː": "UW", "ɜː": "ER", "oː": "OW", "aː": "AA", "eː": "EY",
    "ɑ": "AA", "æ": "AE", "ʌ": "AH", "ə": "AH", "ɚ": "ER", "ɝ": "ER", "ɜ": "ER", "ɔ": "AO", "ɛ": "EH",
    "ɪ": "IH", "ᵻ": "IH", "i": "IY", "ʊ": "UH", "u": "UW", "ɐ": "AH", "o": "OW", "e": "EY", "a": "AE",
    "ɒ": "AA", "y": "UW", "ø": "ER",
    "b": "B", "d": "D", "f": "F", "ɡ": "G", "g": "G", "h": "HH", "j": "Y", "k": "K", "l": "L", "m": "M",
    "n": "N", "ŋ": "NG", "p": "P", "ɹ": "R", "r": "R", "ɾ": "D", "s": "S", "ʃ": "SH", "t": "T", "θ": "TH",
    "ð": "DH", "v": "V", "w": "W", "ʍ": "W", "z": "Z", "ʒ": "ZH", "ʔ": "T", "x": "K", "ç": "HH", "ɬ": "L",
}
_IPA_KEYS = sorted(IPA, key=len, reverse=True)

# The fallback: a few English spelling rules, longest first; enough to make a name sayable, not to be right.
LETTERS = [
    ("tion", "SH AH N"), ("igh", "AY"), ("eigh", "EY"), ("ough", "AO"), ("sch", "S K"), ("tch", "CH"),
    ("ph", "F"), ("nk", "NG K"), ("th", "TH"), ("sh", "SH"), ("ch", "CH"), ("ck", "K"), ("ng", "NG"), ("qu", "K W"),
    ("wh", "W"), ("kn", "N"), ("gh", "G"), ("ee", "IY"), ("ea", "IY"), ("oo", "UW"), ("ai", "EY"), ("ay", "EY"),
    ("ei", "EY"), ("ey", "EY"), ("ie", "IY"), ("oa", "OW"), ("ou", "AW"), ("ow", "OW"), ("oi", "OY"),
    ("oy", "OY"), ("au", "AO"), ("aw", "AO"), ("ew", "UW"), ("ar", "AA R"), ("er", "ER"), ("ir", "ER"),
    ("ur", "ER"), ("or", "AO R"),
    ("a", "AE"), ("b", "B"), ("c", "K"), ("d", "D"), ("e", "EH"), ("f", "F"), ("g", "G"), ("h", "HH"),
    ("i", "IH"), ("j", "JH"), ("k", "K"), ("l", "L"), ("m", "M"), ("n", "N"), ("o", "AA"), ("p", "P"),
    ("q", "K"), ("r", "R"), ("s", "S"), ("t", "T"), ("u", "AH"), ("v", "V"), ("w", "W"), ("x", "K S"),
    ("y", "IY"), ("z", "Z"),
]


def ascii_word(word: str) -> str:
    """A word folded to the letters the dictionary spells with (Dée → dee); apostrophes inside are kept."""
    folded = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9']", "", folded).strip("'")


def from_ipa(ipa: str) -> str:
    text = re.sub("[ˈˌ'.\\-_ \u0329\u0303]", "", ipa.strip())  # stress, syllable and nasal marks: no phone
    phones, i = [], 0
    while i < len(text):
        for key in _IPA_KEYS:
            if text.startswith(key, i):
                phones.append(IPA[key])
                i += len(key)
                break
        else:
            i += 1  # a mark we have no phone for (a length or a tie): dropped
    return " ".join(phones)


def by_rules(word: str) -> str:
    letters = re.sub(r"[^a-z]", "", word.lower())
    if len(letters) > 2 and letters.endswith("e") and letters[-2] not in "aeiou":
        letters = letters[:-1]  # a silent final e
    phones, i = [], 0
    while i < len(letters):
        if i and letters[i] == letters[i - 1] and letters[i] not in "aeiou":
            i += 1  # a doubled consonant is said once
            continue
        for spelling, said in LETTERS:
            if letters.startswith(spelling, i):
                if spelling == "c" and letters[i + 1:i + 2] in ("e", "i", "y"):
                    said = "S"
                if spelling == "y" and i == 0:
                    said = "Y"
                phones.append(said)
                i += len(spelling)
                break
    return " ".join(phones) or "AH"


def espeak_many(words: list[str]) -> dict[str, str]:
    """espeak-ng's pronunciations for several words in one call (one process, not one a word)."""
    program = shutil.which("espeak-ng") or shutil.which("espeak")
    if not program or not words:
        return {}
    try:
        done = subprocess.run([program, "-q", "--ipa", "-v", "en-us", "\n".join(words)], capture_output=True,
                              text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return {}
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if len(lines) != len(words):  # espeak-ng joined or split some: ask one at a time instead
        out = {}
        for word in words:
            try:
                one = subprocess.run([program, "-q", "--ipa", "-v", "en-us", word], capture_output=True, text=True,
                                     timeout=10, check=False).stdout
            except (OSError, subprocess.SubprocessError):
                return out
            if one.strip():
                out[word] = from_ipa(one.replace("\n", " "))
        return out
    return {word: from_ipa(line) for word, line in zip(words, lines) if from_ipa(line)}


def table_file() -> Path:
    from referee.core.paths import data_dir

    return data_dir() / "voice-pronunciations.txt"


def table_pronunciations(path: Path | None = None) -> dict[str, str]:
    """The table's own: one `word PHONES` a line."""
    path = path or table_file()
    out = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return out
    for line in text.splitlines():
        word, _, phones = line.strip().partition(" ")
        if word and phones and set(phones.split()) <= PHONES:
            out[word] = phones
    return out


class Lexicon:
    """Looks words up in pocketsphinx's dictionary, read once; remembers what it generated."""

    def __init__(self, dictionary: Path, own: dict[str, str] | None = None):
        self.dictionary = dictionary
        self.own = dict(own if own is not None else table_pronunciations())
        self.known: dict[str, str] = {}
        self.generated: dict[str, str] = {}  # word → "espeak-ng" or "rules", for `voice words`

    def _scan(self, wanted: set[str]) -> None:
        """One pass over the dictionary for the words not yet known (its first pronunciation of each)."""
        wanted = {w for w in wanted if w not in self.known}
        if not wanted:
            return
        encoded = {w.encode() for w in wanted}
        try:
            data = self.dictionary.read_bytes()
        except OSError:
            return
        for line in data.splitlines():
            word, _, phones = line.partition(b" ")
            if word in encoded:
                self.known.setdefault(word.decode(), phones.decode().strip())

    def pronounce(self, words) -> dict[str, str]:
        """Every word's phones: the table's, the dictionary's, or generated (espeak-ng, else the rules)."""
        words = sorted(set(words))
        out = {w: self.own[w] for w in words if w in self.own}
        self._scan({w for w in words if w not in out})
        missing = []
        for word in words:
            if word in out:
                continue
            if word in self.known:
                out[word] = self.known[word]
            elif word.replace("'", "") in self.known:
                out[word] = self.known[word.replace("'", "")]
            else:
                missing.append(word)
        self._scan({w.replace("'", "") for w in missing})
        still = [w for w in missing if w.replace("'", "") not in self.known]
        for word in missing:
            if word not in still:
                out[word] = self.known[word.replace("'", "")]
        made = espeak_many(still)
        for word in still:
            phones = made.get(word)
            if phones and set(phones.split()) <= PHONES:
                self.generated[word] = "espeak-ng"
            else:
                phones = by_rules(word)
                self.generated[word] = "rules"
            self.known[word] = out[word] = phones
        return out

    def say_as(self, spoken: str) -> str:
        """The phones for `voice name NAME SPOKEN`: CMU phones as given (K EY L IH N, stress digits dropped),
        or the English words' own joined ("kay lin")."""
        tokens = [re.sub(r"(?<=[A-Za-z])[012]$", "", t) for t in spoken.split()]
        if tokens and all(t.upper() in PHONES for t in tokens) and all(t.isupper() for t in tokens):
            return " ".join(t.upper() for t in tokens)
        parts = [ascii_word(t) for t in tokens]
        found = self.pronounce([p for p in parts if p])
        return " ".join(found[p] for p in parts if p)

    def remember(self, word: str, phones: str, path: Path | None = None) -> None:
        """Keeps the table's pronunciation for later games too (the data folder)."""
        self.own[word] = phones
        self.known[word] = phones
        path = path or table_file()
        mine = table_pronunciations(path)
        mine[word] = phones
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f"{w} {p}\n" for w, p in sorted(mine.items())), encoding="utf-8")
