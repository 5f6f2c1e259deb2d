"""Random games to the end at every player count, in both modes, with invariants."""

import random

import pytest

from engines.anatomy_park import data
from engines.anatomy_park.engine import ENGINE
from tests.anatomy_park.helpers import NAMES, all_tiles, reaction_places


def check_invariants(s):
    every = sorted(data.tiles())
    assert sorted(all_tiles(s)) == every, "every tile is in exactly one place"
    for p in s.players:
        placed = sum(c.marker == p for c in s.park.values())
        assert s.markers_left[p] >= 0 and placed + s.markers_left[p] == 5
    assert all(len(s.hands[p]) <= 5 for p in s.players if p != s.current or s.phase == "move")
    assert len({d.effect for d in s.diseases}) == len(s.diseases)
    assert all(d.pos in s.park for d in s.diseases), "diseases stand on tiles"
    assert not set(s.dead_diseases) & {d.effect for d in s.diseases}, "dead diseases never return"
    cards = reaction_places(s)
    assert len(cards) == len(set(cards)), "every body reaction card is in one place at most"
    drawn_hearts = set(data.reactions()) - set(cards)
    assert all(data.reactions()[c].kind == "heart" for c in drawn_hearts), "no card is lost"
    assert len(drawn_hearts) == s.heart_attacks


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playout_keeps_invariants_and_ends(n, mode):
    for seed in (11, 12):
        s = ENGINE.setup(NAMES[:n], seed=seed, options={"mode": mode})
        rng = random.Random(seed)
        for _ in range(ENGINE.max_playout_steps):
            check_invariants(s)
            if s.over:
                break
            player = rng.choice(ENGINE.to_act(s))
            actions = ENGINE.legal_actions(s, player)
            choice = (
                rng.choice(actions).id if rng.random() < 0.2 else ENGINE.suggest(s, player, rng)
            )
            s, _ = ENGINE.apply(s, player, choice)
        assert ENGINE.result(s) is not None, "a game always ends"
        assert ENGINE.to_act(s) == []


def test_stand_in_games_reach_heart_attacks_and_stack_endings():
    reasons, hearts = set(), 0
    for seed in range(8):
        s = ENGINE.setup(NAMES[:3], seed=seed)
        rng = random.Random(seed)
        while not s.over:
            player = rng.choice(ENGINE.to_act(s))
            s, _ = ENGINE.apply(s, player, ENGINE.suggest(s, player, rng))
        reasons.add(s.end_reason)
        hearts += s.heart_attacks > 0
    assert any("second time" in r for r in reasons)
    assert hearts and any("left the park" in r or "dies" in r for r in reasons)


@pytest.mark.parametrize("n", [3, 6])
def test_playout_with_a_player_conceding_midway_keeps_invariants_and_ends(n):
    s = ENGINE.setup(NAMES[:n], seed=n, options={"mode": "advanced"})
    rng = random.Random(n)
    for step in range(ENGINE.max_playout_steps):
        check_invariants(s)
        if s.over:
            break
        if step == 40:
            s, _ = ENGINE.remove_player(s, rng.choice(s.players))
            continue
        player = rng.choice(ENGINE.to_act(s))
        s, _ = ENGINE.apply(s, player, ENGINE.suggest(s, player, rng))
    assert ENGINE.result(s) is not None and len(s.removed) == 1
    assert s.removed[0] not in ENGINE.result(s).winners
