"""Building blocks for Run Animals, Run! tests: a game with chosen species, all animals placed."""

from __future__ import annotations

from engines.run_animals.engine import DATA, ENGINE

PLAYERS = ["Ada", "Brook", "Cy", "Dee"]


def game(*species: str, seed: int = 1, tile: int = 6, start: int = 0, edition: int | None = None):
    """A game whose players have these species (codes), every meeple placed on ``tile``, in
    the first round with seat ``start`` to play (dealt with ``edition`` of the data if given)."""
    players = PLAYERS[: len(species)]
    names = {p: DATA.species[c].name for p, c in zip(players, species, strict=True)}
    state = ENGINE.setup(players, seed=seed, options={"species": names})
    if edition is not None:
        state.edition = edition
    while state.phase == "place":
        state, _ = ENGINE.apply(state, state.current, f"place:{tile}")
    state.start = start
    state.turn_in_round = 0
    return state


def act(state, *action_ids: str):
    """Apply actions for whoever is to act; return the final state and all events."""
    events = []
    for action_id in action_ids:
        state, evs = ENGINE.apply(state, state.current, action_id)
        events += evs
    return state, events


def ids(state) -> list[str]:
    return [a.id for a in ENGINE.legal_actions(state, state.current)]


def set_tile(state, number: int, slots: list[str]) -> None:
    state.tiles[number - 1].slots = list(slots)


def give_goal(state, player: str, goal_id: int, have: dict | None = None) -> None:
    seat = state.seats[player]
    seat.goal = goal_id
    seat.goal_cubes = {"F": 0, "N": 0, "W": 0, **(have or {})}


def move_all(state, player: str, tile: int) -> None:
    for m in state.meeples:
        if m.owner == player and m.tile > 0:
            m.tile = tile


def cube_total(state) -> dict[str, int]:
    """Cubes on tiles + on goal cards + in the supply, by colour."""
    total = dict(state.supply)
    for tile in state.tiles:
        for s in tile.slots:
            if s in total:
                total[s] += 1
    for seat in state.seats.values():
        for c, n in seat.goal_cubes.items():
            total[c] += n
    return total
