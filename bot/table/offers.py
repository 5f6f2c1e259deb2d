"""Which moves a turn message offers, in an order the components and the click agree on.

Every member's client receives every custom id and select value of a public message, and an
action id can name a hidden card. So components carry only the game, the board's version and an
index into one of these lists; the table rebuilds the same list from the same position when the
click comes back. Moves whose label (or whose being offered at all) tells something hidden
(:attr:`engines.Action.private`, or every move of an engine without public labels) are left to
the player's private panel.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engines import Action

#: log entry kinds that change the position; any other entry (a host's pause, a new clock, a
#: stand-in's note, a vote, the host role passing) leaves the board's buttons valid
POSITION_KINDS = frozenset(
    {"new", "join", "leave", "start", "move", "undo", "concede", "abort", "closed"}
)


def unique(actions: Iterable[Action]) -> list[Action]:
    """``actions`` in order, each id once."""
    seen: set[str] = set()
    out: list[Action] = []
    for a in actions:
        if a.id not in seen:
            seen.add(a.id)
            out.append(a)
    return out


def shown(actions: Iterable[Action]) -> list[Action]:
    """``actions`` as components show them: each id once, without the fixed steps (+1, +10) of
    a move whose amount the player types (that move opens a box to type it in)."""
    actions = unique(actions)
    typed = {a.id for a in actions if a.amount is not None}
    return [a for a in actions if a.step_of is None or a.step_of.rpartition(":")[0] not in typed]


def board_moves(awaited: Mapping[int, Sequence[Action]], labels_public: bool) -> list[Action]:
    """The moves the public turn message shows: each awaited player's moves (in the order the
    game awaits them) whose labels may be public, each id once."""
    if not labels_public:
        return []
    return shown(a for moves in awaited.values() for a in moves if not a.private)


def has_private_moves(awaited: Mapping[int, Sequence[Action]], labels_public: bool) -> bool:
    """Some awaited player has a move that only their private panel may show."""
    return any(not labels_public or a.private for moves in awaited.values() for a in moves)


def panel_moves(actions: Sequence[Action]) -> list[Action]:
    """The moves a player's private panel shows: all of theirs, each id once."""
    return shown(actions)


def pick(moves: Sequence[Action], index: int) -> Action | None:
    return moves[index] if 0 <= index < len(moves) else None
