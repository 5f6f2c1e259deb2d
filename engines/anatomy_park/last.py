"""The last turn on the board: what the turn's player changed, worked out when the turn ends.

When a turn begins the park, the characters, the diseases and the VP are noted (``TurnStart``:
a few dictionary copies once a turn, nothing per move); when it ends the difference becomes the
public :class:`~engines.last_turn.LastTurn` the board highlights. Everything compared is public.
Marks name what changed: ``cell:x,y`` for a space whose tile was placed, moved, laid closed,
marked or walked onto, where a disease was killed or to which one was moved.
"""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.state import APState, Cell, TurnStart
from engines.last_turn import LastTurn


def note_start(s: APState, player: str) -> None:
    s.turn_start = TurnStart(
        player=player,
        park=dict(s.park),
        pos=dict(s.pos),
        vp=dict(s.vp),
        diseases=[f"{d.effect}@{d.pos}" for d in s.diseases],
        left=list(s.left),
        hand=len(s.hands[player]),
    )


def _where(space: str) -> str:
    return f"({space})"


def _name(cell: Cell) -> str:
    return "a closed tile" if cell.closed else data.tile(cell.tile).name


def record(s: APState) -> None:
    """The turn that began at ``s.turn_start`` is over: keep what it changed as ``last_turn``."""
    start = s.turn_start
    if start is None:
        return
    s.turn_start = None
    s.last_turn = changes(s, start)


def changes(s: APState, start: TurnStart) -> LastTurn:
    player = start.player
    marks: list[str] = []
    words: list[str] = []
    was = {c.tile: sp for sp, c in start.park.items()}
    placed, closed, moved, marked = [], 0, [], []
    for sp, cell in s.park.items():
        before = start.park.get(sp)
        if before is not None and before.tile == cell.tile:
            if cell.marker != before.marker and cell.marker is not None:
                marked.append(sp)
            continue
        marks.append(f"cell:{sp}")
        if cell.tile in was:
            moved.append(sp)
        elif cell.closed:
            closed += 1
        else:
            placed.append(sp)
    gone = [sp for sp, c in start.park.items() if c.tile not in {x.tile for x in s.park.values()}]
    for sp in placed:
        words.append(f"placed {_name(s.park[sp])} at {_where(sp)}")
    if closed:
        words.append(f"laid {closed} closed tile{'s' if closed != 1 else ''}")
    for sp in moved:
        words.append(f"moved {_name(s.park[sp])} to {_where(sp)}")
    if gone:
        words.append(f"{len(gone)} tile{'s' if len(gone) != 1 else ''} washed away")
    for sp in marked:
        marks.append(f"cell:{sp}")
        words.append(f"took control of {_name(s.park[sp])}")
    if player in s.left and player not in start.left:
        words.append("left the park")
    elif player in s.pos and s.pos[player] != start.pos.get(player):
        marks.append(f"cell:{s.pos[player]}")
        words.append(f"went to {_where(s.pos[player])}")
    was_at = dict(d.split("@") for d in start.diseases)
    now_at = {d.effect: d.pos for d in s.diseases}
    killed = [e for e in was_at if e not in now_at]
    for e in killed:
        marks.append(f"cell:{was_at[e]}")
        words.append(f"killed {data.disease_card(e).name}")
    shifted = [e for e in now_at if e in was_at and now_at[e] != was_at[e]]
    for e in shifted:
        marks.append(f"cell:{now_at[e]}")
    if shifted:
        words.append(f"moved {'a disease' if len(shifted) == 1 else 'the diseases'}")
    held = len(s.hands[player]) - start.hand
    if held > 0 and not placed:
        words.append(f"took {held} tile{'s' if held != 1 else ''}")
    elif held < 0 and not placed and not moved:
        words.append(f"discarded {-held} tile{'s' if held != -1 else ''}")
    gained = s.vp.get(player, 0) - start.vp.get(player, 0)
    if gained:
        words.append(f"{gained:+d} VP")
    others = [
        f"{p} {s.vp[p] - start.vp.get(p, 0):+d} VP"
        for p in s.players
        if p != player and s.vp[p] != start.vp.get(p, s.vp[p])
    ]
    words += others
    line = f"{player} " + (", ".join(words) if words else "changed nothing in the park")
    return LastTurn(player=player, line=line, marks=list(dict.fromkeys(marks)))
