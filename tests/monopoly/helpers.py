"""Small builders for crafting Monopoly states directly in tests."""

from __future__ import annotations

from engines.monopoly import movement
from engines.monopoly.engine import ENGINE
from engines.monopoly.state import MonopolyState

NAMES = ["Ada", "Brook", "Cy", "Dee", "Eli", "Fox"]


def new(n: int = 2, **options) -> MonopolyState:
    """A fresh game whose first player is Ada (the opening roll is overridden)."""
    s = ENGINE.setup(NAMES[:n], seed=1, options=options or None)
    s.turn = 0
    return s


def own(s: MonopolyState, player: str, *spaces: int) -> None:
    for i in spaces:
        s.owner[i] = player


def act(s: MonopolyState, player: str, action_id: str) -> MonopolyState:
    new_state, _ = ENGINE.apply(s, player, action_id)
    return new_state


def act_ev(s: MonopolyState, player: str, action_id: str):
    return ENGINE.apply(s, player, action_id)


def ids(s: MonopolyState, player: str) -> set[str]:
    return {a.id for a in ENGINE.legal_actions(s, player)}


def dice(monkeypatch, *rolls: tuple[int, int]) -> None:
    """The next rolls, in order, instead of random ones."""
    seq = list(rolls)
    monkeypatch.setattr(movement, "roll_dice", lambda s: seq.pop(0))


def money_total(s: MonopolyState) -> int:
    """Players' cash minus what the Bank paid out plus what it received: constant."""
    return sum(s.cash.values()) - s.bank_paid + s.bank_received
