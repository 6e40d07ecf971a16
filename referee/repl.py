"""The interactive referee: a prompt_toolkit shell over the session commands."""

from __future__ import annotations


def run_repl(card_dirs=()) -> None:
    from prompt_toolkit import PromptSession

    from referee.core.carddb import load_cards
    from referee.core.rules import search_rules
    from referee.views import card_lookup_text, rule_text

    db = load_cards(card_dirs)
    session: PromptSession = PromptSession()
    print("referee: type `card NAME`, `rule TOPIC`, or `quit`.")
    while True:
        try:
            line = session.prompt("referee> ").strip()
        except KeyboardInterrupt:
            continue
        except EOFError:
            return
        if line in ("quit", "exit"):
            return
        word, _, rest = line.partition(" ")
        if word == "card" and rest:
            print(card_lookup_text(db.lookup(rest)))
        elif word == "rule" and rest:
            hits = search_rules(rest)
            print(rule_text(hits[0]) if hits else f"No rule matches {rest!r}.")
        elif line:
            print("Commands: card NAME, rule TOPIC, quit")
