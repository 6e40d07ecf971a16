"""pocketsphinx against the table's grammar, with a confidence test and the top three lines.

The confidence test is a likelihood ratio inside one search: beside the grammar runs a free phone loop, each
further phone weighed CHATTER. Audio the grammar explains takes a grammar path; table chatter, which no line
explains, is better explained by free phones, and the best path goes through the loop: "didn't catch that".
(pocketsphinx normalises scores within a search, so two separate searches' scores are not comparable; and
JSGF weighs alternatives against each other, so the weight is put on going on in the loop, not on its phones.)
The lines offered come from a second search, the grammar alone: with the loop the lattice is far larger.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from referee.voice import INSTALL, VoiceUnavailable
from referee.voice.grammar import Grammar, build, key_of
from referee.voice.lexicon import Lexicon

RATE = 16000
# The phone loop's weight for each phone after its first (a likelihood ratio a phone), set on the tuning part
# of benchmarks/bench_voice.py (--sweep): lower keeps more right lines and lets more chatter through.
CHATTER = 1e-10
BEAM, WORD_BEAM = 1e-60, 1e-40
WORD_INSERTION = 0.2  # pocketsphinx's wip (default 0.65): right lines lose to the phone loop less often (bench_voice.py)
NBEST_SCAN = 60  # n-best entries read to find three different lines (many differ only in silences)
PAD = 4800  # 0.3 s of quiet either side, so a line cut close at either end still ends in a word
STEADY = 1.9  # a background whose 10 ms blocks' levels differ by no more than this is padded with (pink: 1.3-2.5)
DITHER = 32  # the quiet's level: a room's hiss; near-zero (a few steps) leaves the search no final word


@dataclass
class Heard:
    lines: list[str] = field(default_factory=list)  # typed lines, best first (at most three)
    words: list[str] = field(default_factory=list)  # what was heard, as the grammar's words
    accepted: bool = False
    chatter: bool = False  # the phone loop explained it better than any line
    unchecked: list[str] = field(default_factory=list)  # the lines before the confidence test
    seconds: float = 0.0

    @property
    def message(self) -> str:
        return "" if self.accepted else "didn't catch that"


def _import():
    try:
        import pocketsphinx
    except ImportError:
        raise VoiceUnavailable(INSTALL) from None
    return pocketsphinx


class VoiceDecoder:
    def __init__(self, chatter: float | None = CHATTER, own: dict[str, str] | None = None):
        ps = _import()
        model = Path(ps.get_model_path()) / "en-us"
        self._ps = ps
        self.chatter = chatter
        self.lexicon = Lexicon(model / "cmudict-en-us.dict", own)
        self._model = model
        self._decoder = None
        self._words: set[str] = set()
        self.grammar: Grammar | None = None
        self.started = 0.0

    def _start(self, words: dict[str, str]) -> None:
        began = time.perf_counter()
        # a dictionary of only the grammar's words: loading all of CMUdict would take most of the start-up
        with tempfile.NamedTemporaryFile("w", suffix=".dict", delete=False, encoding="utf-8") as f:
            f.write("".join(f"{w} {p}\n" for w, p in sorted(words.items())))
        try:
            # bestpath off: the lattice's best path may end inside a line (a last name heard as silence)
            # beams wider than pocketsphinx's own: 15 dB of babble loses the right line to pruning less
            # often (babble, both parts: 71 % → 78 % exact, for 1.5 times the decoding time; bench_voice.py)
            self._decoder = self._ps.Decoder(hmm=str(self._model / "en-us"), dict=f.name, lm=None,
                                             loglevel="FATAL", bestpath=False, beam=BEAM, wbeam=WORD_BEAM,
                                             wip=WORD_INSERTION)
        except RuntimeError as error:
            raise VoiceUnavailable(f"pocketsphinx could not start: {error}") from None
        finally:
            os.unlink(f.name)
        self._words = set(words)
        self.started = time.perf_counter() - began

    def use(self, grammar: Grammar) -> None:
        from referee.voice.grammar import GARBAGE
        from referee.voice.lexicon import PHONES

        words = self.lexicon.pronounce(grammar.words)
        words.update({GARBAGE + p.lower(): p for p in PHONES})
        if self._decoder is None:
            self._start(words)
        else:
            new = sorted(set(words) - self._words)
            for word in new:
                self._decoder.add_word(word, words[word], word == new[-1])
            self._words |= set(new)
        try:
            if self.chatter is not None:
                self._decoder.add_jsgf_string("table", grammar.jsgf(self.chatter))
            # the alternatives come from the grammar alone: with the phone loop the lattice is huge
            self._decoder.add_jsgf_string("lines", grammar.jsgf())
        except (RuntimeError, ValueError) as error:
            raise VoiceUnavailable(f"the grammar could not be loaded: {error}") from None
        self.grammar = grammar

    def set_chatter(self, weight: float | None) -> None:
        """Another phone-loop weight (the benchmark's sweep): the combined search built again."""
        self.chatter = weight
        if self.grammar is not None and weight is not None:
            self._decoder.add_jsgf_string("table", self.grammar.jsgf(weight))

    def for_session(self, session) -> Grammar:
        """The session's grammar, rebuilt only when what it depends on changed."""
        if self.grammar is None or self.grammar.key != key_of(session):
            self.use(build(session))
        return self.grammar

    def rename(self, word: str, phones: str) -> None:
        """The table's own pronunciation of a word, used from the next decode on."""
        self.lexicon.remember(word, phones)
        # pocketsphinx adds words but replaces none: the decoder starts again with the new dictionary
        self._decoder, self._words = None, set()
        if self.grammar is not None:
            self.use(self.grammar)

    def _run(self, search: str, raw: bytes):
        d = self._decoder
        d.activate_search(search)
        d.start_utt()
        d.process_raw(raw, full_utt=True)
        d.end_utt()
        return d.hyp()

    def decode(self, raw: bytes, session=None, check: bool = True) -> Heard:
        """The top lines for 16 kHz mono 16-bit audio. ``check``: the confidence test decides whether they
        are offered (without it, ``unchecked`` holds them all the same: the benchmark's kept-lines rate)."""
        if session is not None:
            self.for_session(session)
        if self.grammar is None:
            raise VoiceUnavailable("no grammar: start a game first")
        began = time.perf_counter()
        heard = Heard()
        audio = _padded(raw)
        texts = self._lines(audio)
        if texts and check and self.chatter is not None:
            heard.chatter = self.is_chatter(audio)
        heard.words = texts
        heard.unchecked = [self.grammar.line(t) for t in texts]
        if session is not None and len(heard.unchecked) > 1:
            heard.unchecked = legal_first(session, heard.unchecked)
        heard.accepted = bool(texts) and not heard.chatter
        heard.lines = heard.unchecked if heard.accepted else []
        heard.seconds = time.perf_counter() - began
        return heard

    def _lines(self, audio: bytes) -> list[str]:
        """Up to three different whole lines of the grammar, best first."""
        hyp = self._run("lines", audio)
        best = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        # no best line that ends where the grammar does: the likeliest whole lines of the n-best list instead
        texts = [best] if best and self.grammar.complete(best) else []
        for i, other in enumerate(self._decoder.nbest()):
            if i >= NBEST_SCAN or len(texts) >= 3:
                break
            text = " ".join(other.hypstr.split()) if other is not None else ""
            if text and text not in texts and self.grammar.complete(text):
                texts.append(text)
        return texts

    def is_chatter(self, audio: bytes) -> bool:
        """The likelihood ratio test: the grammar and the free phone loop in one search; chatter where the
        loop explains the audio better (or nothing does)."""
        from referee.voice.grammar import GARBAGE

        hyp = self._run("table", audio)
        best = hyp.hypstr.strip() if hyp is not None else ""
        return not best or GARBAGE in best


def _padded(raw: bytes) -> bytes:
    """The audio with quiet either side and a room's hiss throughout: never exact zeros, which the front end
    (taking logs of the energy) reads as nothing any word ends in (synthesizers and muted microphones give
    them). The quiet either side is the recording's own background where it has one (its quietest tenth of a
    second, played forth and back): a pad of hiss alone under a noisy recording starts and ends the noise
    abruptly, which the noise removal and the phone loop both read as sound."""
    import random
    from array import array

    noise = random.Random(0)
    hiss = [noise.randint(-DITHER, DITHER) for _ in range(4096)]
    samples = array("h", raw[:len(raw) - len(raw) % 2])
    n = len(hiss)
    mixed = array("h", (max(-32768, min(32767, s + hiss[i % n])) for i, s in enumerate(samples)))
    floor = _background(mixed)
    if floor is None:
        pad = array("h", [hiss[i % n] for i in range(PAD)])
    else:
        back = floor[::-1]
        pad = array("h")
        while len(pad) < PAD:
            pad.extend(floor if len(pad) // len(floor) % 2 == 0 else back)
        del pad[PAD:]
    return (pad + mixed + pad).tobytes()


def _background(samples, window: int = RATE // 10, step: int = RATE // 100):
    """The quietest ``window`` of the recording where it is a steady noise (a fan, a hum, a hiss: no 10 ms of
    it louder than STEADY times another), or None: no louder than the hiss (a clean recording), or unsteady
    (voices nearby, whose fragments at either end the search would hear as words)."""
    if len(samples) < 2 * window:
        return None
    squares = [0]
    for s in samples:
        squares.append(squares[-1] + s * s)
    start = min(range(0, len(samples) - window, step), key=lambda i: squares[i + window] - squares[i])
    level = ((squares[start + window] - squares[start]) / window) ** 0.5
    if level <= 2 * DITHER:
        return None
    blocks = [squares[i + step] - squares[i] for i in range(start, start + window, step)]
    return samples[start:start + window] if max(blocks) <= STEADY ** 2 * max(1, min(blocks)) else None


def legal_first(session, lines: list[str]) -> list[str]:
    """Where the top lines are plays and only some could be played now, those take the first of the plays'
    places, each kind in the order heard: the engine asked as completion asks it (referee.shell.playable)."""
    from referee.shell import playable

    if session.engine is None or session.state is None:
        return lines
    names = [p.name for p in session.state.players]

    def legal(line: str) -> bool | None:
        for name in names:
            play = re.fullmatch(rf'{re.escape(name)} plays "(.+)"(?: on .+)?', line)
            if play is not None:
                return playable(session, name, play.group(1))
        return None  # not a Red Dragon Inn play

    ranks = {line: legal(line) for line in lines}
    if sum(r is not None for r in ranks.values()) < 2 or len({r for r in ranks.values() if r is not None}) < 2:
        return lines
    plays = [line for line in lines if ranks[line] is not None]
    ordered = iter(sorted(plays, key=lambda line: ranks[line] is False))  # stable: each kind as heard
    return [next(ordered) if ranks[line] is not None else line for line in lines]  # other lines stay put


def read_wav(path: Path) -> bytes:
    """A WAV file as 16 kHz mono 16-bit samples: 16-bit PCM at 16 kHz or more, any number of channels (mixed
    to one, a higher rate brought down). Anything else is refused in one line (VoiceUnavailable)."""
    import array
    import wave

    try:
        with wave.open(str(path), "rb") as w:
            channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
            data = w.readframes(w.getnframes())
    except FileNotFoundError:
        raise VoiceUnavailable(f"{path}: no such file.") from None
    except (OSError, EOFError, wave.Error) as error:
        raise VoiceUnavailable(f"{path} is not a WAV file this can read ({error}).") from None
    if width != 2:
        raise VoiceUnavailable(f"{path} has {8 * width}-bit samples; 16-bit is read "
                               f"(sox {path} -b 16 -r 16000 out.wav converts it).")
    if rate < RATE:
        raise VoiceUnavailable(f"{path} is recorded at {rate} Hz; the recogniser needs 16000 Hz or more "
                               f"(record again at 16 kHz: sox -d -r 16000 -c 1 -b 16 said.wav).")
    samples = array.array("h", data[:len(data) - len(data) % (2 * channels)])
    if channels > 1:
        samples = array.array("h", [sum(samples[i:i + channels]) // channels
                                    for i in range(0, len(samples), channels)])
    if len(samples) < RATE // 10:
        raise VoiceUnavailable(f"{path} holds less than a tenth of a second of sound.")
    if rate != RATE:
        samples = _down(samples, rate)
    return samples.tobytes()


def _down(samples, rate: int):
    """From ``rate`` to 16 kHz: each output sample the mean of the input samples it spans (a box filter
    against aliasing, enough for speech), at linearly interpolated positions."""
    import array
    import math

    step = rate / RATE
    width = max(1, math.ceil(step))
    sums = [0]
    for value in samples:
        sums.append(sums[-1] + value)
    out = array.array("h")
    last = len(samples) - width
    for i in range(int(len(samples) / step)):
        start = min(last, int(i * step))
        out.append(int((sums[start + width] - sums[start]) / width))
    return out
