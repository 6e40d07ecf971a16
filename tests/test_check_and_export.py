"""`replay --check` reports mismatches with line numbers; `export` writes Markdown (a golden file);
`position` prints a saved game's position."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.cli import app
from referee.core.session import Session

runner = CliRunner()
GOLDEN = Path(__file__).parent / "data" / "export_golden.md"
GAME = ["new rdi Phrenk Kaylin Wizgille Serena --rules gii", "Phrenk draws",
        'Phrenk plays "Gambling? I\'m in!"', "resolve", "Kaylin passes", "Wizgille passes", "Serena passes"]


def test_a_plain_replay_runs_a_case_files_marked_lines_as_the_table_would_say_them(tmp_path):
    case = tmp_path / "case.txt"
    case.write_text("new rdi Ann Ben\n?no can Ann play Poof\n! Ann plays Poof\nAnn draws\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(case)])
    assert result.exit_code == 0, result.output
    assert "> can Ann play Poof\nNo." in result.output
    assert "> Ann plays Poof\n✗" in result.output  # refused, as the case says: the replay goes on
    assert "> Ann draws" in result.output


def test_check_reports_a_planted_mismatch_and_an_accepted_refusal_line(tmp_path):
    case = tmp_path / "house_rules.txt"
    case.write_text("new rdi Phrenk Kaylin\n# a comment\nexpect Phrenk gold 8\nexpect Phrenk gold 9\n"
                    "! Phrenk draws\n! Phrenk draws\nexpect table drink_deck 28\nexpect Nobody gold 1\n",
                    encoding="utf-8")
    result = runner.invoke(app, ["replay", str(case), "--check"])
    assert result.exit_code == 1
    assert f"{case}:4: expect Phrenk gold 9\n  Phrenk gold: expected 9, got 8" in result.output
    assert f"{case}:5: ! Phrenk draws\n  expected a refusal, but it was accepted" in result.output
    assert ":6:" not in result.output  # the second draw is refused, as the case says
    assert f"{case}:8: expect Nobody gold 1\n  no player called Nobody" in result.output
    assert "7 lines checked, 3 mismatches." in result.output


def test_check_passes_a_case_that_holds(tmp_path):
    case = tmp_path / "ok.txt"
    case.write_text("new rdi Phrenk Kaylin\nexpect Phrenk gold 8 fortitude 20\n", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(case), "--check"])
    assert result.exit_code == 0 and "0 mismatches" in result.output


def test_markdown_export_matches_the_golden_file(cards):
    session = Session(cards)
    for line in GAME:
        session.handle(line)
    text = session.export_markdown(last=4, with_position=True)
    if not GOLDEN.exists():  # first run writes it; review it by eye
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert session.handle("export --last 4 --markdown --position").message == text
    assert "Refused" not in text and "GII › Gambling" in text


def test_cli_position_and_export_of_a_saved_game(tmp_path):
    store = tmp_path / "games.sqlite3"
    script = tmp_path / "game.txt"
    script.write_text("\n".join(GAME) + "\n", encoding="utf-8")
    assert runner.invoke(app, ["replay", str(script), "--save", "--store", str(store)]).exit_code == 0
    position = runner.invoke(app, ["position", "--store", str(store)])
    assert position.exit_code == 0 and "game: rdi" in position.output and "phase: order" in position.output
    exported = runner.invoke(app, ["export", "--last", "2", "--markdown", "--store", str(store)])
    assert exported.exit_code == 0 and exported.output.startswith("## Referee ruling: The Red Dragon Inn")
    assert "**5. `Wizgille passes`**" in exported.output and "**6. `Serena passes`**" in exported.output
    missing = runner.invoke(app, ["position", "7", "--store", str(store)])
    assert missing.exit_code == 1 and "No saved game number 7" in missing.output


def test_export_refuses_unknown_options(cards):
    session = Session(cards)
    session.handle(GAME[0])
    assert "does not know" in session.handle("export --pdf").message
    assert "*No announcements yet.*" in session.handle("export").message


def test_play_from_a_position_file_opens_the_referee_there(tmp_path):
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    position = Path(__file__).parent / "transcripts" / "positions" / "rdi_serena_round.yaml"
    with create_pipe_input() as pipe:
        pipe.send_text('Serena plays "Winning Hand!"\nresolve\nposition\n')
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            result = runner.invoke(app, ["play", "--from", str(position), "--store", str(tmp_path / "g.sqlite3")])
    assert result.exit_code == 0, result.output
    assert "Position loaded from rdi_serena_round.yaml" in result.output
    assert "control: Serena" in result.output  # her Winning Hand! took control of the Round
