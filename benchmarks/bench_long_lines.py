"""Long lines: no announcement's handling grows faster than its length (issue 20, item 8).

Every announcement shape of both games (their FORMS, the lines "did you mean" offers) is typed long in
four ways: the shape repeated with "and" between ("set Ann gold 3 and Bob gold 3 and ..."), the shape
followed by a run of one of its own words, by one unbroken word, and by a run of numbers. For each
shape the benchmark prints the slowest of the four at each length and how that time grows from 2,000
to 20,000 characters (10 for a linear cost, 100 for a quadratic one). A line of 20,000 characters must
be ruled or refused in under a second.

Then the prompt: each long line is highlighted as a keystroke at its end would have it (the lexer reading
the whole line, as prompt_toolkit asks on every key) and completed as Tab would; the benchmark prints the
slowest keystroke and Tab per shape. Highlighting must cost no more than a few milliseconds per keystroke.

Run: python benchmarks/bench_long_lines.py [--lengths 2000,20000]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.core.carddb import load_cards  # noqa: E402
from referee.core.session import Session  # noqa: E402
from referee.games.rdi.announce import FORMS as RDI_FORMS  # noqa: E402
from referee.games.tda.announce import FORMS as TDA_FORMS  # noqa: E402
from referee.shell.completer import RefereeCompleter  # noqa: E402
from referee.shell.lexer import RefereeLexer  # noqa: E402

GAMES = {
    "rdi": ("new rdi Phrenk Kaylin Wizgille Serena", RDI_FORMS,
            {"NAME": ("Phrenk", "Kaylin"), "CARD": "Poof", "DRINK": "Dragon Breath Ale", "N": "3",
             "RECIPE": "Spatchcocked Cockatrice", "INGREDIENT": "Eggs", "OPTION": "1", "EFFECTS": "action: lose 2 Fortitude"}),
    "tda": ("new tda Ann Ben Cat", TDA_FORMS,
            {"NAME": ("Ann", "Ben"), "CARD": "Red Dragon 5", "N": "3", "STAKES": "dragon stakes"}),
}
# Lines that are not announcements but are typed at the same prompt.
SHELL_SHAPES = ["rule how does a chaser work", "card dragon breath ale", 'learn "Big Swig": drink: 3 Alcohol Content',
                "new rdi Ann Bob", "resume 1", "games", "export", "position"]
LENGTHS = (2_000, 20_000)


def concrete(form: str, words: dict) -> str:
    """A shape with its placeholders filled: the first NAME is one player, the next another."""
    names = iter(words["NAME"] * 4)
    return re.sub(r"NAME|[A-Z]{2,}|N\b", lambda m: next(names) if m.group() == "NAME" else words.get(m.group(), m.group()),
                  form)


def long_lines(form: str, words: dict, length: int) -> dict[str, str]:
    """The four long versions of one shape, each about ``length`` characters."""
    line = concrete(form, words)
    last_word = line.split()[-1]

    def grow(head: str, unit: str) -> str:
        return head + unit * max(1, (length - len(head)) // len(unit))

    return {"repeated with and": grow(line, " and " + line),
            "word run": grow(line, " " + last_word),
            "one long word": line + " " + "x" * max(1, length - len(line)),
            "number run": grow(line, " 3")}


def worst_times(cards, lengths=LENGTHS) -> list[tuple[str, str, dict[int, tuple[float, str]]]]:
    """[(game, shape, {length: (slowest seconds, which way)})]; each line on a fresh game."""
    rows = []
    for game, (start, forms, words) in GAMES.items():
        session = Session(cards)
        session.handle(start)
        setup, engine, kind = session.state, session.engine, session.game
        for form in [*forms, *SHELL_SHAPES]:
            times = {}
            for length in lengths:
                slowest = (0.0, "")
                for way, line in long_lines(form, words, length).items():
                    # every line is typed on the same opening table (a `new` may have replaced it)
                    session.state, session.engine, session.game = setup, engine, kind
                    began = time.perf_counter()
                    session.handle(line)
                    slowest = max(slowest, (time.perf_counter() - began, way))
                times[length] = slowest
            rows.append((game, form, times))
    return rows


def prompt_times(cards, lengths=LENGTHS) -> list[tuple[str, str, float, float]]:
    """[(game, shape, slowest keystroke's highlighting, slowest Tab)] in seconds over every long line."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    rows = []
    for game, (start, forms, words) in GAMES.items():
        session = Session(cards)
        session.handle(start)
        lexer, completer = RefereeLexer(session), RefereeCompleter(session)
        lexer.lex_document(Document("warm"))(0)  # the session's names are read once, as in a prompt
        for form in [*forms, *SHELL_SHAPES]:
            keystroke = tab = 0.0
            for length in lengths:
                for line in long_lines(form, words, length).values():
                    document = Document(line)
                    began = time.perf_counter()
                    lexer.lex_document(document)(0)
                    keystroke = max(keystroke, time.perf_counter() - began)
                    began = time.perf_counter()
                    list(completer.get_completions(document, CompleteEvent(completion_requested=True)))
                    tab = max(tab, time.perf_counter() - began)
            rows.append((game, form, keystroke, tab))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lengths", default=",".join(map(str, LENGTHS)))
    lengths = tuple(int(part) for part in parser.parse_args().lengths.split(","))
    rows = worst_times(load_cards(), lengths)
    print(f"{'game':5} {'shape':36} " + " ".join(f"{n:>8,}" for n in lengths) + "   growth  slowest way")
    for game, form, times in rows:
        growth = times[lengths[-1]][0] / max(times[lengths[0]][0], 1e-6)
        print(f"{game:5} {form[:36]:36} " + " ".join(f"{times[n][0] * 1000:6.1f}ms" for n in lengths)
              + f"   {growth:6.1f}  {times[lengths[-1]][1]}")
    worst = max(rows, key=lambda row: row[2][lengths[-1]][0])
    print(f"\nslowest line of {lengths[-1]:,} characters: {worst[2][lengths[-1]][0] * 1000:.0f} ms "
          f"({worst[0]} '{worst[1]}', {worst[2][lengths[-1]][1]}); budget 1,000 ms")

    print(f"\nthe prompt, per long line (up to {lengths[-1]:,} characters): highlighting one keystroke, Tab")
    typed = prompt_times(load_cards(), lengths)
    for game, form, keystroke, tab in typed:
        print(f"{game:5} {form[:36]:36} {keystroke * 1000:6.2f}ms {tab * 1000:6.2f}ms")
    slowest = max(typed, key=lambda row: row[2])
    print(f"slowest keystroke: {slowest[2] * 1000:.2f} ms ({slowest[0]} '{slowest[1]}'); slowest Tab: "
          f"{max(row[3] for row in typed) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
