"""A transport's closed tiles when the tile stack is short: before the discard pile has been
shuffled into a new stack the stack refills, so the full number counts; after it, only the
tiles left can be laid, and every direction that fits them all is the player's choice."""

from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import act, game, give, ids, put


def _bone_train_with_two_tiles_left(s):
    """The Bone Train (3 closed tiles) at (1,0), 2 tiles in the stack: north fits only 2
    (a tile at (1,-3)), east and south fit all 3."""
    put(s, "1,-3", "Aorta Arcade")
    (train,) = give(s, "Ada", "The Bone Train")
    s.discard += s.stack[:-2]
    s.stack = s.stack[-2:]
    s.phase = "action"
    return act(s, "Ada", f"place:{train}:1,0")


def test_after_the_refill_a_transport_chooses_among_directions_that_fit_the_tiles_left():
    s = game()
    s.reshuffled = True
    s, _ = _bone_train_with_two_tiles_left(s)
    assert set(ids(s, "Ada")) == {"dir:N", "dir:E", "dir:S"}
    labels = [a.label for a in ENGINE.legal_actions(s, "Ada")]
    assert "Lay 2 closed tiles up" in labels


def test_before_the_refill_a_transport_counts_its_full_number_even_if_the_stack_is_short():
    s = game()
    s, _ = _bone_train_with_two_tiles_left(s)
    assert set(ids(s, "Ada")) == {"dir:E", "dir:S"}
