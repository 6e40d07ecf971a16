"""`referee cards check` names file, line and field; user card folders merge over shipped cards."""

import textwrap

from typer.testing import CliRunner

from referee.cli import app

runner = CliRunner()

BROKEN = textwrap.dedent("""\
    schema: 1
    game: rdi
    book: rdi3
    cards:
      - id: mine/ok
        name: My Card
        type: action
        summary: A test card.
        cites: [rdi3/on-your-turn/action]
      - id: mine/bad
        name: Broken Card
        type: actoin
        summary: Wrong type and a bad effect.
        cites: [rdi3/on-your-turn/action]
        effects:
          - op: explode
        alcohol: two
    """)


def test_check_reports_file_line_and_field(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    result = runner.invoke(app, ["cards", "check", str(path)])
    assert result.exit_code == 1
    out = result.output
    assert f"{path}:12: cards[1] (mine/bad).type: unknown type 'actoin'" in out
    assert f"{path}:16: cards[1] (mine/bad).effects[0].op: unknown op 'explode'" in out
    assert f"{path}:17: cards[1] (mine/bad).alcohol:" in out


def test_yaml_syntax_error_has_a_line(tmp_path):
    path = tmp_path / "syntax.yaml"
    path.write_text("cards:\n  - id: [unclosed\n", encoding="utf-8")
    result = runner.invoke(app, ["cards", "check", str(path)])
    assert result.exit_code == 1
    assert f"{path}:" in result.output and "(yaml)" in result.output


def test_shipped_data_checks_clean():
    result = runner.invoke(app, ["cards", "check"])
    assert result.exit_code == 0, result.output


def test_user_card_replacing_a_shipped_one_says_so(tmp_path):
    folder = tmp_path / "my_cards"
    folder.mkdir()
    (folder / "wine.yaml").write_text(textwrap.dedent("""\
        schema: 1
        game: rdi
        book: rdi3
        cards:
          - id: house/wine
            name: Wine
            type: drink
            alcohol: 5
            summary: Our house Wine is stronger.
            cites: [rdi3/on-your-turn/drink]
        """), encoding="utf-8")
    result = runner.invoke(app, ["--cards", str(folder), "card", "wine", "--game", "rdi"])
    assert result.exit_code == 0, result.output
    assert "replaces the shipped one" in result.output
    assert "Our house Wine is stronger." in result.output
