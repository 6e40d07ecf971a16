"""Card, deck, position and case files are read within bounds (issue 20, item 5): an alias bomb, a 50 MB file,
a FIFO, a device, a dangling link, a 5,000-digit number and deep nesting each give one plain line naming the
file, never a hang or a traceback; and output survives any locale. benchmarks/bench_hostile_files.py times them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from hostile import alias_bomb, card_file, make_hostile_files
from referee.cli import app
from referee.core import learned, safe_yaml
from referee.core.files import CARD_FILE_LIMIT, FileRefused, read_bytes
from referee.core.schema import check_file
from referee.core.session import Session

runner = CliRunner()
HANG = 30  # seconds: far beyond any plain refusal; a read that blocks (a FIFO) is stopped here, and fails


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Each test its own card and data folders; the caches are shared (they key on the files they read)."""
    monkeypatch.setenv("REFEREE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def hostile(tmp_path) -> dict[str, Path]:
    return make_hostile_files(tmp_path / "hostile")


@contextmanager
def no_hang(seconds: int = HANG):
    """Fail instead of hanging: a blocking read (a FIFO opened without a writer) is interrupted."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def stop(signum, frame):
        raise TimeoutError(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def invoke(*args: str):
    with no_hang():
        result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def lines_naming(output: str, path: Path) -> list[str]:
    return [line for line in output.splitlines() if str(path) in line]


# --- the reader itself ---------------------------------------------------------------------------
def test_only_a_regular_file_within_its_limit_is_read(hostile):
    reasons = {}
    for kind in ("fifo", "device", "dangling-link", "folder", "fifty-mb"):
        if kind in hostile:
            with no_hang(), pytest.raises(FileRefused) as refused:
                read_bytes(hostile[kind], CARD_FILE_LIMIT, "a card file")
            reasons[kind] = refused.value.reason
    assert reasons["fifty-mb"] == "it is 52,428,800 bytes, and a card file is at most 1 MiB"
    assert "nothing-here.yaml, which does not exist" in reasons["dangling-link"]
    assert reasons["folder"] == "it is a folder, not a regular file"
    if "fifo" in hostile:
        assert reasons["fifo"] == "it is a named pipe (FIFO), not a regular file"
    if "device" in hostile:
        assert reasons["device"] == "it is a character device, not a regular file"
    assert read_bytes(hostile["digits"], CARD_FILE_LIMIT) == hostile["digits"].read_bytes()


@pytest.mark.parametrize("text, problem", [
    (alias_bomb(), "more than 200,000 values once its aliases (*name) are expanded"),
    ("a: &a [1]\n" + "".join(f"c{i}: *a\n" for i in range(101)), "more than 100 uses of aliases"),
    ("a: &a [*a]\n", "nested more than 40 deep"),  # an alias inside itself
    ("a: " + "[" * 41 + "]" * 41, "nested more than 40 deep"),
    ("n: " + "9" * 5000, "a number of 5,000 digits"),
    ("n: 0x" + "f" * 5000, "a number of 5,002 digits"),
    ("when: !!binary aGVsbG8=", "the tag tag:yaml.org,2002:binary is not used"),
])
def test_yaml_out_of_bounds_is_refused_with_its_line(text, problem):
    with pytest.raises(safe_yaml.Refused) as refused:
        safe_yaml.load(text)
    assert problem in str(refused.value.problem)
    assert refused.value.problem_mark is not None


def test_yaml_within_bounds_loads_as_before():
    text = "a: &x [1, 2]\n" + "".join(f"b{i}: *x\n" for i in range(100)) + "d: 2001-12-14\nn: 12_345\n"
    data = safe_yaml.load(text)
    assert data["b99"] == [1, 2] and data["d"] == "2001-12-14" and data["n"] == 12345
    for name in ("Ann\x1b]0;PWNED\x07", "Bob\u202e", "Don’t call me cute!", "two\nlines\u200b"):
        written = safe_yaml.dump({"name": name}, allow_unicode=True)
        assert not {ch for ch in written if not ch.isprintable() and ch != "\n"}, written
        assert safe_yaml.load(written) == {"name": name}
    assert safe_yaml.dump({"name": "Don’t"}, allow_unicode=True) == "name: Don’t\n"  # plain text stays plain


def test_numbers_are_bounded_to_what_the_schema_allows(tmp_path):
    path = tmp_path / "big-count.yaml"
    path.write_text(card_file("1000000"), encoding="utf-8")
    problems, _ = check_file(path, None, strict=True)
    assert any(p.field.endswith(".count") and "from -999 to 999" in p.message for p in problems), problems
    path.write_text(card_file("1000000").replace("count: 1000000", "effects: [{op: gain, attr: gold, amount: 1000}]"))
    problems, _ = check_file(path, None)
    assert [p.message for p in problems] == ["must be a whole number from -999 to 999, not 1000"], problems


# --- every command that reads card or deck files -------------------------------------------------
def test_cards_check_names_each_hostile_file_on_one_line(hostile):
    for kind, path in hostile.items():
        if kind == "folder":
            continue  # a folder named x.yaml is a folder to check, not a file
        result = invoke("cards", "check", path)
        assert result.exit_code == 1, (kind, result.output)
        named = lines_naming(result.output, path)
        assert len(named) == 1, (kind, result.output)
        assert named[0].startswith(f"{path}:"), named


def test_a_card_folder_with_hostile_files_skips_each_with_a_notice(hostile, tmp_path):
    folder = hostile["alias-bomb"].parent
    result = invoke("card", "poof", "--cards", folder)
    assert result.exit_code == 0 and "~ Poof! ~" in result.stdout
    for kind, path in hostile.items():
        if kind != "folder":
            assert len(lines_naming(result.stderr, path)) == 1, (kind, result.stderr)
    named = hostile.get("fifo", hostile["dangling-link"])  # a `--cards` that is no folder and no file is named too
    single = invoke("card", "poof", "--cards", named)
    assert single.exit_code == 0 and len(lines_naming(single.stderr, named)) == 1, single.stderr


def test_the_user_card_folder_and_learned_folder_skip_hostile_files(hostile, tmp_path):
    folder = tmp_path / "config" / "cards" / "learned"
    folder.parent.mkdir(parents=True)
    os.rename(hostile["alias-bomb"].parent, folder)  # every hostile file, in the learned folder itself
    result = invoke("card", "poof")
    assert result.exit_code == 0 and "~ Poof! ~" in result.stdout
    assert "alias-bomb.yaml:4: (yaml): more than 200,000 values" in result.stderr
    assert "fifty-mb.yaml:0: (file): it is 52,428,800 bytes" in result.stderr
    with no_hang():
        assert learned.learned_cards() == []
    assert invoke("cards", "learned").exit_code == 0


def test_cards_import_refuses_each_hostile_file_naming_it(hostile):
    for kind, path in hostile.items():
        result = invoke("cards", "import", path, "--dry-run")
        assert result.exit_code == 1, (kind, result.output)
        assert result.output.splitlines()[0].startswith((f"{path}", f"Cannot read {path}:")), (kind, result.output)


def test_a_deck_row_with_thousands_of_digits_is_one_plain_problem(tmp_path):
    digits = "9" * 5000
    deck = tmp_path / "deck.csv"
    deck.write_text("name,character,quantity,phrase\n"
                    f"Shove,Fiona,{digits},action: another player loses 2 Fortitude\n"
                    "Push,Fiona,²,action: another player loses 2 Fortitude\n"
                    f"Poke,Fiona,1,action: another player loses {'9' * 40} Fortitude\n", encoding="utf-8")
    result = invoke("cards", "import", deck, "--dry-run")
    assert result.exit_code == 1
    assert f"{deck}:2: quantity: must be a whole number from 1 to 999, not a number of 5,000 digits" in result.output
    assert f"{deck}:3: quantity: must be a whole number from 1 to 999, not '²'" in result.output
    assert f"{deck}:4: phrase: cannot be read" in result.output and "a number of 40 digits is more than any card gives" \
        in result.output


# --- positions and case files --------------------------------------------------------------------
def test_a_hostile_position_file_is_refused_in_one_line(hostile, cards):
    session = Session(cards)
    for kind, path in hostile.items():
        with no_hang():
            ruling = session.handle(f'new --from "{path}"')
        assert ruling.verdict == "refused" and f"position file {path}" in ruling.message, (kind, ruling.message)
        assert "\n" not in ruling.message and session.state is None, (kind, ruling.message)


def test_replay_reads_a_regular_case_file_within_its_limit(hostile, tmp_path):
    for kind in ("fifo", "device", "dangling-link", "folder", "fifty-mb"):
        if kind in hostile:
            result = invoke("replay", hostile[kind])
            assert result.exit_code == 2, (kind, result.output)
            assert result.output.startswith(f"Cannot read {hostile[kind]}: it is"), result.output
            assert len(result.output.splitlines()) == 1
    if "fifo" in hostile:
        assert "`referee replay - < FILE` reads a pipe" in invoke("replay", hostile["fifo"]).output
    digits = tmp_path / "digits.txt"
    digits.write_text(f"new rdi Ann Bob\nset Ann gold {'9' * 5000}\nwhy {'9' * 5000}\n"
                      f"expect Ann gold {'9' * 5000}\n", encoding="utf-8")
    result = invoke("replay", digits, "--keep-going")
    assert result.exit_code == 1 and "a number of 5,000 digits; no figure at the table has more than 9 digits" \
        in result.output
    assert "`set gold` takes a whole number, not a number of 5,000 digits." in result.output
    assert invoke("replay", digits, "--check").exit_code == 1


def test_replay_of_standard_input_is_bounded_too():
    from referee.core.files import CASE_FILE_LIMIT

    result = runner.invoke(app, ["replay", "-"], input=b"#" * (CASE_FILE_LIMIT + 1))
    assert result.exit_code == 2 and "Cannot read standard input: it is over 4 MiB" in result.output


# --- output in any locale --------------------------------------------------------------------------
@pytest.mark.parametrize("environment", [{"PYTHONIOENCODING": "latin-1"}, {"PYTHONIOENCODING": "ascii"},
                                         {"LANG": "C", "LC_ALL": "C"}])
def test_output_in_any_locale_replaces_what_it_cannot_encode(environment, tmp_path):
    case = tmp_path / "case.txt"
    case.write_text("new rdi Phrenk Kaylin\nKaylin plays \"Don't call me cute!\" on Phrenk\nstate\n", encoding="utf-8")
    env = {**os.environ, **environment}
    env.pop("PYTHONUTF8", None)
    outputs = []
    for command in (["card", "dont call me cute"], ["rule", "mead split"], ["replay", str(case), "--keep-going"],
                    ["card", "snowman \u2603"]):
        done = subprocess.run([sys.executable, "-m", "referee", *command], env=env, capture_output=True, timeout=120)
        out = done.stdout.decode("latin-1") + done.stderr.decode("latin-1")
        assert "Traceback" not in out and "Error" not in out, out
        assert done.returncode in (0, 1), out
        outputs.append(out)
    assert "Don't call me cute!" in outputs[0] and "Mead" in outputs[1] and "Seats, clockwise" in outputs[2]
    if environment.get("PYTHONIOENCODING") == "latin-1":  # (click writes UTF-8 to a stream that says ASCII)
        assert "(Gambling? I?m In! rules) ? turn 1" in outputs[2]  # the curly apostrophe and the dash, replaced


def test_a_slice_of_the_benchmark_finds_each_plain_line():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import bench_hostile_files

    figures = bench_hostile_files.measure(kinds=("alias-bomb", "fifo", "digits"), commands=("cards check", "replay"),
                                          real_size=False)
    assert figures and all(seconds is not None for _, _, seconds, _ in figures), figures


def test_yaml_errors_are_yaml_errors():
    """Every refusal of the bounded loader is what the callers already catch (they read its line)."""
    assert issubclass(safe_yaml.Refused, yaml.YAMLError)
