"""One name, one meaning: the glossary in docs/ARCHITECTURE.md ("Names") held to the code.

"settings" is a server's settings, "clock" the turn clock, "bot" the Discord application and an
AI player an "AI seat"; each test below fails when a second meaning comes back.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("bot", "storage", "engines", "i18n", "rendering", "localdiscord")
#: the AI seats' code (no Discord) and the AI itself: "bot" never names anything there
AI_HOMES = ("bot/ai_seats/", "bot/table/ai_seats.py", "bot/discord_app/ai_seats.py", "engines/ai/")
#: the names AI seats had when they were called bots
OLD_AI_SEAT_NAMES = {
    "is_bot",
    "bot_user_id",
    "bot_level",
    "bot_number",
    "bot_seat_name",
    "BotDriver",
    "bot_driver",
    "BotSeats",
    "add_bots",
    "play_bot",
    "bot_seats",
}


def product_modules() -> Iterator[tuple[str, ast.Module]]:
    for top in PRODUCT:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            yield rel, ast.parse(path.read_text(), rel)


def words(identifier: str) -> list[str]:
    """``add_ai_seats`` -> add, ai, seats; ``AiSeatDriver`` -> ai, seat, driver."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", identifier)
    return [w.lower() for w in spaced.split("_") if w]


def identifiers(tree: ast.Module) -> Iterator[tuple[str, int, str]]:
    """(name, line, kind) of everything the module defines or uses by name."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name, node.lineno, "def"
        elif isinstance(node, ast.arg):
            yield node.arg, node.lineno, "arg"
        elif isinstance(node, ast.Name):
            yield node.id, node.lineno, "name"
        elif isinstance(node, ast.Attribute):
            yield node.attr, node.lineno, "attribute"
        elif isinstance(node, ast.alias):
            yield (node.asname or node.name).split(".")[-1], node.lineno, "import"
        elif isinstance(node, ast.keyword) and node.arg:
            yield node.arg, node.lineno, "keyword"


#: the only modules named for settings: a server's (three) and a player's own (two)
SETTINGS_MODULES = {"storage/player_settings.py", "bot/player_day/settings.py"}


def test_settings_is_only_a_servers_or_a_players_settings_in_module_names():
    """A module named for settings is one of the three ``server_settings`` modules or one of
    the two of a player's own settings (``player_settings``, ``player_day/settings``)."""
    named = [
        rel
        for rel, _ in product_modules()
        if "settings" in Path(rel).stem
        and Path(rel).stem != "server_settings"
        and rel not in SETTINGS_MODULES
    ]
    assert named == []


def test_no_class_is_named_settings_but_the_servers():
    """The operator's configuration is ``Config`` (the spectator pages' ``WatchConfig``), a
    game's fixed numbers its constants: no class but ``ServerSettings`` and a player's own
    ``PlayerSettings`` is a kind of settings (the keeper, store and change log of server
    settings are ``Settings...``)."""
    found = [
        f"{rel}:{node.lineno} {node.name}"
        for rel, tree in product_modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and node.name.endswith("Settings")
        and node.name not in {"ServerSettings", "PlayerSettings"}
    ]
    assert found == []


def _is_time_function(node: ast.expr | None) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "time"
        and node.attr in {"time", "monotonic", "perf_counter"}
    )


def test_a_time_source_is_now_never_clock():
    """ "clock" is the turn clock; a function giving the time is ``now``: no ``clock``
    parameter holding a function, no ``.clock`` attribute set or called."""
    found = []
    for rel, tree in product_modules():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args
                positional = args.posonlyargs + args.args
                defaults: list[ast.expr | None] = [None] * (
                    len(positional) - len(args.defaults)
                ) + list(args.defaults)
                pairs = list(zip(positional, defaults, strict=True)) + list(
                    zip(args.kwonlyargs, args.kw_defaults, strict=True)
                )
                for arg, default in pairs:
                    shown = ast.unparse(arg.annotation) if arg.annotation else ""
                    if arg.arg == "clock" and ("Callable" in shown or _is_time_function(default)):
                        found.append(f"{rel}:{arg.lineno} parameter clock: {shown}")
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and target.attr == "clock":
                        found.append(f"{rel}:{node.lineno} attribute .clock set")
            elif isinstance(node, ast.Call):
                if isinstance(node.func, ast.Attribute) and node.func.attr == "clock":
                    found.append(f"{rel}:{node.lineno} .clock() called")
                for kw in node.keywords:
                    if kw.arg == "clock" and (
                        _is_time_function(kw.value) or isinstance(kw.value, ast.Lambda)
                    ):
                        found.append(f"{rel}:{node.lineno} clock= given a time function")
    assert found == []


def test_no_module_but_the_application_is_named_bot():
    """``bot`` is the Discord application; no module or package is named for bots besides it."""
    found = []
    for rel, _ in product_modules():
        parts = Path(rel).with_suffix("").parts
        for part in parts[1:] if parts[0] == "bot" else parts:
            if "bot" in words(part) or "bots" in words(part):
                found.append(rel)
    assert found == []


def test_ai_seats_are_never_called_bots_in_code():
    """Code says "AI seat"; "bots" is only the players' word (a Discord option they type is
    the one place a parameter keeps it), and the old names of AI seats are gone everywhere."""
    found = []
    for rel, tree in product_modules():
        for name, line, _kind in identifiers(tree):
            if name in OLD_AI_SEAT_NAMES:
                found.append(f"{rel}:{line} {name}")
            elif "bots" in words(name):
                if name == "bots" and rel.startswith("bot/discord_app/commands/"):
                    continue  # the `bots:` option of /game new and /game join, and its value
                found.append(f"{rel}:{line} {name}")
            elif rel.startswith(AI_HOMES) and "bot" in words(name):
                found.append(f"{rel}:{line} {name}")
    assert found == []


def test_the_tests_use_the_names_of_the_glossary_too():
    """The old names of AI seats, and a time source called ``clock``, are gone from the tests."""
    found = []
    time_as_clock = re.compile(r"\bclass Clock\b|(?<![\w.])clock\.(now|advance)\b|\bclock=lambda\b")
    for path in sorted((ROOT / "tests").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "tests/docs/test_names.py":
            continue
        text = path.read_text()
        for name, line, _ in identifiers(ast.parse(text, rel)):
            if name in OLD_AI_SEAT_NAMES:
                found.append(f"{rel}:{line} {name}")
        for k, line_text in enumerate(text.splitlines(), 1):
            if time_as_clock.search(line_text):
                found.append(f"{rel}:{k} {line_text.strip()}")
    assert found == []


def test_the_glossary_is_in_the_architecture():
    text = (ROOT / "docs/ARCHITECTURE.md").read_text()
    section = text.split("## Names", 1)[1].split("\n## ", 1)[0]
    for term in (
        "**config**",
        "**server settings**",
        "**player settings**",
        "**options**",
        "**clock**",
        "**bot**",
        "**AI seat**",
    ):
        assert term in section
