"""The environment's variables are listed once (``bot.config.VARIABLES``): what the settings read,
what ``--help`` prints and the README's table are all held to that list."""

from __future__ import annotations

from pathlib import Path

from bot.__main__ import build_parser
from bot.config import VARIABLES, _Sources

README = Path(__file__).resolve().parents[2] / "README.md"
HEADER = "| Variable | Flag | Default | Meaning |"


def _readme_rows() -> list[tuple[str, str, str]]:
    """(variable, flag, default) of each row of the README's table that names a variable."""
    lines = README.read_text().splitlines()
    start = lines.index(HEADER) + 2  # past the header and its |---| line
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        name, flag, default = (cell.strip().strip("`") for cell in line.split("|")[1:4])
        if name:
            rows.append((name, flag, default))
    return rows


def test_the_settings_read_exactly_the_listed_variables():
    read = {field.alias for field in _Sources.model_fields.values()}
    assert read == {v.name for v in VARIABLES}


def test_the_readme_table_lists_each_variable_with_its_flag_and_default():
    assert _readme_rows() == [(v.name, v.flag, v.default) for v in VARIABLES]


def test_help_lists_every_variable():
    shown = build_parser().format_help()
    assert all(f"  {v.name} " in shown for v in VARIABLES)
