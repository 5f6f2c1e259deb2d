"""A click goes one way: discord.py -> :mod:`bot.discord_app.clicks` -> the use case (turns,
rematch, the log's pages) -> the table -> posts and components -> Discord. Nothing below the
click handlers imports them, and the client forwards nothing."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from bot.discord_app.client import TabletopClient
from bot.discord_app.components import action_layout, log_view, rematch_view
from engines import Action, ActionRole

BELOW_THE_CLICKS = [
    "bot.discord_app.turns",
    "bot.discord_app.posts",
    "bot.discord_app.rematch",
    "bot.discord_app.components",
    "bot.discord_app.commands.looking",
]


def imported_by(module: str) -> set[str]:
    """The modules ``module``'s source imports (at any level of its code)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def test_nothing_below_the_click_handlers_imports_them():
    assert {
        m: "bot.discord_app.clicks" in imported_by(m) for m in BELOW_THE_CLICKS
    } == dict.fromkeys(BELOW_THE_CLICKS, False)


def test_the_client_has_no_method_that_only_forwards_a_click():
    assert [name for name in dir(TabletopClient) if name.startswith("handle_")] == []


async def test_every_view_the_layout_draws_is_finished_before_it_is_sent():
    """A finished view is not stored by discord.py, and sending it registers none of its
    drawing classes in place of the click handlers the client registered."""
    moves = [Action(id=f"m{i}", label=f"Move {i}", role=ActionRole.NORMAL) for i in range(30)]
    views = [
        action_layout(1, 1, moves[:3]).view,
        action_layout(1, 1, moves, private=True).view,
        action_layout(1, 1, moves, own=True).view,
        rematch_view(1),
        log_view(1, 3, 10),
    ]
    assert all(v is not None and v.is_finished() for v in views)
