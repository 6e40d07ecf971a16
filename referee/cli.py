"""The `referee` command: a thin typer shell over the look-ups and the engines.

Imports stay inside the commands so that a one-shot `referee card` loads only
what it uses (no prompt_toolkit, no YAML when the cache is warm).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

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


class _Settings:
    extra_card_dirs: list[Path] = []


def _card_dirs(local: Optional[List[Path]]) -> list[Path]:
    return [*_Settings.extra_card_dirs, *(local or [])]


@app.callback()
def _root(ctx: typer.Context, cards: Optional[List[Path]] = CardsOption) -> None:
    _Settings.extra_card_dirs = list(cards or [])
    if ctx.invoked_subcommand is None:
        from referee.repl import run_repl

        run_repl(card_dirs=_Settings.extra_card_dirs)
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
        typer.echo(f"--game must be rdi or tda, not {game!r}", err=True)
        raise typer.Exit(2)
    db = load_cards(_card_dirs(cards))
    for notice in db.notices:
        typer.echo(notice, err=True)
    match = db.lookup(" ".join(query), game=game)
    if as_json:
        if match.found is not None:
            typer.echo(json.dumps(match.found.public_dict(), ensure_ascii=False, indent=2))
        else:
            key = "candidates" if match.how == "ambiguous" else "suggestions"
            typer.echo(json.dumps({"query": match.query, "match": match.how,
                                   key: [{"id": c.id, "name": c.name, "game": c.game, "deck": c.deck} for c in match.items]},
                                  ensure_ascii=False, indent=2))
    else:
        from referee.views import card_lookup_text

        typer.echo(card_lookup_text(match))
    if match.found is None:
        raise typer.Exit(3 if match.how == "ambiguous" else 1)


@app.command()
def rule(
    topic: List[str] = typer.Argument(..., help="Plain words: 'mead split', 'drinking contest tie', 'wench tip'."),
    book: Optional[str] = typer.Option(None, "--book", help="Only this book: rdi3, gii, smb or tda."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    """Find a rule by topic and print our summary with the exact citation.

    Example: referee rule "mead split"
    """
    from referee.core.rules import search_rules

    hits = search_rules(" ".join(topic), book=book)
    if as_json:
        typer.echo(json.dumps({"query": " ".join(topic), "results": [
            {**hit.section.as_dict(), "score": round(hit.score, 3)} for hit in hits]}, ensure_ascii=False, indent=2))
    elif hits:
        from referee.views import rule_text

        typer.echo(rule_text(hits[0]))
        others = hits[1:4]
        if others:
            typer.echo("  Also:")
            for hit in others:
                typer.echo(f"    {hit.section.citation}  [{hit.section.id}]")
    else:
        typer.echo(f"No rule matches {' '.join(topic)!r}. Try other words, e.g. 'chaser', 'ante', 'tie'.")
    if not hits:
        raise typer.Exit(1)


StoreOption = typer.Option(None, "--store", help="The saved-game database (default: your data folder; REFEREE_DATA_DIR moves it).")


def _session(cards: Optional[List[Path]], store: Optional[Path], persist: bool = True):
    from referee.core.carddb import load_cards
    from referee.core.session import Session
    from referee.core.store import Store

    db = load_cards(_card_dirs(cards))
    for notice in db.notices:
        typer.echo(notice, err=True)
    return Session(db, Store(store) if persist else None)


@app.command()
def play(
    game: str = typer.Argument(..., help="rdi or tda."),
    names: Optional[List[str]] = typer.Argument(None, help="Player names in seat order (after --players)."),
    players: Optional[List[str]] = typer.Option(None, "--players", "-p", help="Player names in seat order (Name=Character to name a character)."),
    rules: str = typer.Option("gii", "--rules", help="RDI edition where the books differ: gii or rdi3."),
    dragons: Optional[str] = typer.Option(None, "--dragons", help='Giants War: six dragon colours, comma-separated ("Black,Green,Shadow,Brass,new Copper,Silver").'),
    giants: Optional[str] = typer.Option(None, "--giants", help="Giants War: six giant colours, comma-separated."),
    long: bool = typer.Option(False, "--long", help="Giants War: no 'shuffle twice, score thrice' ending."),
    house: Optional[List[str]] = typer.Option(None, "--house", help="RDI: a reading where the books are silent, "
                                              "ID=READING (docs/house-rules.md); repeat for several."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
) -> None:
    """Start a game and open the interactive referee.

    Example: referee play rdi --players Phrenk Kaylin Wizgille Serena --rules rdi3

    Example: referee play tda --players Ann Ben Cat --dragons "Black,Green,Shadow,Brass,new Copper,Silver"
    """
    from referee.repl import run_repl

    if game not in ("rdi", "tda"):
        typer.echo(f"The game is rdi or tda, not {game!r}: referee play rdi --players Ann Ben Cat", err=True)
        raise typer.Exit(2)
    # click gives --players one value each time; the rest of the names arrive as arguments.
    seated = [*(players or []), *(names or [])]
    session = _session(cards, store)
    words = ["new", game, *seated] + (["--rules", rules] if game == "rdi" else [])
    for flag, value in (("--dragons", dragons), ("--giants", giants)):
        if value and game == "tda":
            words += [flag, *[v.strip() for v in value.split(",") if v.strip()]]
    if long and game == "tda":
        words.append("--long")
    for choice in house or []:
        if game == "rdi":
            words += ["--house", choice]
    run_repl(session=session, first_line=" ".join(f'"{w}"' if " " in w else w for w in words))


@app.command()
def resume(
    game_id: Optional[int] = typer.Argument(None, help="The game number from `referee games` (default: the latest)."),
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
        typer.echo(error.message, err=True)
        raise typer.Exit(1)
    typer.echo(ruling.message)
    run_repl(session=session)


@app.command()
def games(store: Optional[Path] = StoreOption) -> None:
    """List saved games.

    Example: referee games
    """
    from referee.core.session import Session
    from referee.core.store import Store

    typer.echo(Session(None, Store(store)).games_text())  # type: ignore[arg-type]


@app.command()
def replay(
    file: str = typer.Argument(..., help="A file of announcements, one per line, or - for standard input."),
    keep_going: bool = typer.Option(False, "--keep-going", help="Go on after a refused line (exit status still 1)."),
    as_json: bool = typer.Option(False, "--json", help="Print the final state as JSON instead of each ruling."),
    save: bool = typer.Option(False, "--save", help="Also save the game in the store."),
    cards: Optional[List[Path]] = CardsOption,
    store: Optional[Path] = StoreOption,
) -> None:
    """Replay announcements without a terminal and print each ruling.

    Exit status 1 on the first refused line (or at the end with --keep-going).
    Example: referee replay game.txt --json
    """
    import sys

    from referee.core.ruling import REFUSED
    from referee.views import ruling_text

    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except OSError as error:
        typer.echo(f"Cannot read {file}: {error.strerror}", err=True)
        raise typer.Exit(2)
    session = _session(cards, store, persist=save)
    failed = False
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        ruling = session.handle(line)
        if not as_json:
            typer.echo(f"> {line.strip()}")
            typer.echo(ruling_text(ruling))
        if ruling.verdict == REFUSED:
            failed = True
            typer.echo(f"line {number}: refused: {ruling.message}", err=True)
            if not keep_going:
                break
    if as_json:
        typer.echo(json.dumps(session.summary(), ensure_ascii=False, indent=2))
    if failed:
        raise typer.Exit(1)


@cards_app.command("check")
def cards_check(
    paths: Optional[List[Path]] = typer.Argument(None, help="Card files or folders. Default: the shipped cards and your card folders."),
    cards: Optional[List[Path]] = CardsOption,
) -> None:
    """Validate card files; every problem is printed as file:line: field: message.

    Example: referee cards check ~/my_cards/
    """
    from referee.core.carddb import card_files
    from referee.core.rules import section_ids
    from referee.core.schema import check_paths

    targets = list(paths or []) or [p for _, p in card_files(_card_dirs(cards))]
    if paths and cards:
        targets += list(cards)
    problems, checked = check_paths(targets, section_ids())
    for problem in problems:
        typer.echo(str(problem))
    typer.echo(f"{len(checked)} cards in {len({c['_file'] for c in checked})} files checked, {len(problems)} problem(s)")
    if problems:
        raise typer.Exit(1)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
