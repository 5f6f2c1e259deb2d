"""Decisions inside a turn. Each kind of task says whether it needs a choice now (or resolves
itself), which choices there are, and what a choice does."""

from __future__ import annotations

from engines.anatomy_park import data, words
from engines.anatomy_park.common import add_vp, disease_at, entrance_space, hand_ref, tile_name
from engines.anatomy_park.grid import DIR_NAMES, DIRS, distances, label, step, tile_neighbours, xy
from engines.anatomy_park.movement import disease_steps, exact_paths_end, move_tile
from engines.anatomy_park.placement import (
    best_transport_dirs,
    dam_targets,
    lay_closed,
    wash_away,
)
from engines.anatomy_park.reactions import draw_reaction, kill_disease, resolve_card
from engines.anatomy_park.shooting import miss, resolve_roll
from engines.anatomy_park.state import APState, Task
from engines.core import Action, ActionRole, Event
from i18n.say import say, say_n

NORMAL, DESTRUCTIVE = ActionRole.NORMAL, ActionRole.DESTRUCTIVE


def waiting(s: APState, t: Task) -> list[str]:
    if t.kind == "gonorrhea":
        return [p for p in t.data["order"] if p not in t.data["chosen"] and s.hands.get(p)]
    if t.kind == "each_move":
        order: list[str] = t.data["order"]
        return order[:1]
    return [t.player]


def _dname(effect: str) -> str:
    return data.disease_card(effect).name


# -- which choices each task offers -------------------------------------------------------------
def options(s: APState, t: Task, player: str) -> list[Action]:
    k, d = t.kind, t.data
    if k == "discard":
        why = words.discard_reason(d["reason"])
        return [
            Action(
                id=f"discard:{x}",
                label=say(
                    "Discard tile {letter} ({reason})",
                    letter=hand_ref(s, player, x),
                    reason=why,
                ),
                role=NORMAL,
                do=do_task,  # a discard the rules force: every choice is one
                kind=words.DISCARD,
                names_hand=True,  # names hand tiles by their letters on the hand picture
                private=True,
            )
            for x in s.hands[player]
        ]
    if k in ("disease_moves", "shot_move"):
        effect = d["queue"][0] if k == "disease_moves" else d["effect"]
        dis = disease_at(s, effect)
        assert dis is not None, "a disease moves only while it lives"
        name = _dname(effect)
        acts = [
            Action(
                id=f"dmove:{x}",
                label=say(
                    "Move {disease} {direction} to {where}",
                    disease=name,
                    direction=DIR_NAMES[x],
                    where=label(step(dis.pos, x)),
                ),
                role=NORMAL,
                do=do_task,
                kind=words.MOVE,
            )
            for x in disease_steps(s, dis.pos)
        ]
        if k == "disease_moves":  # each disease must move; one with nowhere to go never asks
            return acts
        return [
            *acts,
            Action(
                id="dmove:stay",
                label=say("Stop moving it at {where}", where=label(dis.pos)),
                role=NORMAL,
                do=do_task,
                kind=words.STOP,
            ),
        ]
    if k == "reroll":
        return [
            Action(
                id="reroll",
                label=say("Rick: reroll all the dice"),
                role=NORMAL,
                do=do_task,
                kind=words.REROLL,
            ),
            Action(id="keep", label=say("Keep the miss"), role=NORMAL, do=do_task, kind=words.KEEP),
        ]
    if k == "xenon":
        here = s.pos[player]
        return [
            *[
                Action(
                    id=f"xstep:{x}",
                    label=say(
                        "Xenon Bloom: step {direction} to {where}",
                        direction=DIR_NAMES[x],
                        where=label(step(here, x)),
                    ),
                    role=NORMAL,
                    do=do_task,
                    kind=words.XENON,
                )
                for x in DIRS
                if step(here, x) in s.park
            ],
            Action(
                id="xstay",
                label=say("Stay where you are"),
                role=NORMAL,
                do=do_task,
                kind=words.STAY,
            ),
        ]
    if k == "marker_from":
        return [
            Action(
                id=f"mfrom:{sp}",
                label=say(
                    "Move your marker from {tile} {where}", tile=tile_name(c.tile), where=label(sp)
                ),
                role=NORMAL,
                do=do_task,
                kind=words.MOVE,
            )
            for sp, c in s.park.items()
            if c.marker == player and sp != d["target"]
        ]
    if k == "transport_dir":
        dirs, n = best_transport_dirs(s, d["space"], d["count"])
        return [
            Action(
                id=f"dir:{x}",
                label=say_n(
                    "Lay {n} closed tiles {direction}",
                    "Lay {n} closed tiles {direction}",
                    n,
                    direction=DIR_NAMES[x],
                ),
                role=NORMAL,
                do=do_task,
                kind=words.LAY,
            )
            for x in dirs
        ]
    if k == "dam_dir":
        return [
            Action(
                id=f"dam:{x}",
                label=say_n(
                    "Wash away {n} tile(s) {direction}",
                    "Wash away {n} tile(s) {direction}",
                    len(dam_targets(s, d["space"], x)),
                    direction=DIR_NAMES[x],
                ),
                role=NORMAL,
                do=do_task,
                kind=words.WASH,
            )
            for x in DIRS
            if dam_targets(s, d["space"], x)
        ]
    if k == "act_out":
        return [
            Action(
                id="acted", label=say("I acted it out"), role=NORMAL, do=do_task, kind=words.ACT
            ),
            Action(
                id="penalty",
                label=say("Skip acting: lose 1 VP"),
                role=DESTRUCTIVE,
                do=do_task,
                kind=words.SKIP,
            ),
        ]
    if k == "hepc_kill":
        return [
            Action(
                id=f"kill:{x.effect}",
                label=say("Hepatitis C kills {disease}", disease=_dname(x.effect)),
                role=NORMAL,
                do=do_task,
                kind=words.HEPATITIS,
            )
            for x in s.diseases
            if x.effect != "hep_c"
        ]
    if k == "gonorrhea":
        to = _left_of(t, player)
        return [
            Action(
                id=f"pass:{x}",
                label=say(
                    "Pass tile {letter} to {player}", letter=hand_ref(s, player, x), player=to
                ),
                role=NORMAL,
                do=do_task,
                kind=words.PASS,
                names_hand=True,  # names hand tiles by their letters on the hand picture
                private=True,
            )
            for x in s.hands[player]
        ]
    if k == "each_move":
        return [
            Action(
                id=f"to:{sp}",
                label=say("Move your character to {where}", where=label(sp)),
                role=NORMAL,
                do=do_task,
                kind=words.MOVE,
            )
            for sp in each_move_ends(s, d["effect"], player)
        ]
    if k == "tile_shift":
        return [
            Action(
                id=f"shift:{sp}:{x}",
                label=say(
                    "Move the tile at {where} {direction}", where=label(sp), direction=DIR_NAMES[x]
                ),
                role=NORMAL,
                do=do_task,
                kind=words.MOVE,
            )
            for sp, x in shift_options(s, d["effect"])
        ]
    raise ValueError(f"unknown task {k}")


def _left_of(t: Task, player: str) -> str:
    order: list[str] = t.data["order"]
    return order[(order.index(player) + 1) % len(order)]


def each_move_ends(s: APState, effect: str, player: str) -> list[str]:
    here = s.pos.get(player)
    if here is None:
        return []
    if effect == "sneezing":
        return sorted(exact_paths_end(s, here, 3))
    dist = distances(s.park, entrance_space(s))
    if here not in dist:
        return []
    return [n for n in tile_neighbours(s.park, here) if dist.get(n, -1) > dist[here]]


def shift_options(s: APState, effect: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for sp in sorted(s.park):
        if effect == "liquid_stool":
            if len(tile_neighbours(s.park, sp)) != 1:
                continue
            out.extend((sp, x) for x in DIRS if step(sp, x) not in s.park)
        else:  # acute diarrhoea: only tiles with nothing beyond them in that direction
            out.extend((sp, x) for x in DIRS if _on_edge(s, sp, x))
    return out


def _on_edge(s: APState, space: str, d: str) -> bool:
    """No tile lies anywhere beyond ``space`` in direction ``d`` (same row or column)."""
    x, y = xy(space)
    dx, dy = DIRS[d]
    for other in s.park:
        ox, oy = xy(other)
        if dx and oy == y and (ox - x) * dx > 0:
            return False
        if dy and ox == x and (oy - y) * dy > 0:
            return False
    return True


# -- tasks that resolve themselves ---------------------------------------------------------------
def needs_choice(s: APState, t: Task, ev: list[Event]) -> bool:
    """True if the task waits for a player; otherwise it is resolved (and removed) here."""
    k, d = t.kind, t.data
    if k == "draw_reaction":
        s.tasks.pop(0)
        draw_reaction(s, t.player, ev)
        return False
    if k == "focus_reward":
        s.tasks.pop(0)
        focus_reward(s, t.player, d["reward"], ev)
        return False
    if k == "discard":
        if d["reason"] == "hand limit":
            d["count"] = len(s.hands[t.player]) - d["limit"]
        if d["count"] <= 0 or not s.hands[t.player]:
            s.tasks.pop(0)
            return False
        return True
    if k == "disease_moves":  # a disease that cannot move anywhere needs no question
        d["queue"] = [
            e for e in d["queue"] if (dis := disease_at(s, e)) and disease_steps(s, dis.pos)
        ]
        if not d["queue"]:
            s.tasks.pop(0)
            return False
        return True
    if k == "shot_move":
        dis = disease_at(s, d["effect"])
        if dis is None or d["steps"] <= 0 or not disease_steps(s, dis.pos):
            s.tasks.pop(0)
            return False
        return True
    if k == "xenon":
        here = s.pos.get(t.player)
        if here is None or not tile_neighbours(s.park, here):
            s.tasks.pop(0)
            return False
        return True
    if k == "marker_from":
        if d["target"] not in s.park:
            s.tasks.pop(0)
            return False
        mine = options(s, t, t.player)
        if s.markers_left[t.player] > 0 or len(mine) <= 1:
            s.tasks.pop(0)
            from engines.anatomy_park.placement import place_marker

            if s.markers_left[t.player] > 0:
                place_marker(s, t.player, d["target"], ev)
            elif mine:
                _move_marker(s, t.player, mine[0].id.split(":", 1)[1], d["target"], ev)
            return False
        return True
    if k == "transport_dir":
        dirs, n = best_transport_dirs(s, d["space"], d["count"])
        if n == 0 or len(dirs) == 1:
            s.tasks.pop(0)
            if n:
                lay_closed(s, t.player, d["space"], dirs[0], n, ev)
            else:
                ev.append(Event(text=say("No closed transport tiles fit next to it.")))
            return False
        return True
    if k == "dam_dir":
        if not options(s, t, t.player):
            s.tasks.pop(0)
            ev.append(Event(text=say("The Sphincter Dam finds nothing to wash away.")))
            return False
        return True
    if k == "hepc_kill":
        if not options(s, t, t.player):
            s.tasks.pop(0)
            ev.append(Event(text=say("Hepatitis C finds no other disease to kill.")))
            return False
        return True
    if k == "gonorrhea":
        if not waiting(s, t):
            s.tasks.pop(0)
            _do_pass(s, t, ev)
            return False
        return True
    if k == "each_move":
        while d["order"] and not each_move_ends(s, d["effect"], d["order"][0]):
            ev.append(
                Event(text=say("{player}'s character cannot move and stays.", player=d["order"][0]))
            )
            d["order"].pop(0)
        if not d["order"]:
            s.tasks.pop(0)
            return False
        return True
    if k == "tile_shift":
        if not shift_options(s, d["effect"]):
            s.tasks.pop(0)
            ev.append(Event(text=say("No tile can be moved that way: skipped.")))
            return False
        return True
    return True


def _move_marker(s: APState, player: str, src: str, dst: str, ev: list[Event]) -> None:
    s.park[src] = s.park[src].model_copy(update={"marker": None})
    s.park[dst] = s.park[dst].model_copy(update={"marker": player})
    ev.append(
        Event(
            text=say(
                "{player} moves a control marker from {start} to {end}.",
                player=player,
                start=tile_name(s.park[src].tile),
                end=tile_name(s.park[dst].tile),
            )
        )
    )


def focus_reward(s: APState, player: str, reward: str, ev: list[Event]) -> None:
    from engines.anatomy_park.deck import take_tiles
    from engines.anatomy_park.placement import place_marker

    if reward == "vp":
        add_vp(s, player, 2)
        ev.append(Event(text=say("{player} gains 2 VP from the focus group.", player=player)))
        return
    if reward == "marker":
        here = s.pos.get(player)
        cell = s.park.get(here) if here else None
        if (
            here is not None
            and cell is not None
            and not cell.closed
            and data.tile(cell.tile).marker
            and cell.marker != player
        ):
            place_marker(s, player, here, ev)
            return
        got = take_tiles(s, player, 1, ev)
        ev.append(
            Event(
                text=say_n(
                    "{player} cannot move a control marker here and takes {n} tile instead.",
                    "{player} cannot move a control marker here and takes {n} tile instead.",
                    len(got),
                    player=player,
                )
            )
        )
        return
    got = take_tiles(s, player, 2, ev)
    ev.append(
        Event(
            text=say_n(
                "{player} takes {n} tiles from the focus group.",
                "{player} takes {n} tiles from the focus group.",
                len(got),
                player=player,
            )
        )
    )


def _do_pass(s: APState, t: Task, ev: list[Event]) -> None:
    chosen = t.data["chosen"]
    for giver, tile_id in chosen.items():
        to = _left_of(t, giver)
        s.hands[giver].remove(tile_id)
        s.hands[to].append(tile_id)
        ev.append(
            Event(
                text=say("{player} passes you {tile}.", player=giver, tile=tile_name(tile_id)),
                kind="private",
                private_to=to,
            )
        )
    ev.append(Event(text=say("Gonorrhea: everyone passed a tile to the player on their left.")))


# -- a player's choice ---------------------------------------------------------------------------
def do_task(s: APState, player: str, action_id: str, ev: list[Event]) -> None:
    """The handler of every choice a task offers: decides the task at the head of the queue."""
    decide(s, s.tasks[0], player, action_id, ev)


def decide(s: APState, t: Task, player: str, action_id: str, ev: list[Event]) -> None:
    k, d = t.kind, t.data
    head, _, arg = action_id.partition(":")
    if k == "discard":
        s.hands[player].remove(arg)
        s.discard.append(arg)
        d["count"] -= 1
        ev.append(
            Event(
                text=say(
                    "{player} discards {tile} ({reason}).",
                    player=player,
                    tile=tile_name(arg),
                    reason=words.discard_reason(d["reason"]),
                )
            )
        )
        return
    if k in ("disease_moves", "shot_move"):
        effect = d["queue"][0] if k == "disease_moves" else d["effect"]
        dis = disease_at(s, effect)
        assert dis is not None, "a disease moves only while it lives"
        if arg == "stay":  # offered only while a missed shot's moves are optional
            s.tasks.pop(0)
            return
        dis.pos = step(dis.pos, arg)
        ev.append(
            Event(
                text=say(
                    "{player} moves {disease} to {where}.",
                    player=player,
                    disease=_dname(effect),
                    where=label(dis.pos),
                )
            )
        )
        if k == "disease_moves":
            d["queue"].pop(0)
        else:
            d["steps"] -= 1
        return
    if k == "reroll":
        s.tasks.pop(0)
        if action_id == "reroll":
            s.rerolled = True
            from engines.anatomy_park.reactions import roll

            resolve_roll(s, player, d["effect"], roll(s, len(d["dice"])), ev)
        else:
            miss(s, player, d["effect"], d["dice"])
        return
    if k == "xenon":
        s.tasks.pop(0)
        if head == "xstep":
            s.pos[player] = step(s.pos[player], arg)
            ev.append(
                Event(
                    text=say(
                        "{player} (Xenon Bloom) steps to {where}.",
                        player=player,
                        where=label(s.pos[player]),
                    )
                )
            )
        return
    if k == "marker_from":
        s.tasks.pop(0)
        _move_marker(s, player, arg, d["target"], ev)
        return
    if k == "transport_dir":
        s.tasks.pop(0)
        _, n = best_transport_dirs(s, d["space"], d["count"])
        lay_closed(s, player, d["space"], arg, n, ev)
        return
    if k == "dam_dir":
        s.tasks.pop(0)
        wash_away(s, dam_targets(s, d["space"], arg), ev)
        return
    if k == "act_out":
        s.tasks.pop(0)
        if action_id == "penalty":
            add_vp(s, player, -1)
            ev.append(
                Event(text=say("{player} does not act it out and loses 1 VP.", player=player))
            )
        else:
            ev.append(Event(text=say("{player} acted it out.", player=player)))
        resolve_card(s, player, d["card"], ev)
        return
    if k == "hepc_kill":
        s.tasks.pop(0)
        kill_disease(s, player, arg, ev, by_hepatitis=True)
        return
    if k == "gonorrhea":
        d["chosen"][player] = arg
        ev.append(Event(text=say("{player} has chosen a tile to pass.", player=player)))
        return
    if k == "each_move":
        s.pos[player] = arg
        d["order"].pop(0)
        ev.append(
            Event(
                text=say(
                    "{player}'s character is blown to {where}.", player=player, where=label(arg)
                )
            )
        )
        return
    if k == "tile_shift":
        s.tasks.pop(0)
        sp, x = arg.rsplit(":", 1)
        dst = step(sp, x)
        move_tile(s, sp, dst, ev)
        ev.append(
            Event(
                text=say(
                    "{player} moves the tile at {start} to {end}.",
                    player=player,
                    start=label(sp),
                    end=label(dst),
                )
            )
        )
        return
    raise ValueError(f"unknown task {k}")
