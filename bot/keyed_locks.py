"""One asyncio lock per key (a game's id), kept only while someone holds or awaits it.

A dict of locks filled on first use grows with every game the bot ever showed; here an entry
goes as soon as its last user leaves, so the map holds only the games being shown right now.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class _Entry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0  # holding it or waiting for it


class KeyedLocks:
    """``async with locks.hold(key):`` runs one holder of ``key`` at a time."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, _Entry] = {}

    def __len__(self) -> int:
        """How many keys are held or awaited now."""
        return len(self._entries)

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        entry = self._entries.setdefault(key, _Entry())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0:
                del self._entries[key]
