"""A game's outcomes are shown one at a time, under a lock that lives only while it is used:
the locks of games shown before are gone, however many games the bot has shown."""

from __future__ import annotations

import asyncio

from bot.discord_app import turns
from bot.keyed_locks import KeyedLocks


async def test_no_lock_is_kept_for_a_game_once_its_turn_messages_are_shown(h, ada, bob):
    for _ in range(3):  # three games, one after the other, in the same channel
        await h.slash(ada, "game new", game="toy", options="pile=11")
        await h.slash(bob, "game join")
        await h.slash(ada, "game start")
        await h.slash(ada, "play", action="take:1")
        await h.slash(bob, "game concede")
    assert sum("Game over" in m.content for m in h.public_messages()) == 3
    assert len(turns._locks) == 0


async def test_holders_of_one_key_take_turns_and_leave_no_entry():
    locks = KeyedLocks()
    inside: list[str] = []

    async def hold(name: str) -> None:
        async with locks.hold(7):
            inside.append(f"{name} in")
            await asyncio.sleep(0)
            inside.append(f"{name} out")

    await asyncio.gather(hold("a"), hold("b"))
    assert inside == ["a in", "a out", "b in", "b out"] and len(locks) == 0
