"""The local Discord is a product of its own beside the bot: the bot never depends on the fake
(only the launcher of local play starts it), and the fake takes from the bot only Discord's
limits and the static-file helper."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: what of the bot the local Discord may import
BOT_FOR_THE_FAKE = {"bot.discord_limits", "bot.webstatic"}


def _imports(package: str) -> dict[str, set[str]]:
    """module file -> the modules it imports (``from bot import x`` counts as ``bot.x``)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                if node.module in ("bot", "localdiscord"):  # a package's modules by name
                    names.update(f"{node.module}.{alias.name}" for alias in node.names)
                else:
                    names.add(node.module)
        found[path.relative_to(ROOT).as_posix()] = names
    return found


def _of(package: str, names: set[str]) -> set[str]:
    return {n for n in names if n == package or n.startswith(package + ".")}


def test_only_the_launcher_of_local_play_imports_the_local_discord():
    users = {path for path, names in _imports("bot").items() if _of("localdiscord", names)}
    assert users and all(path.startswith("bot/playground/") for path in users), users


def test_the_local_discord_takes_from_the_bot_only_discords_limits_and_static_files():
    taken = {n for names in _imports("localdiscord").values() for n in _of("bot", names)}
    assert taken <= BOT_FOR_THE_FAKE, taken - BOT_FOR_THE_FAKE
