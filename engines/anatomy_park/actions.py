"""The movement and action phases: what the player on turn may choose, and what it does."""

from __future__ import annotations

from functools import lru_cache

from engines.anatomy_park import data, words
from engines.anatomy_park.common import effect_active, hand_ref, has_ability, tile_name
from engines.anatomy_park.deck import take_tiles
from engines.anatomy_park.grid import DIR_NAMES, label, step
from engines.anatomy_park.movement import move_tile, reachable, tile_move_options
from engines.anatomy_park.placement import focus_plays, place_tile, placements
from engines.anatomy_park.shooting import shoot, targets
from engines.anatomy_park.state import APState, Task
from engines.core import Action, ActionRole, Event
from i18n.say import say, say_n

NORMAL, MAIN, DESTRUCTIVE = ActionRole.NORMAL, ActionRole.MAIN, ActionRole.DESTRUCTIVE


@lru_cache(maxsize=8192)
def _walk(sp: str, name: str, cost: int) -> Action:
    """A walk reads the same wherever it is offered: worded once (a search lists moves often)."""
    return Action(
        id=f"go:{sp}",
        label=say_n(
            "Walk to {tile} {where} (1 move)",
            "Walk to {tile} {where} ({n} moves)",
            cost,
            tile=name,
            where=label(sp),
        ),
        role=NORMAL,
        do=apply_move,
        kind=words.WALK,
    )


#: a closed tile, as the walks name it
CLOSED_TILE = say("a closed transport tile")


def move_options(s: APState, player: str) -> list[Action]:
    out = []
    park = s.park
    for sp, cost in sorted(reachable(s, player).items()):
        cell = park[sp]
        out.append(_walk(sp, tile_name(cell.tile) if not cell.closed else CLOSED_TILE, cost))
    if s.diseases and not effect_active(s, "cough"):
        out.append(
            Action(
                id="diseases",
                label=MOVE_DISEASES,
                role=NORMAL,
                do=apply_move,
                kind=words.MOVE,
            )
        )
    if not effect_active(s, "rumble"):
        for sp, d, n in tile_move_options(s, player):
            suffix = "" if n == 1 else "2"
            out.append(
                Action(
                    id=f"mtile:{sp}:{d}{suffix}",
                    # worded when read (the lambda's defaults hold this choice's own values)
                    label=lambda name=tile_name(park[sp].tile), sp=sp, d=d, n=n: say(
                        "Move {tile} {where} {n} {direction} (body reaction)",
                        tile=name,
                        where=label(sp),
                        n=n,
                        direction=DIR_NAMES[d],
                    ),
                    role=NORMAL,
                    do=apply_move,
                    kind=words.MOVE,
                )
            )
    out.append(Action(id="nomove", label=NO_MOVE, role=NORMAL, do=apply_move, kind=words.DO))
    return out


MOVE_DISEASES = say("Move each disease 1 space")
NO_MOVE = say("Do not move")
TAKE_TWO = say("Take 2 tiles from the stack")
TAKE_THREE = say("Take 3 tiles from the stack (Morty)")
TAKE_ONLY_TWO = say("Take only 2 tiles from the stack")
LEAVE = say("Leave the park through this exit")
NO_ACTION = say("Do nothing this action phase")


def apply_move(s: APState, player: str, action_id: str, ev: list[Event]) -> None:
    head, _, arg = action_id.partition(":")
    s.phase = "action"
    if head == "go":
        s.pos[player] = arg
        ev.append(Event(text=say("{player} walks to {where}.", player=player, where=label(arg))))
    elif head == "diseases":
        s.tasks.append(
            Task(
                kind="disease_moves", player=player, data={"queue": [d.effect for d in s.diseases]}
            )
        )
        ev.append(Event(text=say("{player} moves the diseases.", player=player)))
    elif head == "mtile":
        sp, d = arg.rsplit(":", 1)
        n = 2 if d.endswith("2") else 1
        d = d[0]
        dst = step(sp, d, n)
        name = tile_name(s.park[sp].tile)
        move_tile(s, sp, dst, ev)
        ev.append(
            Event(
                text=say(
                    "{player} moves {tile} from {start} to {end}.",
                    player=player,
                    tile=name,
                    start=label(sp),
                    end=label(dst),
                )
            )
        )
        s.tasks.append(Task(kind="draw_reaction", player=player))
    else:
        ev.append(Event(text=say("{player} stays put.", player=player)))


def action_options(s: APState, player: str) -> list[Action]:
    out = [Action(id="take", label=TAKE_TWO, role=MAIN, do=apply_action, kind=words.TAKE)]
    if has_ability(s, player, "take_three"):  # an ability is never compulsory
        out = [
            Action(
                id="take",
                label=TAKE_THREE,
                role=MAIN,
                do=apply_action,
                kind=words.TAKE,
            ),
            Action(
                id="take2",
                label=TAKE_ONLY_TWO,
                role=NORMAL,
                do=apply_action,
                kind=words.TAKE,
            ),
        ]
    # labels are worded when read (a lambda's defaults hold this choice's own values)
    # (no name ``t`` near a message: the catalogs' extractor reads it as ``i18n.t``)
    for tile, sp in placements(s, player):
        out.append(
            Action(
                id=f"place:{tile}:{sp}",
                label=lambda tile=tile, sp=sp: say(
                    "Place tile {letter} at {where}",
                    letter=hand_ref(s, player, tile),
                    where=label(sp),
                ),
                role=NORMAL,
                do=apply_action,
                kind=words.PLACE,
                names_hand=True,  # names hand tiles by their letters on the hand picture
                private=True,  # where a hand tile fits tells its shape
            )
        )
    for f, tile, sp in focus_plays(s, player):
        out.append(
            Action(
                id=f"focus:{f}:{tile}:{sp}",
                label=lambda f=f, tile=tile, sp=sp: say(
                    "Focus group {group}: place tile {letter} at {where}",
                    group=hand_ref(s, player, f),
                    letter=hand_ref(s, player, tile),
                    where=label(sp),
                ),
                role=NORMAL,
                do=apply_action,
                kind=words.FOCUS,
                names_hand=True,  # names hand tiles by their letters on the hand picture
                private=True,  # says which hand tile is a focus group
            )
        )
    here = s.pos.get(player)
    cell = s.park.get(here) if here else None
    if cell is not None and not cell.closed and data.tile(cell.tile).type == "exit":
        out.append(
            Action(
                id="leave",
                label=LEAVE,
                role=NORMAL,
                do=apply_action,
                kind=words.LEAVE,
            )
        )
    for e in targets(s, player):
        out.append(
            Action(
                id=f"shoot:{e}",
                label=say("Shoot {disease}", disease=data.disease_card(e).name),
                role=NORMAL,
                do=apply_action,
                kind=words.SHOOT,
            )
        )
    out.append(
        Action(
            id="noaction",
            label=NO_ACTION,
            role=NORMAL,
            do=apply_action,
            kind=words.DO,
        )
    )
    return out


def apply_action(s: APState, player: str, action_id: str, ev: list[Event]) -> None:
    parts = action_id.split(":")
    head = parts[0]
    s.phase = "end"
    if head in ("take", "take2"):
        n = 3 if head == "take" and has_ability(s, player, "take_three") else 2
        got = take_tiles(s, player, n, ev)
        ev.append(
            Event(
                text=say_n(
                    # Translators: the English says "tiles" even for 1 (kept as recorded games
                    # have it); a translation may say the singular
                    "{player} takes {n} tiles from the stack.",
                    "{player} takes {n} tiles from the stack.",
                    len(got),
                    player=player,
                )
            )
        )
    elif head == "place":
        place_tile(s, player, parts[1], parts[2], ev)
    elif head == "focus":
        f, t, sp = parts[1], parts[2], parts[3]
        ft = data.tile(f)
        s.hands[player].remove(f)
        s.discard.append(f)
        ev.append(Event(text=say("{player} plays {card}.", player=player, card=ft.name)))
        place_tile(s, player, t, sp, ev)
        s.tasks.append(Task(kind="focus_reward", player=player, data={"reward": ft.reward}))
    elif head == "leave":
        leave_park(s, player, ev)
    elif head == "shoot":
        shoot(s, player, parts[1], ev)
    else:
        ev.append(Event(text=say("{player} does nothing this action phase.", player=player)))


def leave_park(s: APState, player: str, ev: list[Event]) -> None:
    from engines.anatomy_park.common import add_vp

    del s.pos[player]
    s.left.append(player)
    if s.final_turns is not None:
        s.final_turns[player] = 0
    if s.mode == "basic":
        add_vp(s, player, 3)
        text = say("{player} leaves the park through the exit (+3 VP).", player=player)
    else:
        text = say("{player} leaves the park through the exit.", player=player)
    ev.append(Event(text=text, kind="alert"))
