"""The table: the one gateway to games (Discord-free).

Only the table loads game states and writes game rows: the Discord commands, the clock service
(turn clocks, stand-ins, votes, host powers), the tests and ``python -m bot simulate`` all ask
it, and hear of every saved change through :meth:`Table.subscribe`.
"""

from __future__ import annotations

from bot.table.names import MAX_NAME, player_name
from bot.table.results import Change, GameInfo, LogLine, Outcome, Seat, Told
from bot.table.table import ChangeListener, NoteSource, Table

__all__ = [
    "MAX_NAME",
    "Change",
    "ChangeListener",
    "GameInfo",
    "LogLine",
    "NoteSource",
    "Outcome",
    "Seat",
    "Table",
    "Told",
    "player_name",
]
