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
from referee.core.saving import Saving
from referee.core.store import Store, StoreError
from referee.core.text import plural

LOG_WIDTH = 72  # a `log` entry's verdict, shortened to fit 80 columns

GAMES = {"rdi": "referee.games.rdi.game", "tda": "referee.games.tda.game"}

HELP = """Commands:
  new rdi NAME NAME ... [--rules gii|rdi3] [--variant bar-deck --bar-deck N] [--variant prize --prize NAME]
                                              start a Red Dragon Inn game (NAME=Character names a character;
                                              `new rdi Otto Ann Bob --otto witchdoctor,paladin` adds Otto)
  new tda NAME NAME ... [--dragons ...] [--giants ...] [--long]
                                              start a Three-Dragon Ante: Giants War game
  new --from FILE                             start at a position file (`position` prints one; docs/positions.md)
  state | chain | why [N] | log                show the table, the chain, a ruling's reasons, the numbered log
  position                                    the current position as YAML, to save and load later
  export [--last N] [--position]              the plays, verdicts, reasons and citations as Markdown
  undo | redo                                 take back / put back the last change
  card NAME | rule TOPIC [--all]              look up a card or a rule (--all: the ranked list)
  games | resume [ID]                         list saved games, reopen one
  save as FILE                                write this game to another store and go on saving there
  serve [--host ADDRESS] [--port N]           show this game on a live web page for the whole table
  quit                                        leave (everything is already saved)
  learn "NAME" [for CHARACTER]: PHRASE        teach the referee a card (`help learn` for the phrase language)
Announcements (RDI): NAME plays CARD [on NAME] · NAME orders a drink for NAME · NAME reveals CARD ·
  chaser CARD · resolve · NAME passes · step · NAME draws · end turn · can NAME play CARD · answer N ·
  NAME chooses OPTION (its number or words, when the referee asks; or a Prize as a Round starts)
  Corrections (RDI): set NAME fortitude N alcohol N gold N drink me N · set active NAME · set phase drink (about to drink) ·
  set deck N [discard N] · set inn N · set gambling pot N control NAME passed NAME left NAME · set Kaylin mood loyal ·
  set Serena piety N · set Phrenk potion CARD · set Roxana board CARD, CARD · set Otto toward NAME fortitude N alcohol N
Announcements (Giants War): NAME antes CARD N · NAME plays CARD N [for the dragons|giants] · NAME chooses dragon stakes ·
  score · NAME pays NAME N · can NAME play CARD N · answer ...
  Corrections (Giants War): set NAME hoard N hand N · set NAME flight CARD N, CARD N · set NAME ante CARD N ·
  set gambit N round N leader NAME · set turn NAME · set dragon stakes N giant stakes N · set NAME been in the hole yes"""


LEARN_HELP = """Teaching the referee a card: learn "NAME" [for CHARACTER]: KIND: the card's text as printed
  KIND: action, sometimes, anytime, gambling, cheating, drink, drink event (and potion, gear, recipe, ...)
    learn "Shove": action: Pick another player. They lose 2 Fortitude.
    learn "Dodge": sometimes: Play when you would lose Fortitude. Reduce that loss by 2.
    learn "Guard": sometimes: Reduce the Fortitude another player loses by 1.
    learn "Tithe": action: Each player pays 1 Gold to the Inn.   learn "Skim": anytime: Take 1 Gold from the Inn.
    learn "Bluff": cheating: Another player leaves the Round and you take control of the Round.
    learn "Toss-up": action: Choose one: gain 2 Fortitude, or lose 2 Alcohol Content.
    learn "Troll Swill": drink: Gain 3 Alcohol Content. Lose 1 Fortitude. This Drink has a Chaser.
    learn "Hex": action: Put this card in front of another player. At the start of their turn, they lose 1 Fortitude.
    "any words in quotes": what the referee cannot apply; it rules the timing, the table applies it with `set`
  The referee says back what it understood; a text it cannot read exactly is refused at the word, with
  every word that fits there. Without `for`, a card joins the deck of the first player who plays it;
  Drinks join the Drink Deck. Learned cards are saved in your card folder (cards/learned/) and known to
  every later game. The grammar: docs/phrases.md; what each wording means: docs/card-text-model.md."""


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


class Session(Saving):
    def __init__(self, cards: CardDB, store: Store | None = None, store_problem: str | None = None,
                 remember_learned: bool = False):
        """``store_problem``: why the store could not be opened; then look-ups work and nothing can be played.
        ``remember_learned``: write cards the table teaches to the user's folder (the shells do)."""
        self.cards = cards
        self.remember_learned = remember_learned
        self.store = store
        self.store_problem = store_problem
        self.game = None  # the adapter module of the game being played
        self.engine = None
        self.state = None
        self.moves: list[Move] = []  # moves[0] is the game's setup; undone moves stay until overwritten
        self.head = -1
        self.game_id: int | None = None
        self.title = ""  # the game's title in the store (`games` lists it)
        self.revision: int | None = 0  # the game's change count in the store, as this window last wrote it
        self.last: Ruling | None = None
        self.notices: list[str] = []  # things the shells should tell the table once (a failed write)
        self.base_dir = None  # where a replayed file's `new --from FILE` looks for FILE
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
            # The lease first: once it is ours, no other window can change the rows read next.
            watching, read_only, note = self._claim(game_id)
            try:
                saved = self.store.load(game_id)
            except BaseException:
                self._let_go(game_id, read_only is None, keep=self._writing_id())
                raise
        except KeyError:
            raise NotUnderstood(f"No saved game number {game_id}; `games` lists them.") from None
        except StoreError as error:
            raise NotUnderstood(error.message.replace("Not saved:", "Cannot resume:")) from None
        before = self.game, self.engine
        self._load_game(saved.kind)
        moves, state = self._good_prefix(saved.rows)
        if state is None:
            self.game, self.engine = before
            self._let_go(game_id, read_only is None, keep=self._writing_id())
            raise NotUnderstood(f"Game {game_id} cannot be resumed: even its first row is damaged.")
        self._let_go(self._writing_id(), True, keep=game_id)
        lost = saved.lost + len(saved.rows) - len(moves)
        self.moves, self.game_id, self.watching, self.read_only = moves, game_id, watching, read_only
        self.title, self.revision = saved.title, saved.revision
        self.head = min(saved.head, len(moves) - 1)
        self.state = self.game.load_state(moves[self.head].state) if self.head != len(moves) - 1 else state
        notes = []
        if lost:
            notes.append(f"{lost} damaged saved announcement{'s' if lost != 1 else ''} could not be read; "
                         f"the game resumes after the last good one.")
        text = f"Resumed game {game_id} after {self.head} announcement(s)."
        return info("resume", "\n".join([text, *notes, *([note] if note else []),
                                         self.game.describe(self.state, self.cards_in_play)]))

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
        self.revision = self._save(lambda: self.store.append(self.game_id, self.head + 1, line, move.ruling,
                                                             move.state, self.revision), line)
        self.state = new_state
        self.head += 1
        del self.moves[self.head:]
        self.moves.append(move)
        return ruling

    # --- commands ------------------------------------------------------------------------
    def handle(self, line: str) -> Ruling:
        """One line typed at the table. Never raises: every refusal is a Ruling."""
        text = line.strip()
        try:
            ruling = self._handle(text)
        except RefereeError as error:
            ruling = error.ruling(text)
        except Exception as error:  # a bug must never reach the table as a traceback; engines are pure
            if isinstance(error, ValueError) and "int_max_str_digits" in str(error):
                # Python will not read a number of thousands of digits; no figure at the table is one
                from referee.core.text import LONGEST_NUMBER, digits_text, overlong_number

                ruling = NotUnderstood(f"That line holds {digits_text(overlong_number(text) or '')}; no figure at the "
                                       f"table has more than {LONGEST_NUMBER} digits. Nothing changed.").ruling(text)
            else:
                message = (f"The referee could not rule on {text!r} ({type(error).__name__}: {error}); nothing "
                           "changed. Please report it.")
                ruling = Ruling(REFUSED, "internal-error", message, (Step(message),), text)
        if ruling.code not in ("why",):
            self.last = ruling if ruling.verdict != ANSWER or ruling.code.startswith(("yes", "no")) else self.last
        return ruling

    def _handle(self, text: str) -> Ruling:
        if not text or text.startswith("#"):
            return info(text, "", "empty")
        odd = next((i for i, c in enumerate(text) if "\ud800" <= c <= "\udfff"), None)
        if odd is not None:
            # a byte the terminal could not read as UTF-8 (Python keeps it as a lone surrogate): which letter
            # was meant cannot be known, and it could not be saved
            where = f"after {text[max(0, odd - 30):odd]!r}" if odd else "at its start"
            raise NotUnderstood(f"That line holds a byte that is not UTF-8 text {where}; nothing changed. "
                                "Retype it, or set the terminal to UTF-8.")
        word = text.split()[0].lower()
        rest = text[len(word):].strip()
        if word == "new":
            return self.new(rest, text)
        if word == "help":
            return info(text, LEARN_HELP if rest.lower().startswith(("learn", "phrase")) else HELP, "help")
        if word == "card":
            from referee.core.parse import strip_quotes
            from referee.core.views import card_lookup_text

            rest = strip_quotes(rest)  # `card "Mead with a Chaser"` looks up (and names) the words, not the quotes
            game = self.game.GAME if self.game else None
            cards = self.cards_in_play
            return info(text, card_lookup_text(cards.lookup(rest, game=game) if rest else cards.lookup("")), "card")
        if word == "rule":
            from referee.core.rule_lookup import search_rules
            from referee.core.rules import GAME_BOOKS, RANKED
            from referee.core.rule_views import rule_answer_text, rule_list_text

            playing = self.game is not None and self.state is not None
            words = rest.split()
            ranked = "--all" in words
            question = " ".join(w for w in words if w != "--all")
            if not question:
                raise NotUnderstood("`rule` needs a question or topic, e.g. `rule drinking contest tie` "
                                    "(add --all for the ranked list).")
            hits = search_rules(question, books=GAME_BOOKS.get(self.game.GAME) if playing else None,
                                edition=self.game.rule_edition(self.state) if playing else None,
                                limit=RANKED if ranked else 3)
            if not hits:
                return info(text, f"No rule matches {question!r}. Try other words, e.g. 'chaser', 'ante', 'tie'.", "rule")
            return info(text, rule_list_text(hits) if ranked else rule_answer_text(hits), "rule")
        if word == "games":
            return info(text, self.games_text(), "games")
        if word == "save":
            return info(text, self.save_as(rest), "save-as")
        if word == "resume":
            if rest and not rest.isdecimal():
                raise NotUnderstood(f"`resume` takes a game number from `games`, not {rest!r}.")
            return self.resume(int(rest) if rest else None)
        if self.state is None:
            raise NotUnderstood("No game yet: start one with `new rdi Phrenk Kaylin Wizgille Serena` or `new tda Ann Ben Cat`.",
                                hint="Or look things up: `card NAME`, `rule TOPIC`.")
        if word == "undo":
            return self.undo(text)
        if word == "redo":
            return self.redo(text)
        if word == "why":
            return self.why(text)
        if word == "log":
            return info(text, self.log_text(), "log")
        if word in ("state", "status", "table"):
            return info(text, self.game.describe(self.state, self.cards_in_play), "state")
        if word == "chain":
            return info(text, self.game.chain_text(self.state, self.cards_in_play), "chain")
        if word == "position":
            return info(text, self.position_text(), "position")
        if word == "export":
            return info(text, self.export_text(rest), "export")
        new_state, ruling = self.engine.apply(self.state, text)
        if not ruling.accepted:
            return ruling
        before = self.state
        ruling = self._commit(text, ruling, new_state)
        self._remember_learned(before, new_state)
        return ruling

    def _remember_learned(self, before, after) -> None:
        """Cards the table taught (or whose deck became known) go to the user's learned folder, so every
        later game knows them; the game itself keeps its own copy in its state."""
        old = getattr(before, "table_cards", None) or {}
        new = getattr(after, "table_cards", None) or {}
        changed = [card for key, card in new.items() if card.get("book") == "table" and old.get(key) != card]
        if not changed or not self.remember_learned:
            return
        from referee.core import learned

        try:
            learned.save(changed)
        except Exception as error:  # noqa: BLE001 - the line is already saved: a failure here only costs memory
            reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
            self.notices.append(f"Could not write the learned cards to {learned.learned_dir()}: {reason}. "
                                "This game keeps them; other games will not know them.")
            return
        self.cards = self.cards.with_cards(dict(c, _source="user") for c in changed)

    @property
    def cards_in_play(self) -> CardDB:
        """The cards of the game being played, the table's own included."""
        cards_for = getattr(self.engine, "cards_for", None)
        return cards_for(self.state) if cards_for is not None and self.state is not None else self.cards

    def new(self, rest: str, line: str) -> Ruling:
        try:
            words = shlex.split(rest)
        except ValueError as error:
            raise NotUnderstood(f"`new`: {error}.") from None
        if not words:
            raise NotUnderstood("`new rdi NAME NAME ...` or `new tda NAME NAME ...`.")
        if words[0] == "--from":
            if len(words) != 2:
                raise NotUnderstood("`new --from FILE` names one position file.")
            return self.new_from(words[1], line)
        before = self.game, self.engine
        self._load_game(words[0].lower())
        game, engine = self.game, self.engine
        self.game, self.engine = before
        state, ruling = game.start(words[1:], self.cards)
        return self._started(words[0].lower(), game, engine, state, ruling, line)

    def new_from(self, path: str, line: str) -> Ruling:
        """A game that starts at the position in a file (`referee position` prints one)."""
        from pathlib import Path

        from referee.core import position

        file = Path(path).expanduser()
        if not file.is_absolute() and not file.exists() and self.base_dir is not None:
            file = self.base_dir / file
        from referee.core.files import POSITION_FILE_LIMIT, FileRefused, read_bytes

        try:
            text = read_bytes(file, POSITION_FILE_LIMIT, "a position file").decode("utf-8")
        except (FileRefused, UnicodeDecodeError) as error:
            reason = getattr(error, "reason", None) or "it is not UTF-8 text"
            raise NotUnderstood(f"Cannot read the position file {path}: {reason}.") from None
        kind, data = position.load(text, path)
        before = self.game, self.engine
        self._load_game(kind)
        game, engine = self.game, self.engine
        self.game, self.engine = before
        state = game.load_position(data, self.cards)
        message = f"Position loaded from {file.name}.\n" + game.describe(state, self.cards)
        return self._started(kind, game, engine, state, Ruling(OK, "position", message, (Step(message),), line), line)

    def _started(self, kind: str, game, engine, state, ruling: Ruling, line: str) -> Ruling:
        """A new game becomes the session's only once the store has it (a failed save changes nothing)."""
        move = Move(line, ruling.as_dict(), state.to_dict())
        title = f"{kind}: " + ", ".join(game.player_names(state))
        if self.store is not None or self.store_problem:
            game_id = self._save(lambda: self.store.new_game(kind, title, line, move.ruling, move.state),
                                 line, same_game=False)
            self._let_go(self._writing_id(), True, keep=game_id)  # the game this window wrote until now
            self.game_id, self.watching, self.revision = game_id, False, 0
        self.game, self.engine, self.state, self.moves, self.head = game, engine, state, [move], 0
        self.title = title
        return ruling

    def position_text(self, head: int | None = None) -> str:
        """The position after move ``head`` (default: now) as a position file."""
        from referee.core import position

        state = self.state if head is None else self.game.load_state(self.moves[head].state)
        return position.dump(self.game.GAME, state, self.game.SEAT_FIELDS, getattr(self.game, "position_shape", None))

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
        self.revision = self._save(lambda: self.store.set_head(self.game_id, head, self.head, self.revision), line)
        self.head, self.state = head, state

    def why(self, line: str) -> Ruling:
        """`why`: the last ruling's full reasoning; `why N`: that of announcement N of `log`."""
        number = line.split()[1] if len(line.split()) > 1 else ""
        if number:
            if not number.isdecimal() or int(number) > self.head:
                raise NotUnderstood(f"`why N` takes an announcement number from `log` (0 to {self.head}), not {number!r}.")
            last = Ruling.from_dict(self.moves[int(number)].ruling)
        else:
            last = self.last or (Ruling.from_dict(self.moves[self.head].ruling) if self.moves else None)
        if last is None:
            return info(line, "No ruling yet.", "why")
        from referee.core.views import ruling_text

        return info(line, ruling_text(last, detailed=True), "why")

    def log_text(self) -> str:
        """The announcements so far, numbered for `why N` (0 is the game's setup)."""
        from referee.core.text import shorten_words

        lines = []
        for number, move in enumerate(self.moves[: self.head + 1]):
            steps = move.ruling.get("steps")
            verdict = steps[0]["text"] if steps else move.ruling["message"]
            lines.append(f"{number:3d}  {move.line}\n       {shorten_words(verdict, LOG_WIDTH)}")
        return "\n".join(lines)

    def latest_saved(self):
        """The most recently saved game (a SavedGame), when no game is open and the store has one."""
        if self.state is not None or self.store is None:
            return None
        try:
            games = self.store.games()
        except StoreError:
            return None
        return games[0] if games else None

    def welcome_back(self) -> str | None:
        """At a bare start, the game that was under way and how to pick it up."""
        latest = self.latest_saved()
        if latest is None:
            return None
        return (f"The last game saved is game {latest.id} ({latest.title}, {plural(latest.moves, 'announcement')}): "
                f"`resume` picks it up where it stopped; `games` lists them all.")

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

    def export_text(self, options: str = "") -> str:
        """`export [--last N] [--markdown] [--position]`: the game so far as Markdown."""
        words = options.split()
        last, with_position = None, "--position" in words
        for index, word in enumerate(words):
            if word == "--last":
                try:
                    last = int(words[index + 1])
                except (IndexError, ValueError):
                    raise NotUnderstood("`export --last N` takes a number of announcements.") from None
                if last < 1:
                    raise NotUnderstood("`export --last N` takes 1 or more announcements.")
            elif word not in ("--markdown", "--position") and not word.lstrip("-").isdigit():
                raise NotUnderstood(f"`export` does not know {word!r}: `export [--last N] [--markdown] [--position]`.")
        return self.export_markdown(last, with_position)

    def export_markdown(self, last: int | None = None, with_position: bool = False) -> str:
        from referee.core.export import markdown

        first = 1 if last is None else max(1, self.head - last + 1)
        rulings = [Ruling.from_dict(m.ruling) for m in self.moves[first: self.head + 1]]
        title = f"Referee ruling: {self.game.TITLE}" + (f" ({self.game.edition(self.state)})"
                                                         if self.game.edition(self.state) else "")
        return markdown(title, rulings, first, self.position_text(first - 1) if with_position else None)

    # --- views for the shells ------------------------------------------------------------
    def log(self) -> list[dict]:
        return [m.ruling for m in self.moves[: self.head + 1]]

    def summary(self) -> dict:
        if self.state is None:
            return {}
        data = self.game.summary(self.state, self.cards_in_play)
        data["log"] = self.log()
        return data

    def toolbar(self) -> str:
        text = self.game.toolbar(self.state, self.cards_in_play) if self.state is not None else "no game: `new rdi NAME NAME ...`"
        return f"READ-ONLY ({self.read_only}) · {text}" if self.read_only else text

    def completion_words(self) -> list[str]:
        return self.game.completion_words(self.state, self.cards_in_play) if self.state is not None else []
