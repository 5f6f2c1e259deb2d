"""Rating games as they end, and every finished game not rated yet at start.

:class:`Ratings` listens to the table's changes: a change that finishes a game rates it, in
one transaction on the ratings' own connection (:class:`storage.ratings.RatingStore`). The
game is claimed in that transaction, so an end heard twice, or rated again by the catch-up
after a restart, is rated once. :meth:`Ratings.catch_up` is the backfill: at start, after the
SQL migrations, it rates the finished games that have no rating yet, in the order they ended
(every finished game, the first time; afterwards only those whose end a crash cut short).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from bot.logsafe import failure
from bot.ratings.model import rated_game, rater, shown
from bot.table.results import Change
from storage.ratings import RatingStore, ended_game, pass_over, record, timed_out, unrated
from storage.sql import Db

log = logging.getLogger(__name__)

#: games rated per transaction by the catch-up
BATCH = 500


def rate_game(db: Db, game_id: int, now: float, stood_in: frozenset[int] = frozenset()) -> bool:
    """Rate one finished game inside the caller's transaction; False if it was rated before
    or is not rated (aborted, one player, only bots). ``stood_in``: players a stand-in moved
    for in the change that ended it (its log line is written after that move is saved)."""
    row = ended_game(db, game_id)
    if row is None or row.status != "finished":
        return False
    game = rated_game(row, timed_out(db, game_id) | stood_in)
    if game is None:
        pass_over(db, row)
        return False
    return record(db, game, rater(row, game), shown, now)


def rate_games(db: Db, game_ids: list[int], now: float) -> int:
    return sum(rate_game(db, game_id, now) for game_id in game_ids)


def _pass_over_id(db: Db, game_id: int) -> None:
    row = ended_game(db, game_id)
    if row is not None:
        pass_over(db, row)


class Ratings:
    def __init__(self, store: RatingStore, *, now: Callable[[], float] = time.time):
        self.store = store
        self.now = now

    async def on_change(self, change: Change) -> None:
        """A table listener: a change that ended a game rates it if it finished (the one check
        of that is :func:`rate_game`'s)."""
        if not change.ended:
            return
        stood_in = frozenset(
            [change.actor_id] if change.by_standin and change.actor_id is not None else []
        )
        try:
            await self.store.write(rate_game, change.game.id, self.now(), stood_in)
        except Exception as exc:  # the catch-up at the next start rates it
            log.error("could not rate game %s: %s", change.game.id, failure(exc))

    async def rate(self, game_id: int) -> bool:
        return await self.store.write(rate_game, game_id, self.now())

    async def _rate_or_pass(self, game_id: int) -> int:
        try:
            return int(await self.store.write(rate_game, game_id, self.now()))
        except Exception as exc:
            log.error("game %s cannot be rated, passed over: %s", game_id, failure(exc))
            await self.store.write(_pass_over_id, game_id)
            return 0

    async def catch_up(self) -> int:
        """Rate every finished game not rated yet, oldest end first; how many were rated."""
        rated = 0
        while ids := await self.store.read(unrated, BATCH):
            try:
                rated += await self.store.write(rate_games, ids, self.now())
            except Exception as exc:  # one game at a time, passing over any that fails
                log.error("rating a batch of games failed, one by one now: %s", failure(exc))
                for game_id in ids:
                    rated += await self._rate_or_pass(game_id)
        if rated:
            log.info("rated %d finished games", rated)
        return rated
