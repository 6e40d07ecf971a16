"""config.toml: copied from the shipped defaults on first run, read with tomllib, never a traceback."""

from __future__ import annotations

from referee.shell.config import SHIPPED, load_config
from referee.shell.lexer import style


def test_first_run_copies_the_defaults(tmp_path):
    path = tmp_path / "referee" / "config.toml"
    config = load_config(path)
    assert path.read_text(encoding="utf-8") == SHIPPED.read_text(encoding="utf-8")
    assert (config.rules, config.verbose, config.toolbar, config.toolbar_lines) == ("gii", False, True, 4)
    assert config.colours["player"] and not config.notices


def test_settings_are_read(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[game]\nrules = "rdi3"\n[rulings]\nverbose = true\n[toolbar]\nshow = false\nmax_lines = 2\n'
                    '[colours]\nplayer = "ansiblue"\n', encoding="utf-8")
    config = load_config(path)
    assert (config.rules, config.verbose, config.toolbar, config.toolbar_lines) == ("rdi3", True, False, 2)
    assert config.colours["player"] == "ansiblue" and config.colours["card"]


def test_a_broken_file_falls_back_with_a_notice(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[game\nrules = ", encoding="utf-8")
    config = load_config(path)
    assert config.rules == "gii" and "using the defaults" in config.notices[0]


def test_wrong_values_fall_back_one_by_one(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[game]\nrules = "rdi4"\n[rulings]\nverbose = "yes"\n[colours]\ncard = "not-a-colour"\n',
                    encoding="utf-8")
    config = load_config(path)
    assert config.rules == "gii" and config.verbose is False
    assert any("rdi4" in n for n in config.notices) and any("verbose" in n for n in config.notices)
    notices = []
    style(config.colours, notices)
    assert any("not-a-colour" in n for n in notices)
