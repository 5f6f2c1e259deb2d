"""Where a tile may go, and what placing it does (VP, control markers, transports, the Dam)."""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.common import colour_of, disease_at, tile_name, type_of
from engines.anatomy_park.data import ENTRANCE, Requirement
from engines.anatomy_park.deck import draw_tile
from engines.anatomy_park.grid import (
    DIRS,
    empty_neighbours,
    label,
    near_tiles,
    step,
    tile_neighbours,
)
from engines.anatomy_park.state import APState, Cell, Task
from engines.core import Event
from i18n.say import Say, say, say_n


def meets(s: APState, space: str, req: Requirement, *, across_gap: bool = True) -> bool:
    """A requirement is met by a tile touching ``space``, or across a one-space gap when
    ``across_gap``: the rulebook allows the gap for a park tile's own requirements only."""
    near = near_tiles(s.park, space) if across_gap else tile_neighbours(s.park, space)
    for n in near:
        if req.colour is not None and colour_of(s, n) == req.colour:
            return True
        if req.type is not None and type_of(s, n) == req.type:
            return True
    return False


def blocked_by_e_coli(s: APState, space: str) -> bool:
    d = disease_at(s, "e_coli")
    return d is not None and (d.pos == space or d.pos in [step(space, k) for k in DIRS])


def open_spaces(s: APState, player: str) -> list[str]:
    """Empty spaces touching the character's tile (E. coli forbids those next to it)."""
    here = s.pos.get(player)
    if here is None or here not in s.park:
        return []
    return [sp for sp in empty_neighbours(s.park, here) if not blocked_by_e_coli(s, sp)]


def can_place(s: APState, tile_id: str, space: str) -> bool:
    t = data.tile(tile_id)
    if t.type in ("focus", "entrance"):
        return False
    return all(meets(s, space, r) for r in t.requires)


def placements(s: APState, player: str) -> list[tuple[str, str]]:
    spaces = open_spaces(s, player)
    return [(t, sp) for t in s.hands[player] for sp in spaces if can_place(s, t, sp)]


def focus_plays(s: APState, player: str) -> list[tuple[str, str, str]]:
    """(focus group, park tile, space): the space must touch tiles meeting both of the group's
    requirements. "Find an empty space adjacent to a tile or tiles of the suitable color and
    type", and the FAQ's adjacent is touching along a side: no gap, unlike a tile's own needs."""
    spaces = open_spaces(s, player)
    out: list[tuple[str, str, str]] = []
    for f in s.hands[player]:
        ft = data.tile(f)
        if ft.type != "focus":
            continue
        ok = [sp for sp in spaces if all(meets(s, sp, r, across_gap=False) for r in ft.requires)]
        for t in s.hands[player]:
            if t == f:
                continue
            out.extend((f, t, sp) for sp in ok if can_place(s, t, sp))
    return out


def touching_count(s: APState, space: str, bonus: data.Bonus) -> int:
    n = 0
    for nb in tile_neighbours(s.park, space):
        if (
            bonus.colour is not None
            and colour_of(s, nb) == bonus.colour
            or bonus.type is not None
            and type_of(s, nb) == bonus.type
        ):
            n += 1
    return n


def place_marker(s: APState, player: str, space: str, ev: list[Event]) -> None:
    """Put a control marker from the supply, or queue moving a placed one when none are left."""
    cell = s.park[space]
    if cell.marker == player:
        return
    if cell.marker is not None:
        s.markers_left[cell.marker] += 1
        ev.append(
            Event(
                text=say(
                    "{player}'s control marker on {tile} goes back.",
                    player=cell.marker,
                    tile=tile_name(cell.tile),
                )
            )
        )
        s.park[space] = cell.model_copy(update={"marker": None})
    if s.markers_left[player] > 0:
        s.markers_left[player] -= 1
        s.park[space] = cell.model_copy(update={"marker": player})
        ev.append(
            Event(
                text=say(
                    "{player} puts a control marker on {tile}.",
                    player=player,
                    tile=tile_name(cell.tile),
                )
            )
        )
    else:
        s.tasks.append(Task(kind="marker_from", player=player, data={"target": space}))


def place_tile(s: APState, player: str, tile_id: str, space: str, ev: list[Event]) -> None:
    """Put a tile from the hand into the park and queue everything its text asks for."""
    from engines.anatomy_park.common import add_vp, has_ability

    t = data.tile(tile_id)
    s.hands[player].remove(tile_id)
    s.park[space] = Cell(tile=tile_id)
    gained = 0 if t.marker else t.vp
    # what the VP were made of: each its own sentence's part, in the order they are added
    notes: list[Say] = []
    if t.entrance_bonus and any(s.park[n].tile == ENTRANCE for n in tile_neighbours(s.park, space)):
        gained += t.entrance_bonus
        notes.append(say("(+{vp} next to the entrance)", vp=t.entrance_bonus))
    if t.bonus is not None and t.bonus.when == "place":
        k = touching_count(s, space, t.bonus)
        gained += k
        if k:
            notes.append(say("(+{vp} for touching tiles)", vp=k))
    add_vp(s, player, gained)
    if t.marker:
        notes.append(say("(its {vp} VP go to its controller at the end)", vp=t.vp))
    ev.append(Event(text=_placed(player, t.name, label(space), gained, notes)))
    if t.marker:
        place_marker(s, player, space, ev)
    if has_ability(s, player, "step_after_place"):
        s.tasks.insert(0, Task(kind="xenon", player=player))
    if t.closed:
        s.tasks.append(
            Task(kind="transport_dir", player=player, data={"space": space, "count": t.closed})
        )
    if t.special == "dam":
        s.tasks.append(Task(kind="dam_dir", player=player, data={"space": space}))
    if t.reaction:
        s.tasks.append(Task(kind="draw_reaction", player=player))


def transport_fits(s: APState, space: str, count: int) -> dict[str, int]:
    """How many closed tiles fit in a straight line in each direction (stops at the first tile)."""
    out = {}
    for d in DIRS:
        k = 0
        while k < count and step(space, d, k + 1) not in s.park:
            k += 1
        out[d] = k
    return out


def best_transport_dirs(s: APState, space: str, count: int) -> tuple[list[str], int]:
    available = count if not s.reshuffled else min(count, len(s.stack))  # before: refills once
    fits = transport_fits(s, space, available)
    best = max(fits.values())
    return [d for d, k in fits.items() if k == best], best


def lay_closed(s: APState, player: str, space: str, d: str, n: int, ev: list[Event]) -> None:
    laid = 0
    for i in range(1, n + 1):
        t = draw_tile(s, ev)
        if t is None:
            break
        s.park[step(space, d, i)] = Cell(tile=t, closed=True)
        laid += 1
    if laid:
        ev.append(
            Event(
                text=say_n(
                    "{player} lays {n} closed transport tile(s) from {where}.",
                    "{player} lays {n} closed transport tile(s) from {where}.",
                    laid,
                    player=player,
                    where=label(space),
                )
            )
        )


def dam_targets(s: APState, space: str, d: str) -> list[str]:
    out = []
    for i in (1, 2):
        sp = step(space, d, i)
        if sp in s.park and s.park[sp].tile != ENTRANCE:
            out.append(sp)
    return out


def wash_away(s: APState, spaces: list[str], ev: list[Event]) -> None:
    """The Sphincter Dam: tiles leave the game; diseases on them die without reward."""
    for sp in spaces:
        cell = s.park.pop(sp)
        if cell.marker:
            s.markers_left[cell.marker] += 1
        s.out.append(cell.tile)
        for d in [d for d in s.diseases if d.pos == sp]:
            s.diseases.remove(d)
            s.dead_diseases.append(d.effect)
            ev.append(
                Event(
                    text=say(
                        "{disease} is washed away (no reward).",
                        disease=data.disease_card(d.effect).name,
                    )
                )
            )
        if cell.closed:
            washed = say("The Sphincter Dam washes away a closed tile at {where}.", where=label(sp))
        else:
            washed = say(
                "The Sphincter Dam washes away {tile} at {where}.",
                tile=tile_name(cell.tile),
                where=label(sp),
            )
        ev.append(Event(text=washed))


def _placed(player: str, tile: str, where: str, gained: int, notes: list[Say]) -> Say:
    """ "Ada places Oxygen Bar at (1,0): +3 VP (+2 next to the entrance)." The notes (none to
    three) follow the VP as the English always had them, each a whole phrase of its own."""
    if not notes:
        return say(
            "{player} places {tile} at {where}: +{vp} VP.",
            player=player,
            tile=tile,
            where=where,
            vp=gained,
        )
    if len(notes) == 1:
        return say(
            "{player} places {tile} at {where}: +{vp} VP {note}.",
            player=player,
            tile=tile,
            where=where,
            vp=gained,
            note=notes[0],
        )
    if len(notes) == 2:
        return say(
            "{player} places {tile} at {where}: +{vp} VP {note} {second}.",
            player=player,
            tile=tile,
            where=where,
            vp=gained,
            note=notes[0],
            second=notes[1],
        )
    return say(
        "{player} places {tile} at {where}: +{vp} VP {note} {second} {third}.",
        player=player,
        tile=tile,
        where=where,
        vp=gained,
        note=notes[0],
        second=notes[1],
        third=notes[2],
    )
