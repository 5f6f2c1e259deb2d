"""What anyone in the channel can make the bot spend: replays kept and drawn one at a time,
and each user's allowance of replays, boards and log pages (refused privately past it)."""

from __future__ import annotations

import asyncio

from bot.discord_app.cooldowns import LIMITS, Cooldowns, Limit

REPLAY = "replay.gif"


class FakeTime:
    def __init__(self, now: float = 2_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def drawings(h, gate: asyncio.Event | None = None, started: asyncio.Event | None = None):
    """Count the table's replay drawings (``most`` of each); with ``gate``, the first one
    waits for it (``started`` is set as it begins)."""
    calls: list[int] = []
    real = h.table.replay_boards

    async def counted(**kwargs):
        calls.append(kwargs["most"])
        if started is not None and len(calls) == 1:
            started.set()
        if gate is not None and len(calls) == 1:
            await gate.wait()
        return await real(**kwargs)

    h.table.replay_boards = counted
    return calls


def replays(messages) -> list[bytes]:
    return [data for m in messages if m.public for name, data in m.files if name == REPLAY]


def with_fake_time(h, limits=None) -> FakeTime:
    now = FakeTime()
    h.client.cooldowns = Cooldowns(limits or {}, now=now) if limits else Cooldowns(now=now)
    return now


async def test_an_ended_games_replay_is_drawn_once_and_then_served_from_memory(running, h, bob):
    drawn = drawings(h)
    at_the_end = replays((await h.slash(bob, "game concede")).messages)
    asked = replays((await h.slash(h.user("Eve"), "game replay")).messages)
    assert len(drawn) == 1
    assert asked == at_the_end and len(asked) == 1


async def test_a_running_games_replay_is_drawn_for_each_request(running, h, ada):
    drawn = drawings(h)
    await h.slash(h.user("Eve"), "game replay")
    await h.click(ada, running, label="Take 1")
    later = await h.slash(h.user("Finn"), "game replay")
    assert len(drawn) == 2 and len(replays(later.messages)) == 1


async def test_a_request_while_the_game_is_drawn_is_refused_privately_and_draws_nothing(running, h):
    gate, started = asyncio.Event(), asyncio.Event()
    drawn = drawings(h, gate, started)
    first = asyncio.create_task(h.slash(h.user("Eve"), "game replay"))
    await started.wait()
    second = await h.slash(h.user("Finn"), "game replay")
    refusal = second.only_ephemeral()
    assert "already being drawn" in refusal.content and "posted here" in refusal.content
    gate.set()
    assert len(replays((await first).messages)) == 1
    assert len(drawn) == 1


async def test_the_end_of_game_replay_waits_for_a_drawing_under_way(running, h, bob):
    gate, started = asyncio.Event(), asyncio.Event()
    drawn = drawings(h, gate, started)

    async def open_at_the_end(outcome, message):
        if outcome.result is not None:
            gate.set()  # the end's replay has been asked for by now

    h.client.outcome_listeners.append(open_at_the_end)
    asked = asyncio.create_task(h.slash(h.user("Eve"), "game replay"))
    await started.wait()
    ended = await h.slash(bob, "game concede")
    assert "Game over" in ended.public[0].content
    await asked
    posted = replays(h.world.messages.values())
    assert len(posted) == 2 and len(drawn) == 1  # the end's is the drawing Eve asked for


async def test_a_second_replay_within_the_minute_is_refused_privately(running, h):
    with_fake_time(h)
    eve = h.user("Eve")
    await h.slash(eve, "game replay")
    refusal = (await h.slash(eve, "game replay")).only_ephemeral()
    assert "again <t:" in refusal.content


async def test_a_refused_replay_draws_nothing(running, h):
    with_fake_time(h)
    eve = h.user("Eve")
    await h.slash(eve, "game replay")
    drawn = drawings(h)
    await h.slash(eve, "game replay")
    assert drawn == []


async def test_the_replay_allowance_comes_back_after_the_minute(running, h):
    now = with_fake_time(h)
    eve = h.user("Eve")
    await h.slash(eve, "game replay")
    now.advance(60.0)
    again = await h.slash(eve, "game replay")
    assert len(replays(again.messages)) == 1


async def test_boards_past_the_allowance_are_refused_privately_and_post_nothing(running, h):
    with_fake_time(h, {"board": Limit(2, 30.0, LIMITS["board"].refusal)})
    eve = h.user("Eve")
    for _ in range(2):
        assert len((await h.slash(eve, "game board")).public) == 1
    refusal = (await h.slash(eve, "game board")).only_ephemeral()
    assert "the board again <t:" in refusal.content


async def test_the_board_allowance_comes_back_over_time(running, h):
    now = with_fake_time(h, {"board": Limit(2, 30.0, LIMITS["board"].refusal)})
    eve = h.user("Eve")
    for _ in range(2):
        await h.slash(eve, "game board")
    now.advance(15.0)  # one of two regained
    assert len((await h.slash(eve, "game board")).public) == 1


async def test_a_log_page_past_the_allowance_is_refused_and_the_page_stays(running, h, ada, bob):
    for user in (ada, bob, ada):
        await h.slash(user, "play", action="take:1")
    with_fake_time(h, {"log": Limit(2, 30.0, LIMITS["log"].refusal)})
    first = (await h.slash(bob, "game log", count=2)).only_ephemeral()
    older = first.buttons()[0]["label"]
    await h.click(bob, first, label=older)
    shown = first.content
    refused = await h.click(bob, first, label=older)
    assert "log pages again <t:" in refused.only_ephemeral().content
    assert first.content == shown and "page 2 of 3" in shown


async def test_the_log_command_counts_against_the_same_allowance(running, h, bob):
    with_fake_time(h, {"log": Limit(1, 30.0, LIMITS["log"].refusal)})
    await h.slash(bob, "game log")
    refusal = (await h.slash(bob, "game log")).only_ephemeral()
    assert "log pages again" in refusal.content
