"""One JSON Schema for card files: shipped, up to date with the vocabulary, and reporting every bad field."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from typer.testing import CliRunner

from referee.cli import app
from referee.core import card_schema
from referee.core import schema as vocabulary

runner = CliRunner()


def effect_vocabulary() -> dict[str, dict[str, set[str]]]:
    """Each game's ops and every parameter each takes, from the typed effect model: the source the
    JSON Schema must agree with."""
    from referee.core.effect_model import SPECS, card_ops

    return {game: {op: {p.name for p in SPECS[game][op]} for op in card_ops(game)} for game in vocabulary.GAMES}


def test_the_shipped_schema_is_the_generated_one():
    assert card_schema.SCHEMA_PATH.read_text(encoding="utf-8") == card_schema.rendered(), \
        "card_schema.json is out of date: run python -m referee.core.card_schema"


def test_the_schema_ops_and_parameters_agree_with_the_vocabulary():
    shipped = card_schema.shipped()["$defs"]
    for game, ops in effect_vocabulary().items():
        effect = shipped[f"{game}_effect"]
        assert set(effect["properties"]["op"]["enum"]) == set(ops), game
        in_schema = {case["if"]["properties"]["op"]["const"]: set(case["then"]["properties"]) - {"op"}
                     for case in effect["allOf"]}
        assert in_schema == ops, game


def test_the_documented_op_tables_are_the_model():
    """docs/card-schema.md's op tables are written from SPECS: every op, parameter and word."""
    from referee.core import op_docs

    doc = op_docs.DOC_PATH.read_text(encoding="utf-8")
    assert op_docs.rendered(doc) == doc, "docs/card-schema.md is out of date: run python -m referee.core.card_schema"
    for game, ops in effect_vocabulary().items():
        block = doc.split(f"<!-- ops:{game} begin -->")[1].split(f"<!-- ops:{game} end -->")[0]
        for op, params in ops.items():
            row = next(line for line in block.splitlines() if line.startswith(f"| `{op}` |"))
            assert all(f"`{name}`" in row for name in params), (game, op)


BAD = textwrap.dedent("""\
    schema: 1
    game: rdi
    book: rdi3
    cards:
      - id: 42
        name: Number Id
        type: action
        summary: 17
        cites: [rdi3/on-your-turn/action]
        effects:
          - {op: lose, attr: fortitude, amount: "two", who: nobody}
          - op: gain
            attr: gold
            amount: 1
            colour: red
        alcohol: 1
        alcohol: 2
    """)


def test_cards_check_reports_each_bad_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    result = runner.invoke(app, ["cards", "check", str(path)])
    assert result.exit_code == 1
    for expected in ["5: cards[0] (42).id: must be text", "8: cards[0] (42).summary: must be text",
                     "11: cards[0] (42).effects[0].amount: must be a whole number or `unknown`, not 'two'",
                     "11: cards[0] (42).effects[0].who: 'nobody': unknown selector",
                     "15: cards[0] (42).effects[1].colour: unknown field",
                     "17: cards[0] (42).alcohol: written twice (first at line 16)"]:
        assert f"{path}:{expected}" in result.output, result.output
    assert result.output.count(f"{path}:") == 6, result.output  # each problem once


def test_giants_war_amounts_and_selectors(tmp_path):
    path = tmp_path / "tda.yaml"
    path.write_text(textwrap.dedent("""\
        schema: 1
        game: tda
        book: tda
        cards:
          - id: mine/dragon
            name: Plaid Dragon
            type: dragon
            summary: A test dragon.
            cites: [tda/card-powers/shadow-dragon]
            strength: seven
            power:
              summary: Pays.
              effects:
                - {op: pay, amount: {count: dragons, plus: one}, who: left, to: self}
                - {op: draw, count: 1, who: nobody, deck: main}
        """), encoding="utf-8")
    out = runner.invoke(app, ["cards", "check", str(path)]).output
    assert f"{path}:10: cards[0] (mine/dragon).strength:" in out
    assert f"{path}:14: cards[0] (mine/dragon).power.effects[0].amount.plus: must be a whole number" in out
    assert f"{path}:15: cards[0] (mine/dragon).power.effects[1].who: unknown selector" in out and "not 'nobody'" in out


def test_the_one_shot_look_up_never_imports_jsonschema(tmp_path):
    env = dict(os.environ, REFEREE_CACHE_DIR=str(tmp_path / "cache"), REFEREE_NO_CACHE="1")
    code = ("import sys\nfrom referee.cli import app\n"
            "try:\n    app(['card', 'poof'])\nexcept SystemExit:\n    pass\n"
            "print('LOADED', 'jsonschema' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert "LOADED False" in out, out
