"""The shards one bot process serves, and the SQL that keeps its queries to their guilds.

Discord sends a guild's events to the shard ``(guild_id >> 22) % shard_count``, and direct
messages to shard 0. Several processes, each running some shards, share one database: each
fires the clocks of, and catches up, only its own guilds' games. The filter is plain SQL that
SQLite and PostgreSQL read alike, with the numbers written in (they are validated integers),
so it needs no placeholder style of either.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    """Shards ``ids`` of ``count`` (``Shards(1, {0})`` is an unsharded bot: every guild)."""

    count: int
    ids: frozenset[int]

    def __init__(self, count: int, ids: Iterable[int]):
        ids = frozenset(ids)
        if count < 1:
            raise ValueError(f"the shard count must be 1 or more, not {count}")
        if not ids:
            raise ValueError("at least one shard id is needed")
        outside = sorted(i for i in ids if not 0 <= i < count)
        if outside:
            raise ValueError(
                f"shard ids run from 0 to {count - 1} with {count} shards; "
                f"{', '.join(map(str, outside))} is outside"
            )
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "ids", ids)

    @property
    def everything(self) -> bool:
        """True when these shards are all of them (no filtering needed)."""
        return len(self.ids) == self.count

    def of(self, guild_id: int | None) -> int:
        """The shard a guild belongs to (shard 0 for direct messages)."""
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.of(guild_id) in self.ids

    def sql(self, guild_column: str) -> str:
        """A condition on ``guild_column`` true for the guilds of these shards (a NULL guild,
        a direct message's, is shard 0's)."""
        if self.everything:
            return "1 = 1"
        ids = ", ".join(str(int(i)) for i in sorted(self.ids))
        return f"((COALESCE({guild_column}, 0) >> 22) % {int(self.count)}) IN ({ids})"

    def __str__(self) -> str:
        return f"shard{'s' if len(self.ids) > 1 else ''} {_ranges(self.ids)} of {self.count}"


def where(shards: Shards | None, guild_column: str) -> str:
    """``shards.sql(guild_column)``, or a condition that is always true without shards."""
    return "1 = 1" if shards is None else shards.sql(guild_column)


def _ranges(ids: Iterable[int]) -> str:
    """``0-3,7`` for {0, 1, 2, 3, 7}."""
    out: list[str] = []
    run: list[int] = []
    for i in sorted(ids):
        if run and i != run[-1] + 1:
            out.append(_run(run))
            run = []
        run.append(i)
    if run:
        out.append(_run(run))
    return ",".join(out)


def _run(run: list[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"
