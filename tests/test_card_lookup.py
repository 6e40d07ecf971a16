"""`referee card` against the shipped data: the queries the foundation issue names."""

import json

import pytest
from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()


@pytest.mark.parametrize("query, name", [
    ("dont call me cute", "Don't call me cute!"),
    ("poof", "~ Poof! ~"),
    ("dragon breth ale", "Dragon Breath Ale"),
    ("storm giant", "Storm Giant"),
    ("i dont think so", "I don't think so!"),
    ("gambling im in", "Gambling? I'm in!"),
    ("illusionary coin", "Illusionary Coin"),
    ("storm giant champ", "Storm Giant Champion"),
    ("IALANNIS", "Iallanis"),
    ("youre looking a little green", "You're looking a little green. Drink this."),
])
def test_finds_the_card(cards, query, name):
    match = cards.lookup(query)
    assert match.found is not None, (query, match)
    assert match.found.name.replace("’", "'") == name


@pytest.mark.parametrize("query", ["stop playing with the drinks", "copper dragon"])
def test_ambiguous_queries_list_candidates(cards, query):
    match = cards.lookup(query)
    assert match.how == "ambiguous" and len(match.items) >= 2


def test_game_option_narrows(cards):
    assert cards.lookup("wine", game="tda").found is None
    assert cards.lookup("wine", game="rdi").found.name == "Wine"


def test_json_single_match_has_the_promised_fields():
    result = runner.invoke(app, ["card", "poof", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for key in ("name", "game", "type", "summary", "citations"):
        assert key in data
    assert data["game"] == "rdi" and data["citations"]


def test_json_ambiguous_has_candidates_and_nonzero_exit():
    result = runner.invoke(app, ["card", "copper", "dragon", "--json"])
    assert result.exit_code == 3
    assert len(json.loads(result.output)["candidates"]) >= 2


def test_no_match_says_so_and_exits_1():
    result = runner.invoke(app, ["card", "qqqq zzzz xxxx"])
    assert result.exit_code == 1
    assert "No card matches" in result.output


def test_text_view_shows_name_deck_and_citation():
    result = runner.invoke(app, ["card", "dont", "call", "me", "cute"])
    assert result.exit_code == 0
    assert "Don't call me cute!" in result.output.replace("’", "'")
    assert "Kaylin" in result.output and "›" in result.output


def test_at_least_170_cards(cards):
    assert len(cards) >= 170


@pytest.mark.parametrize("query, named, near", [
    ("Elven Wine with a Chaser", "Elven Wine", ["Wine with a Chaser"]),
    ("Dark Ale with a Chaser", "Dark Ale", ["Light Ale with a Chaser"]),
    # several near Chaser cards: the named Drink is still offered first
    ("Mead with a Chaser", "Mead", ["Halfling Stout with a Chaser", "Wine with a Chaser"]),
])
def test_a_name_the_query_starts_with_is_never_swapped_for_a_near_card(query, named, near):
    result = runner.invoke(app, ["card", query, "--json"])
    assert result.exit_code == 3, result.output
    names = [c["name"] for c in json.loads(result.output)["candidates"]]
    assert names == [named, *near]
