"""A one-shot `referee card` imports neither prompt_toolkit nor YAML when the cache is warm."""

import os
import subprocess
import sys


def test_card_lookup_does_not_import_prompt_toolkit_or_yaml(tmp_path):
    env = dict(os.environ, REFEREE_CACHE_DIR=str(tmp_path / "cache"))
    code = ("import sys\nfrom referee.cli import app\n"
            "try:\n    app(['card', 'poof'])\nexcept SystemExit:\n    pass\n"
            "bad = [m for m in ('prompt_toolkit', 'yaml') if m in sys.modules]\n"
            "print('LOADED', bad)\n")
    subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)  # warm
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out, out
