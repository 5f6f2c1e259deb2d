"""The mutation-testing setup stays runnable: every module listed for ``./tabletop mutate`` and
every test file it names exist, and each module in docs/mutation.md's table has tests (listed,
or a game's by convention)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.mutate import suite_for

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]


def test_every_listed_module_and_test_file_exists():
    listed = CONFIG["tabletop"]["mutation"]
    assert listed, "no module is listed for mutation testing"
    for module, tests in listed.items():
        assert (ROOT / module).is_file(), module
        for test in tests:
            assert (ROOT / test).exists(), f"{module}: {test}"


def test_every_module_scored_in_the_docs_has_tests_that_exist():
    table = (ROOT / "docs" / "mutation.md").read_text()
    scored = set(re.findall(r"^\| `([\w/]+\.py)` \|", table, flags=re.M))
    assert scored
    for module in scored:
        tests = suite_for(module, CONFIG["tabletop"]["mutation"])
        assert tests and all((ROOT / t).exists() for t in tests), module


def test_a_game_s_module_is_tested_by_convention_with_its_game_s_tests():
    assert suite_for("engines/cemetery/flow.py", {}) == [
        "tests/cemetery",
        "tests/golden",
        "tests/upgrades",
        "tests/engines/test_determinize.py",
    ]
    assert suite_for("engines/core.py", {}) == []


def test_pyproject_lists_no_game_s_module():
    games = {p.parent.name for p in (ROOT / "engines").glob("*/engine.py")}
    listed = CONFIG["tabletop"]["mutation"]
    assert not [m for m in listed if m.split("/")[:2] in (["engines", g] for g in games)]


def test_mutmut_copies_every_package_the_tests_import():
    assert set(CONFIG["mutmut"]["source_paths"]) == {
        "bot",
        "engines",
        "i18n",
        "localdiscord",
        "rendering",
        "storage",
    }
