"""`help` and `help TOPIC` cover every command and announcement, each with an example the parsers accept."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from referee.games.rdi import announce as rdi_announce
from referee.games.rdi import game as rdi_game
from referee.games.tda import announce as tda_announce
from referee.shell.help import CHARACTERS, RDI, TDA, TOPICS, VARIANTS, examples

from shell_helpers import shell_for

RDI_NAMES = ["Phrenk", "Kaylin", "Wizgille", "Serena", "Eve", "Roxana", "Otto", "Ann", "Bob", "Fiona"]
TDA_NAMES = ["Ann", "Ben", "Cat"]


@pytest.mark.parametrize("topic", TOPICS, ids=[t.name for t in TOPICS])
def test_help_for_each_topic(topic, cards):
    shell = shell_for(cards)
    text = shell.respond(f"help {topic.name}")
    assert text.startswith(topic.name) and "Example" in text
    assert all(example in text for example in examples(topic) if "\n" not in example)
    assert all(len(line) <= 80 or line.strip() in examples(topic) for line in text.splitlines())  # an example stays whole


@pytest.mark.parametrize("topic", [t for t in TOPICS if t.group in (RDI, CHARACTERS, VARIANTS)], ids=lambda t: t.name)
def test_red_dragon_inn_examples_parse(topic, cards):
    for line in examples(topic):
        if line.startswith("new rdi"):
            rdi_game.start(shlex.split(line)[2:], cards)
        else:
            rdi_announce.parse(line, RDI_NAMES)


@pytest.mark.parametrize("topic", [t for t in TOPICS if t.group == TDA and t.name != "tda answers"], ids=lambda t: t.name)
def test_giants_war_examples_parse(topic):
    for line in examples(topic):
        tda_announce.parse(line, TDA_NAMES)


def test_overview_lists_every_topic_and_the_marks(cards):
    text = shell_for(cards).respond("help")
    assert all(len(line) <= 80 for line in text.splitlines())
    for topic in TOPICS:
        assert topic.name in text
    for mark in ("✓", "✗", "?"):
        assert f"  {mark}  " in text


def test_other_words_and_misspellings_find_a_topic(cards):
    shell = shell_for(cards)
    assert shell.respond("help wulfric").startswith("kaylin")
    assert shell.respond("help gamblng").startswith("gambling")
    assert "tda plays" in shell.respond("help plays")  # a word both games use shows both
    assert shell.respond("help xyzzy").startswith("There is no help topic 'xyzzy'.")


def test_readme_explains_the_marks():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for mark in ("✓", "✗", "?"):
        assert f"`{mark}`" in readme


def test_every_command_has_a_topic_of_its_own(cards):
    from referee.shell.completer import COMMANDS
    from referee.shell.help import find_topic

    for command in COMMANDS:
        word = command.split()[0] if not command.startswith(("end", "save")) else command
        topics = find_topic(word)
        assert topics and word in (topics[0].name, *topics[0].words), command


def test_an_unknown_topic_is_never_another_topics_page(cards):
    shell = shell_for(cards)
    for query, near in (("nonsense", None), ("servr", "serve"), ("positon", "position"), ("housse", "house")):
        text = shell.respond(f"help {query}")
        if near is None:
            assert text.startswith("There is no help topic") and "Did you mean" in text
        else:
            assert text.startswith(f"{near} (")
    assert shell.respond("help serve").startswith("serve (Commands)")  # not Serena's page
    assert shell.respond("help position").startswith("position (Commands)")  # not Phrenk's Potions
    assert shell.respond("help house").startswith("house (Commands)")
