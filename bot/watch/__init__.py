"""Public spectator pages: a game's latest board, its log, and every turn's board to step
through, at ``/watch/<token>``, served by the bot process when the operator enables it
(``--web-port``; off by default).

Only public information is shown: boards are rendered from the engine's public view
(``view(state, None)``) and the log keeps only public events. The path's token is 128 random
bits kept in ``watch_links``; ``/game watch`` hands it out. Past boards are not stored: they are
replayed from the saved move log (:mod:`bot.watch.replay`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class WatchSettings:
    db_path: Path
    base_url: str  # what links start with, e.g. http://127.0.0.1:8701

    def link(self, token: str) -> str:
        return f"{self.base_url.rstrip('/')}/watch/{token}"


_settings: WatchSettings | None = None


def enable(settings: WatchSettings | None) -> None:
    """Called once at start when the operator turned the pages on (before the commands are
    built: ``/game watch`` exists only then); ``None`` turns them off again."""
    global _settings
    _settings = settings


def settings() -> WatchSettings | None:
    """The spectator pages' settings, or ``None`` when they are off."""
    return _settings
