"""The installed `referee` command works from another directory (data shipped in the wheel)."""

import shutil
import subprocess

import pytest


@pytest.mark.skipif(shutil.which("referee") is None, reason="referee is not installed on PATH")
def test_installed_command_finds_a_card_from_elsewhere(tmp_path):
    result = subprocess.run([shutil.which("referee"), "card", "poof"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Poof" in result.stdout
