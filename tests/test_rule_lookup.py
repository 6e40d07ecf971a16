"""`referee rule` finds the right section for plain-words topics."""

import json

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core.rule_lookup import search_rules

runner = CliRunner()


@pytest.mark.parametrize("topic, expected", [
    ("drinking contest tie", "other-rules/drinking-contest/ties"),
    ("wench tip", "wench-tip"),
    ("running out of drinks", "more-drink-rules/running-out-of-drinks"),
    ("perfect balance", "tda/flight-strength/perfect-balance"),
    ("two stakes ante", "tda/ante"),
    ("mead split", "mead"),
    ("chaser", "more-drink-rules/chasers"),
])
def test_topic_finds_section(topic, expected):
    hits = search_rules(topic)
    assert hits, topic
    assert expected in hits[0].section.id, [h.section.id for h in hits]


def test_rule_prints_citation_and_summary():
    result = runner.invoke(app, ["rule", "mead", "split"])
    assert result.exit_code == 0
    assert "›" in result.output and "Mead" in result.output


def test_rule_json():
    result = runner.invoke(app, ["rule", "perfect balance", "--json"])
    data = json.loads(result.output)
    assert data["results"][0]["citation"].startswith("Giants War")


def test_rule_nothing_found():
    result = runner.invoke(app, ["rule", "qqqq xjxj"])  # ("zzzz" names the sleeping card now)
    assert result.exit_code == 1
