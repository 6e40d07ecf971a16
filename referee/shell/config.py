"""The user's settings: config.toml in the user config folder, copied from the shipped defaults on first run.

Read with the standard library's tomllib. A file that cannot be read, or a value of
the wrong kind, never stops the referee: the default stands and a notice says why.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from referee.core.paths import user_config_dir

SHIPPED = Path(__file__).with_name("config.toml")
EDITIONS = ("gii", "rdi3")


@dataclass
class Config:
    rules: str = "gii"
    verbose: bool = False
    toolbar: bool = True
    toolbar_lines: int = 4
    colours: dict = field(default_factory=dict)
    notices: list = field(default_factory=list)  # why a setting fell back to its default


def config_path() -> Path:
    return user_config_dir() / "config.toml"


def _ensure_file(path: Path, notices: list) -> None:
    if path.exists():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SHIPPED.read_text(encoding="utf-8"), encoding="utf-8")
    except OSError as error:
        notices.append(f"Could not write the default settings to {path} ({error.strerror}); using the defaults.")


def _read(path: Path, notices: list) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        notices.append(f"Could not read {path} ({error.strerror}); using the defaults.")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        notices.append(f"{path}: {error}; using the defaults.")
    return {}


KIND_WORDS = {bool: "true or false", int: "a whole number", str: "text in quotes"}


def _value(data: dict, table: str, key: str, kind, default, notices: list, path: Path):
    section = data.get(table, {})
    value = section.get(key, default) if isinstance(section, dict) else default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        shown = str(value).lower() if isinstance(value, bool) else repr(value) if isinstance(value, str) else value
        notices.append(f"{path}: [{table}] {key} takes {KIND_WORDS[kind]}, not {shown}; "
                       f"using {str(default).lower() if isinstance(default, bool) else repr(default)}.")
        return default
    return value


def _unknown_keys(data: dict, shipped: dict, notices: list, path: Path) -> None:
    """A misspelt setting is said, with the nearest known one, rather than silently ignored."""
    from rapidfuzz import process

    for table, section in data.items():
        if table not in shipped:
            near = process.extractOne(table, list(shipped), score_cutoff=60)
            notices.append(f"{path}: there is no [{table}] section" + (f"; did you mean [{near[0]}]?" if near else
                           f"; the sections are {', '.join(f'[{t}]' for t in shipped)}."))
            continue
        if not isinstance(section, dict) or table == "colours":
            continue  # colours are checked as styles
        for key in section:
            if key not in shipped[table]:
                near = process.extractOne(key, list(shipped[table]), score_cutoff=60)
                notices.append(f"{path}: [{table}] has no setting {key!r}" + (f"; did you mean {near[0]!r}?" if near
                               else f"; it has {', '.join(repr(k) for k in shipped[table])}."))


def load_config(path: Path | None = None) -> Config:
    notices: list[str] = []
    path = path or config_path()
    _ensure_file(path, notices)
    shipped = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    data = _read(path, notices) if path.exists() else {}
    config = Config(notices=notices)
    _unknown_keys(data, shipped, notices, path)
    config.rules = _value(data, "game", "rules", str, shipped["game"]["rules"], notices, path).lower()
    if config.rules not in EDITIONS:
        notices.append(f"{path}: [game] rules is gii or rdi3, not {config.rules!r}; using gii.")
        config.rules = "gii"
    config.verbose = _value(data, "rulings", "verbose", bool, shipped["rulings"]["verbose"], notices, path)
    config.toolbar = _value(data, "toolbar", "show", bool, shipped["toolbar"]["show"], notices, path)
    config.toolbar_lines = max(1, _value(data, "toolbar", "max_lines", int, shipped["toolbar"]["max_lines"], notices, path))
    colours = dict(shipped["colours"])
    user_colours = data.get("colours", {})
    if isinstance(user_colours, dict):
        colours.update({k: v for k, v in user_colours.items() if isinstance(v, str)})
    config.colours = colours
    return config
