"""Quick checks the engines make when they list moves (a search lists them at every step)
agree with the slow, worded rules they stand for, on every state of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import engines
from engines.cemetery import actions as cemetery
from engines.monopoly import actions as monopoly
from engines.monopoly.property import (
    can_build_here,
    can_lift,
    can_mortgage,
    can_sell_here,
    tradable,
)

PLAYERS = ["Ada", "Brook", "Cy"]


def _states(name: str, n: int, games: int = 4, moves: int = 400) -> Iterator:
    """Positions of seeded games, each move the stand-in's choice or, one time in two, a
    random one (stand-ins build and sell; random moves reach odd corners)."""
    engine = engines.get_engine(name)
    for seed in range(1, games + 1):
        state = engine.setup(PLAYERS[:n], seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if engine.is_over(state):
                break
            yield state
            player = engine.to_act(state)[0]
            legal = engine.legal_actions(state, player)
            if rng.random() < 0.5:
                action = rng.choice(legal)
            else:
                picked = engine.pick(state, player, legal, rng)
                action = next(a for a in legal if a.id == picked)
            state, _ = engine.play(state, player, action)


def test_cemetery_knows_whether_a_phase_has_a_choice_without_listing_the_choices():
    checks = {
        "stitch": (cemetery.can_stitch, cemetery.stitch_options),
        "mark": (cemetery.can_mark, cemetery.mark_options),
        "experiment": (cemetery.can_experiment, cemetery.experiment_options),
    }
    seen = set()
    for state in _states("cemetery", 2):
        if state.pending is None:
            # each phase's question asked of the player's position, whatever the phase now
            for phase, (quick, listing) in checks.items():
                assert quick(state) == bool(listing(state)), phase
                seen.add((phase, quick(state)))
    assert len(seen) == 6, "every phase seen both with and without a choice"


def _allowed(s, player: str) -> set[str]:
    """The property moves the worded refusals allow ``player`` (each None: no refusal)."""
    out = set()
    debtor = bool(s.debts) and s.debts[0].debtor == player
    mine = [i for i, p in s.owner.items() if p == player]
    may_build = not debtor and s.auction is None and s.placement is None
    for i in mine:
        if may_build and can_build_here(s, player, i) is None:
            out.add(f"build:{i}")
        if can_sell_here(s, player, i) is None:
            out.add(f"sell:{i}")
        if can_mortgage(s, player, i) is None:
            out.add(f"mortgage:{i}")
        if not debtor and can_lift(s, player, i) is None:
            out.add(f"lift:{i}")
    t = s.trade
    if t is not None and t.proposer == player and not t.proposed:
        out |= {f"tr:give:{i}" for i in mine if tradable(s, i)}
        out |= {f"tr:take:{i}" for i, p in s.owner.items() if p == t.partner and tradable(s, i)}
    return out


def test_monopoly_lists_exactly_the_property_moves_its_refusals_allow():
    kinds = ("build:", "sell:", "mortgage:", "lift:", "tr:give:", "tr:take:")
    seen: set[str] = set()
    for state in _states("monopoly", 3, games=3, moves=1500):
        if state.over:
            continue
        for player in state.alive:
            listed = {a.id for a in monopoly.free_actions(state, player) if a.id.startswith(kinds)}
            assert listed == _allowed(state, player)
            seen |= {a.rsplit(":", 1)[0] + ":" for a in listed}
    assert seen == set(kinds), "every kind of move seen"
