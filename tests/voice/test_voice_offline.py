"""Voice (issue 24) where it cannot run: a WAV file that cannot be heard, and the extra not installed, are each
refused in one plain line (never a traceback), whether or not pocketsphinx is here."""

from __future__ import annotations

import math
import sys
import wave

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from typer.testing import CliRunner

from referee.cli import app
from referee.core.session import Session
from referee.repl import run_repl
from referee.shell.config import Config

PLAYERS = ["rdi", "--players", "Phrenk", "Kaylin"]


def tone(path, rate=16000, seconds=1.0, channels=1, width=2):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        frames = bytearray()
        for i in range(int(rate * seconds)):
            value = int(8000 * math.sin(2 * math.pi * 440 * i / rate))
            frames += value.to_bytes(2, "little", signed=True)[:width] * channels
        w.writeframes(bytes(frames))
    return path


def refused(args) -> str:
    result = CliRunner().invoke(app, ["hear", *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def test_a_wav_file_that_cannot_be_heard_is_refused_in_one_line(tmp_path):
    assert "no such file" in refused([str(tmp_path / "missing.wav"), *PLAYERS])
    garbage = tmp_path / "garbage.wav"
    garbage.write_bytes(b"RIFF\x00\x01garbage, not a WAV file at all" * 10)
    assert "is not a WAV file this can read" in refused([str(garbage), *PLAYERS])
    assert "8000 Hz" in refused([str(tone(tmp_path / "phone.wav", rate=8000)), *PLAYERS])
    assert "8-bit" in refused([str(tone(tmp_path / "bytes.wav", width=1)), *PLAYERS])
    assert "tenth of a second" in refused([str(tone(tmp_path / "short.wav", seconds=0.01)), *PLAYERS])


def test_a_wav_file_at_another_rate_or_in_stereo_is_read(tmp_path):
    from referee.voice.decoder import read_wav

    assert len(read_wav(tone(tmp_path / "a.wav", rate=44100, channels=2))) == 2 * 16000
    assert len(read_wav(tone(tmp_path / "b.wav", rate=22050))) == 2 * 16000


@pytest.fixture
def no_extra(monkeypatch):
    """As if the voice extra were not installed: importing pocketsphinx or sounddevice fails."""
    monkeypatch.setitem(sys.modules, "pocketsphinx", None)
    monkeypatch.setitem(sys.modules, "sounddevice", None)


def test_without_the_extra_hear_says_what_to_install(no_extra, tmp_path):
    line = refused([str(tone(tmp_path / "said.wav")), *PLAYERS])
    assert line.startswith("Voice needs the voice extra: pip install '.[voice]'"), line


def test_without_the_extra_voice_on_and_play_voice_say_what_to_install(no_extra, cards, capsys):
    session = Session(cards)
    with create_pipe_input() as pipe:
        pipe.send_text("new rdi Phrenk Kaylin\nvoice on\nPhrenk draws\nquit\nquit\n")
        run_repl(session=session, config=Config(), input=pipe, output=DummyOutput())
    out = capsys.readouterr().out
    assert out.count("Voice needs the voice extra: pip install '.[voice]'") == 1
    assert [m.line for m in session.moves][1:] == ["Phrenk draws"]  # the keyboard goes on
    session = Session(cards)
    with create_pipe_input() as pipe:
        pipe.send_text("quit\nquit\n")
        run_repl(session=session, config=Config(), first_line="new rdi Phrenk Kaylin", voice=True, input=pipe,
                 output=DummyOutput())
    assert "Voice needs the voice extra: pip install '.[voice]'" in capsys.readouterr().out


def test_ci_runs_the_readmes_test_command_with_the_voice_extra():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    readme = next(line.strip() for line in (root / "README.md").read_text().splitlines()
                  if line.strip().startswith("python3 -m venv .venv") and "pytest" in line)
    ci = (root / ".ci" / "run").read_text().strip().splitlines()[-1].strip()
    assert ci == readme and "'.[test,voice]'" in readme
    assert "espeak-ng flite sox libportaudio2" in (root / ".ci" / "run").read_text()


def test_words_the_dictionary_lacks_are_given_phones(tmp_path, monkeypatch):
    from referee.voice import lexicon
    from referee.voice.lexicon import Lexicon, by_rules, from_ipa

    assert from_ipa("fɹˈɛŋk") == "F R EH NG K" and from_ipa("kˈeɪlɪn") == "K EY L IH N"
    assert by_rules("phrenk") == "F R EH NG K" and by_rules("wizgille") == "W IH Z G IH L"
    dictionary = tmp_path / "tiny.dict"
    dictionary.write_text("plays P L EY Z\nplays(2) P L EY S\n")
    found = Lexicon(dictionary, own={"kaylin": "K EY L IH N"}).pronounce(["plays", "kaylin", "wizgille"])
    assert found["plays"] == "P L EY Z" and found["kaylin"] == "K EY L IH N"
    assert set(found["wizgille"].split()) <= lexicon.PHONES and found["wizgille"]
    monkeypatch.setattr(lexicon.shutil, "which", lambda name: None)  # no espeak-ng: the rules
    plain = Lexicon(dictionary, own={})
    assert plain.pronounce(["wizgille"])["wizgille"] == "W IH Z G IH L" and plain.generated["wizgille"] == "rules"


def test_a_failing_microphone_or_decoder_never_ends_the_prompt(cards, capsys, tmp_path, monkeypatch):
    from referee.voice.keys import VoiceMode

    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))

    class Broken:
        lexicon = None

        def start(self):
            pass

        def stop(self):
            raise RuntimeError("PortAudio went away")

        def for_session(self, session):
            pass

    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin")
    mode = VoiceMode(session, recorder=Broken(), decoder=Broken())
    with create_pipe_input() as pipe:
        pipe.send_text("\x1b[15~\x1b[15~Phrenk draws\nquit\nquit\n")
        run_repl(session=session, config=Config(), voice=mode, input=pipe, output=DummyOutput())
    assert [m.line for m in session.moves][1:] == ["Phrenk draws"]
    assert "PortAudio went away" in (tmp_path / "prompt-errors.log").read_text()


def test_hear_and_play_without_a_game_say_which_words_are_missing(tmp_path):
    said = str(tone(tmp_path / "said.wav"))
    assert refused([said]) == ("Say which game, rdi or tda, and who plays: referee hear FILE.wav rdi --players Ann "
                               "Ben Cat (or --from a position file).")
    assert refused([said, "chess"]).startswith("The game is rdi or tda, not 'chess'")
    result = CliRunner().invoke(app, ["play"])
    assert result.exit_code == 2 and "Say which game, rdi or tda" in result.output
