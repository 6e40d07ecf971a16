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


GOOD = textwrap.dedent("""\
    schema: 1
    game: rdi
    book: rdi3
    cards:
      - id: mine/fine
        name: My Fine Card
        type: action
        summary: A card that loads.
        cites: [rdi3/on-your-turn/action]
    """)


def _user_folder(tmp_path, files: dict) -> str:
    folder = tmp_path / "my_cards"
    folder.mkdir()
    for name, content in files.items():
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return str(folder)


def test_a_broken_user_file_is_skipped_with_file_and_line_and_the_rest_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    bad_card = GOOD.replace("mine/fine", "mine/bad").replace("My Fine Card", "My Bad Card") + "    alcohol: two\n"
    folder = _user_folder(tmp_path, {"binary.yaml": b"\x89PNG\r\n\x1a\n\x00\x00\xff", "good.yaml": GOOD,
                                     "syntax.yaml": "cards:\n  - id: [unclosed\n", "badcard.yaml": bad_card,
                                     "control.yaml": "cards:\n  - id: a\x07b\n"})
    result = runner.invoke(app, ["--cards", folder, "card", "my fine card"])
    assert result.exit_code == 0, result.output
    assert "A card that loads." in result.output
    assert f"{folder}/binary.yaml:1: (file): not UTF-8 text" in result.output
    assert f"{folder}/syntax.yaml:3: (yaml):" in result.output
    assert f"{folder}/control.yaml:2: (file):" in result.output
    assert f"{folder}/badcard.yaml:10: cards[0] (mine/bad).alcohol:" in result.output and "card skipped" in result.output
    assert "My Bad Card" not in runner.invoke(app, ["--cards", folder, "card", "my bad card"]).output
    result = runner.invoke(app, ["--cards", folder, "replay", "-"], input="new rdi Ann Bob Cat\nstate\n")
    assert result.exit_code == 0 and "Traceback" not in result.output
    result = runner.invoke(app, ["cards", "check", folder])
    assert result.exit_code == 1 and f"{folder}/binary.yaml:1: (file): not UTF-8 text" in result.output


def test_duplicate_yaml_keys_are_reported(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text(GOOD.replace("    type: action\n", "    type: action\n    type: sometimes\n"), encoding="utf-8")
    result = runner.invoke(app, ["cards", "check", str(path)])
    assert result.exit_code == 1
    assert f"{path}:8: cards[0] (mine/fine).type: written twice (first at line 7)" in result.output


def test_a_user_card_reusing_a_shipped_id_needs_replaces(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    from referee.core.carddb import load_cards

    shipped = next(c for c in load_cards().cards if c.name == "Wine" and c.game == "rdi")
    mine = GOOD.replace("mine/fine", shipped.id).replace("My Fine Card", "House Wine")
    folder = _user_folder(tmp_path, {"wine.yaml": mine})
    result = runner.invoke(app, ["--cards", folder, "card", "house wine"])
    assert result.exit_code != 0 and "is a shipped card's id; the shipped card stays" in result.output
    result = runner.invoke(app, ["cards", "check", folder])
    assert result.exit_code == 1 and f"{shipped.id!r} is a shipped card's id" in result.output
    (tmp_path / "my_cards" / "wine.yaml").write_text(mine + "    replaces: true\n", encoding="utf-8")
    result = runner.invoke(app, ["--cards", folder, "card", "house wine"])
    assert result.exit_code == 0 and "replaces the shipped one" in result.output
    assert runner.invoke(app, ["cards", "check", folder]).exit_code == 0
