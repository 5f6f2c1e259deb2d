"""Which channel message is each game's current turn message, kept between runs.

A turn is one public message: posted (pinging the newly awaited players) when someone who was
not awaited becomes awaited, then edited in place while the same players keep acting. The book
remembers, per running game, that message, whom it awaited, the "since your last turn" lines it
opened with and the versions it started at and last showed, in the store's ``meta`` table, so
a restart keeps editing the same message and can disable its buttons once the game ended.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from bot.discord_app.text import EARLIER
from bot.table import LogLine
from bot.table.texts import ellipsize
from storage import Store

SINCE_LINES = 8
SINCE_LINE = 240  # characters in one player's line before the rest goes to /game log
MORE = " … (`/game log`)"
#: how many log entries are read back to say what happened since a player's last turn
HISTORY = 80


@dataclass
class TurnRecord:
    message_id: int
    channel_id: int
    awaited: list[int]
    start: int  # the game version the turn's message was posted for
    version: int  # the game version it shows now
    since: list[str] = field(default_factory=list)


class TurnBook:
    PREFIX = "discord.turn."

    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, game_id: int) -> TurnRecord | None:
        raw = await self.store.get_meta(f"{self.PREFIX}{game_id}")
        if not raw:
            return None
        try:
            return TurnRecord(**json.loads(raw))
        except (ValueError, TypeError):
            return None

    async def put(self, game_id: int, record: TurnRecord) -> None:
        await self.store.set_meta(f"{self.PREFIX}{game_id}", json.dumps(asdict(record)))

    async def drop(self, game_id: int) -> None:
        await self.store.set_meta(f"{self.PREFIX}{game_id}", "")

    async def ended(self) -> list[int]:
        """Games that ended while their turn message still had live buttons (the end saved
        but never shown): read through the index of notes in use, however many games ended."""
        return await self.store.ended_noted(self.PREFIX)


def since_lines(
    history: Sequence[LogLine], users: Sequence[int], *, at_most: int = SINCE_LINES
) -> list[str]:
    """What happened since ``users`` last acted themselves, grouped by player, at most
    ``at_most`` lines (the oldest give way to a pointer to ``/game log``)."""
    last = max(
        (i for i, e in enumerate(history) if e.kind == "move" and e.user_id in set(users)),
        default=None,
    )
    if last is None:  # their first turn: from the start on (or all that was read back)
        last = max((i for i, e in enumerate(history) if e.kind == "start"), default=0) - 1
    groups: list[tuple[str | None, list[str]]] = []  # (the player, or None for the table)
    for entry in history[last + 1 :]:
        if not entry.text:
            continue
        who = entry.player
        if groups and groups[-1][0] == who:
            groups[-1][1].append(entry.text)
        else:
            groups.append((who, [entry.text]))
    lines = [player_line(texts) for _, texts in groups]
    if len(lines) > at_most:
        hidden = len(lines) - (at_most - 1)
        lines = [EARLIER.format(n=hidden), *lines[-(at_most - 1) :]]
    return lines


def player_line(texts: Sequence[str], limit: int = SINCE_LINE) -> str:
    """One player's events in one line. When they do not fit, the earlier ones give way to
    the pointer to ``/game log``, never the newest: it is what the next player answers
    (a bid, a trade offered, a card played)."""
    whole = " ".join(texts)
    if len(whole) <= limit or len(texts) == 1:
        return ellipsize(whole, limit, more=MORE)
    newest = ellipsize(texts[-1], limit // 2, more=MORE)
    earlier = ellipsize(" ".join(texts[:-1]), limit - len(newest) - 1, more=MORE)
    return f"{earlier} {newest}"


def turn_lines(history: Sequence[LogLine], start: int) -> list[str]:
    """The public texts of the entries saved after version ``start`` (this turn so far)."""
    return [e.text for e in history if e.version > start and e.text]
