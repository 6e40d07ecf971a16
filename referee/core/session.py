"""A game session: the commands every game shares (new, undo, redo, why, state, chain, card, rule, help)
around one game engine, with every accepted announcement saved before it returns.

Game packages plug in through a small adapter module named in GAMES.
"""

from __future__ import annotations

import importlib
import shlex
from dataclasses import dataclass

from referee.core.carddb import CardDB
from referee.core.ruling import ANSWER, OK, REFUSED, NotUnderstood, RefereeError, Ruling, Step
from referee.core.store import GameBusy, Store, StoreError

GAMES = {"rdi": "referee.games.rdi.game", "tda": "referee.games.tda.game"}

HELP = """Commands:
  new rdi NAME NAME ... [--rules gii|rdi3] [--variant bar-deck --bar-deck N] [--variant prize --prize NAME]
                                              start a Red Dragon Inn game (NAME=Character names a character;
                                              `new rdi Otto Ann Bob --otto witchdoctor,paladin` adds Otto)
  new tda NAME NAME ... [--dragons ...] [--giants ...] [--long]
                                              start a Three-Dragon Ante: Giants War game
  state | chain | why                         show the table, the chain, the last ruling's reasons
  undo | redo                                 take back / put back the last change
  card NAME | rule TOPIC                      look up a card or a rule
  games                                       list saved games
  quit                                        leave (everything is already saved)
Announcements (RDI): NAME plays CARD [on NAME] · NAME orders a drink for NAME · NAME reveals CARD ·
  chaser CARD · resolve · NAME passes · step · NAME draws · end turn · set NAME gold N ... · can NAME play CARD · answer N
Announcements (Giants War): NAME antes CARD N · NAME plays CARD N [for the dragons|giants] · NAME chooses dragon stakes ·
  score · NAME pays NAME N · set NAME hoard N · can NAME play CARD N · answer ..."""


def adapter(kind: str):
    if kind not in GAMES:
        raise NotUnderstood(f"Unknown game {kind!r}: `new rdi ...` or `new tda ...`.")
    try:
        return importlib.import_module(GAMES[kind])
    except ModuleNotFoundError:
        raise NotUnderstood(f"The {kind} referee is not built yet.") from None


def info(line: str, text: str, code: str = "info", cites: tuple[str, ...] = ()) -> Ruling:
    return Ruling(ANSWER, code, text, (Step(text, cites),), line)


@dataclass
class Move:
    line: str
    ruling: dict
    state: dict


class Session:
    def __init__(self, cards: CardDB, store: Store | None = None, store_problem: str | None = None):
        """``store_problem``: why the store could not be opened; then look-ups work and nothing can be played."""
        self.cards = cards
        self.store = store
        self.store_problem = store_problem
        self.game = None  # the adapter module of the game being played
        self.engine = None
        self.state = None
        self.moves: list[Move] = []  # moves[0] is the game's setup; undone moves stay until overwritten
        self.head = -1
        self.game_id: int | None = None
        self.last: Ruling | None = None
        # Why accepted lines cannot be saved just now (shown in the toolbar); every change still tries the store.
        self.read_only: str | None = store.read_only if store is not None else store_problem
        self.watching = False  # True when another process is writing this game: nothing here may change it

    # --- persistence -------------------------------------------------------------------
    def _load_game(self, kind: str) -> None:
        self.game = adapter(kind)
        self.engine = self.game.Engine(self.cards)

    def resume(self, game_id: int | None = None) -> Ruling:
        if self.store is None:
            raise NotUnderstood("No saved-game store is open.")
        try:
            game_id = game_id if game_id is not None else self.store.latest_id()
            if game_id is None:
                raise NotUnderstood("There are no saved games yet: `new rdi NAME NAME ...`.")
            try:
                saved = self.store.load(game_id)
            except KeyError:
                raise NotUnderstood(f"No saved game number {game_id}; `games` lists them.") from None
        except StoreError as error:
            raise NotUnderstood(error.message) from None
        before = self.game, self.engine
        self._load_game(saved.kind)
        moves, state = self._good_prefix(saved.rows)
        if state is None:
            self.game, self.engine = before
            raise NotUnderstood(f"Game {game_id} cannot be resumed: even its first row is damaged.")
        lost = saved.lost + len(saved.rows) - len(moves)
        self.moves, self.game_id, self.watching = moves, game_id, False
        self.head = min(saved.head, len(moves) - 1)
        self.state = self.game.load_state(moves[self.head].state) if self.head != len(moves) - 1 else state
        notes = []
        if lost:
            notes.append(f"{lost} damaged saved announcement{'s' if lost != 1 else ''} could not be read; "
                         f"the game resumes after the last good one.")
        try:
            if self.store.read_only:
                raise StoreError(f"Nothing new can be saved: {self.store.read_only}.")
            self.store.acquire(game_id)
            self.read_only = None
        except GameBusy as busy:
            self.watching = True
            self.read_only = f"game {game_id} is being played in another window"
            notes.append(f"{busy.message} This window is read-only: `state`, `why`, `card` and `rule` work; "
                         f"close the other one and run `referee resume {game_id}` to play here.")
        except StoreError as error:
            self.read_only = self.store.read_only or error.message.removeprefix("Not saved: ").rstrip(".")
            notes.append(error.message.replace("Not saved:", "Nothing new can be saved:"))
        text = f"Resumed game {game_id} after {self.head} announcement(s)."
        return info("resume", "\n".join([text, *notes, self.game.describe(self.state, self.cards)]))

    def _good_prefix(self, rows: list) -> tuple[list[Move], object]:
        """The moves whose states load, up to the first that does not, and the last good state."""
        moves: list[Move] = []
        state = None
        for line, ruling, saved in rows:
            try:
                state = self.game.load_state(saved)
            except Exception:  # a damaged row: keep what came before it
                break
            moves.append(Move(line, ruling, saved))
        return moves, (state if moves else None)

    def _commit(self, line: str, ruling: Ruling, new_state) -> Ruling:
        """Save first; only a committed line changes the state and the undo stack."""
        move = Move(line, ruling.as_dict(), new_state.to_dict())
        self._save(lambda: self.store.append(self.game_id, self.head + 1, line, move.ruling, move.state), line)
        self.state = new_state
        self.head += 1
        del self.moves[self.head:]
        self.moves.append(move)
        return ruling

    def _save(self, write, line: str, same_game: bool = True) -> None:
        """Run one store write; a failure refuses the line with the store's reason and leaves everything as it was."""
        if self.store is None and self.store_problem:
            raise RefereeError(f"Not recorded: {line!r} could not be saved. {self.store_problem} "
                               "Look-ups (`card`, `rule`) work meanwhile.", code="not-saved")
        if self.store is None:
            return
        if self.watching and same_game:
            raise RefereeError(f"Not recorded: {self.read_only}, so this window only looks (`state`, `why`, `card`, "
                               f"`rule`). Nothing changed.", code="read-only")
        try:
            write()
        except StoreError as error:
            self.read_only = error.message.removeprefix("Not saved: ").rstrip(".")
            raise RefereeError(f"Not recorded: {line!r} could not be saved because {self.read_only}. Nothing changed; "
                               "the table stays as it was and the referee stays read-only until the store can write.",
                               code="not-saved") from None
        self.read_only = None

    # --- commands ------------------------------------------------------------------------
    def handle(self, line: str) -> Ruling:
        """One line typed at the table. Never raises: every refusal is a Ruling."""
        text = line.strip()
        try:
            ruling = self._handle(text)
        except RefereeError as error:
            ruling = error.ruling(text)
        except Exception as error:  # a bug must never reach the table as a traceback; engines are pure
            message = (f"The referee could not rule on {text!r} ({type(error).__name__}: {error}); nothing changed. "
                       "Please report it.")
            ruling = Ruling(REFUSED, "internal-error", message, (Step(message),), text)
        if ruling.code not in ("why",):
            self.last = ruling if ruling.verdict != ANSWER or ruling.code.startswith(("yes", "no")) else self.last
        return ruling

    def _handle(self, text: str) -> Ruling:
        if not text or text.startswith("#"):
            return info(text, "", "empty")
        word = text.split()[0].lower()
        rest = text[len(word):].strip()
        if word == "new":
            return self.new(rest, text)
        if word == "help":
            return info(text, HELP, "help")
        if word == "card":
            from referee.views import card_lookup_text

            game = self.game.GAME if self.game else None
            return info(text, card_lookup_text(self.cards.lookup(rest, game=game) if rest else self.cards.lookup("")), "card")
        if word == "rule":
            from referee.core.rules import search_rules
            from referee.views import rule_text

            hits = search_rules(rest)
            return info(text, rule_text(hits[0]) if hits else f"No rule matches {rest!r}.", "rule")
        if word == "games":
            return info(text, self.games_text(), "games")
        if self.state is None:
            raise NotUnderstood("No game yet: start one with `new rdi Phrenk Kaylin Wizgille Serena` or `new tda Ann Ben Cat`.",
                                hint="Or look things up: `card NAME`, `rule TOPIC`.")
        if word == "undo":
            return self.undo(text)
        if word == "redo":
            return self.redo(text)
        if word == "why":
            return self.why(text)
        if word in ("state", "status", "table"):
            return info(text, self.game.describe(self.state, self.cards), "state")
        if word == "chain":
            return info(text, self.game.chain_text(self.state, self.cards), "chain")
        new_state, ruling = self.engine.apply(self.state, text)
        return self._commit(text, ruling, new_state) if ruling.accepted else ruling

    def new(self, rest: str, line: str) -> Ruling:
        try:
            words = shlex.split(rest)
        except ValueError as error:
            raise NotUnderstood(f"`new`: {error}.") from None
        if not words:
            raise NotUnderstood("`new rdi NAME NAME ...` or `new tda NAME NAME ...`.")
        before = self.game, self.engine
        self._load_game(words[0].lower())
        game, engine = self.game, self.engine
        self.game, self.engine = before
        state, ruling = game.start(words[1:], self.cards)
        move = Move(line, ruling.as_dict(), state.to_dict())
        if self.store is not None or self.store_problem:
            title = f"{words[0].lower()}: " + ", ".join(game.player_names(state))
            saved: list[int] = []
            self._save(lambda: saved.append(self.store.new_game(words[0].lower(), title, line, move.ruling, move.state)),
                       line, same_game=False)
            self.game_id, self.watching = saved[0], False
        self.game, self.engine, self.state, self.moves, self.head = game, engine, state, [move], 0
        return ruling

    def undo(self, line: str) -> Ruling:
        if self.head <= 0:
            raise NotUnderstood("Nothing to undo: the game is as it was set up.")
        undone = self.moves[self.head].line
        self._move_head(self.head - 1, line)
        return Ruling(OK, "undo", f"Undone: {undone}", (Step(f"Undone: {undone}"),), line)

    def redo(self, line: str) -> Ruling:
        if self.head + 1 >= len(self.moves):
            raise NotUnderstood("Nothing to redo.")
        self._move_head(self.head + 1, line)
        redone = self.moves[self.head].line
        return Ruling(OK, "redo", f"Redone: {redone}", (Step(f"Redone: {redone}"),), line)

    def _move_head(self, head: int, line: str) -> None:
        state = self.game.load_state(self.moves[head].state)
        self._save(lambda: self.store.set_head(self.game_id, head), line)
        self.head, self.state = head, state

    def why(self, line: str) -> Ruling:
        last = self.last or (Ruling.from_dict(self.moves[self.head].ruling) if self.moves else None)
        if last is None:
            return info(line, "No ruling yet.", "why")
        from referee.views import ruling_text

        return info(line, ruling_text(last, detailed=True), "why")

    def games_text(self) -> str:
        if self.store is None:
            return "No saved-game store is open."
        try:
            games = self.store.games()
        except StoreError as error:
            return error.message
        if self.store.damaged:
            return "\n".join([self.store.damaged, *self._games_lines(games)])
        return "\n".join(self._games_lines(games)) if games else "No saved games yet."

    @staticmethod
    def _games_lines(games) -> list[str]:
        import time

        return [f"{g.id:4d}  {g.title}  ({g.moves} announcements, "
                f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(g.updated))})" for g in games]

    # --- views for the shells ------------------------------------------------------------
    def log(self) -> list[dict]:
        return [m.ruling for m in self.moves[: self.head + 1]]

    def summary(self) -> dict:
        if self.state is None:
            return {}
        data = self.game.summary(self.state, self.cards)
        data["log"] = self.log()
        return data

    def toolbar(self) -> str:
        text = self.game.toolbar(self.state, self.cards) if self.state is not None else "no game: `new rdi NAME NAME ...`"
        return f"READ-ONLY ({self.read_only}) · {text}" if self.read_only else text

    def close(self) -> None:
        """Give up this process's hold on its game, so another window may write it at once."""
        if self.store is not None and self.game_id is not None and not self.watching:
            self.store.release(self.game_id)

    def completion_words(self) -> list[str]:
        return self.game.completion_words(self.state, self.cards) if self.state is not None else []
