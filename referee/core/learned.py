"""Cards the table taught the referee, kept in the user's card folder (`cards/learned/`).

One YAML file per deck (a character's deck, the Drink Deck), in the card file schema, so
`referee cards check` reads them and every later game, `referee card` and completion know
them. Each card says it comes from the table (`book: table`), never from the books. Files are
written whole to a temporary file and moved into place, so a crash never leaves half a file.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Iterable

from referee.core.paths import user_cards_dir
from referee.core.text import normalize

TABLE_BOOK = "table"  # the `book` of a card the table described


def learned_dir() -> Path:
    return user_cards_dir() / "learned"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", normalize(text)).strip("-") or "card"


def card_id(game: str, name: str) -> str:
    return f"table/{game}/{slug(name)}"


def _file_for(card: dict) -> Path:
    deck = card.get("owner") or ("drink-deck" if card.get("type") in ("drink", "drink_event") else "unsorted")
    return learned_dir() / f"{card.get('game', 'rdi')}-{slug(deck)}.yaml"


def _public(card: dict) -> dict:
    """What a learned file writes of a card: plain data (a card read from a file carries line numbers)."""
    from referee.core.table import plain

    return plain({k: v for k, v in card.items() if not k.startswith("_") and k not in ("game", "book")})


def _read(path: Path) -> dict:
    """A learned file's document; {} for one that cannot be read (the card database names it when it loads)."""
    import yaml

    from referee.core import safe_yaml
    from referee.core.files import CARD_FILE_LIMIT, FileRefused, read_bytes

    try:
        document = safe_yaml.load(read_bytes(path, CARD_FILE_LIMIT, "a card file").decode("utf-8")) or {}
    except (FileRefused, UnicodeDecodeError, yaml.YAMLError):
        return {}
    return document if isinstance(document, dict) else {}


def _write(path: Path, game: str, cards: list[dict]) -> None:
    from referee.core import safe_yaml

    path.parent.mkdir(parents=True, exist_ok=True)
    if not cards:
        path.unlink(missing_ok=True)
        return
    document = {"schema": 1, "game": game, "book": TABLE_BOOK,
                "note": "Cards this table taught the referee (`learn` or `referee cards import`): the table's "
                        "wording, not the books'.",
                "cards": [_public(c) for c in sorted(cards, key=lambda c: normalize(c["name"]))]}
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".learned-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            safe_yaml.dump(document, out, allow_unicode=True, sort_keys=False, width=100)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes it private; a card file is an ordinary file
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def learned_cards() -> list[tuple[Path, dict]]:
    """Every learned card with its file, as the files hold them."""
    folder = learned_dir()
    out = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else ():
        document = _read(path)
        for card in document.get("cards") or ():
            if isinstance(card, dict) and isinstance(card.get("name"), str):
                out.append((path, {"game": document.get("game", "rdi"), "book": TABLE_BOOK, **card}))
    return out


def _by_file() -> dict[Path, list[dict]]:
    files: dict[Path, list[dict]] = {}
    for path, card in learned_cards():
        files.setdefault(path, []).append(card)
    return files


def save(cards: list[dict], drop: Iterable[str] = ()) -> list[Path]:
    """Write learned cards, each replacing any learned card with its id (wherever it was, since a
    card whose deck became known moves to that deck's file), and remove the cards whose ids are in
    ``drop``; returns the files written."""
    ids = {c["id"] for c in cards} | set(drop)
    files = _by_file()
    games = {path: held[0].get("game", "rdi") for path, held in files.items() if held}
    changed = {path for path, held in files.items() if any(c["id"] in ids for c in held)}
    files = {path: [c for c in held if c["id"] not in ids] for path, held in files.items()}
    for card in cards:
        path = _file_for(card)
        files.setdefault(path, []).append(card)
        games.setdefault(path, card.get("game", "rdi"))
        changed.add(path)
    for path in changed:
        _write(path, games[path], files[path])
    return sorted(changed)


def forget(name: str) -> list[dict]:
    """Remove the learned cards with this name (case and punctuation free); returns them."""
    wanted = normalize(name)
    removed: list[dict] = []
    for path, held in _by_file().items():
        kept = [c for c in held if normalize(c["name"]) != wanted]
        if len(kept) != len(held):
            removed += [c for c in held if normalize(c["name"]) == wanted]
            _write(path, held[0].get("game", "rdi"), kept)
    return removed
