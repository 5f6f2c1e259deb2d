"""Public spectator pages: a game's latest board, its log, and every turn's board to step
through, at ``/watch/<token>``, served by the bot process when the operator enables it
(``--web-port``; off by default).

The pages are a client of the table (:mod:`bot.table.watching`), like every other service: they
run on the bot's own event loop, share its :class:`bot.table.Table`, and never open the database.
Only public information is shown: the table hands over each turn's board as the engine's public
view (``view(state, None)``) and the log with only its public events. The path's token is 128
random bits the table keeps; ``/game watch`` hands it out. Past boards are not stored: the table
replays them from the saved move log.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass


@dataclass(frozen=True)
class WatchConfig:
    base_url: str  # what links start with, e.g. http://127.0.0.1:8701
    #: the listening socket claimed at start (before connecting to Discord), served from the
    #: bot's loop once its services start; ``None`` where a test serves the pages itself
    sock: socket.socket | None = None

    def link(self, token: str) -> str:
        return f"{self.base_url.rstrip('/')}/watch/{token}"


_config: WatchConfig | None = None


def enable(config: WatchConfig | None) -> None:
    """Called once at start when the operator turned the pages on (before the commands are
    built: ``/game watch`` exists only then); ``None`` turns them off again."""
    global _config
    _config = config


def config() -> WatchConfig | None:
    """The spectator pages' configuration, or ``None`` when they are off."""
    return _config
