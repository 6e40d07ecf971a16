"""Voice (issue 24): how often a spoken announcement becomes exactly the line it means, on synthesized speech.

The test set (benchmarks/voice_set.py) is generated: Red Dragon Inn announcements at a four-player table
(plays, plays on a player, orders, reveals with and without a Chaser, passes, resolve, end turn, undo) and
table chatter, said by espeak-ng and flite voices at several speeds, converted to 16 kHz with sox, clean and
with pink noise or babble (chatter sentences said by four voices at once) mixed in at 15 dB. Three parts share
no voice and no seed: the decoder is tuned on the first ("tuning"); the second ("held-out") has been
looked at three times, so it is seen; the third ("held-out-2") was decoded once with the final settings. For each part and condition it prints:

  exact    the top line offered is the line meant (a line refused by the confidence test counts as missed)
  top-3    the line meant is among the three offered
  plays    exact, over the plays alone
  chatter  chatter utterances refused ("didn't catch that")
  kept     lines whose unchecked top line was right that the confidence test let through

then the decoder's start-up time (creating it and loading the table's grammar) and decode time as a fraction
of the audio's length. Targets: plays exact on clean speech >= 90 %, overall at 15 dB babble >= 70 %, chatter
refused >= 80 % with >= 95 % of correct lines kept.

Measured, third round (2 cores shared, 80 lines, 32 of them plays (16 on a player), and 20 chatter sentences a
part, three conditions each; the three parts in one run, 2063 s of audio; phone-loop weight 1e-10 a phone; the
pad either side of a line is the line's own background where that is steady, STEADY 1.9):

  tuning (espeak-ng en-us 160/190, en+f3 175; flite kal, slt; seed 1), 300 utterances
                 exact            top-3            plays           chatter         kept
  clean       100.0% (80/80)   100.0% (80/80)   100.0% (32/32)   95.0% (19/20)  100.0% (80/80)
  pink         86.2% (69/80)    90.0% (72/80)    87.5% (28/32)   95.0% (19/20)   95.8% (69/72)
  babble       65.0% (52/80)    71.2% (57/80)    62.5% (20/32)   95.0% (19/20)   86.7% (52/60)
  all          83.8% (201/240)  87.1% (209/240)  83.3% (80/96)   95.0% (57/60)   94.8% (201/212)
  before (second round's decoder, this run's audio): pink 76.2% (61/80) exact, kept 84.7% (61/72); babble
  67.5% (54/80), kept 94.7% (54/57); all 81.2% (195/240), chatter 96.7% (58/60), kept 93.3% (195/209)

  held-out (espeak-ng en 170, en-us+m3 150, en+f4 185; flite rms, awb; seed 2), seen (third look)
  clean        95.0% (76/80)    96.2% (77/80)    93.8% (30/32)   95.0% (19/20)   98.7% (76/77)
  pink         83.8% (67/80)    92.5% (74/80)    93.8% (30/32)   95.0% (19/20)   93.1% (67/72)
  babble       56.2% (45/80)    61.2% (49/80)    68.8% (22/32)  100.0% (20/20)   78.9% (45/57)
  all          78.3% (188/240)  83.3% (200/240)  85.4% (82/96)   96.7% (58/60)   91.3% (188/206)
  before (second round): pink 80.0% (64/80), kept 87.7%; babble 57.5% (46/80), kept 86.8%; all 77.5% (186/240),
  chatter 96.7%, kept 91.6% (186/203)

  held-out-2 (espeak-ng en-gb-scotland 165, en-029+m2 145, en-us-nyc+f2 200, en-gb-x-rp+f5 180; flite kal16;
  seed 3), decoded once with the final settings
  clean        86.2% (69/80)    88.8% (71/80)    84.4% (27/32)   90.0% (18/20)   95.8% (69/72)
  pink         78.8% (63/80)    86.2% (69/80)    75.0% (24/32)   90.0% (18/20)   96.9% (63/65)
  babble       61.2% (49/80)    65.0% (52/80)    59.4% (19/32)   90.0% (18/20)   89.1% (49/55)
  all          75.4% (181/240)  80.0% (192/240)  72.9% (70/96)   90.0% (54/60)   94.3% (181/192)
  before (second round's decoder, run once after): pink 78.8% (63/80), chatter 95.0%, kept 95.5%; babble 62.5%
  (50/80); all 75.8% (182/240), chatter 91.7% (55/60), kept 94.3% (182/193): on new voices the pad changes
  nothing that counts (one line and one chatter sentence fewer).

  start-up 0.52 s; decoding 0.42x real time.

  Kept: the pad. A line was padded with 0.3 s of hiss either side, so under steady noise the noise began and
  ended abruptly; the noise removal and the phone loop heard that as sound. Now the pad is the recording's
  quietest 0.1 s, played forth and back, where it is steady noise (no 10 ms of it more than 1.9 times as loud
  as another), else hiss as before. Tuning: pink exact 61 -> 69, pink kept 84.7 -> 95.8 %; babble 54 -> 52;
  chatter refused 58 -> 57 of 60 (one pink chatter sentence let through).
  Dropped: the pad from the background always (no steadiness test): pink 69, but babble 54 -> 42 and babble
  kept 72.4 % (fragments of voices at either end heard as words); steadiness 2.2 instead of 1.9: the same
  exact (201), babble plays 18 instead of 20, kept 93.9 %. pocketsphinx pbeam 1e-60 (was its own 1e-48): no
  exact line changed (top-3 +1). Found: the model's feat.params already sets remove_noise yes and cmn batch
  and overrides the same options given to the Decoder, so the second round's "remove_noise on" changed
  nothing because it was on; neither was changed here (setting them needs config plus reinit_feat).
  Not tried, for lack of time (lw and wip: fourth round, above): pip, fillprob/silprob, wider beam/wbeam, pronunciations, a
  loop-entry weight or other decision rules for the confidence test (scores of two separate searches are not
  comparable: checked on 30 pink lines, the grammar-only and loop-only scores do not predict the combined
  search's choice).

  Against the targets: plays exact on clean speech 100 % tuning, 94 % held-out, 84 % held-out-2 (27 of 32;
  target 90 %: NOT met on the new voices); overall at 15 dB babble 65 %, 56 %, 61 % (target 70 %: NOT met,
  and 2.5 points lower on tuning than before); chatter refused 95 %, 97 %, 90 % (target 80 %, met) with
  94.8 %, 91.3 %, 94.3 % of right lines kept (target 95 %: NOT met, though closer on tuning and held-out-2).

Second round, for comparison:

Measured (2 cores shared, 80 lines, 32 of them plays (16 on a player), and 20 chatter sentences a part, three
conditions each; both parts run at once, 5.4 min each; phone-loop weight 1e-10 a phone):

  tuning (espeak-ng en-us 160/190, en+f3 175; flite kal, slt; seed 1), 300 utterances
                 exact            top-3            plays           chatter         kept
  clean       100.0% (80/80)   100.0% (80/80)   100.0% (32/32)   95.0% (19/20)  100.0% (80/80)
  pink         77.5% (62/80)    81.2% (65/80)    87.5% (28/32)  100.0% (20/20)   84.9% (62/73)
  babble       67.5% (54/80)    73.8% (59/80)    62.5% (20/32)   95.0% (19/20)   94.7% (54/57)
  all          81.7% (196/240)  85.0% (204/240)  83.3% (80/96)   96.7% (58/60)   93.3% (196/210)

  held-out (espeak-ng en 170, en-us+m3 150, en+f4 185; flite rms, awb; seed 2), 300 utterances, run once
                 exact            top-3            plays           chatter         kept
  clean        95.0% (76/80)    96.2% (77/80)    93.8% (30/32)   95.0% (19/20)   98.7% (76/77)
  pink         80.0% (64/80)    83.8% (67/80)    90.6% (29/32)   95.0% (19/20)   87.7% (64/73)
  babble       57.5% (46/80)    62.5% (50/80)    71.9% (23/32)  100.0% (20/20)   86.8% (46/53)
  all          77.5% (186/240)  80.8% (194/240)  85.4% (82/96)   96.7% (58/60)   91.6% (186/203)

  start-up 0.78-0.81 s; decoding 0.46-0.47x real time (708 s and 684 s of audio).

  Tried on the tuning part, none kept (the decoder is unchanged): phone-loop weight 1e-12 (right lines kept
  196 -> 198 of 210, chatter refused 58 -> 53 of 60); hiss 96 instead of 32 (exact 196 -> 194 of 240: pink +1,
  babble -3); pocketsphinx remove_noise on (no line changed; not checked that it took effect).

  Against the targets: plays exact on clean speech 100 % tuning, 94 % held-out (30 of 32; target 90 %, met);
  overall at 15 dB babble 68 % and 58 % (target 70 %: NOT met on the larger set); chatter refused 97 % in both
  (target 80 %) with 93 % and 92 % of right lines kept (target 95 %: NOT met; the confidence test refuses
  right lines in pink noise). The earlier 36-line figures were too small a sample to show this.

Measured, fourth round (stop 30; the same audio and settings as the third, plus pocketsphinx's word insertion
penalty wip 0.2 instead of its default 0.65; with it right lines lose to the phone loop less often, which is
what the figures show, not a cause checked). Tried on the tuning part first: language
weight lw 10 gave 199/240 exact (201 before; babble 52 -> 50), not kept; wip 0.2 gave 206/240, so it was then
run once on the two held-out parts:

  tuning       clean 80/80, pink 73/80, babble 53/80; all 206/240 (85.8 %); plays 83/96; chatter refused
               56/60 (93.3 %); kept 96.3 % (206/214)
  held-out     clean 76/80, pink 73/80, babble 47/80; all 196/240 (81.7 %) (188 before); plays 81/96 (clean
               30/32); chatter refused 54/60 (90.0 %); kept 93.8 % (196/209) (91.3 % before)
  held-out-2   clean 71/80, pink 64/80, babble 54/80; all 189/240 (78.8 %) (181 before); plays 72/96 (clean
               27/32, 84 %); chatter refused 49/60 (81.7 %) (90.0 % before); kept 95.5 % (189/198)
  start-up 0.48-0.52 s; decoding 0.37-0.38x real time

  Exact lines rose on every part (+5, +8, +8 of 240) and so did right lines kept; chatter refused fell (to 82-93 %,
  still over 80 %). Against the targets: overall at babble 66 %, 59 % and 68 % (target 70 %: NOT met); right lines
  kept 96.3 %, 93.8 % and 95.5 % (target 95 %: met on two parts of three); plays exact on clean speech 100 %, 94 %
  and 84 % (target 90 %: NOT met on held-out-2's voices); chatter refused >= 80 % on all three (met).

Run: python benchmarks/bench_voice.py [--lines 80] [--chatter-lines 20] [--parts tuning,held-out,held-out-2] [--cache DIR] [--sweep]
  --sweep decodes the tuning part with several phone-loop weights and prints chatter/kept for each.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from voice_set import CHATTER, CONDITIONS, PARTS, announcements, available, read, utterances  # noqa: E402

TABLE = "new rdi Phrenk Kaylin Wizgille Serena"


def _session():
    from referee.core.carddb import load_cards
    from referee.core.session import Session

    session = Session(load_cards(()), None)
    session.handle(TABLE)
    return session


def decode_all(decoder, session, items) -> list[tuple[object, object]]:
    from referee.voice.decoder import read_wav

    return [(u, decoder.decode(read_wav(u.path), session)) for u in items]


def rates(results) -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for u, heard in results:
        for condition in (u.condition, "all"):
            row = table[condition]
            if u.expected is None:
                row["chatter"][0] += not heard.accepted
                row["chatter"][1] += 1
                continue
            exact = bool(heard.lines) and heard.lines[0] == u.expected
            row["exact"][0] += exact
            row["exact"][1] += 1
            row["top-3"][0] += u.expected in heard.lines
            row["top-3"][1] += 1
            if u.kind == "play":
                row["plays"][0] += exact
                row["plays"][1] += 1
            if heard.unchecked and heard.unchecked[0] == u.expected:
                row["kept"][0] += heard.accepted
                row["kept"][1] += 1
    return {c: {k: f"{100 * a / b:5.1f}% ({a}/{b})" if b else "-" for k, (a, b) in row.items()}
            for c, row in table.items()}


def show(part: str, results) -> None:
    print(f"\n{part}: {len(results)} utterances")
    table = rates(results)
    columns = ["exact", "top-3", "plays", "chatter", "kept"]
    print(f"  {'':8}" + "".join(f"{c:>18}" for c in columns))
    for condition in [*CONDITIONS, "all"]:
        row = table.get(condition, {})
        print(f"  {condition:8}" + "".join(f"{row.get(c, '-'):>18}" for c in columns))


def misses(results, limit: int = 12) -> None:
    shown = 0
    for u, heard in results:
        if u.expected is not None and (not heard.lines or heard.lines[0] != u.expected) and shown < limit:
            print(f"    {u.condition:6} {u.voice:18} said {u.said!r}\n{'':31} heard {heard.unchecked[:1]}"
                  f"{' (refused)' if heard.unchecked and not heard.accepted else ''}")
            shown += 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=80)
    parser.add_argument("--chatter-lines", type=int, default=20)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "referee-bench-voice")
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--weights", type=lambda text: [float(w) for w in text.split(",")],
                        default=[1e-1, 1e-2, 1e-3, 1e-4, 1e-6])
    parser.add_argument("--misses", action="store_true", help="print the lines missed")
    parser.add_argument("--parts", default=",".join(PARTS), help="the parts to decode (tuning,held-out,held-out-2)")
    args = parser.parse_args()
    missing = available()
    if missing:
        print(f"bench_voice: {missing}; nothing to measure.")
        return 2
    try:
        import pocketsphinx  # noqa: F401
    except ImportError:
        print("bench_voice: pocketsphinx not installed (pip install '.[voice]').")
        return 2
    from referee.voice.decoder import CHATTER as WEIGHT, VoiceDecoder

    session = _session()
    parts = {}
    for part, spec in PARTS.items():
        if part not in args.parts.split(","):
            continue
        lines = announcements(session, args.lines, spec["seed"])
        chatter = random.Random(spec["seed"]).sample(CHATTER, min(args.chatter_lines, len(CHATTER)))
        parts[part] = utterances(part, lines, chatter, args.cache)
    began = time.perf_counter()
    decoder = VoiceDecoder(own={})
    decoder.for_session(session)
    startup = time.perf_counter() - began
    if args.sweep:
        from referee.voice.decoder import _padded, read_wav

        tuning = [(u, decoder.decode(read_wav(u.path), session, check=False)) for u in parts["tuning"]]
        for weight in args.weights:
            decoder.set_chatter(weight)
            rejected = {id(u) for u, _ in tuning if decoder.is_chatter(_padded(read_wav(u.path)))}
            chatter = [u for u, _ in tuning if u.expected is None]
            right = [u for u, h in tuning if u.expected is not None and h.unchecked[:1] == [u.expected]]
            print(f"weight {weight:g}: chatter refused {sum(id(u) in rejected for u in chatter)}/{len(chatter)}, "
                  f"right lines kept {sum(id(u) not in rejected for u in right)}/{len(right)}")
        decoder.set_chatter(WEIGHT)
        return 0
    audio = decoding = 0.0
    for part, items in parts.items():
        began = time.perf_counter()
        results = decode_all(decoder, session, items)
        decoding += time.perf_counter() - began
        audio += sum(len(read(u.path)) for u in items) / 16000
        show(part, results)
        if args.misses:
            misses(results)
    print(f"\nstart-up (decoder and the table's grammar): {startup:.2f} s; decoding: {decoding / audio:.2f}x real "
          f"time ({audio:.0f} s of audio)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
