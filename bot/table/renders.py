"""Where board and hand images are drawn: worker threads, or worker processes.

Drawing a board takes tens of milliseconds of pure Python (Pillow), and threads share one
interpreter lock: fifty moves at once would queue behind each other and stall the event loop.
:class:`ProcessRenderer` draws in a pool of worker processes (one per core), so every core
works and the loop only waits. Only views cross to a worker (``engine.view(state, viewer)``,
made here, never the raw state), so the workers cannot draw what the view does not hold.
Renderers registered at run time (:func:`rendering.register`, tests) exist only in this
process, so their images are drawn in a thread. A board's public notes (a stand-in's kept
seat) are written under it in the same place and the same call (:func:`board_with_notes`):
Pillow never runs on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from pydantic import BaseModel

import rendering
from bot.ops.metrics import OFF, Metrics
from bot.workers import worker_pool
from i18n.say import word
from rendering import DEFAULT_LOCALE
from rendering.kit import with_banner

log = logging.getLogger("tabletop.renders")


def board_with_notes(
    engine: str, view: BaseModel, notes: tuple[str, ...] = (), locale: str = DEFAULT_LOCALE
) -> bytes:
    """The public board, with ``notes`` written under it when there are any, all in
    ``locale``'s language."""
    png = rendering.render_board(engine, view, locale)
    return with_banner(png, [word(n, locale) for n in notes]) if notes else png


class ThreadRenderer:
    """Images drawn in the default worker threads (tests, simulations, small servers); each
    drawing is counted and timed in :attr:`metrics` (which records nothing by default)."""

    metrics: Metrics = OFF

    async def board(
        self,
        engine: str,
        view: BaseModel,
        notes: Sequence[str] = (),
        locale: str = DEFAULT_LOCALE,
    ) -> bytes:
        """The public board in ``locale``'s language (the server's)."""
        with self._measured("board"):
            return await self._board(engine, view, tuple(notes), locale)

    async def hand(
        self, engine: str, view: BaseModel, locale: str = DEFAULT_LOCALE
    ) -> bytes | None:
        """A player's hand in ``locale``'s language (the owner's)."""
        with self._measured("hand"):
            return await self._hand(engine, view, locale)

    async def _board(
        self, engine: str, view: BaseModel, notes: tuple[str, ...], locale: str
    ) -> bytes:
        return await asyncio.to_thread(board_with_notes, engine, view, notes, locale)

    async def _hand(self, engine: str, view: BaseModel, locale: str) -> bytes | None:
        return await asyncio.to_thread(rendering.render_hand, engine, view, locale)

    @contextlib.contextmanager
    def _measured(self, kind: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        except Exception:
            self.metrics.render(kind, time.perf_counter() - started, ok=False)
            raise
        self.metrics.render(kind, time.perf_counter() - started, ok=True)

    def start(self) -> None:
        """Nothing to prepare."""

    def close(self) -> None:
        """Nothing to stop."""

    def alive(self) -> bool:
        """Whether images can be drawn (threads: always)."""
        return True


class ProcessRenderer(ThreadRenderer):
    """Images drawn in a pool of worker processes, one per core by default.

    Workers are started (and their imports begun) by :meth:`start`, before the first move needs
    them; a pool that breaks (a worker killed) is replaced, and that one image drawn in a thread.
    """

    def __init__(self, workers: int | None = None):
        self.workers = workers or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None
        self._warming: list[Future[None]] = []

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = worker_pool(self.workers)
        return self._pool

    def start(self) -> None:
        """Start the workers and their imports without waiting for them: start-up goes on, and
        an image asked for before the workers are ready waits for them (drawing it in this
        process instead would hold the interpreter, and so the event loop, for its length)."""
        pool = self._executor()
        self._warming = [pool.submit(_warm) for _ in range(self.workers)]

    @property
    def ready(self) -> bool:
        return self._pool is not None and all(f.done() for f in self._warming)

    def alive(self) -> bool:
        """The pool is up and every worker process in it is running (a killed worker breaks
        the pool until the next image replaces it)."""
        pool = self._pool
        if pool is None or pool._broken:
            return False
        workers = list((pool._processes or {}).values())
        return bool(workers) and all(p.is_alive() for p in workers)

    async def _board(
        self, engine: str, view: BaseModel, notes: tuple[str, ...], locale: str
    ) -> bytes:
        png = await self._draw(board_with_notes, engine, view, notes, locale)
        assert png is not None
        return png

    async def _hand(self, engine: str, view: BaseModel, locale: str) -> bytes | None:
        return await self._draw(rendering.render_hand, engine, view, locale)

    async def _draw(
        self, draw: Callable[..., bytes | None], engine: str, view: BaseModel, *more: object
    ) -> bytes | None:
        if rendering.registered_at_run_time(engine) or self._pool is None:
            return await asyncio.to_thread(draw, engine, view, *more)
        loop = asyncio.get_running_loop()
        try:
            if not self.ready:
                # the workers are still importing: wait for them rather than draw here, where
                # the drawing would take the interpreter from the event loop
                await asyncio.gather(*(asyncio.wrap_future(f) for f in self._warming))
            png: bytes | None = await loop.run_in_executor(
                self._executor(), draw, engine, view, *more
            )
        except BrokenProcessPool:
            log.error("the render workers stopped; starting new ones")
            self.close()
            self.start()
            png = await asyncio.to_thread(draw, engine, view, *more)
        return png

    def close(self) -> None:
        """Stop the workers (at shutdown); a later image starts new ones."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self._warming = []


def _warm() -> None:
    """In a fresh worker: import the games and their renderers, and draw each game's opening
    board once (fonts and artwork load on first use), so the first real move does not wait."""
    import engines
    import rendering as _rendering

    for name in engines.names():
        eng = engines.get_engine(name)
        players = [f"Player {i}" for i in range(1, eng.min_players + 1)]
        try:
            _rendering.render_board(name, eng.view(eng.setup(players, seed=0), None))
        except Exception:  # drawn on demand instead, where the error is logged
            continue
