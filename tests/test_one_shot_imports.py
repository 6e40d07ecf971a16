"""A one-shot `referee card` imports neither prompt_toolkit nor YAML when the cache is warm,
and neither it nor the REPL loads the table view's web stack (only `referee serve` does)."""

import os
import subprocess
import sys

WEB_STACK = ("starlette", "uvicorn", "anyio")


def test_card_lookup_does_not_import_prompt_toolkit_or_yaml(tmp_path):
    env = dict(os.environ, REFEREE_CACHE_DIR=str(tmp_path / "cache"))
    code = ("import sys\nfrom referee.cli import app\n"
            "try:\n    app(['card', 'poof'])\nexcept SystemExit:\n    pass\n"
            f"bad = [m for m in ('prompt_toolkit', 'yaml', 'lark', *{WEB_STACK!r}) if m in sys.modules]\n"
            "print('LOADED', bad)\n")
    subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)  # warm
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out, out


def test_the_repl_does_not_import_the_web_stack():
    code = ("import sys\nimport referee.repl, referee.serve.launch\n"
            f"print('LOADED', [m for m in {WEB_STACK!r} if m in sys.modules])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out, out


VOICE_STACK = ("referee.voice", "pocketsphinx", "sounddevice")


def test_play_and_the_repl_without_voice_never_import_the_voice_stack(tmp_path):
    """`referee play` without --voice, and a game at the prompt that never says `voice on` (issue 24)."""
    env = dict(os.environ, REFEREE_DATA_DIR=str(tmp_path / "data"), REFEREE_CONFIG_DIR=str(tmp_path / "config"))
    code = ("import sys\nfrom prompt_toolkit.input import create_pipe_input\n"
            "from prompt_toolkit.output import DummyOutput\nimport referee.repl as repl\nfrom referee.cli import app\n"
            "built, held = repl.build_prompt, []\n"
            "def piped(lines):\n"
            "    held.append(create_pipe_input())\n    pipe = held[-1].__enter__()\n    pipe.send_text(lines)\n"
            "    repl.build_prompt = lambda *a, **k: built(*a, input=pipe, output=DummyOutput())\n"
            "piped('Ann draws\\nAnn orders a drink for Ben\\nhelp\\nstate\\nquit\\nquit\\n')\n"
            f"try:\n    app(['play', 'rdi', '--players', 'Ann', 'Ben', '--store', {str(tmp_path / 'g.sqlite3')!r}])\n"
            "except SystemExit:\n    pass\n"
            "piped('new tda Ann Ben Cat\\nstate\\nquit\\nquit\\n')\nrepl.run_repl()\n"
            f"print('LOADED', [m for m in {VOICE_STACK!r} if m in sys.modules])\n")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert "LOADED []" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Ann orders a Drink for Ben" in done.stdout
