"""Every moment the clock shows to players is written in Discord's timestamp markup
(``<t:…:f>`` and ``<t:…:R>``), which each reader's client shows in their own time zone and
keeps current ("in 3 hours" stays true however late it is read); lengths of time (a turn's
time, a bank, the away limit) stay plain durations."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.clock.records import MineEntry
from bot.clock.results import AwayPeriod, ClockInfo, ClockSetting, Nudge, PlayerClock
from bot.discord_app import clock_texts as words
from tests.discord.game_info import game

ROOT = Path(__file__).resolve().parents[2]
#: the modules that word what the clock shows players
TEXTS = [
    ROOT / "bot/discord_app/clock_texts.py",
    ROOT / "bot/discord_app/commands/me.py",
    ROOT / "bot/discord_app/commands/host.py",
    ROOT / "bot/clock/away.py",
    ROOT / "bot/clock/reminders.py",
    ROOT / "bot/clock/host.py",
]
#: ways of writing a moment in one time zone for everyone
ZONED = {"strftime", "isoformat", "ctime", "fromtimestamp", "utcfromtimestamp"}
#: names that hold a moment (or the time until one), never to be shown as a duration
MOMENT = re.compile(r"(^|_)(at|due|until|deadline|when|left)$")
M = 1_800_000_123  # a moment


def names_in(node: ast.AST) -> list[str]:
    return [
        n.id if isinstance(n, ast.Name) else n.attr
        for n in ast.walk(node)
        if isinstance(n, (ast.Name, ast.Attribute))
    ]


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_no_clock_text_writes_a_moment_in_one_time_zone(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    called = {names_in(n.func)[-1] for n in ast.walk(tree) if isinstance(n, ast.Call)}
    assert not called & ZONED


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_no_clock_text_shows_a_moment_as_a_duration(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    wrong = [
        ast.unparse(n)
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and names_in(n.func)[-1] == "format_duration"
        and any(MOMENT.search(name) for arg in n.args for name in names_in(arg))
    ]
    assert wrong == []


def entry(**kw) -> MineEntry:
    base = dict(
        game_id=5,
        channel_id=2,
        title="Race",
        status="running",
        guild_id=1,
        your_turn=True,
        waiting_for=["Ada"],
        deadline=float(M),
        paused=False,
        board_channel_id=2,
        board_message_id=3,
        bank_left=3600.0,
    )
    return MineEntry(**{**base, **kw})


SHOWN = {
    "reminder": lambda: words.reminder(game(), 11, "near", float(M)),
    "turn_dm": lambda: words.turn_dm(game(), due_at=float(M)),
    "nudge": lambda: words.nudge(Nudge(22, "Race", ((11, float(M)),))).text,
    "away": lambda: words.away(AwayPeriod(float(M), 2)),
    "clock_info": lambda: words.clock_info(
        ClockInfo(ClockSetting(3600, 3), float(M), (PlayerClock("Ada", float(M), 60.0),))
    ),
    "my_turns": lambda: "\n".join(words.turn_lines([entry()])),
    "digest": lambda: words.digest([entry()]),
}


@pytest.mark.parametrize("name", SHOWN)
def test_every_moment_shown_is_discords_timestamp_markup(name):
    text = SHOWN[name]()
    assert f"<t:{M}:f>" in text and f"<t:{M}:R>" in text
    assert text.count(str(M)) == len(re.findall(rf"<t:{M}:[fR]>", text))
