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
