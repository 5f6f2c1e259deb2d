"""Once start-up is over, what it made is frozen out of the garbage collector's full
collections, so none of them walks the whole start-up heap while moves wait."""

from __future__ import annotations

import gc

from bot import heap


def test_settling_freezes_what_start_up_left_alive():
    kept = [[n] for n in range(1000)]  # lists: objects the collector tracks
    gc.unfreeze()
    try:
        heap.settle()
        assert gc.get_freeze_count() >= len(kept)
        oldest = {id(o) for o in gc.get_objects(generation=2)}
        assert not any(id(o) in oldest for o in kept)  # out of the full collections' walk
    finally:
        gc.unfreeze()
