"""The `referee` command: a thin typer shell over the look-ups and the engines.

Imports stay inside the commands so that a one-shot `referee card` loads only
what it uses (no prompt_toolkit, no YAML when the cache is warm).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from referee.core.text import visible

app = typer.Typer(
    add_completion=False,
    no_args_is_help=False,
    invoke_without_command=True,
    help=(
        "A table-side rules referee for The Red Dragon Inn and Three-Dragon Ante: Giants War.\n\n"
        "Run with no command to open the interactive referee.\n\n"
        "Example: referee card \"dont call me cute\""
    ),
)
cards_app = typer.Typer(help="Work with card files. Example: referee cards check my_cards/")
app.add_typer(cards_app, name="cards")

CardsOption = typer.Option(None, "--cards", help="A folder (or file) of your own card files, merged over the shipped ones.")


def _echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Every line the CLI prints: names and texts from players, files and stores with their control and escape
    characters made visible (referee.core.text.visible), JSON included (it stays valid JSON)."""
    typer.echo(visible(text), err=err, nl=nl)


class _Settings:
    extra_card_dirs: list[Path] = []


def _card_dirs(local: Optional[List[Path]]) -> list[Path]:
    return [*_Settings.extra_card_dirs, *(local or [])]


@app.callback()
def _root(ctx: typer.Context, cards: Optional[List[Path]] = CardsOption) -> None:
    _Settings.extra_card_dirs = list(cards or [])
    if ctx.invoked_subcommand is None:
        from referee.repl import run_repl

        session = _repl_session()
        try:
            run_repl(session=session)
        finally:
            session.close()
        raise typer.Exit()


@app.command()
def card(
    query: List[str] = typer.Argument(..., help="Card name; misspelled, partial or unpunctuated is fine."),
    game: Optional[str] = typer.Option(None, "--game", help="Narrow to one game: rdi or tda."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    cards: Optional[List[Path]] = CardsOption,
) -> None:
    """Look up a card. Exit status 0 for a single match, 1 for none, 3 for ambiguous.

    Example: referee card "dragon breth ale"
    """
    from referee.core.carddb import load_cards

    if game not in (None, "rdi", "tda"):
        _echo(f"--game must be rdi or tda, not {game!r}", err=True)
        raise typer.Exit(2)
    db = load_cards(_card_dirs(cards))
    for notice in db.notices:
        _echo(notice, err=True)
    match = db.lookup(" ".join(query), game=game)
    if as_json:
        if match.found is not None:
            from referee.core.views import effect_phrases

            data = match.found.public_dict()
            data["phrases"] = effect_phrases(match.found)
            _echo(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            key = "candidates" if match.how == "ambiguous" else "suggestions"
            _echo(json.dumps({"query": match.query, "match": match.how,
                              key: [{"id": c.id, "name": c.name, "game": c.game, "deck": c.deck} for c in match.items]},
                             ensure_ascii=False, indent=2))
    else:
        from referee.core.views import card_lookup_text

        _echo(card_lookup_text(match))
    if match.found is None:
        raise typer.Exit(3 if match.how == "ambiguous" else 1)


@app.command()
def rule(
    topic: List[str] = typer.Argument(..., help="Plain words: 'mead split', 'drinking contest tie', 'wench tip'."),
    book: Optional[str] = typer.Option(None, "--book", help="Only this book: rdi3, gii, smb or tda."),
    game: Optional[str] = typer.Option(None, "--game", help="Only this game's books: rdi or tda."),
    rules: Optional[str] = typer.Option(None, "--rules", help="RDI edition to answer from where both books say it: gii or rdi3."),
    ranked: bool = typer.Option(False, "--all", help="The ranked list, each section's summary whole."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    """Find the rule for a question or topic: the deciding section with our summary and its citation,
    then at most two near alternatives (8 lines at most; --all for the ranked list).

    Example: referee rule "can I play a Gambling card if I left the Round?"

    Example: referee rule "mead split"
    """
    from referee.core.rule_lookup import search_rules
    from referee.core.rules import GAME_BOOKS, RANKED

    if game not in (None, "rdi", "tda") or rules not in (None, "gii", "rdi3") \
            or book not in (None, "rdi3", "gii", "smb", "tda"):
        _echo("--game is rdi or tda; --rules is gii or rdi3; --book is rdi3, gii, smb or tda.", err=True)
        raise typer.Exit(2)
    question = " ".join(topic)
    # Where both core books print a rule, answer in the edition asked for, or the referee's default (gii).
    hits = search_rules(question, book=book, books=GAME_BOOKS.get(game or ""),
                        edition=None if book else rules or "gii", limit=RANKED if ranked or as_json else 3)
    if as_json:
        _echo(json.dumps({"query": question, "results": [
            {**hit.section.as_dict(), "score": round(hit.score, 3), "note": hit.note} for hit in hits]},
            ensure_ascii=False, indent=2))
    elif hits:
        from referee.core.rule_views import rule_answer_text, rule_list_text

        _echo(rule_list_text(hits) if ranked else rule_answer_text(hits))
    else:
        _echo(f"No rule matches {question!r}. Try other words, e.g. 'chaser', 'ante', 'tie'.")
    if not hits:
        raise typer.Exit(1)


StoreOption = typer.Option(None, "--store", help="The saved-game database (default: your data folder; REFEREE_DATA_DIR moves it).")


def _open_store(store: Optional[Path], warn: bool = True):
    """The saved-game store, or exit 2 with one line saying what is wrong with it and what to do."""
    from referee.core.store import Store, StoreError

    try:
        opened = Store(store)
    except StoreError as error:
        _echo(error.message, err=True)
        raise typer.Exit(2)
    for warning in () if not warn else (opened.damaged, opened.read_only and not opened.damaged and f"Read-only: {opened.read_only}."):
        if warning:
            _echo(warning, err=True)
    return opened


def _repl_session():
    """The bare REPL's session: with a store that cannot be opened it still looks things up, and plays nothing."""
    return _session(None, None, lenient=True)


def _session(cards: Optional[List[Path]], store: Optional[Path], persist: bool = True, lenient: bool = False):
    """Every shell's session. One that saves games remembers the cards its tables teach (in the user's
    learned folder, for every later game); a replay that saves nothing teaches the user's decks nothing
    either. ``lenient``: a store that cannot be opened leaves look-ups working instead of exiting."""
    from referee.core.carddb import load_cards
    from referee.core.session import Session
    from referee.core.store import Store, StoreError

    db = load_cards(_card_dirs(cards))
    for notice in db.notices:
        _echo(notice, err=True)
    if not persist:
        return Session(db, None)
    if lenient:
        try:
            opened = Store(store)
        except StoreError as error:
            _echo(f"{error.message} Until then `card` and `rule` work, and no game can be played.", err=True)
            return Session(db, None, store_problem=error.message)
    else:
        opened = _open_store(store)
    return Session(db, opened, remember_learned=True)


@app.command()
def play(
    game: Optional[str] = typer.Argument(None, help="rdi or tda (not needed with --from)."),
    names: Optional[List[str]] = typer.Argument(None, help="Player names in seat order (after --players)."),
    from_file: Optional[Path] = typer.Option(None, "--from", help="Start at the position in this file (`referee position` prints one)."),
    players: Optional[List[str]] = typer.Option(None, "--players", "-p", help="Player names in seat order (Name=Character to name a character)."),
    rules: Optional[str] = typer.Option(None, "--rules", help="RDI edition where the books differ: gii or rdi3 "
                                        "(default: [game] rules of your config.toml, gii as shipped)."),
    dragons: Optional[str] = typer.Option(None, "--dragons", help='Giants War: six dragon colours, comma-separated ("Black,Green,Shadow,Brass,new Copper,Silver").'),
    giants: Optional[str] = typer.Option(None, "--giants", help="Giants War: six giant colours, comma-separated."),
    long: bool = typer.Option(False, "--long", help="Giants War: no 'shuffle twice, score thrice' ending."),
    house: Optional[List[str]] = typer.Option(None, "--house", help="RDI: a reading where the books are silent, "
                                              "ID=READING (docs/house-rules.md); repeat for several."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
    voice: bool = typer.Option(False, "--voice", help="Push-to-talk: F5 starts and stops listening (needs the "
                               "voice extra: pip install '.[voice]')."),
) -> None:
    """Start a game and open the interactive referee.

    Example: referee play rdi --players Phrenk Kaylin Wizgille Serena --rules rdi3

    Example: referee play tda --players Ann Ben Cat --dragons "Black,Green,Shadow,Brass,new Copper,Silver"

    Example: referee play --from dispute.yaml
    """
    from referee.repl import run_repl

    if from_file is not None:
        session = _session(cards, store)
        run_repl(session=session, first_line=f'new --from "{from_file}"', voice=voice)
        return
    first = _new_line(game, names, players, rules, dragons, giants, long, house, "play")
    session = _session(cards, store)
    try:
        run_repl(session=session, first_line=first, voice=voice)
    finally:
        session.close()


def _new_line(game, names, players, rules, dragons, giants, long, house, command: str) -> str:
    """The `new ...` line that starts the game `play` and `hear` are given."""
    example = f"referee {command}{' FILE.wav' if command == 'hear' else ''} rdi --players Ann Ben Cat"
    if game is None:
        _echo(f"Say which game, rdi or tda, and who plays: {example} (or --from a position file).", err=True)
        raise typer.Exit(2)
    if game not in ("rdi", "tda"):
        _echo(f"The game is rdi or tda, not {game!r}: {example}", err=True)
        raise typer.Exit(2)
    # click gives --players one value each time; the rest of the names arrive as arguments.
    seated = [*(players or []), *(names or [])]
    words = ["new", game, *seated] + (["--rules", rules] if game == "rdi" and rules else [])
    for flag, value in (("--dragons", dragons), ("--giants", giants)):
        if value and game == "tda":
            words += [flag, *[v.strip() for v in value.split(",") if v.strip()]]
    if long and game == "tda":
        words.append("--long")
    for choice in house or []:
        if game == "rdi":
            words += ["--house", choice]
    return " ".join(f'"{w}"' if " " in w else w for w in words)


@app.command()
def hear(
    wav: Path = typer.Argument(..., help="A recording: WAV, 16-bit (16 kHz mono is read as it is)."),
    game: Optional[str] = typer.Argument(None, help="rdi or tda (not needed with --from)."),
    names: Optional[List[str]] = typer.Argument(None, help="Player names in seat order (after --players)."),
    from_file: Optional[Path] = typer.Option(None, "--from", help="The position the line was said at."),
    players: Optional[List[str]] = typer.Option(None, "--players", "-p", help="Player names in seat order."),
    rules: Optional[str] = typer.Option(None, "--rules", help="RDI edition: gii or rdi3."),
    dragons: Optional[str] = typer.Option(None, "--dragons", help="Giants War: six dragon colours, comma-separated."),
    giants: Optional[str] = typer.Option(None, "--giants", help="Giants War: six giant colours, comma-separated."),
    cards: Optional[List[Path]] = CardsOption,
) -> None:
    """Print the top lines the voice mode hears in a recorded announcement (needs the voice extra).
    Exit status 0 for a line, 1 for "didn't catch that", 2 when voice cannot run here.

    Example: referee hear said.wav rdi --players Phrenk Kaylin Wizgille Serena
    """
    first = f'new --from "{from_file}"' if from_file is not None else \
        _new_line(game, names, players, rules, dragons, giants, False, None, "hear")
    from referee.voice import VoiceUnavailable
    from referee.voice.decoder import VoiceDecoder, read_wav  # neither imports pocketsphinx

    try:
        audio = read_wav(wav)  # a file that cannot be heard is refused before anything starts
    except VoiceUnavailable as error:
        _echo(str(error), err=True)
        raise typer.Exit(2)
    session = _session(cards, None, persist=False)
    ruling = session.handle(first)
    if session.state is None:
        _echo(ruling.message, err=True)
        raise typer.Exit(2)
    try:
        heard = VoiceDecoder().decode(audio, session)
    except VoiceUnavailable as error:
        _echo(str(error), err=True)
        raise typer.Exit(2)
    if not heard.accepted:
        _echo("didn't catch that" + (" (table chatter, by the confidence test)" if heard.chatter else ""))
        raise typer.Exit(1)
    for number, line in enumerate(heard.lines, 1):
        _echo(f"{number}. {line}")


@app.command()
def resume(
    game_id: Optional[int] = typer.Argument(None, help="The game number from `referee games` (default: the game being played, followed)."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
) -> None:
    """Reopen a saved game where it stopped.

    Example: referee resume 3
    """
    from referee.core.ruling import RefereeError
    from referee.repl import run_repl

    session = _session(cards, store)
    try:
        ruling = session.resume(game_id)
    except RefereeError as error:
        _echo(error.message, err=True)
        raise typer.Exit(1)
    _echo(ruling.message)
    try:
        run_repl(session=session)
    finally:
        session.close()


@app.command()
def games(store: Optional[Path] = StoreOption) -> None:
    """List saved games.

    Example: referee games
    """
    from referee.core.session import Session

    _echo(Session(None, _open_store(store, warn=False)).games_text())  # type: ignore[arg-type]


@app.command()
def replay(
    file: str = typer.Argument(..., help="A file of announcements, one per line, or - for standard input."),
    keep_going: bool = typer.Option(False, "--keep-going", help="Go on after a refused line (exit status still 1)."),
    as_json: bool = typer.Option(False, "--json", help="Print the final state as JSON instead of each ruling."),
    save: bool = typer.Option(False, "--save", help="Also save the game in the store."),
    check: bool = typer.Option(False, "--check", help="Check `expect ...` and `! LINE` lines; print each mismatch."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
) -> None:
    """Replay announcements without a terminal and print each ruling.

    Exit status 1 on the first refused line (or at the end with --keep-going).
    With --check, the file is a written-up case: every mismatch is printed with its line number, exit 1 if any.
    Example: referee replay game.txt --json

    Example: referee replay house_rules.txt --check
    """
    from referee.core.files import CASE_FILE_LIMIT, FileRefused, read_bytes, read_stream

    name = "standard input" if file == "-" else file
    try:
        raw = read_stream(sys.stdin.buffer, CASE_FILE_LIMIT, "a replay") if file == "-" \
            else read_bytes(file, CASE_FILE_LIMIT, "a replay file")
        text = raw.decode("utf-8")
    except FileRefused as error:
        pipe = "" if error.regular else "; `referee replay - < FILE` reads a pipe or a device"
        _echo(f"Cannot read {name}: {error.reason}{pipe}.", err=True)
        raise typer.Exit(2)
    except UnicodeDecodeError as error:
        _echo(f"Cannot replay {name}: it is not UTF-8 text (byte {error.object[error.start]:#04x} at offset "
              f"{error.start}); a replay file is plain text, one announcement a line.", err=True)
        raise typer.Exit(2)
    session = _session(cards, store, persist=save)
    if file != "-":
        session.base_dir = Path(file).parent
    try:
        if check:
            _check_case(session, name, text)
        failed = _replay_lines(session, text, keep_going, as_json)
    finally:
        session.close()
    if as_json:
        _echo(json.dumps(session.summary(), ensure_ascii=False, indent=2))
    if failed:
        raise typer.Exit(1)


def _check_case(session, name: str, text: str) -> None:
    """A written-up case: every mismatch with its line number; exit 1 if any."""
    from referee.core.transcript import check_case

    mismatches = check_case(session, text)
    for mismatch in mismatches:
        _echo(f"{name}:{mismatch.number}: {mismatch.line}\n  {mismatch.problem}")
    checked = sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    _echo(f"{checked} lines checked, {len(mismatches)} mismatch{'es' if len(mismatches) != 1 else ''}.")
    raise typer.Exit(1 if mismatches else 0)


def _without_case_mark(line: str) -> str:
    """A case file's `! LINE` (must be refused) and `?yes`/`?no LINE` (a question's answer) run as LINE."""
    stripped = line.strip()
    if stripped.startswith("! "):
        return stripped[2:]
    if stripped.startswith(("?yes ", "?no ")):
        return stripped.split(" ", 1)[1]
    return line


def _replay_lines(session, text: str, keep_going: bool, as_json: bool) -> bool:
    """Each line through the session, its ruling printed; True when a line was refused."""
    from referee.core.ruling import REFUSED
    from referee.core.views import ruling_text

    failed = False
    case_lines = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.lstrip().startswith(("expect ", "@rules")):
            case_lines += 1  # a written-up case's checks: `--check` reads them
            continue
        must_refuse = line.strip().startswith("! ")
        line = _without_case_mark(line)
        ruling = session.handle(line)
        if not as_json:
            _echo(f"> {line.strip()}")
            _echo(ruling_text(ruling))
        for notice in session.notices:
            _echo(notice, err=True)
        session.notices.clear()
        if ruling.verdict == REFUSED and not must_refuse:
            failed = True
            _echo(f"line {number}: refused: {ruling.message}", err=True)
            if not keep_going:
                break
    if case_lines:
        _echo(f"({case_lines} `expect`/`@rules` line(s) skipped: `--check` checks them.)", err=True)
    return failed


@app.command()
def serve(
    game_id: Optional[int] = typer.Argument(None, help="The game number from `referee games` (default: the game being played, followed)."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on; 0.0.0.0 lets other devices in (with a token)."),
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="Port to listen on (0: any free port)."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
    follow_process: Optional[int] = typer.Option(None, "--follow-process", hidden=True,
                                                 help="Follow the game this process plays (`serve` in the REPL)."),
) -> None:
    """Show a saved game on a live, read-only web page for everyone at the table. Ctrl-C stops it.

    Without a game number the page follows the game being played, switching when `new` or `resume` changes it.

    Listens on 127.0.0.1 only unless --host says otherwise; any other address
    adds a random access token to the printed URL, and a request without it is refused.
    Example: referee serve --host 0.0.0.0 --port 8765
    """
    from referee.core.carddb import load_cards
    from referee.core.store import default_store_path
    from referee.serve.server import run_table_view

    raise typer.Exit(run_table_view(store or default_store_path(), game_id, load_cards(_card_dirs(cards)), host, port,
                                    follow_process))


def _saved(game_id: Optional[int], cards, store):
    """A session on a saved game (default: the latest); a missing one exits 1 with the reason."""
    from referee.core.ruling import RefereeError

    session = _session(cards, store)
    try:
        session.resume(game_id)
    except RefereeError as error:
        _echo(error.message, err=True)
        raise typer.Exit(1)
    return session


@app.command()
def position(
    game_id: Optional[int] = typer.Argument(None, help="The game number from `referee games` (default: the game being played, followed)."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
) -> None:
    """Print a saved game's current position as YAML, for `referee play --from FILE`.

    Example: referee position > dispute.yaml
    """
    _echo(_saved(game_id, cards, store).position_text(), nl=False)


@app.command()
def export(
    game_id: Optional[int] = typer.Argument(None, help="The game number from `referee games` (default: the game being played, followed)."),
    last: Optional[int] = typer.Option(None, "--last", min=1, help="Only the last N announcements."),
    markdown: bool = typer.Option(True, "--markdown", help="Markdown (the only format; the flag is accepted)."),
    with_position: bool = typer.Option(False, "--position", help="Add the position the exported plays start from."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
) -> None:
    """Print a saved game's announcements, verdicts, reasons and citations as Markdown to paste into a chat.

    Example: referee export --last 5 --markdown --position
    """
    _echo(_saved(game_id, cards, store).export_markdown(last, with_position), nl=False)


@cards_app.command("check")
def cards_check(
    paths: Optional[List[Path]] = typer.Argument(None, help="Card files or folders. Default: the shipped cards and your card folders."),
    cards: Optional[List[Path]] = CardsOption,
) -> None:
    """Validate card files; every problem is printed as file:line: field: message.

    Example: referee cards check ~/my_cards/
    """
    from referee.core.carddb import card_files, shipped_card_ids
    from referee.core.rules import section_ids
    from referee.core.schema import check_paths

    targets = list(paths or []) or [p for _, p in card_files(_card_dirs(cards))]
    if paths and cards:
        targets += list(cards)
    problems, checked = check_paths(targets, section_ids(), shipped_card_ids())
    for problem in problems:
        _echo(str(problem))
    _echo(f"{len(checked)} cards in {len({c['_file'] for c in checked})} files checked, {len(problems)} problem(s)")
    if problems:
        raise typer.Exit(1)


@cards_app.command("learned")
def cards_learned(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text.")) -> None:
    """List the cards your tables taught the referee (`learn`, `referee cards import`).

    Example: referee cards learned
    """
    from referee.core.learned import learned_cards, learned_dir
    from referee.core.views import learned_text

    held = [card for _, card in learned_cards()]
    if as_json:
        _echo(json.dumps([{"name": c["name"], "deck": c.get("deck"), "kind": c.get("type"),
                           "phrase": c.get("phrase"), "count": c.get("count", 1), "id": c.get("id")}
                          for c in held], ensure_ascii=False, indent=2))
    else:
        _echo(learned_text(held, learned_dir()))


@cards_app.command("forget")
def cards_forget(name: List[str] = typer.Argument(..., help="The learned card's name (case and punctuation free).")) -> None:
    """Remove one learned card from your card folder (a saved game keeps the copy it used).

    Example: referee cards forget "Sword of Might"
    """
    from referee.core import learned

    wanted = " ".join(name)
    try:
        removed = learned.forget(wanted)
    except OSError as error:
        _echo(f"Cannot change {learned.learned_dir()}: {error.strerror or error}.", err=True)
        raise typer.Exit(1)
    if not removed:
        _echo(f"No learned card is called {wanted!r}; `referee cards learned` lists them.", err=True)
        raise typer.Exit(1)
    for card in removed:
        _echo(f"Forgot {card['name']} ({card.get('deck') or 'no deck yet'}). Saved games keep the copy they used.")


@cards_app.command("import")
def cards_import(
    file: Path = typer.Argument(..., help="A deck file: CSV or YAML (see docs/card-import.md)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Check the file and print the report; write nothing."),
    for_character: Optional[str] = typer.Option(None, "--for", help="The character whose deck holds the rows that name none."),
) -> None:
    """Learn a whole deck from a file, all or nothing: every row is checked first, and one bad row
    refuses the file (each problem as file:line: field: message). Then a compatibility report.

    Example: referee cards import fiona.csv --dry-run
    """
    from referee.core import learned
    from referee.core.carddb import shipped_cards
    from referee.core.rows import RowFileError
    from referee.core.text import normalize, plural
    from referee.games.rdi.card_import import read_deck_file, report, superseded

    try:
        found = read_deck_file(file, for_character, shipped_cards())
    except RowFileError as error:
        _echo(error.message, err=True)
        raise typer.Exit(1)
    for problem in found.problems:
        _echo(str(problem), err=True)
    if found.problems:
        _echo(f"{file}: {plural(len(found.problems), 'problem')}; nothing imported. "
              "Fix the rows above and import the file again.", err=True)
        raise typer.Exit(1)
    shipped = {}
    for card in shipped_cards().cards:
        if card.game == "rdi":
            for text in (card.name, *card.aliases):
                shipped.setdefault(normalize(text), card.label)
    known = [card for _, card in learned.learned_cards()]
    before = {card["id"] for card in known}
    dropped = superseded(found, known, shipped_cards())
    rows = len(found.cards) + len(found.copies)
    if dry_run:
        _echo(f"{file}: {plural(rows, 'card')} read, no problems. Dry run: nothing written.")
    else:
        try:
            written = learned.save(found.cards, drop=[card["id"] for card in dropped])
        except OSError as error:
            _echo(f"Cannot write to {learned.learned_dir()}: {error.strerror or error}. Nothing imported.", err=True)
            raise typer.Exit(1)
        _echo(f"{file}: learned {plural(len(found.cards), 'card')}, written to "
              f"{plural(len(written), 'file')} in {learned.learned_dir()}.")
    for line in report(found.cards, shipped, before, found.copies, dropped):
        _echo(line)


@cards_app.command("export")
def cards_export(
    character: List[str] = typer.Argument(..., help='The deck: a character\'s name, or "Drink Deck".'),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write here (.csv for CSV, else YAML); default: print YAML."),
) -> None:
    """Write one deck's learned cards as a deck file another table can import.

    Example: referee cards export Fiona -o fiona.csv
    """
    from referee.core.learned import learned_cards
    from referee.core.rows import write_rows
    from referee.core.text import plural
    from referee.games.rdi.card_import import EXPORT_FIELDS, deck_cards, deck_name, export_rows

    wanted = deck_name(" ".join(character))
    held = deck_cards([card for _, card in learned_cards()], " ".join(character))
    if not held:
        _echo(f"No learned cards in {wanted}; `referee cards learned` lists the decks.", err=True)
        raise typer.Exit(1)
    wanted = held[0].get("deck") or wanted  # as the cards spell it
    text = write_rows(output, export_rows(held), EXPORT_FIELDS,
                      {"note": "Taught by a table, not from the books; `referee cards import FILE` learns them."})
    if output is None:
        _echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        _echo(f"Cannot write {output}: {error.strerror or error}.", err=True)
        raise typer.Exit(1)
    _echo(f"Wrote {plural(len(held), 'card')} of {wanted} to {output}.")


def _replacing_streams() -> None:
    """Whatever the locale says (PYTHONIOENCODING=latin-1, LANG=C), a character the terminal's encoding lacks
    is printed as a replacement, never a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass  # not a text stream of Python's own (a test's capture): it takes care of itself


def main() -> None:
    _replacing_streams()
    app()


if __name__ == "__main__":
    main()
