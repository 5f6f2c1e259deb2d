"""Which channel message is each game's current turn message, kept between runs.

A turn is one public message: posted (pinging the newly awaited players) when someone who was
not awaited becomes awaited, then edited in place while the same players keep acting. The book
remembers, per running game, that message, whom it awaited, the "since your last turn" lines it
opened with and the versions it started at and last showed, in the store's ``meta`` table, so
a restart keeps editing the same message and can disable its buttons once the game ended.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

from bot.discord_app.recap import SINCE_LINES, Line, earlier_line, folded
from bot.table import LogLine, Told
from storage import Store

#: how many log entries are read back to say what happened since a player's last turn
HISTORY = 80


@dataclass
class TurnRecord:
    message_id: int
    channel_id: int
    awaited: list[int]
    start: int  # the game version the turn's message was posted for
    version: int  # the game version it shows now
    since: list[Line] = field(default_factory=list)

    def __post_init__(self) -> None:
        # saved as JSON: lines come back as dicts (or, from older records, as plain texts)
        self.since = [Line.of(item) for item in self.since]


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


def since_lines(history: Sequence[LogLine], users: Sequence[int]) -> list[Line]:
    """What happened since ``users`` last acted themselves, one event a line, like events
    folded as the engine words them (:func:`bot.discord_app.recap.folded`); the turn message
    keeps the newest that fit. At most :data:`SINCE_LINES` lines, the earliest standing for
    the rest (how many are in ``/game log``), so the record of a turn stays small."""
    last = max(
        (i for i, e in enumerate(history) if e.kind == "move" and e.user_id in set(users)),
        default=None,
    )
    if last is None:  # their first turn: from the start on (or all that was read back)
        last = max((i for i, e in enumerate(history) if e.kind == "start"), default=0) - 1
    lines = folded(told_of(history[last + 1 :]))
    if len(lines) <= SINCE_LINES:
        return lines
    earlier = sum(line.events for line in lines[: 1 - SINCE_LINES])
    return [earlier_line(earlier), *lines[1 - SINCE_LINES :]]


def turn_lines(history: Sequence[LogLine], start: int) -> list[Line]:
    """The public events of the entries saved after version ``start`` (this turn so far)."""
    return folded(told_of(e for e in history if e.version > start))


def told_of(entries: Iterable[LogLine]) -> list[Told]:
    """The entries' public events one by one (an entry read without them: its text), each with
    its words as data where the table gives them (:func:`bot.discord_app.recap.words_of`)."""
    return [t for e in entries for t in (e.told or ((Told(e.text),) if e.text else ()))]
