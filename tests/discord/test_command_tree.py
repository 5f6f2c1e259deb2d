"""The shape of the command tree: groups by who uses them, each with room to grow, and every
command the bot's words or the README cite exists under that name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from discord import app_commands

from bot import watch
from bot.discord_app.client import TabletopClient, intents
from bot.discord_app.commands import MAX_SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]

#: where people read command names: every product file (messages, guides, rulings, pages) and
#: the README
CITING = [
    *(p for d in ("bot", "engines") for p in (ROOT / d).rglob("*") if p.is_file()),
    ROOT / "README.md",
]
CITING_SUFFIXES = {".py", ".md", ".txt", ".json", ".html", ".js"}


@pytest.fixture
def pages_on():
    """The spectator pages on, so ``/game watch`` is in the tree too."""
    watch.enable(watch.WatchConfig(base_url="https://t.example/"))
    yield
    watch.enable(None)


def groups(tree: app_commands.CommandTree) -> dict[str, set[str]]:
    """Each top-level command with its subcommands' names (none for a plain command)."""
    return {
        c.name: {s.name for s in c.commands} if isinstance(c, app_commands.Group) else set()
        for c in tree.get_commands()
    }


def citations(text: str, top: set[str]) -> list[tuple[str, str]]:
    """Each ``/command sub`` in ``text`` whose command is one of ``top``, as (command, sub);
    sub is "" where the command is named alone. A word before a ``:`` is an option."""
    names = "|".join(sorted(top))
    found = []
    for m in re.finditer(rf"(?<![\w/.<])/({names})\b(?: ([a-z_]+)\b(?!:))?", text):
        found.append((m.group(1), m.group(2) or ""))
    return found


def test_the_groups_are_by_who_uses_a_command():
    tree = groups(TabletopClient(None).tree)
    assert set(tree) == {"game", "play", "host", "me", "tabletop", "league"}
    assert {"new", "join", "start", "board", "rules", "concede"} <= tree["game"]
    assert {"pause", "resume", "clock", "kick", "handover", "abort"} == tree["host"]
    assert {
        "turns",
        "digest",
        "away",
        "notifications",
        "zone",
        "quiet",
        "mute",
        "unmute",
        "rating",
        "leaderboards",
        "language",
    } == tree["me"]
    league = {"open", "start", "info", "standings", "leave", "pause", "resume", "close"}
    assert league == tree["league"]


def test_every_group_keeps_room_below_discords_limit_of_25(pages_on):
    for name, subcommands in groups(TabletopClient(None).tree).items():
        assert len(subcommands) <= MAX_SUBCOMMANDS, name


def test_every_command_cited_in_the_bots_words_and_the_readme_exists(pages_on):
    tree = groups(TabletopClient(None).tree)
    wrong = []
    for path in CITING:
        if path.suffix not in CITING_SUFFIXES:
            continue
        text = path.read_text(encoding="utf-8")
        for command, sub in citations(text, set(tree)):
            if sub and tree[command] and sub not in tree[command]:
                wrong.append(f"{path.relative_to(ROOT)}: /{command} {sub}")
    assert wrong == []


def test_a_moved_command_cited_by_its_old_name_is_found():
    tree = {"game": {"new"}, "host": {"pause"}, "play": set()}
    found = citations("Use `/game pause`, then `/host pause`; `/play action:x`.", set(tree))
    assert [(c, s) for c, s in found if s and tree[c] and s not in tree[c]] == [("game", "pause")]


def test_play_is_a_top_level_command():
    client = TabletopClient(None)
    assert {c.name for c in client.tree.get_commands()} >= {"game", "play"}


def test_the_game_choices_are_the_registered_engines():
    game = TabletopClient(None).tree.get_command("game")
    new = game.get_command("new")
    choices = {c.value: c.name for c in new._params["game"].choices}
    assert choices["toy"] == "Race to 21 (test game)"


def test_commands_are_for_servers_only_but_a_players_own():
    """A player's own settings (``/me``) are valid in every server and in direct messages
    with the bot; every other command works in servers only."""
    client = TabletopClient(None)
    for command in client.tree.get_commands():
        if command.name == "me":
            contexts = command.allowed_contexts
            assert contexts is not None and contexts.guild and contexts.dm_channel
            assert not contexts.private_channel
        else:
            assert command.guild_only, command.name


def test_only_the_guilds_intent_is_requested():
    wanted = intents()
    assert wanted.guilds and not wanted.members and not wanted.message_content
    assert wanted.value == type(wanted).none().value | type(wanted)(guilds=True).value
