"""Rows of a table file (CSV or YAML), each with the line it starts on, and writing them back.

A deck file a table imports is a list of rows (one card each) with named fields; the importer
checks each row and names the file line of each problem, so the rows keep their lines: a CSV
row the line its record starts on, a YAML row the line of its entry and of each key.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMATS = ("csv", "yaml")


class RowFileError(Exception):
    """A file that cannot be read as rows at all; ``line`` is 0 when no line is to blame."""

    def __init__(self, message: str, line: int = 0, field: str = "(file)"):
        super().__init__(message)
        self.message, self.line, self.field = message, line, field


@dataclass
class Row:
    line: int
    values: dict[str, Any]
    key_lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


def file_format(path: Path, text: str) -> str:
    """csv or yaml: by the extension, else by the first line (a CSV file starts with a header naming `name`)."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in (".yaml", ".yml"):
        return "yaml"
    first = next((line for line in text.splitlines() if line.strip()), "")
    header = next(csv.reader([first]), [])
    return "csv" if len(header) > 1 and "name" in (cell.strip().lower() for cell in header) else "yaml"


def read_text(path: Path) -> str:
    """The file's text; raises RowFileError (one plain line) for a missing, unreadable, non-UTF-8 or oversized
    file, or one that is not a regular file (a pipe, a device, a link to nothing)."""
    from referee.core.files import CARD_FILE_LIMIT, FileRefused, read_bytes

    try:
        raw = read_bytes(path, CARD_FILE_LIMIT, "a deck file")
    except FileRefused as error:
        raise RowFileError(f"Cannot read {path}: {error.reason}.") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise RowFileError(f"{path} is not UTF-8 text (line {line} holds a byte UTF-8 does not allow); "
                           "save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet) and import it again.") from None


def read_rows(path: Path, text: str) -> tuple[Row, list[Row]]:
    """(file-level defaults as a row, rows). A YAML file is a list of rows or a mapping with `cards:` (its other
    keys are defaults for every row); a CSV file is a header line and one row per record."""
    if file_format(path, text) == "csv":
        return Row(1, {}), _csv_rows(text)
    return _yaml_rows(text)


def _csv_rows(text: str) -> list[Row]:
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None:
            return []
        names = [cell.strip().lower() for cell in header]
        rows = []
        last = reader.line_num
        for record in reader:
            start, last = last + 1, reader.line_num
            if not any(cell.strip() for cell in record):
                continue
            if len(record) > len(names):
                raise RowFileError(f"this row has {len(record)} fields but the header names {len(names)}", start, "(csv)")
            values = {name: cell.strip() for name, cell in zip(names, record) if name and cell.strip()}
            rows.append(Row(start, values))
        return rows
    except csv.Error as error:
        raise RowFileError(f"not a CSV file the importer can read: {error}", reader.line_num, "(csv)") from None


def _yaml_rows(text: str) -> tuple[Row, list[Row]]:
    import yaml

    from referee.core.schema import LineDict, yaml_with_lines

    try:
        document = yaml_with_lines(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise RowFileError(str(getattr(error, "problem", None) or error), (mark.line + 1) if mark else 1,
                           "(yaml)") from None
    defaults = Row(1, {})
    entries = document
    if isinstance(document, LineDict):
        defaults = _row(document)
        defaults.values.pop("cards", None)
        entries = document.get("cards")
    if not isinstance(entries, list):
        raise RowFileError("a deck file in YAML is a list of cards, or a mapping with `cards:` (a list)",
                           getattr(document, "line", 1) or 1)
    rows = []
    for entry in entries:
        if not isinstance(entry, LineDict):
            raise RowFileError("each card is a mapping (name:, phrase: …)", getattr(document, "line", 1) or 1)
        rows.append(_row(entry))
    return defaults, rows


def _row(mapping) -> Row:
    return Row(mapping.line, {str(k).lower(): v for k, v in mapping.items()},
               {str(k).lower(): n for k, n in mapping.key_lines.items()})


def write_rows(path: Path | None, rows: list[dict[str, Any]], fields: list[str], defaults: dict[str, Any]) -> str:
    """The rows as CSV (a path ending .csv) or YAML (anything else, or no path); returns the text."""
    if path is not None and path.suffix.lower() == ".csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        for row in rows:
            writer.writerow({**{k: v for k, v in defaults.items() if k in fields}, **row})
        return out.getvalue()
    from referee.core.safe_yaml import dump

    return dump({**defaults, "cards": rows}, allow_unicode=True, sort_keys=False, width=100)
