"""Random playouts at 2-6 players in both rule sets, checking at every step that shmeckles are
conserved, the 32 stilts and 12 boxes are all accounted for (and remembered in the order
bought), and each property has one owner."""

import random

import pytest

from engines.monopoly.data import LOCATIONS, PROPERTIES
from engines.monopoly.engine import ENGINE
from engines.monopoly.property import stilts_and_boxes

from .helpers import NAMES, money_total


def check_invariants(s, start_money):
    assert money_total(s) == start_money, "shmeckles are conserved"
    stilts, boxes = stilts_and_boxes(s)
    reserved_stilt = int(bool(s.placement and s.placement.item == "stilt"))
    reserved_box = int(bool(s.placement and s.placement.item == "box"))
    assert stilts + s.bank_stilts + reserved_stilt == 32
    assert boxes + s.bank_boxes + reserved_box == 12
    assert s.bank_stilts >= 0 and s.bank_boxes >= 0
    for i, owner in s.owner.items():
        assert i in PROPERTIES and owner in s.players and owner not in s.bankrupt
    assert set(s.mortgaged) <= set(s.owner)
    assert set(s.level) <= set(LOCATIONS) and all(s.owner.get(i) for i in s.level)
    standing = sorted(i for i, lvl in s.level.items() for _ in range(lvl))
    assert sorted(s.bought) == standing, "every standing building is in the order bought once"
    assert all(c >= 0 for c in s.cash.values())
    held = [c for cards in s.cards.values() for c in cards]
    assert len(held) + sum(len(d) for d in s.decks.values()) == 32


@pytest.mark.parametrize("mode", ["classic", "quick"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playout_keeps_money_buildings_and_ownership_consistent(mode, n):
    players = NAMES[:n]
    s = ENGINE.setup(players, seed=100 + n, options={"mode": mode})
    rng = random.Random(n)
    start = money_total(s)
    for _ in range(ENGINE.max_playout_steps):
        if ENGINE.result(s) is not None:
            break
        p = rng.choice(ENGINE.to_act(s))
        if rng.random() < 0.15:
            aid = rng.choice(ENGINE.legal_actions(s, p)).id
        else:
            aid = ENGINE.suggest(s, p, rng)
        s, _ = ENGINE.apply(s, p, aid)
        check_invariants(s, start)
    result = ENGINE.result(s)
    assert result is not None and result.winners
    if mode == "quick":
        assert len(s.bankrupt) == 1
    else:
        assert len(s.bankrupt) == n - 1


@pytest.mark.parametrize("n", [3, 4])
def test_random_playout_with_out_of_turn_actions_and_rent_on_request(n):
    """Players not awaited also act (build, mortgage, trade, ask for rent) at random moments."""
    players = NAMES[:n]
    s = ENGINE.setup(players, seed=200 + n, options={"rent": "ask"})
    rng = random.Random(200 + n)
    start = money_total(s)
    for _ in range(ENGINE.max_playout_steps):
        if ENGINE.result(s) is not None:
            break
        waiting = ENGINE.to_act(s)
        if rng.random() < 0.06:
            p = rng.choice(s.alive)
            actions = ENGINE.legal_actions(s, p)
            if not actions:
                continue
            claims = [a.id for a in actions if a.id.startswith("rent:")]
            aid = claims[0] if claims else rng.choice(actions).id
        else:
            p = rng.choice(waiting)
            aid = ENGINE.suggest(s, p, rng)
        s, _ = ENGINE.apply(s, p, aid)
        check_invariants(s, start)
    assert ENGINE.result(s) is not None
