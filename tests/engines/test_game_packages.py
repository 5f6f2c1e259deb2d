"""A game lives in one place: its package. Generic code finds it through the registry and never
names it, and the rules modules never draw (only ``render*.py`` and ``legend.py`` do)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import engines
from tests.shipped import shipped_games

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("bot", "engines", "i18n", "localdiscord", "rendering", "storage")
TEXT = {".py", ".md", ".json", ".js", ".html", ".css", ".sql", ".txt", ".toml", ".po", ".pot"}
#: product files outside a game's package that may name a game, and why
ALLOWED = {
    # the local Discord page's help shows a real command to type
    "localdiscord/web/static/": "an example command for people, naming a game they can start",
}


def _words(game: str) -> list[str]:
    """What names a game in text: its engine name, that name in words, its title."""
    return [game, game.replace("_", " "), engines.get_engine(game).title]


def _generic_files() -> list[Path]:
    games = {ROOT / "engines" / g for g in shipped_games()}
    out = []
    for top in PRODUCT:
        for path in (ROOT / top).rglob("*"):
            if not path.is_file() or path.suffix not in TEXT:
                continue
            if any(home in path.parents for home in games):
                continue
            rel = path.relative_to(ROOT).as_posix()
            if not any(rel.startswith(prefix) for prefix in ALLOWED):
                out.append(path)
    return out


def test_no_product_file_outside_a_game_s_package_names_a_game():
    files = _generic_files()
    assert ROOT / "rendering" / "legend.py" in files and ROOT / "bot" / "balance.py" in files
    pattern = re.compile(
        "|".join(re.escape(w) for g in sorted(shipped_games()) for w in _words(g)), re.I
    )
    named = [
        f"{p.relative_to(ROOT)}: {m.group(0)}"
        for p in files
        for m in [pattern.search(p.read_text(encoding="utf-8", errors="replace"))]
        if m
    ]
    assert named == []


def test_the_rules_never_import_pillow():
    """Every game's ``engine`` module (and so everything the rules need) imports without
    Pillow: a fresh interpreter loads them all and finds no ``PIL`` among its modules."""
    probe = (
        "import sys, engines\n"
        "for name in engines.names(): engines.get_engine(name)\n"
        "print(sorted(m for m in sys.modules if m == 'PIL' or m.startswith('PIL.')))\n"
        "print(engines.names())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    pil, names = done.stdout.splitlines()
    assert pil == "[]"
    assert names == repr(sorted(shipped_games()))


def test_every_game_brings_its_renderer_legend_and_rulings():
    import rendering
    from rendering import legend

    for name in shipped_games():
        assert engines.package_of(name) == f"engines.{name}"
        assert rendering.game_module(name, "render") is not None, name
        assert legend.has_legend(name), name
        assert engines.rulings(name), name


def test_the_readme_s_game_table_lists_exactly_the_registered_games():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## The games", 1)[1].split("\n\n", 2)[1]
    rows = {
        cells[1].strip("` "): cells[2].strip()
        for cells in (line.split("|") for line in table.splitlines()[2:])
    }
    assert rows == {g: engines.get_engine(g).title for g in shipped_games()}


def test_the_rulings_index_links_exactly_each_game_s_rulings_page():
    text = (ROOT / "docs" / "rulings" / "README.md").read_text(encoding="utf-8")
    links = dict(re.findall(r"^- \[(.+)\]\(\.\./\.\./engines/(\w+)/rulings\.md\)$", text, re.M))
    assert {game: title for title, game in links.items()} == {
        g: engines.get_engine(g).title for g in shipped_games() if engines.rulings(g)
    }
