"""Replays of ended games, kept so that asking again costs no drawing.

A finished or aborted game cannot change, so its replay (an animated GIF of public boards
only: the spectator's view, never a hand) is the same for everyone for ever. It is kept in
memory, not in the database: a replay is up to 8 MB and is redrawn at little cost after a
restart, while blobs would swell every backup. The memory is bounded: the least recently used
replays go first once their bytes pass ``max_bytes``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

#: a few dozen typical replays, or four of the largest (8 MB, Discord's upload limit)
MAX_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class Drawn:
    """One drawn replay: the GIF, its frame count, the frame budget it was drawn with, and the
    language its captions are in (the server's)."""

    data: bytes
    frames: int
    most: int
    locale: str = "en-US"

    def serves(self, most: int, locale: str = "en-US") -> bool:
        """Whether a replay asked for with ``most`` frames in ``locale``'s language would come
        out the same: drawn in that language, with the same budget, or with every turn in it
        and no more than ``most`` of them."""
        if locale != self.locale:
            return False
        return most == self.most or (self.frames < self.most and self.frames <= most)


class ReplayCache:
    """Drawn replays by game id, least recently used dropped first past ``max_bytes``."""

    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._kept: OrderedDict[int, Drawn] = OrderedDict()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def size(self) -> int:
        """The bytes of every replay kept."""
        return self._bytes

    def get(self, game_id: int, most: int, locale: str = "en-US") -> Drawn | None:
        drawn = self._kept.get(game_id)
        if drawn is None or not drawn.serves(most, locale):
            return None
        self._kept.move_to_end(game_id)
        return drawn

    def put(self, game_id: int, drawn: Drawn) -> None:
        """Keep ``drawn`` as the game's replay (instead of any kept before); one larger than
        the whole budget is not kept."""
        old = self._kept.pop(game_id, None)
        if old is not None:
            self._bytes -= len(old.data)
        if len(drawn.data) > self.max_bytes:
            return
        self._kept[game_id] = drawn
        self._bytes += len(drawn.data)
        while self._bytes > self.max_bytes:
            _, dropped = self._kept.popitem(last=False)
            self._bytes -= len(dropped.data)
