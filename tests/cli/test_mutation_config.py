"""The mutation-testing setup stays runnable: every module listed for ``./tabletop mutate`` and
every test file it names exist, and each module in docs/mutation.md's table is listed."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]


def test_every_listed_module_and_test_file_exists():
    listed = CONFIG["tabletop"]["mutation"]
    assert listed, "no module is listed for mutation testing"
    for module, tests in listed.items():
        assert (ROOT / module).is_file(), module
        for test in tests:
            assert (ROOT / test).exists(), f"{module}: {test}"


def test_every_module_scored_in_the_docs_is_listed():
    table = (ROOT / "docs" / "mutation.md").read_text()
    scored = set(re.findall(r"^\| `([\w/]+\.py)` \|", table, flags=re.M))
    assert scored and scored <= set(CONFIG["tabletop"]["mutation"])


def test_mutmut_copies_every_package_the_tests_import():
    assert set(CONFIG["mutmut"]["source_paths"]) == {
        "bot",
        "engines",
        "localdiscord",
        "rendering",
        "storage",
    }
