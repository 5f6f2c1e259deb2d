"""``i18n`` sits below everything that words text (``bot`` now; ``rendering`` and the games'
pictures next): it imports none of the project's packages, only Babel and the standard library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_i18n_imports_nothing_of_the_project():
    imported = set()
    for path in (ROOT / "i18n").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module.split(".")[0])
    outside = imported - {"i18n", "babel", "__future__"} - set(sys.stdlib_module_names)
    assert outside == set()
