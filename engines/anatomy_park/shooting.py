"""Shooting diseases: range along tiles, dice, hits, misses that move the disease."""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.common import character, disease_alive, effect_active, has_ability
from engines.anatomy_park.grid import distances
from engines.anatomy_park.reactions import kill_disease, roll
from engines.anatomy_park.state import APState, Task
from engines.core import Event
from i18n.say import say


def targets(s: APState, player: str) -> list[str]:
    """Diseases within Range, counted along tiles (no diagonals, never across empty spaces)."""
    if effect_active(s, "itch", player) or player not in s.pos:
        return []
    here = s.pos[player]
    if here not in s.park:
        return []
    reach = 1 if effect_active(s, "goosebumps", player) else character(s, player).range
    dist = distances(s.park, here, limit=reach)
    return [d.effect for d in s.diseases if d.pos in dist]


MAX_DICE = 3  # the box holds 3 dice


def dice_count(s: APState, player: str) -> int:
    n = character(s, player).combat
    if effect_active(s, "fever"):
        n += 1
    if effect_active(s, "shivers", player):
        n -= 1
    if disease_alive(s, "tuberculosis"):
        n -= 1
    return max(1, min(MAX_DICE, n))


def shoot(s: APState, player: str, effect: str, ev: list[Event]) -> None:
    dice = roll(s, dice_count(s, player))
    resolve_roll(s, player, effect, dice, ev)


def resolve_roll(s: APState, player: str, effect: str, dice: list[int], ev: list[Event]) -> None:
    name = data.disease_card(effect).name
    shown = ", ".join(map(str, dice))
    if 6 in dice:
        ev.append(
            Event(
                text=say(
                    "{player} shoots at {disease}: {dice} - a hit!",
                    player=player,
                    disease=name,
                    dice=shown,
                )
            )
        )
        kill_disease(s, player, effect, ev)
        return
    ev.append(
        Event(
            text=say(
                "{player} shoots at {disease}: {dice} - a miss.",
                player=player,
                disease=name,
                dice=shown,
            )
        )
    )
    if has_ability(s, player, "reroll") and not s.rerolled:
        s.tasks.append(Task(kind="reroll", player=player, data={"effect": effect, "dice": dice}))
        return
    miss(s, player, effect, dice)


def miss(s: APState, player: str, effect: str, dice: list[int]) -> None:
    """Moving the missed disease (a step per 3, 4 or 5), then a body reaction. A shot is the
    whole action phase and nothing else waits, so its tasks start the queue."""
    steps = sum(1 for v in dice if v in (3, 4, 5))
    s.tasks.append(Task(kind="draw_reaction", player=player))
    if steps:
        s.tasks.insert(
            0, Task(kind="shot_move", player=player, data={"effect": effect, "steps": steps})
        )
