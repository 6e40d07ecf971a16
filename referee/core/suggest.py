""""Did you mean": the line a misspelt announcement most likely was, from the game's own forms.

A game gives its announcement forms as templates ("NAME plays CARD", "resolve"); the first word that
names a player (or nearly does) is kept, and the verb typed is matched against the forms' verbs. A verb
close to one of them is offered with the rest of the line as typed; otherwise the player's most common
forms are offered, never a wall of every example. Nothing here knows a game.
"""

from __future__ import annotations

from rapidfuzz import fuzz, process

from referee.core.text import listed

CLOSE_VERB = 72.0  # a typo of a known verb ("pasess", "ordres"), not another word
CLOSE_NAME = 80.0
MOST = 3


def _player_at_start(words: list[str], players: list[str]) -> tuple[str | None, list[str]]:
    """The player the line starts with (a multi-word name or a near-miss spelling) and the words after."""
    lowered = [w.lower() for w in words]
    for name in sorted(players, key=len, reverse=True):
        size = len(name.split())
        if lowered[:size] == name.lower().split():
            return name, words[size:]
    if words:
        found = process.extractOne(words[0], players, scorer=fuzz.ratio, processor=str.lower,
                                   score_cutoff=CLOSE_NAME)
        if found:
            return found[0], words[1:]
    return None, words


def _verb(template: str) -> str:
    return template.split()[1] if template.startswith("NAME ") and len(template.split()) > 1 else template.split()[0]


def suggestions(text: str, players: list[str], forms: list[str]) -> list[str]:
    """Up to three lines ``text`` most likely meant, each as it would be typed (players filled in)."""
    words = text.split()
    if not words:
        return []
    player, rest = _player_at_start(words, players)
    if player is None:  # a command, misspelt ("resovle", "ned turn")
        commands = [f for f in forms if not f.startswith("NAME ")]
        found = process.extract(" ".join(words[:2]).lower(), commands, scorer=fuzz.ratio, limit=MOST,
                                score_cutoff=CLOSE_VERB)
        return [f[0] for f in found]
    own = [f for f in forms if f.startswith("NAME ")]
    typed = rest[0].lower() if rest else ""
    verbs = {_verb(f): f for f in own}
    close = process.extract(typed, list(verbs), scorer=fuzz.ratio, limit=MOST, score_cutoff=CLOSE_VERB) if typed else []
    lines = []
    for verb, _, _ in close:
        template = verbs[verb]
        tail = " ".join(rest[1:])
        takes_more = len(template.split()) > 2
        lines.append(f"{player} {verb} {tail}".rstrip() if takes_more and tail else template.replace("NAME", player, 1))
    if not lines:
        lines = [f.replace("NAME", player, 1) for f in own[:MOST]]
    return lines


def did_you_mean(text: str, players: list[str], forms: list[str]) -> str:
    """The hint for a line not understood: "Did you mean `A` or `B`?" and where every form is listed."""
    words = text.split()
    player, _ = _player_at_start(words, players)
    verbs = {_verb(f) for f in forms if f.startswith("NAME ")}
    if player is None and len(words) > 1 and process.extractOne(words[1].lower(), verbs, scorer=fuzz.ratio,
                                                               score_cutoff=CLOSE_VERB):
        return f"Nobody called {words[0]!r} is playing: the players are {listed(players)}."
    found = suggestions(text, players, forms)
    if not found:
        return "`help` lists every announcement; an announcement starts with a player's name."
    quoted = [f"`{line}`" for line in found]
    choice = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"
    return f"Did you mean {choice}? (`help` lists every announcement.)"
