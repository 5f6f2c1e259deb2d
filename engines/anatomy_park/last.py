"""The last turn on the board: what the turn's player changed, worked out when the turn ends.

When a turn begins the park, the characters, the diseases and the VP are noted (``TurnStart``:
a few tuples once a turn, shared by the state's copies, nothing per move); when it ends the
position is noted again, and a view works out the difference: the public
:class:`~engines.last_turn.LastTurn` the board highlights. Everything compared is public.
Marks name what changed: ``cell:x,y`` for a space whose tile was placed, moved, laid closed,
marked or walked onto, where a disease was killed or to which one was moved.
"""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.state import APState, Cell, TurnStart
from engines.anatomy_park.words import joined
from engines.last_turn import LastTurn
from i18n.say import say, say_n


def note(s: APState, player: str) -> TurnStart:
    """The public position now, as ``player``'s turn sees it (built without validation: every
    value comes from the valid state, and a bot's playout notes one every turn)."""
    return TurnStart.model_construct(
        player=player,
        park=tuple(s.park.items()),
        pos=tuple(s.pos.items()),
        vp=tuple(s.vp.items()),
        diseases=tuple(f"{d.effect}@{d.pos}" for d in s.diseases),
        left=tuple(s.left),
        hand=len(s.hands[player]),
    )


def note_start(s: APState, player: str) -> None:
    s.turn_start = note(s, player)


def _where(space: str) -> str:
    return f"({space})"


def _name(cell: Cell) -> str:
    return say("a closed tile") if cell.closed else data.tile(cell.tile).name


def record(s: APState) -> None:
    """The turn that began at ``s.turn_start`` is over: keep its start and end."""
    start = s.turn_start
    if start is None:
        return
    s.turn_start = None
    s.last_ends = (start, note(s, start.player))


def last_turn(s: APState) -> LastTurn | None:
    """What the last finished turn changed, or None before one has finished."""
    if s.last_ends is None:
        return None
    start, end = s.last_ends
    return between(start, end, s.players)


def changes(s: APState, start: TurnStart) -> LastTurn:
    """What changed from ``start`` to now (the running turn so far)."""
    return between(start, note(s, start.player), s.players)


def between(start: TurnStart, end: TurnStart, players: list[str]) -> LastTurn:
    player = start.player
    was_park, park = dict(start.park), dict(end.park)
    pos, vp, was_vp = dict(end.pos), dict(end.vp), dict(start.vp)
    marks: list[str] = []
    # each change a phrase of its own, the line a list of them after the player's name
    words: list[str] = []
    was = {c.tile: sp for sp, c in was_park.items()}
    placed, closed, moved, marked = [], 0, [], []
    for sp, cell in park.items():
        before = was_park.get(sp)
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
    now_tiles = {x.tile for x in park.values()}
    gone = [sp for sp, c in was_park.items() if c.tile not in now_tiles]
    for sp in placed:
        words.append(say("placed {tile} at {where}", tile=_name(park[sp]), where=_where(sp)))
    if closed:
        words.append(say_n("laid {n} closed tile", "laid {n} closed tiles", closed))
    for sp in moved:
        words.append(say("moved {tile} to {where}", tile=_name(park[sp]), where=_where(sp)))
    if gone:
        words.append(say_n("{n} tile washed away", "{n} tiles washed away", len(gone)))
    for sp in marked:
        marks.append(f"cell:{sp}")
        words.append(say("took control of {tile}", tile=_name(park[sp])))
    if player in end.left and player not in start.left:
        words.append(say("left the park"))
    elif player in pos and pos[player] != dict(start.pos).get(player):
        marks.append(f"cell:{pos[player]}")
        words.append(say("went to {where}", where=_where(pos[player])))
    was_at = dict(d.split("@") for d in start.diseases)
    now_at = dict(d.split("@") for d in end.diseases)
    killed = [e for e in was_at if e not in now_at]
    for e in killed:
        marks.append(f"cell:{was_at[e]}")
        words.append(say("killed {disease}", disease=data.disease_card(e).name))
    shifted = [e for e in now_at if e in was_at and now_at[e] != was_at[e]]
    for e in shifted:
        marks.append(f"cell:{now_at[e]}")
    if shifted:
        words.append(say("moved a disease") if len(shifted) == 1 else say("moved the diseases"))
    held = end.hand - start.hand
    if held > 0 and not placed:
        words.append(say_n("took {n} tile", "took {n} tiles", held))
    elif held < 0 and not placed and not moved:
        words.append(say_n("discarded {n} tile", "discarded {n} tiles", -held))
    gained = vp.get(player, 0) - was_vp.get(player, 0)
    if gained:
        words.append(say("{vp} VP", vp=f"{gained:+d}"))
    others = [
        say("{player} {vp} VP", player=p, vp=f"{vp[p] - was_vp.get(p, 0):+d}")
        for p in players
        if p != player and p in vp and vp[p] != was_vp.get(p, vp[p])
    ]
    words += others
    if words:
        # Translators: the last turn's line: a player's name, then what they did (a list)
        line = say("{player} {changes}", player=player, changes=joined(words))
    else:
        line = say("{player} changed nothing in the park", player=player)
    # built as it is (no validation, which would keep only the English of its line)
    return LastTurn.model_construct(player=player, line=line, marks=list(dict.fromkeys(marks)))
