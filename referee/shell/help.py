"""`help` and `help TOPIC`: every command and announcement, each with an example.

Topics are grouped (commands, The Red Dragon Inn, its characters, variants and Otto,
Giants War); `help TOPIC` finds a topic by its name or one of its other words, and a
misspelled topic is matched by rapidfuzz.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    name: str
    group: str
    text: str
    example: str
    words: tuple[str, ...] = ()


MARKS = """Marks in front of a ruling:
  ✓  accepted: the table changed as the ruling says
  ✗  refused: nothing changed; the next line says what would be accepted
  ?  accepted, and the referee asks the table something (`answer ...`)
Short rulings end with section ids [in brackets]; `why` shows every step."""

COMMANDS, RDI, CHARACTERS, VARIANTS, TDA = ("Commands", "The Red Dragon Inn", "Characters", "Variants and Otto",
                                            "Three-Dragon Ante: Giants War")

TOPICS: tuple[Topic, ...] = (
    # --- commands ------------------------------------------------------------------------
    Topic("new", COMMANDS, "Start a game; seats run clockwise and the first player goes first. A player named after a "
          "character plays that deck; Ann=Kaylin names a player and their character. `--rules gii|rdi3` picks the "
          "edition where the books differ. Over a running game, `new` asks first; the old game stays saved.",
          "new rdi Phrenk Kaylin Wizgille Serena --rules rdi3   ·   new tda Ann Ben Cat --long", ("start", "rules")),
    Topic("state", COMMANDS, "Everything on the table: every player's figures, the pot, the decks, the chain.",
          "state", ("status", "table")),
    Topic("chain", COMMANDS, "The plays waiting to resolve, the last one on top.", "chain"),
    Topic("why", COMMANDS, "The whole reasoning of the last ruling, every step with its section; `why N` that of "
          "announcement N of `log`.", "why   ·   why 4", ("reason", "reasons")),
    Topic("log", COMMANDS, "The announcements of this game, numbered for `why N` (0 is the setup).", "log",
          ("history",)),
    Topic("verbose", COMMANDS, "`verbose on` prints every ruling in full; `verbose off` (the default) prints the verdict "
          "and the figures that changed. F2 switches it too.", "verbose on", ("short", "long")),
    Topic("undo", COMMANDS, "Take back the last change; `redo` puts it back. Undo survives leaving and resuming.",
          "undo   ·   redo", ("redo",)),
    Topic("card", COMMANDS, "Look a card up; misspelled, partial or unpunctuated names are fine.",
          "card dont call me cute"),
    Topic("rule", COMMANDS, "Ask a rule question in your own words: the deciding section with our summary and "
          "its citation, then up to two near alternatives; `--all` lists every match ranked.",
          "rule can I poof the ante?   ·   rule mead split --all"),
    Topic("games", COMMANDS, "List the saved games with their numbers.", "games", ("saved",)),
    Topic("resume", COMMANDS, "Reopen a saved game where it stopped (default: the latest).", "resume 3",
          ("load", "open")),
    Topic("set", COMMANDS, "Correct figures to match the table. RDI players: fortitude, alcohol, gold, piety, drinkme; "
          "the table: inn, pot, deck, discard; the turn: active (it begins afresh), phase (taken at its start: drink "
          "means about to drink), action played, drink ordered, drunk. Giants War players: hoard, hand, hole; the table: dragon stakes, "
          "giant stakes, deck, legendary deck, discard, pile.",
          "set Kaylin fortitude 12 alcohol 10 gold 3   ·   set inn 4   ·   set Ann hoard 30", ("correct", "fix")),
    Topic("can", COMMANDS, "Would a play be legal now? Changes nothing.",
          "can Serena play Poof on Kaylin   ·   can Ben play Storm Giant 10", ("legal", "question")),
    Topic("answer", COMMANDS, "Answer the referee's question: a value the books do not give, or a choice.",
          "answer 2   ·   answer Brass Dragon 1   ·   yes   ·   done", ("yes", "no", "done")),
    Topic("marks", COMMANDS, MARKS, "✓ Kaylin plays Don't call me cute! on Serena", ("✓", "✗", "?", "symbols")),
    Topic("keys", COMMANDS, "Tab completes (card names forgive typos; your own deck comes first); → or Ctrl-E takes the "
          "grey suggestion from history; F2 switches verbose rulings; F3 hides or shows the toolbar; Ctrl-C cancels "
          "the line; Ctrl-D leaves (everything is already saved).", "Kaylin plays lookng gren⇥", ("tab", "completion")),
    Topic("config", COMMANDS, "Settings live in config.toml in your config folder (REFEREE_CONFIG_DIR moves it), "
          "copied from the shipped defaults on first run: default edition, verbosity, colours, toolbar.",
          "[rulings]\n    verbose = false", ("settings", "toml")),
    Topic("save", COMMANDS, "Write this game to another store and go on saving there: the way out when the store "
          "cannot be written (a full disk) or was deleted or replaced under the referee. A store that goes away is "
          "copied beside it by itself, and the referee names the copy.", "save as ~/rescued.sqlite3",
          ("save as", "store", "copy")),
    Topic("position", COMMANDS, "Print the position now as a position file (YAML) — every figure, the turn and the "
          "chain — to save, share, or start another game from with `new --from FILE`.",
          "position   ·   new --from dispute.yaml", ("position file", "from", "yaml")),
    Topic("export", COMMANDS, "The game so far as Markdown, every announcement with its ruling, to paste into a chat "
          "or a bug report; `--last N` only the last N announcements, `--position` adds the position file.",
          "export   ·   export --last 5 --position", ("markdown", "share", "report")),
    Topic("voice", COMMANDS, "Push-to-talk, offline (needs the voice extra: pip install '.[voice]'): `voice on`, then "
          "F5 starts and F5 stops listening; the line heard waits in the prompt for Enter (Esc drops it, 1/2/3 "
          "pick another). `voice name NAME PHONES` says how the table says a name; `voice off` stops.",
          "voice on   ·   voice name Kaylin K EY L IH N", ("speech", "speak", "microphone", "talk")),
    Topic("serve", COMMANDS, "Show the game on a web page, read-only, for the table's phones or a second screen; it "
          "follows the announcements as they are saved, and `new` and `resume` too. On this computer only by default; `--host 0.0.0.0` opens it "
          "to the local network with a secret token in the address. `serve` again prints the address.",
          "serve   ·   serve --host 0.0.0.0 --port 8000", ("web", "page", "browser", "phone", "table view")),
    Topic("house", COMMANDS, "Readings where the books are silent: each has a documented default, said in the ruling "
          "it decides; `new rdi ... --house ID=READING` picks another (docs/house-rules.md lists them).",
          "new rdi Ann Bob --house reduction-order=modifiers-first", ("house rules", "silent", "default", "defaults")),
    Topic("help", COMMANDS, "`help` lists the topics; `help TOPIC` explains one with examples.", "help   ·   help set",
          ("topics",)),
    Topic("quit", COMMANDS, "Leave; every announcement is already saved (if the store went away, leaving says where "
          "the game was copied, or asks for `save as FILE` first).", "quit", ("exit",)),
    # --- The Red Dragon Inn --------------------------------------------------------------
    Topic("learn", RDI, "Teach the referee a card the books do not print, in the phrase language: the card's kind, a "
          "colon, then what it does in players' words (`help phrases`; docs/phrases.md has the grammar). `for "
          "CHARACTER` puts it in that deck; without it, the card joins the deck of the first player who plays it, and "
          "Drinks join the Drink Deck. Words in quotes are what the referee cannot apply: it rules the timing, the "
          "table applies the figures with `set`. A play naming an unknown card waits until it is taught.",
          'learn "Sword of Might": action: another player loses 3 Fortitude   ·   '
          'learn "Dodge" for Gerki: sometimes: ignore a card that affects your Fortitude   ·   '
          'learn "Troll Swill": drink: 3 Alcohol Content, lose 1 Fortitude', ("teach", "phrase", "phrases", "new card")),
    Topic("plays", RDI, "Play a card (quotes optional; names are fuzzy). A response answers the top of the chain; "
          "`on CARD` may name the play it answers, as `on NAME` names a player.",
          'Kaylin plays "Don\'t call me cute!" on Serena   ·   Kaylin plays Poof on Blasphemer!',
          ("play", "response")),
    Topic("in front", RDI, "A card that stays in front of a player (a taught `[in_front …]`, Spatchcocked "
          "Cockatrice) acts when it says: at the start or end of that player's turn it waits on the chain like a card "
          "played (`resolve`), or it changes their losses and gains while it lies there. `state` and the toolbar show "
          "it; `set NAME front CARD` puts one there; it leaves with a player who is out.",
          'learn "Hex of Aches": action: [in_front who=target when=start_of_turn effects={lose 1 Fortitude}]   ·   '
          'Serena plays "Hex of Aches" on Kaylin   ·   set Kaylin front "Hex of Aches"', ("front", "curse", "in_front")),
    Topic("together", RDI, "Several players answering the same event at once, separated by `;`: played Anytime first, "
          "then Sometimes, each in turn order from the active player.",
          'Serena plays "How dare you strike a Paladin!"; Phrenk plays "Acid Spit Potion" on Kaylin', (";",)),
    Topic("orders", RDI, "The Order a Drink phase; again for each additional Drink a card allows.",
          "Phrenk orders a drink for Kaylin", ("order", "drink")),
    Topic("reveals", RDI, "The active player drinks from their Drink Me! pile (say the Chaser it shows).",
          "Phrenk reveals Wine with a Chaser", ("reveal", "drinks")),
    Topic("chaser", RDI, "The Chaser the referee asked for.", "chaser Light Ale"),
    Topic("resolve", RDI, "Nobody responds further: the top of the chain resolves.", "resolve", ("ok",)),
    Topic("step", RDI, "Step mode: each player in turn order responds or passes.", "step   ·   Kaylin passes",
          ("passes", "pass")),
    Topic("draws", RDI, "Discard and Draw is done.", "Kaylin draws", ("draw",)),
    Topic("end turn", RDI, "The turn passes to the left (an empty Drink Me! pile sobers up by 1).", "end turn",
          ("end", "next")),
    Topic("gambling", RDI, "A Round of Gambling: antes, control, passing, the pot (the toolbar shows control, who is to "
          "act, who passed and who left).", 'Phrenk plays "Gambling? I\'m in!"   ·   Kaylin passes   ·   '
          'Wizgille plays "I raise"', ("round", "pot", "leaves")),
    Topic("splits", RDI, "Split a Drink: Mead's built-in split, or a card that shares your Drink.",
          "Wizgille reveals Mead   ·   resolve   ·   Wizgille splits the Mead with Kaylin", ("split", "mead")),
    Topic("chooses", RDI, "Make a choice a card holds when the referee asks for it: by the option's number, by its "
          "words (matched loosely; an unclear answer lists the candidates, numbered), or `answer N`. The card's player "
          "chooses as they play it; the players a card names (\"each other player chooses one\") choose as it "
          "resolves, one at a time in turn order from the active player; Otto is never asked. Until the choice is "
          "made only it, `undo`, `set` and questions go ahead. Under the Prize variant `NAME chooses PRIZE` picks the "
          "Prize of a Round being started.",
          'Bob chooses 2   ·   Bob chooses "lose 2 Alcohol Content"   ·   answer 2   ·   Ann chooses 1 on Bob',
          ("choose", "choice", "choices", "option", "options")),
    Topic("contest", RDI, "A Drinking Contest: `resolve`, then everyone reveals in turn order; `resolve` drinks them "
          "all at once.", "Serena reveals Drinking Contest!   ·   resolve   ·   Kaylin reveals Wine",
          ("drinking contest",)),
    # --- characters ----------------------------------------------------------------------
    Topic("wizgille", CHARACTERS, "Wizgille's Device Cards reveal a Gear Card, with its own targets.",
          "Wizgille reveals Sorry, loose gear on Eve   ·   Wizgille reveals Too much steam! on Kaylin and Phrenk",
          ("gear", "device")),
    Topic("kaylin", CHARACTERS, "Wulfric's mood, as the table reveals it.", "Kaylin reveals Wulfric is feeling Loyal",
          ("wulfric", "mood")),
    Topic("phrenk", CHARACTERS, "Phrenk's Potions: reveal, keep, or sell one to another player.",
          "Phrenk reveals Acid Spit Potion   ·   Phrenk keeps Acid Spit Potion   ·   Phrenk sells Acid Spit Potion to "
          "Kaylin for 2", ("potion", "potions", "keeps", "sells")),
    Topic("serena", CHARACTERS, "Serena's Piety: tithe, or atone when it would drop below 1.",
          "Serena tithes   ·   Serena atones fortitude", ("piety", "tithes", "atones")),
    Topic("roxana", CHARACTERS, "Roxana's kitchen: reveal a Recipe, cook it, prepare a card (blue cleaver), use the "
          "Smorgasbord.", "Roxana reveals Spatchcocked Cockatrice   ·   Roxana cooks Spatchcocked Cockatrice   ·   "
          "Roxana prepares No soup for you! as sauce   ·   Roxana uses the Smorgasbord",
          ("cooks", "prepares", "recipe", "smorgasbord", "kitchen")),
    # --- variants and Otto ---------------------------------------------------------------
    Topic("bar-deck", VARIANTS, "The Bar Deck variant: 30 of your Drink Cards form the Drink Deck, the rest wait.",
          "new rdi Ann Ben Cat --variant bar-deck --bar-deck 60", ("bar deck",)),
    Topic("prize", VARIANTS, "The Prize variant: Prizes in the Inn go into the pot; the winner chooses and uses them.",
          'new rdi Ann Ben Cat --variant prize --prize "Absorbent Towel"   ·   Ann chooses Absorbent Towel   ·   '
          "Ann uses Absorbent Towel", ("prizes", "uses")),
    Topic("variants", VARIANTS, "The variants a game can start with: `--variant bar-deck` (`help bar-deck`) and "
          "`--variant prize` (`help prize`); Otto the Smorgasbox with `--otto` (`help otto`).",
          "new rdi Ann Ben Cat --variant bar-deck --bar-deck 60   ·   new rdi Ann Ben Cat --variant prize --prize \"Absorbent Towel\"",
          ("variant",)),
    Topic("otto", VARIANTS, "Otto (Smorgasbox) plays by his revealed boxes, which the table types; his track toward a "
          "player passing out rewards that player.",
          "new rdi Otto Ann Bob --otto witchdoctor,paladin   ·   Otto action: Ann loses 2 Fortitude   ·   "
          "Otto responds: nothing   ·   Otto gambling: takes control   ·   Otto reveals Wine   ·   Ann takes gold   ·   "
          "Ann draws 2", ("automaton", "smorgasbox", "debuff")),
    # --- Giants War ----------------------------------------------------------------------
    Topic("antes", TDA, "Ante a card with its strength; the stakes are set once everyone has anted.",
          "Ann antes Silver Dragon 6", ("ante",)),
    Topic("tda plays", TDA, "Play a card on your turn (a strength the card list prints); a mortal declares its side.",
          "Ben plays Storm Giant 10   ·   Cat plays The Thief 7 for the dragons", ("for the dragons", "for the giants",
                                                                                  "mortal", "side")),
    Topic("tda answers", TDA, "Answers to the referee's questions.",
          "Ann chooses dragon stakes   ·   Ben pays   ·   Ann picks left   ·   yes   ·   no   ·   "
          "answer Brass Dragon 1   ·   done", ("tda chooses", "picks", "stakes")),
    Topic("pays", TDA, "Things the table applies itself: paying, stealing, drawing, discarding, giving, taking. A "
                       "line that repeats a move the referee has just made is refused as already done; `more`, "
                       "`again` or `another` says it is a further one.",
          "Ben pays Ann 5   ·   Ann steals 7 from the giant stakes   ·   Ann draws 2   ·   Ann discards 1   ·   "
          "Ann gives Ben a card   ·   Ann takes Green Dragon 3 from the ante   ·   Ann discards Hill Giant 2 from the "
          "ante   ·   Ben pays Ann 5 more   ·   Ann gives Ben another card",
          ("steals", "gives", "discards", "takes", "more", "again", "another")),
    Topic("corrections", TDA, "Corrections of hidden counts and who leads.",
          "Ann has 4 cards   ·   Ben leads   ·   set Ann hoard 30", ("has", "leads", "hand")),
    Topic("score", TDA, "Score the gambit once its rounds are played.", "score", ("gambit", "scoring")),
)

_BY_WORD = {word: topic for topic in TOPICS for word in (topic.name, *topic.words)}


EXAMPLES = "   ·   "  # between a topic's examples
WIDTH = 78


def examples(topic: Topic) -> list[str]:
    return topic.example.split(EXAMPLES)


def topic_text(topic: Topic) -> str:
    """The topic within 80 columns: its text wrapped, then each example on a line of its own."""
    text = topic.text if topic.name == "marks" else textwrap.fill(topic.text, WIDTH, initial_indent="  ",
                                                                  subsequent_indent="  ")
    if topic.name == "marks":
        text = textwrap.indent(text, "  ")
    shown = "\n".join(textwrap.indent(e, "    ") for e in examples(topic))
    return f"{topic.name} ({topic.group})\n{text}\n  Example{'s' if len(examples(topic)) > 1 else ''}:\n{shown}"


def overview() -> str:
    lines = ["`help TOPIC` explains a topic with an example. Topics:"]
    for group in (COMMANDS, RDI, CHARACTERS, VARIANTS, TDA):
        names = [t.name for t in TOPICS if t.group == group]
        lines.append(textwrap.fill(f"{group}: " + ", ".join(names), WIDTH, initial_indent="  ",
                                   subsequent_indent="    "))
    lines.append("An announcement begins with the player's name: `Kaylin plays Poof on Serena`,\n"
                 "`Ann antes Silver Dragon 6`.")
    lines.append(MARKS)
    return "\n".join(lines)


CLOSE_SPELLING = 80.0  # a typo of a topic's word ("gamblign"), not another word that shares letters


def find_topic(query: str) -> list[Topic]:
    """The topics ``query`` names: its word exactly, a topic word starting with it, or a close misspelling."""
    wanted = " ".join(query.strip().lower().split())
    if wanted in _BY_WORD:
        exact = [_BY_WORD[wanted]]
        other = f"tda {wanted}"  # a word both games use: show both
        return exact + ([_BY_WORD[other]] if other in _BY_WORD and _BY_WORD[other] not in exact else [])
    starting = [t for w, t in _BY_WORD.items() if w.startswith(wanted)] if len(wanted) >= 3 else []
    if starting:
        return list(dict.fromkeys(starting))
    from rapidfuzz import fuzz, process

    best = process.extractOne(wanted, list(_BY_WORD), scorer=fuzz.ratio, score_cutoff=CLOSE_SPELLING)
    return [_BY_WORD[best[0]]] if best else []


def nearest_topics(query: str, limit: int = 3) -> list[str]:
    """The topic names nearest ``query``, for "did you mean" (never a page of another topic)."""
    from rapidfuzz import fuzz, process

    found = process.extract(query.strip().lower(), list(_BY_WORD), scorer=fuzz.ratio, limit=limit * 3, score_cutoff=40)
    return list(dict.fromkeys(_BY_WORD[word].name for word, _, _ in found))[:limit]


def help_text(query: str = "") -> str:
    if not query.strip():
        return overview()
    found = find_topic(query)
    if found:
        return "\n\n".join(topic_text(t) for t in found)
    near = nearest_topics(query)
    guess = (" Did you mean " + ", ".join(f"`help {n}`" for n in near[:-1]) + (" or " if len(near) > 1 else "")
             + f"`help {near[-1]}`?") if near else ""
    return f"There is no help topic {query.strip()!r}.{guess} `help` lists every topic."


def topic_names() -> list[str]:
    return [t.name for t in TOPICS]
