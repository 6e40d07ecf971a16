"""Save: each accepted line is written to the store before the prompt returns. Reads the session's game;
changes only the store.

How a session keeps its game in the store: the lease, each write, and what happens when the store
cannot write or goes away under the window (the game moves to a new store, named to the table, and play
goes on; `save as FILE` does the same on request; leaving says "Saved." only of a game that is).

``Saving`` is a part of ``Session`` (referee/core/session.py), kept apart to keep each file small; it uses the
session's ``store``, ``game_id``, ``watching``, ``read_only``, ``revision``, ``moves``, ``head`` and ``notices``.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.core import store_file
from referee.core.ruling import NotUnderstood, RefereeError
from referee.core.store import GameBusy, StaleGame, Store, StoreError, StoreGone


def _reason(error: StoreError) -> str:
    """A store's refusal as words that follow "because"."""
    return error.message.removeprefix("Not saved: ").rstrip(".")


def _remove_store(path) -> None:
    """Remove a store this window made just now and could not fill: an empty one would only mislead."""
    for end in ("", "-wal", "-shm"):
        try:
            os.remove(f"{path}{end}")
        except OSError:
            pass


def _same_file(one, other) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


class Saving:
    """The store side of a session (mixed into ``Session``)."""

    def _claim(self, game_id: int) -> tuple[bool, str | None, str | None]:
        """Take the game's lease before its rows are read: (another window writes it, why this one cannot write
        if it cannot, what to tell the table). KeyError when there is no such game."""
        try:
            if self.store.read_only:
                raise StoreError(f"Nothing new can be saved: {self.store.read_only}.")
            self.store.acquire(game_id)
            return False, None, None
        except GameBusy as busy:
            return True, f"game {game_id} is being played in another window", (
                f"{busy.message} This window is read-only: `state`, `why`, `card` and `rule` work; "
                f"close the other one and run `referee resume {game_id}` to play here.")
        except StoreGone:
            raise  # not a store that cannot write now: the file is no longer the store (resume says so)
        except StoreError as error:
            return False, self.store.read_only or _reason(error), error.message.replace("Not saved:",
                                                                                     "Nothing new can be saved:")

    def _let_go(self, game_id: int | None, writing: bool, keep: int | None = None) -> None:
        """Give up the lease of a game this window no longer plays (not ``keep``, the one it goes on with)."""
        if game_id is not None and writing and game_id != keep and self.store is not None:
            self.store.release(game_id)

    def _writing_id(self) -> int | None:
        """The game this window writes (None when it writes none, or only watches another window's)."""
        return None if self.watching else self.game_id

    def _save(self, write, line: str, same_game: bool = True):
        """Run one store write and return what it returns; a failure refuses the line with the store's reason and
        leaves everything as it was. A store gone from under the window first moves the game to a new store
        (``_rescue``), and the write is made there."""
        if self.store is None and self.store_problem:
            raise RefereeError(f"Not recorded: {line!r} could not be saved. {self.store_problem} "
                               "Look-ups (`card`, `rule`) work meanwhile.", code="not-saved")
        if self.store is None:
            return None
        if self.watching and same_game:
            raise RefereeError(f"Not recorded: {self.read_only}, so this window only looks (`state`, `why`, `card`, "
                               f"`rule`). Nothing changed.", code="read-only")
        try:
            try:
                result = write()
            except StoreGone as gone:
                self._rescue(gone)
                result = write()
        except StaleGame as stale:
            self.read_only = _reason(stale)
            raise RefereeError(f"Not recorded: {line!r} could not be saved because {self.read_only}. Nothing changed; "
                               f"`resume {stale.game_id}` reads the game again, or `save as FILE` keeps this window's "
                               "game in a store of its own.", code="not-saved") from None
        except StoreError as error:
            self.read_only = _reason(error)
            raise RefereeError(f"Not recorded: {line!r} could not be saved because {self.read_only}. Nothing changed; "
                               "the table stays as it was and the referee stays read-only until the store can write "
                               "(`save as FILE` saves the game so far in another store).", code="not-saved") from None
        self.read_only = None
        return result

    def _rescue(self, gone: StoreGone) -> None:
        """The store was deleted, replaced or damaged under this window: the game held in memory goes to a new
        store beside it (named in a notice), and play goes on there. StoreError when no copy could be written."""
        problems = []
        for path in store_file.rescue_paths(gone.path):
            try:
                store = Store(path)
                if store.read_only:
                    raise StoreError(f"Not saved: {store.read_only}.")
            except StoreError as error:
                problems.append(_reason(error))
                continue
            try:
                copied = self._move_to(store, copy=not self.watching)
            except StoreError as error:
                store.close()
                _remove_store(path)
                problems.append(_reason(error))
                continue
            self.notices.append(f"The store {gone.path} {gone.what} after this window opened it. "
                                + (f"{copied} Play goes on there." if copied else f"New games are saved in {path}."))
            return
        raise StoreError(f"Not saved: the store {gone.path} {gone.what} after this window opened it, and no copy "
                         f"could be written ({'; '.join(problems)}); the game so far is kept in memory.")

    def _move_to(self, store: Store, copy: bool = True) -> str | None:
        """Write the game held in memory to ``store`` as this window's own, and use that store from now on;
        what it copied, in words (None: no game). The old store is let go of, and its lease too while it
        can still be written."""
        old = self.store
        copied = None
        if copy and self.game is not None and self.moves:
            rows = [(m.line, m.ruling, m.state) for m in self.moves]
            title = self.title or f"{self.game.GAME}: " + ", ".join(self.game.player_names(self.state))
            game_id = store.add_game(self.game.GAME, title, rows, self.head)
            if old is not None and old.gone is None:
                self._let_go(self._writing_id(), True)
            self.game_id, self.revision, self.title, self.watching = game_id, 0, title, False
            count = f"{self.head} announcement{'s' if self.head != 1 else ''}" if self.head else "just set up"
            copied = (f"The game so far ({count}) is saved in {store.path} as game {game_id}: "
                      f"`referee resume {game_id} --store {store.path}` reopens it later.")
        self.store = store
        if old is not None:
            old.close()  # a store found gone is closed at once, so its journal is not left beside another file
        return copied

    def close(self) -> None:
        """Give up this process's hold on its game, so another window may write it at once."""
        if self.store is not None and self.store.gone is None:
            self._let_go(self._writing_id(), True)

    def save_as(self, rest: str) -> str:
        """`save as FILE`: the game held in memory goes to the store FILE (made if need be), and play goes on there;
        what was done. The way out when the store cannot be written, or was taken away."""
        words = rest.split(maxsplit=1)
        if len(words) != 2 or words[0].lower() != "as":
            raise NotUnderstood("`save as FILE` names the store to save this game in: `save as ~/rescued.sqlite3`.")
        if self.state is None:
            raise NotUnderstood("There is no game to save yet: `new rdi NAME NAME ...` starts one.")
        if "\x00" in words[1]:
            raise NotUnderstood(f"`save as` takes a file name, and {words[1]!r} is not one.")
        path = Path(words[1].strip().strip("\"'")).expanduser()
        here = self.store is not None and self.store.gone is None and not self.watching
        if here and _same_file(path, self.store.path):
            return f"This game is already saved in {self.store.path}."
        made = not path.exists()
        store = None
        try:
            store = Store(path)
            if store.read_only:
                raise StoreError(f"Not saved: {store.read_only}.")
            copied = self._move_to(store) or f"This window saves in {path} from now on."
        except StoreError as error:
            if store is not None:
                store.close()
                if made:
                    _remove_store(path)
            reason = error.message
            if reason.startswith("Not saved"):  # "Not saved: x is read-only" reads "X is read-only." here
                reason = _reason(error)[:1].upper() + _reason(error)[1:] + "."
            raise RefereeError(f"Not saved in {path}. {reason} Nothing changed.", code="not-saved") from None
        self.read_only = None
        return f"{copied} Play goes on there."

    @property
    def unsaved(self) -> bool:
        """True when the game this window plays is held only in memory: its store went away and no copy was made."""
        return self.store is not None and self.store.gone is not None and self.state is not None and not self.watching

    def farewell(self) -> str:
        """What leaving says. "Saved." only once the store is checked to still hold the game: one found gone
        now is copied to a new store first, and a game that could not be copied is said to be lost."""
        if self.game_id is None or self.store is None or self.watching:
            return "Bye."
        gone = self.store.check()
        if gone is not None:
            try:
                self._rescue(gone)
            except StoreError:
                pass
        told = "\n".join(self.notices)
        self.notices.clear()
        if self.unsaved:
            return (f"{told}\nNot saved: {self.store.gone.message.removeprefix('Not saved: ')} The game so far is "
                    "only in this window's memory: `save as FILE` keeps it.").lstrip()
        return f"{told}\nSaved. Bye.".lstrip()
