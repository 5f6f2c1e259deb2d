"""Run by ``test_installed_wheel`` with the Python of a fresh virtual environment holding only the
built wheel (``python -I probe.py``: neither the checkout nor PYTHONPATH is on ``sys.path``). It
reads every file the bot reads at run time through the functions the bot reads them with, and
prints what it found as JSON."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import tempfile
from importlib import resources
from pathlib import Path

import bot
import engines
import i18n
import localdiscord
import rendering
import storage
from bot.discord_app.rulings import pages, rulings_text
from bot.webstatic import static_file
from localdiscord.spec import Spec
from storage import Store
from storage.migrate import MIGRATIONS_DIR, discover


def _packaged_files() -> list[str]:
    """Every file beside the code in the installed packages (all but Python sources)."""
    site = Path(bot.__file__).parents[1]
    found = []
    for package in ("bot", "engines", "i18n", "localdiscord", "rendering", "storage"):
        for path in (site / package).rglob("*"):
            if path.is_file() and path.suffix not in (".py", ".pyc"):
                found.append(path.relative_to(site).as_posix())
    return sorted(found)


def _games() -> dict[str, dict[str, object]]:
    """Each game's rulings (as ``/game rules page:rulings`` sends them), and a new game's
    board drawn from its installed data with the installed fonts."""
    out: dict[str, dict[str, object]] = {}
    for name in engines.names():
        engine = engines.get_engine(name)
        text = rulings_text(name)
        state = engine.setup(["Ada", "Bruno"], seed=1)
        png = rendering.render_board(name, engine.view(state, None))
        out[name] = {
            "rulings_pages": len(pages(text)) if text is not None else None,
            "board_png": png.startswith(b"\x89PNG"),
        }
    return out


async def _store_version(folder: str) -> int:
    """A new SQLite store's schema version, its migrations read from the package."""
    path = Path(folder) / "probe.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0])


def _languages() -> dict[str, object]:
    """The catalog check on the installed catalogs (the shared one and each game's), and one
    command's name read from them."""
    import engines
    from i18n.catalogs import domain_template, domains
    from i18n.check import check

    engines.names()  # the games found, their catalogs with them
    reports = check()
    return {
        "lines": [r.line for r in reports],
        "ok": all(r.ok for r in reports),
        "entries": sum(len([m for m in domain_template(p) if m.id]) for p in domains()),
        "domains": list(domains()),
        "game_de": i18n.lookup("de", "game", "command name"),
        "catalogs": str(resources.files("i18n").joinpath("locales")),
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        version = asyncio.run(_store_version(folder))
    static = {
        package: sorted(
            name
            for name in (p.name for p in (resources.files(package) / "static").iterdir())
            if static_file(package, name).body
        )
        for package in ("localdiscord.web", "bot.watch")
    }
    report = {
        "modules": {
            m.__name__: m.__file__ for m in (bot, engines, i18n, localdiscord, rendering, storage)
        },
        "prefix": sys.prefix,
        "files": _packaged_files(),
        "games": _games(),
        "migrations": [m.name for m in discover()],
        "postgres_migrations": [m.name for m in discover(MIGRATIONS_DIR / "postgresql")],
        "store_version": version,
        "static": static,
        "spec_commit": Spec().source.get("commit"),
        "languages": _languages(),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
