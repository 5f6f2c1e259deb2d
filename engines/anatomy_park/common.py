"""Small queries on the state that every rules module needs."""

from __future__ import annotations

from engines.anatomy_park import data
from engines.anatomy_park.data import ENTRANCE
from engines.anatomy_park.state import APState, Disease


def character(s: APState, player: str) -> data.Character:
    return data.characters()[s.characters[player]]


def has_ability(s: APState, player: str, ability: str) -> bool:
    return character(s, player).ability == ability


def in_park(s: APState) -> list[str]:
    """Players whose character is still inside Ruben, in seat order."""
    return [p for p in s.players if p in s.pos]


def entrance_space(s: APState) -> str:
    for space, cell in s.park.items():
        if cell.tile == ENTRANCE:
            return space
    raise RuntimeError("the entrance tile is always in the park")


def is_transport(s: APState, space: str) -> bool:
    cell = s.park.get(space)
    return cell is not None and (cell.closed or data.tile(cell.tile).type == "transport")


def colour_of(s: APState, space: str) -> str | None:
    cell = s.park.get(space)
    if cell is None or cell.closed:
        return None
    return data.tile(cell.tile).colour


def type_of(s: APState, space: str) -> str | None:
    cell = s.park.get(space)
    if cell is None:
        return None
    return "transport" if cell.closed else data.tile(cell.tile).type


def effect_active(s: APState, effect: str, player: str | None = None) -> bool:
    """An ongoing body reaction in force; drawer-only ones apply to their drawer alone."""
    for o in s.ongoing:
        card = data.reactions()[o.card]
        if card.effect == effect and (card.scope == "all" or player is None or o.owner == player):
            return True
    return False


def disease_alive(s: APState, effect: str) -> bool:
    return any(d.effect == effect for d in s.diseases)


def disease_at(s: APState, effect: str) -> Disease | None:
    for d in s.diseases:
        if d.effect == effect:
            return d
    return None


def add_vp(s: APState, player: str, amount: int) -> None:
    """VP tokens: a loss never takes a player below zero (there are no tokens to hand back)."""
    s.vp[player] = max(0, s.vp[player] + amount)


def tile_name(tile_id: str) -> str:
    return data.tile(tile_id).name


def seat_order_from(s: APState, player: str) -> list[str]:
    """In-park players clockwise, starting with ``player``."""
    i = s.players.index(player)
    order = s.players[i:] + s.players[:i]
    return [p for p in order if p in s.pos]


def hand_ref(s: APState, player: str, tile_id: str) -> str:
    """The letter by which action labels name a tile in hand ("tile B"): its letter on the
    private hand image.

    The acting player's buttons are posted in the channel, so labels must not name hand tiles.
    """
    return chr(ord("A") + s.hands[player].index(tile_id))
