"""Where AI seats think: a small pool of worker processes, so a search (a fifth of a second to a
second of CPU) never runs on the event loop nor holds the GIL other games' moves need."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

import engines
from bot.workers import worker_pool
from engines.ai import choose


def think(game: str, state_json: str, player: str, level: str, seed: int) -> str:
    """In a worker: the id of the move ``player`` makes at ``level`` (the state travels as
    JSON; the search itself reads only what ``player`` may know)."""
    engine = engines.get_engine(game)
    return choose(engine, engine.load_state(state_json), player, level, seed)


class Thinker:
    """Runs :func:`think` off the event loop, in its own executor (default: one process)."""

    def __init__(self, executor: Executor | None = None, *, workers: int = 1) -> None:
        self.executor = executor or worker_pool(workers)

    async def choose(self, game: str, state_json: str, player: str, level: str, seed: int) -> str:
        if engines.registered_at_run_time(game):
            # a worker process does not know a game registered by a call in this one (as with
            # the render workers): it thinks here, in a thread, rather than fail over there
            return await asyncio.to_thread(think, game, state_json, player, level, seed)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, think, game, state_json, player, level, seed
        )

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
