"""Voice (issue 24) on speech: WAV files said by espeak-ng here and now (no microphone, nothing recorded
kept), decoded against the table's grammar by pocketsphinx: the exact lines of a few plays, chatter refused,
the prompt only ever filled (never submitted), the legal play offered first, the grammar narrowed."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from typer.testing import CliRunner

pytest.importorskip("pocketsphinx", reason="voice tests need the voice extra: pip install '.[voice]'")
if shutil.which("espeak-ng") is None:
    pytest.skip("voice tests need espeak-ng to say their lines (apt-get install espeak-ng)", allow_module_level=True)

from referee.cli import app  # noqa: E402
from referee.core.session import Session  # noqa: E402
from referee.repl import run_repl  # noqa: E402
from referee.shell import cards_of, playable  # noqa: E402
from referee.shell.config import Config  # noqa: E402
from referee.voice.decoder import Heard, VoiceDecoder, legal_first, read_wav  # noqa: E402
from referee.voice.grammar import build  # noqa: E402
from referee.voice.keys import VoiceMode  # noqa: E402

TABLE = "new rdi Phrenk Kaylin Wizgille Serena"
F5 = "\x1b[15~"


def say(tmp_path, text: str, voice: str = "en-us") -> bytes:
    """The words said by espeak-ng (22,050 Hz: read_wav brings it to 16 kHz)."""
    path = tmp_path / f"{abs(hash((text, voice)))}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", "160", "-w", str(path), text], check=True, timeout=30)
    return path


@pytest.fixture(scope="module")
def table(cards):
    session = Session(cards)
    session.handle(TABLE)
    decoder = VoiceDecoder(own={})
    decoder.for_session(session)
    return session, decoder


@pytest.fixture(scope="module")
def cards():
    from referee.core.carddb import load_cards

    return load_cards()


@pytest.mark.parametrize("said, line", [
    ("Phrenk plays Don't call me cute!", 'Phrenk plays "Don\'t call me cute!"'),
    ("Serena plays Poof!", 'Serena plays "~ Poof! ~"'),
    ("Kaylin plays Winning Hand", 'Kaylin plays "Winning Hand!"'),
    ("Wizgille orders a drink for Phrenk", "Wizgille orders a drink for Phrenk"),
    ("Kaylin passes", "Kaylin passes"),
])
def test_a_spoken_announcement_is_heard_as_its_line(table, tmp_path, said, line):
    session, decoder = table
    heard = decoder.decode(read_wav(say(tmp_path, said)), session)
    assert heard.accepted and heard.lines[0] == line, heard


@pytest.mark.parametrize("chatter", ["did you see the game last night", "can somebody pass me the crisps",
                                     "the traffic on the way here was terrible"])
def test_table_chatter_is_not_taken_for_a_line(table, tmp_path, chatter):
    session, decoder = table
    heard = decoder.decode(read_wav(say(tmp_path, chatter)), session)
    assert not heard.accepted and heard.lines == [] and heard.message == "didn't catch that", heard


def test_referee_hear_prints_the_top_lines(tmp_path):
    wav = say(tmp_path, "Kaylin orders a drink for Serena")
    result = CliRunner().invoke(app, ["hear", str(wav), "rdi", "--players", "Phrenk", "Kaylin", "Wizgille", "Serena"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "1. Kaylin orders a drink for Serena"
    chatter = say(tmp_path, "whose turn is it anyway I lost track")
    result = CliRunner().invoke(app, ["hear", str(chatter), "rdi", "--players", "Phrenk", "Kaylin"])
    assert result.exit_code == 1 and result.output.startswith("didn't catch that"), result.output


class Recorder:
    """The microphone, replaced by a recording."""

    def __init__(self, audio: bytes):
        self.audio, self.started = audio, 0

    def start(self):
        self.started += 1

    def stop(self) -> bytes:
        return self.audio


def _repl(session, mode, keys: str, capsys) -> str:
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        run_repl(session=session, config=Config(), voice=mode, input=pipe, output=DummyOutput())
    return capsys.readouterr().out


def test_the_voice_path_only_fills_the_prompt(cards, tmp_path, capsys):
    session = Session(cards)
    session.handle(TABLE)
    said = read_wav(say(tmp_path, "Phrenk orders a drink for Kaylin"))
    decoder = VoiceDecoder(own={})
    # F5, F5: heard and put in the prompt; Esc drops it; nothing was announced
    mode = VoiceMode(session, recorder=Recorder(said), decoder=decoder)
    _repl(session, mode, F5 + F5 + "\x1b" + "quit\nquit\n", capsys)
    assert [m.line for m in session.moves] == [TABLE]
    assert mode.recorder.started == 1
    # the same, and Enter: the table accepted the line, and only then is it ruled on
    mode = VoiceMode(session, recorder=Recorder(said), decoder=decoder)
    out = _repl(session, mode, F5 + F5 + "\r" + "quit\nquit\n", capsys)
    assert [m.line for m in session.moves] == [TABLE, "Phrenk orders a drink for Kaylin"]
    assert "Phrenk orders a Drink for Kaylin" in out


def test_digits_pick_among_the_lines_offered_and_type_otherwise(cards, capsys):
    session = Session(cards)
    session.handle(TABLE)

    class Decoder:
        lexicon = None

        def for_session(self, session):
            pass

        def decode(self, raw, session):
            return Heard(lines=["Phrenk passes", "Phrenk draws"], accepted=True)

    mode = VoiceMode(session, recorder=Recorder(b""), decoder=Decoder())
    _repl(session, mode, F5 + F5 + "2" + "\r" + "quit\nquit\n", capsys)
    assert [m.line for m in session.moves] == [TABLE, "Phrenk draws"]
    # with nothing offered, a digit is a digit
    mode = VoiceMode(session, recorder=Recorder(b""), decoder=Decoder())
    out = _repl(session, mode, "set Phrenk gold 2\rquit\n", capsys)
    assert "gold" in out.lower() and session.state.players[0].gold == 2


def test_a_legal_play_is_offered_before_an_illegal_one(table):
    session, _ = table
    character = session.state.players[0].character
    hand = [c for c in cards_of(session).cards if c.game == "rdi" and c.owner in (character, "shared")
            and c.type in ("action", "sometimes", "gambling")]
    legal = next(c.name for c in hand if playable(session, "Phrenk", c.name))
    illegal = next(c.name for c in hand if not playable(session, "Phrenk", c.name))
    lines = [f'Phrenk plays "{illegal}"', f'Phrenk plays "{legal}"', "Phrenk passes"]
    assert legal_first(session, lines) == [f'Phrenk plays "{legal}"', f'Phrenk plays "{illegal}"', "Phrenk passes"]
    assert legal_first(session, lines[::-1][:2]) == lines[::-1][:2]  # one play: nothing to order


def test_the_grammar_narrows_to_what_the_state_asks(cards, monkeypatch):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin")
    table = build(session)
    assert table.mode == "table" and "phrenk" in table.words and "chaser" in table.words
    for line in ("Phrenk draws", "Phrenk orders a drink for Kaylin", "set Phrenk drink_me 3",
                 "Phrenk reveals Wine with a Chaser"):
        assert session.handle(line).accepted, line
    chaser = build(session)  # only Drinks (and undo, state, why) while a Chaser is asked for
    assert chaser.mode == "chaser" and chaser.complete("dark ale") and chaser.complete("chaser dark ale")
    assert not chaser.complete("phrenk passes") and not chaser.complete("kaylin plays poof")
    assert chaser.line("dark ale") == "chaser Dark Ale"
    assert chaser.key != table.key
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin")
    monkeypatch.setattr(session.state, "choice", object())
    answer = build(session)  # only numbers (and who chooses) when the referee asks for one
    assert answer.mode == "answer" and answer.complete("answer three") and answer.line("answer three") == "answer 3"
    assert not answer.complete("dark ale") and not answer.complete("phrenk passes")


def test_the_table_gives_a_name_its_pronunciation(cards, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))
    session = Session(cards)
    session.handle(TABLE)
    mode = VoiceMode(session, recorder=Recorder(b""), decoder=VoiceDecoder(own={}))
    out = _repl(session, mode, "voice name Kaylin K EY L IH N\nvoice name Kaylin\nquit\n", capsys)
    assert "Kaylin is heard as K EY L IH N." in out and "`voice name NAME PHONES`" in out
    assert "kaylin K EY L IH N" in (tmp_path / "data" / "voice-pronunciations.txt").read_text()


POSITION = """game: rdi
players:
- {name: Phrenk, character: Phrenk, gold: 8}
- {name: Kaylin, character: Kaylin, gold: 10}
- {name: Wizgille, character: Wizgille, gold: 8}
- {name: Serena, character: Serena, gold: 8}
active: Serena
phase: action
drink_deck: 26
"""


def test_referee_hear_from_a_position(tmp_path):
    position = tmp_path / "position.yaml"
    position.write_text(POSITION)
    wav = say(tmp_path, "Serena orders a drink for Wizgille")
    result = CliRunner().invoke(app, ["hear", str(wav), "--from", str(position)])
    assert result.exit_code == 0 and result.output.startswith("1. Serena orders a drink for Wizgille"), result.output
