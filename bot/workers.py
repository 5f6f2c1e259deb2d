"""Worker processes that end with the bot.

The bot draws boards and lets bots think in pools of spawned worker processes. When the bot is
stopped cleanly it shuts its pools down; when it is killed (``kill -9``, a crash, the machine's
out-of-memory killer) nobody tells the workers, and a spawned worker waiting for work would
wait for ever, holding its memory (about 100 MB each). So every worker watches its parent and
leaves as soon as the parent is gone: a restarted bot never finds the last one's workers.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

#: how often a worker looks whether the bot is still there, in seconds
WATCH_EVERY = 1.0


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes (not forked: the bot runs threads) that end
    when this process does, however it ends."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=exit_with_parent,
        initargs=(os.getpid(),),
    )


def exit_with_parent(parent: int) -> None:
    """In a worker: leave at once when ``parent`` is no longer this process's parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_EVERY)
        os._exit(0)  # the bot is gone: nothing is left to hand a result to

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
