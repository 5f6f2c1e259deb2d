"""What the documents cite is in the repository: every path named in README.md and docs/ exists
(``<game>``-style placeholders match any name), the README's layout lists folders that exist,
and no link leaves the repository (a reader of a clone has nothing else)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: a path in backticks that starts at the repository's top: in a top-level folder, or a
#: top-level file itself (`tabletop_moves_total`, a metric, is not the `tabletop` script)
TOPS = tuple(
    p.name + ("/" if p.is_dir() else "")
    for p in ROOT.iterdir()
    if not p.name.startswith(".") or p.name == ".ci"
)
FOLDERS = tuple(t for t in TOPS if t.endswith("/"))
FILES = tuple(t for t in TOPS if not t.endswith("/"))
CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
#: what the tools make, not the repository: named in the text, absent from a clone
MADE = (".mutation/", ".venv", "out/", "tabletop.sqlite3")


def _cited(doc: Path) -> list[Path]:
    """The paths ``doc`` cites: code spans from the repository's top, links from ``doc``'s
    folder (``<game>``-style placeholders as ``*``)."""
    text = doc.read_text()
    code = [
        m
        for m in CODE.findall(text)
        if (m in FILES or m.startswith(FOLDERS)) and not m.startswith(MADE)
    ]
    links = [m for m in LINK.findall(text) if "://" not in m and not m.startswith("mailto:")]
    return [
        base / re.sub(r"<[^>]+>", "*", c.rstrip("/"))
        for base, cited in ((ROOT, code), (doc.parent, links))
        for c in cited
    ]


def _exists(path: Path) -> bool:
    if "*" not in path.as_posix():
        return path.exists()
    return any(Path("/").glob(path.resolve().as_posix().lstrip("/")))


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_path_a_document_cites_exists(doc):
    missing = [os.path.relpath(c, ROOT) for c in _cited(doc) if not _exists(c)]
    assert not missing, f"{doc.name} cites what the repository lacks: {missing}"


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_no_document_cites_a_file_outside_the_repository(doc):
    outside = [c.as_posix() for c in _cited(doc) if not c.resolve().is_relative_to(ROOT)]
    outside += re.findall(r"/work/\S+|~/\S+", doc.read_text())
    assert not outside, f"{doc.name} cites files outside the repository: {outside}"


def test_the_readme_layout_lists_folders_that_exist():
    text = (ROOT / "README.md").read_text()
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    folder: list[str] = []  # the folders the current line sits in
    missing = []
    for line in block.splitlines():
        m = re.match(r"( *)(\S+)", line)
        if not m or len(m.group(1)) > 2 * len(folder) or len(m.group(1)) % 2:
            continue  # a description's second line
        folder = folder[: len(m.group(1)) // 2]
        path = Path(*folder, m.group(2))
        if not (ROOT / path).exists():
            missing.append(path.as_posix())
        if m.group(2).endswith("/"):
            folder.append(m.group(2).rstrip("/"))
    assert not missing, f"the README's layout lists what is not there: {missing}"
