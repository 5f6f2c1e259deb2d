"""The tile stack (reshuffled from the discard pile once) and the end of the game."""

from __future__ import annotations

from engines.anatomy_park.state import APState
from engines.anatomy_park.words import end_reason
from engines.core import Event
from i18n.say import say


def end_game(s: APState, reason: str, ruben_alive: bool, ev: list[Event]) -> None:
    """Stop at once; final scores are worked out when the current action finishes."""
    if s.over:
        return
    s.over = True
    s.end_reason = reason
    s.ruben_alive = ruben_alive
    s.tasks = []
    ev.append(Event(text=say("The game is over: {reason}.", reason=end_reason(reason)), kind="end"))


def stack_ran_out(s: APState, ev: list[Event]) -> None:
    if not s.reshuffled:
        s.reshuffled = True
        s.stack = s.discard
        s.discard = []
        s.rng.shuffle(s.stack)
        ev.append(
            Event(
                text=say(
                    "The tile stack ran out: the discard pile is shuffled into a new stack of {n}.",
                    n=len(s.stack),
                )
            )
        )
        if not s.stack:
            end_game(s, "the tile stack ran out a second time; Ruben survives", True, ev)
    else:
        end_game(s, "the tile stack ran out a second time; Ruben survives", True, ev)


def draw_tile(s: APState, ev: list[Event]) -> str | None:
    """The top tile of the stack, or None once the game is over."""
    if s.over or not s.stack:
        return None
    t = s.stack.pop()
    if not s.stack:
        stack_ran_out(s, ev)
    return t


def take_tiles(s: APState, player: str, n: int, ev: list[Event]) -> list[str]:
    from engines.anatomy_park.common import tile_name

    got = []
    for _ in range(n):
        t = draw_tile(s, ev)
        if t is None:
            break
        s.hands[player].append(t)
        got.append(t)
    if got:
        names = ", ".join(tile_name(tile) for tile in got)
        ev.append(
            Event(
                text=say("You take {tiles}.", tiles=names),
                kind="private",
                private_to=player,
            ),
        )
    return got
