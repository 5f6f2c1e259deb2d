"""Property facts: groups, rent, even building and selling, mortgages, what may be traded.

Pure questions about a state; nothing here moves money (see ``money``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Literal

from engines.monopoly.data import GROUPS, SPACES, TRANSPORTS, UTILITIES
from engines.monopoly.state import MonopolyState
from engines.monopoly.words import group_name
from i18n.say import Say, say


@cache
def fee(space: int) -> int:
    """The 10% mortgage fee, rounded up to a whole shmeckle."""
    return -(-SPACES[space].mortgage_value // 10)


@cache
def lift_cost(space: int) -> int:
    return SPACES[space].mortgage_value + fee(space)


def group_of(space: int) -> list[int]:
    return GROUPS[SPACES[space].group or ""]


def owns_group(s: MonopolyState, player: str, space: int) -> bool:
    return all(s.owner.get(i) == player for i in group_of(space))


def group_mortgaged(s: MonopolyState, space: int) -> bool:
    return any(i in s.mortgaged for i in group_of(space))


def group_has_buildings(s: MonopolyState, space: int) -> bool:
    level = s.level
    return bool(level) and any(level.get(i, 0) for i in group_of(space))


def properties_of(s: MonopolyState, player: str) -> list[int]:
    return sorted(i for i, p in s.owner.items() if p == player)


def rent(s: MonopolyState, space: int, dice_total: int) -> int:
    """Rent the lander owes on an owned, unmortgaged property (before any card multiplier)."""
    sp = SPACES[space]
    owner = s.owner[space]
    if sp.kind == "transport":
        n = sum(s.owner.get(i) == owner for i in TRANSPORTS)
        return (25, 50, 100, 200)[n - 1]
    if sp.kind == "utility":
        n = sum(s.owner.get(i) == owner for i in UTILITIES)
        return dice_total * (10 if n == 2 else 4)
    lvl = s.level.get(space, 0)
    rents = sp.rents or []
    if lvl == 0:
        double = owns_group(s, owner, space) and not group_mortgaged(s, space)
        return rents[0] * (2 if double else 1)
    if lvl > s.max_stilts:
        return rents[5]
    return rents[lvl]


def is_box(s: MonopolyState, space: int) -> bool:
    return s.level.get(space, 0) > s.max_stilts


def stilts_and_boxes(s: MonopolyState, player: str | None = None) -> tuple[int, int]:
    """Stilts and boxes on the board (of ``player`` if given)."""
    stilts = boxes = 0
    for i, lvl in s.level.items():
        if player is not None and s.owner.get(i) != player:
            continue
        if lvl > s.max_stilts:
            boxes += 1
        else:
            stilts += lvl
    return stilts, boxes


#: the refusal a listing of moves gets when it asks only whether a move may be made (wording
#: every refusal at every step of a search would cost more than the search)
UNSAID = Say("not worded")


# -- building -----------------------------------------------------------------------------
def can_build_here(
    s: MonopolyState,
    player: str,
    space: int,
    *,
    check_bank: bool = True,
    check_cash: bool = True,
    words: bool = True,
) -> Say | None:
    """Why ``player`` may not add the next building on ``space`` now, or None if they may
    (``words`` False: :data:`UNSAID`, for a listing that asks only whether)."""
    sp = SPACES[space]
    if sp.kind != "location":
        return UNSAID if not words else say("{space} cannot hold buildings.", space=sp.name)
    if s.owner.get(space) != player:
        return UNSAID if not words else say("You do not own {space}.", space=sp.name)
    if not owns_group(s, player, space):
        return (
            UNSAID
            if not words
            else say(
                "You need every {group} location to build on {space}.",
                group=group_name(sp.group),
                space=sp.name,
            )
        )
    if group_mortgaged(s, space):
        return (
            UNSAID
            if not words
            else say(
                "A {group} location is mortgaged; lift it before building.",
                group=group_name(sp.group),
            )
        )
    lvl = s.level.get(space, 0)
    if lvl > s.max_stilts:
        return UNSAID if not words else say("{space} already has a gublet box.", space=sp.name)
    if lvl > min(s.level.get(i, 0) for i in group_of(space)):
        return (
            UNSAID
            if not words
            else say(
                "Build evenly: every {group} location needs {n} first.",
                group=group_name(sp.group),
                n=lvl,
            )
        )
    cost = sp.build_cost or 0
    if check_cash and spendable(s, player) < cost:
        return (
            UNSAID
            if not words
            else say("You need {amount} shmeckles to build on {space}.", amount=cost, space=sp.name)
        )
    if check_bank:
        if lvl == s.max_stilts and s.bank_boxes == 0:
            return UNSAID if not words else say("The Bank has no gublet boxes left.")
        if lvl < s.max_stilts and s.bank_stilts == 0:
            return UNSAID if not words else say("The Bank has no flublet stilts left.")
    return None


def next_item(s: MonopolyState, space: int) -> Literal["stilt", "box"]:
    return "box" if s.level.get(space, 0) == s.max_stilts else "stilt"


def even_order(level: Mapping[int, int], group: list[int]) -> list[int]:
    """An order of purchase the even-building rule allows for the ``group``'s buildings at
    these levels: layer by layer, each layer in board order. How a state that kept no order
    (saved before it did, or made by hand) is read."""
    top = max((level.get(i, 0) for i in group), default=0)
    return [i for layer in range(1, top + 1) for i in group if level.get(i, 0) >= layer]


def bought_order(s: MonopolyState, space: int) -> list[int]:
    """The buildings on ``space``'s group in the order they were bought (see ``bought``)."""
    group = group_of(space)
    order = [i for i in s.bought if i in group]
    if all(order.count(i) == s.level.get(i, 0) for i in group):
        return order
    return even_order(s.level, group)


def can_sell_here(s: MonopolyState, player: str, space: int, *, words: bool = True) -> Say | None:
    """Why ``player`` may not sell a building on ``space`` now, or None. Buildings "are sold
    in the reverse of the order in which they were bought": on each group, the last one bought
    goes first (which also keeps the selling even)."""
    sp = SPACES[space]
    if s.owner.get(space) != player:
        return UNSAID if not words else say("You do not own {space}.", space=sp.name)
    lvl = s.level.get(space, 0)
    if lvl == 0:
        return UNSAID if not words else say("{space} has no buildings.", space=sp.name)
    last = bought_order(s, space)[-1]
    if last != space:
        return (
            UNSAID
            if not words
            else say(
                "Sell in the reverse of the order bought: the last building bought on the "
                "{group} group stands on {space}; sell that one first.",
                group=group_name(sp.group),
                space=SPACES[last].name,
            )
        )
    return None


def level_down_target(s: MonopolyState, space: int) -> int:
    """When a box is sold but the Bank lacks the stilts to swap in, the group is sold down
    evenly to the highest level the Bank's stilts allow (our decision)."""
    k = s.max_stilts
    group = group_of(space)
    for target in range(k, -1, -1):
        need = 0
        for i in group:
            lvl = s.level.get(i, 0)
            need += target if lvl > k else -(lvl - target)
        if need <= s.bank_stilts:
            return target
    return 0


def building_value(s: MonopolyState, player: str) -> int:
    """What selling every building of ``player`` back to the Bank would raise."""
    total = 0
    for i, lvl in s.level.items():
        if s.owner.get(i) == player and lvl:
            total += lvl * (SPACES[i].build_cost or 0) // 2
    return total


# -- mortgages ----------------------------------------------------------------------------
def can_mortgage(s: MonopolyState, player: str, space: int) -> Say | None:
    sp = SPACES[space]
    if s.owner.get(space) != player:
        return say("You do not own {space}.", space=sp.name)
    if space in s.mortgaged:
        return say("{space} is already mortgaged.", space=sp.name)
    if sp.kind == "location" and group_has_buildings(s, space):
        return say(
            "Sell the buildings on the {group} group before mortgaging {space}.",
            group=group_name(sp.group),
            space=sp.name,
        )
    return None


def committed(s: MonopolyState, player: str) -> int:
    """Cash promised as the leading bid of the running auction (it cannot be spent meanwhile)."""
    a = s.auction
    return a.high if a is not None and a.high_bidder == player else 0


def spendable(s: MonopolyState, player: str) -> int:
    return s.cash[player] - committed(s, player)


def can_lift(s: MonopolyState, player: str, space: int) -> Say | None:
    sp = SPACES[space]
    if s.owner.get(space) != player:
        return say("You do not own {space}.", space=sp.name)
    if space not in s.mortgaged:
        return say("{space} is not mortgaged.", space=sp.name)
    if spendable(s, player) < lift_cost(space):
        return say(
            "Lifting the mortgage on {space} costs {amount} shmeckles.",
            space=sp.name,
            amount=lift_cost(space),
        )
    return None


def mortgage_value_available(s: MonopolyState, player: str) -> int:
    return sum(
        SPACES[i].mortgage_value for i, p in s.owner.items() if p == player and i not in s.mortgaged
    )


def can_raise(s: MonopolyState, player: str) -> int:
    """Cash plus everything selling buildings and mortgaging would bring in."""
    return s.cash[player] + building_value(s, player) + mortgage_value_available(s, player)


def tradable(s: MonopolyState, space: int) -> bool:
    """Only unimproved property changes hands: no buildings anywhere on its group."""
    sp = SPACES[space]
    return not (sp.kind == "location" and group_has_buildings(s, space))


#: each location's group (other properties never hold buildings)
LOCATION_GROUP = {i: sp.group for i, sp in enumerate(SPACES) if sp.kind == "location"}


def built_groups(s: MonopolyState) -> set[str | None]:
    """The groups with a building on them, worked out once per listing of moves (mortgaging
    and trading ask :func:`group_has_buildings` of every property)."""
    return {LOCATION_GROUP.get(i) for i, lvl in s.level.items() if lvl} - {None}


@dataclass(frozen=True)
class Worth:
    """How the quick game counts a player's fortune, part by part (for the final standings)."""

    cash: int
    deeds: int  # properties owned
    mortgaged: int  # of which mortgaged (counted at half the printed price)
    estate: int  # the properties' value
    stilts: int
    boxes: int
    buildings: int  # the buildings' value (a box with the stilts it replaced)

    @property
    def total(self) -> int:
        return self.cash + self.estate + self.buildings


def worth_parts(s: MonopolyState, player: str) -> Worth:
    """:func:`worth`, part by part."""
    deeds = mortgaged = value = stilts = boxes = buildings = 0
    for i, p in s.owner.items():
        if p != player:
            continue
        deeds += 1
        price = SPACES[i].price or 0
        mortgaged += i in s.mortgaged
        value += price // 2 if i in s.mortgaged else price
        lvl = s.level.get(i, 0)
        buildings += lvl * (SPACES[i].build_cost or 0)
        if lvl > s.max_stilts:
            boxes += 1
        else:
            stilts += lvl
    return Worth(s.cash[player], deeds, mortgaged, value, stilts, boxes, buildings)


def worth(s: MonopolyState, player: str) -> int:
    """The quick game's count: cash, properties at price (mortgaged at half), buildings at cost
    (a box counts its cost plus the stilts it replaced)."""
    total = s.cash[player]
    for i, p in s.owner.items():
        if p != player:
            continue
        price = SPACES[i].price or 0
        total += price // 2 if i in s.mortgaged else price
        lvl = s.level.get(i, 0)
        total += lvl * (SPACES[i].build_cost or 0)
    return total
