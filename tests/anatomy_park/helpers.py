"""Crafting Anatomy Park states directly: tiles where a test wants them, known hands and cards."""

from __future__ import annotations

import pytest

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.state import APState, Cell, Disease

NAMES = ["Ada", "Bea", "Cy", "Dee", "Eli", "Fox"]


def tid(name: str) -> str:
    for t in data.tiles().values():
        if t.name == name:
            return t.id
    raise KeyError(name)


def card(effect: str, nth: int = 0) -> str:
    return [r.id for r in data.reactions().values() if r.effect == effect][nth]


def game(
    n: int = 2, *, mode: str = "basic", chars: list[str] | None = None, seed: int = 1
) -> APState:
    """A fresh game with Ada on turn in her movement phase."""
    players = NAMES[:n]
    chars = chars or ["Rick", "Morty", "Poncho", "Annie", "Roger", "Dr. Xenon Bloom"][:n]
    s = ENGINE.setup(
        players,
        seed=seed,
        options={"mode": mode, "character": dict(zip(players, chars, strict=False))},
    )
    s.current = "Ada"
    s.phase = "move"
    s.tasks = []
    return s


def _take_out(s: APState, tile_id: str) -> None:
    for pile in (s.stack, s.discard, s.out, *s.hands.values()):
        if tile_id in pile:
            pile.remove(tile_id)
    for sp in [sp for sp, c in s.park.items() if c.tile == tile_id]:
        del s.park[sp]


def put(
    s: APState, space: str, name: str, *, closed: bool = False, marker: str | None = None
) -> str:
    t = tid(name) if not name.startswith(("T", "F", "E0")) else name
    _take_out(s, t)
    s.park[space] = Cell(tile=t, closed=closed, marker=marker)
    if marker:
        s.markers_left[marker] -= 1
    return t


def give(s: APState, player: str, *names: str, keep: bool = False) -> list[str]:
    """Set the player's hand (the old tiles go back to the stack unless ``keep``)."""
    if not keep:
        s.stack[:0] = s.hands[player]
        s.hands[player] = []
    ids = []
    for name in names:
        t = tid(name)
        _take_out(s, t)
        s.hands[player].append(t)
        ids.append(t)
    return ids


def disease(s: APState, effect: str, space: str) -> None:
    s.diseases.append(Disease(effect=effect, pos=space))
    s.reactions = [r for r in s.reactions if data.reactions()[r].effect != effect]


def top_reaction(s: APState, effect: str, nth: int = 0) -> str:
    c = card(effect, nth)
    s.reactions = [r for r in s.reactions if r != c] + [c]
    return c


def act(s: APState, player: str, *ids: str):
    """Apply several actions; return the final state and all events."""
    events = []
    for a in ids:
        s, ev = ENGINE.apply(s, player, a)
        events.extend(ev)
    return s, events


def ids(s: APState, player: str) -> list[str]:
    return [a.id for a in ENGINE.legal_actions(s, player)]


@pytest.fixture
def dice(monkeypatch):
    """Queue the dice rolls: ``dice.append([6, 1, 2])``."""
    queue: list[list[int]] = []

    def fake(s, n):
        return queue.pop(0)

    monkeypatch.setattr("engines.anatomy_park.shooting.roll", fake)
    monkeypatch.setattr("engines.anatomy_park.reactions.roll", fake)
    return queue


def all_tiles(s: APState) -> list[str]:
    park = [c.tile for c in s.park.values()]
    return s.stack + s.discard + s.out + park + [t for h in s.hands.values() for t in h]


def reaction_places(s: APState) -> list[str]:
    """Every body reaction card the state holds, wherever it is: the deck, its discard pile,
    beside the body while in effect, in a drawer's hands while acted out, a disease's card next
    to the park or in the box. Heart attacks drawn are only counted (``heart_attacks``)."""
    acting = [t.data["card"] for t in s.tasks if t.kind == "act_out"]
    diseases = [d.effect for d in s.diseases] + s.dead_diseases
    return [
        *s.reactions,
        *s.reaction_discard,
        *(o.card for o in s.ongoing),
        *acting,
        *(data.disease_card(e).id for e in diseases),
    ]


def trigger(
    s: APState, effect: str, *, phase: str = "action", nth: int = 0
) -> tuple[APState, list]:
    """The current player draws the body reaction ``effect`` (as after moving a tile)."""
    from engines.anatomy_park.flow import advance
    from engines.anatomy_park.state import Task

    top_reaction(s, effect, nth)
    s.phase = phase
    s.tasks = [Task(kind="draw_reaction", player=s.current)]
    ev: list = []
    advance(s, ev)
    return s, ev
