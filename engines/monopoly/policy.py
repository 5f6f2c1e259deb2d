"""A sensible stand-in: buys what it can afford, builds with a cash cushion, bids up to a
property's price, completes its colour groups by trade, declines most offers, and raises money in
the least harmful order when in debt. It keeps random playouts short and always finite."""

from __future__ import annotations

import random

from engines.core import Action
from engines.monopoly.data import GROUPS, SPACES
from engines.monopoly.flow import awaited
from engines.monopoly.property import (
    group_of,
    lift_cost,
    owns_group,
    properties_of,
    rent,
    tradable,
    worth,
)
from engines.monopoly.state import MonopolyState
from engines.monopoly.trade_moves import TRADE_WITH, player_key

CUSHION = 150


def suggest(s: MonopolyState, player: str, ids: list[str], rng: random.Random) -> str:
    have = set(ids)
    main = awaited(s)
    waiting = bool(main) and main[0] == player
    t = s.trade
    if t and t.proposed and t.partner == player and waiting:
        return "tr:yes" if _likes(s, player) and "tr:yes" in have else "tr:no"
    if s.debts and s.debts[0].debtor == player:
        return _raise_money(s, player, have)
    claims = sorted(a for a in ids if a.startswith("rent:"))
    if claims:
        return claims[0]
    if waiting and s.fee_choices:
        f = s.fee_choices[0]
        if f"lift:{f.space}" in have and s.cash[player] > lift_cost(f.space) + 3 * CUSHION:
            return f"lift:{f.space}"
        return f"keep:{f.space}"
    if s.auction and "limit:0" in have:
        return _limit(s, player, have)
    if waiting and s.auction:
        return _bid(s, player, have)
    if waiting and s.placement:
        return sorted(i for i in ids if i.startswith("place:"))[0]
    if t and t.proposer == player and not t.proposed:
        return _continue_trade(s, player, have)
    if waiting and s.offer is not None:
        return "buy" if "buy" in have else "auction"
    # the current player's turn, before rolling
    for a in ids:
        if (
            a.startswith("build:")
            and s.cash[player] - (SPACES[int(a[6:])].build_cost or 0) > CUSHION
        ):
            return a
    for a in ids:
        if a.startswith("lift:") and s.cash[player] - lift_cost(int(a[5:])) > 2 * CUSHION:
            return a
    want = _wanted(s, player) if t is None and s.trades_this_turn == 0 else None
    if want:
        seller = want[1]
        start = f"{TRADE_WITH}{player_key(s, seller)}"
        if start in have:
            return start
    if player in s.jail:
        cards = [a for a in ids if a.startswith("usecard:")]
        if cards:
            return cards[0]
        if "pay" in have and s.cash[player] > 4 * CUSHION:
            return "pay"
    return "roll" if "roll" in have else rng.choice(ids)


#: what a player may do at any time but rarely should try on a whim: a search leaves these to
#: the heuristic (which mortgages and sells to pay a debt, lifts with cash to spare, and drafts
#: the trades that complete a group), as its playouts are too short to see their worth
_LEFT_TO_HEURISTIC = ("mortgage:", "lift:", "sell:", "trade:", "tr:")


def worth_searching(s: MonopolyState, player: str, actions: list[Action]) -> list[Action]:
    """The moves a searching bot weighs: the turn's decision (roll, buy or auction, bids,
    jail, answering a trade) and building; in debt, every way of raising the money."""
    if s.debts and s.debts[0].debtor == player:
        return actions
    t = s.trade
    answering = t is not None and t.proposed and t.partner == player
    return [
        a
        for a in actions
        if not a.id.startswith(_LEFT_TO_HEURISTIC) or (answering and a.id in ("tr:yes", "tr:no"))
    ]


#: how many times the others, together, are expected to land on one property of a player in
#: the turns after a search's playout stops (about 1 in 35 of a player's turns lands on a given
#: space; some ten turns each)
LANDINGS = 0.3


def standing(s: MonopolyState, player: str) -> float:
    """A player's fortune for a search that stops before the end: what they are worth, plus the
    rent their properties are expected to collect soon (so building, which leaves the worth
    unchanged, and completing a group show their value before anyone lands)."""
    if player not in s.alive:
        return 0.0
    others = len(s.alive) - 1
    income = sum(rent(s, i, 7) for i, p in s.owner.items() if p == player and i not in s.mortgaged)
    return worth(s, player) + LANDINGS * others * income


def _raise_money(s: MonopolyState, player: str, have: set[str]) -> str:
    sells = sorted((a for a in have if a.startswith("sell:")), key=lambda a: int(a[5:]))
    if sells:
        return sells[-1]
    morts = [a for a in have if a.startswith("mortgage:")]
    if morts:
        # keep complete groups longest: mortgage the least useful property first
        return min(morts, key=lambda a: (owns_group(s, player, int(a[9:])), int(a[9:])))
    if "bankrupt" in have:
        return "bankrupt"
    return sorted(have)[0]


def _worth_to(s: MonopolyState, player: str) -> int:
    """What the auctioned item is worth to ``player``: its price (half as much again if it
    completes their group), or half as much again as a building's cost."""
    a = s.auction
    assert a is not None
    if a.item == "space":
        value = SPACES[a.space].price or 0
        if _completes(s, player, a.space):
            value = value * 3 // 2
        return value
    return (SPACES[a.space].build_cost or 0) * 3 // 2


def _limit(s: MonopolyState, player: str, have: set[str]) -> str:
    """The most the stand-in pays: the highest offered limit within the item's worth to it
    that leaves it more than 50 (as its open bidding did)."""
    cap = min(_worth_to(s, player), s.cash[player] - 51)
    limits = [int(a[6:]) for a in have if a.startswith("limit:") and a[6:].isdigit()]
    fitting = [n for n in limits if 0 < n <= cap]
    return f"limit:{max(fitting)}" if fitting else "limit:0"


def _bid(s: MonopolyState, player: str, have: set[str]) -> str:
    a = s.auction
    assert a is not None
    value = _worth_to(s, player)
    for step in (10, 1):
        if f"bid:{step}" in have and a.high + step <= value and s.cash[player] - a.high - step > 50:
            return f"bid:{step}"
    return "pass"


def _completes(s: MonopolyState, player: str, space: int) -> bool:
    return all(s.owner.get(i) == player for i in group_of(space) if i != space)


def _wanted(s: MonopolyState, player: str) -> tuple[int, str, int] | None:
    """The one property that would complete a colour group of ``player``, its owner and an
    offer (1.5 times the price), when ``player`` can afford it."""
    for group, spaces in GROUPS.items():
        if group in ("transport", "utility"):
            continue
        missing = [i for i in spaces if s.owner.get(i) != player]
        if len(missing) != 1:
            continue
        i = missing[0]
        seller = s.owner.get(i)
        if seller is None or seller in s.bankrupt or not tradable(s, i):
            continue
        offer = (SPACES[i].price or 0) * 3 // 2
        if s.cash[player] - offer > CUSHION:
            return i, seller, offer
    return None


def _continue_trade(s: MonopolyState, player: str, have: set[str]) -> str:
    t = s.trade
    assert t is not None
    want = _wanted(s, player)
    if not want or want[1] != t.partner or t.give or t.give_cards or t.take_cards:
        return "tr:cancel"
    target, _, offer = want
    if target not in t.take:
        return f"tr:take:{target}" if f"tr:take:{target}" in have else "tr:cancel"
    if t.take != [target] or t.cash > offer:
        return "tr:cancel"
    for step in (100, 10, 1):
        if t.cash + step <= offer and f"tr:pay:{step}" in have:
            return f"tr:pay:{step}"
    return "tr:propose" if "tr:propose" in have else "tr:cancel"


def _likes(s: MonopolyState, player: str) -> bool:
    """Accept cash-for-one-property offers at 1.5 times the price unless it breaks up a group
    the answerer is itself collecting."""
    t = s.trade
    assert t is not None
    if t.give or t.give_cards or t.take_cards or len(t.take) != 1:
        return False
    i = t.take[0]
    if t.cash < (SPACES[i].price or 0) * 3 // 2:
        return False
    mine = set(properties_of(s, player))
    return sum(j in mine for j in group_of(i)) <= 1
