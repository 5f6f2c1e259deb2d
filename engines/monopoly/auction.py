"""Auctions: unbought property, a bankrupt's property sold by the Bank, and building shortages.

How the rulebook's open points are read (order, final passes, no bid, shortages): see
``engines/monopoly/rulings.md``.
"""

from __future__ import annotations

from engines.core import Event
from engines.monopoly.data import SPACES
from engines.monopoly.money import charge, say, transfer
from engines.monopoly.property import can_build_here, next_item
from engines.monopoly.state import Auction, MonopolyState, Placement

BID_STEPS = (1, 10, 50, 100)


def table_order(s: MonopolyState, first: str) -> list[str]:
    """Solvent players starting with ``first`` (or the next one after them) around the table."""
    n = len(s.players)
    start = s.players.index(first)
    order = [s.players[(start + k) % n] for k in range(n)]
    return [p for p in order if p not in s.bankrupt and s.cash[p] > 0]


def start_property_auction(s: MonopolyState, ev: list[Event], space: int, first: str) -> bool:
    bidders = table_order(s, first)
    if not bidders:
        say(s, ev, f"Nobody can bid for {SPACES[space].name}; it stays with the Bank.")
        return False
    s.auction = Auction(item="space", space=space, bidders=bidders)
    say(
        s,
        ev,
        f"Auction for {SPACES[space].name} (price {SPACES[space].price}); bids open at 1.",
        "auction",
    )
    return True


def shortage_bidders(s: MonopolyState, item: str) -> list[str]:
    """Players who could build ``item`` right now, ignoring the Bank's stock."""
    return [p for p in s.alive if any(next_item(s, i) == item for i in _spots(s, p))]


def _spots(s: MonopolyState, player: str) -> list[int]:
    return [
        i
        for i, p in s.owner.items()
        if p == player
        and SPACES[i].kind == "location"
        and can_build_here(s, player, i, check_bank=False) is None
    ]


def is_shortage(s: MonopolyState, item: str) -> bool:
    """A shortage: the Bank has fewer of ``item`` than the players who could build one, and
    more than one such player (then the Banker must auction)."""
    stock = s.bank_boxes if item == "box" else s.bank_stilts
    wanting = shortage_bidders(s, item)
    return len(wanting) > 1 and stock < len(wanting)


def start_shortage_auction(s: MonopolyState, ev: list[Event], player: str, space: int) -> None:
    item = next_item(s, space)
    cost = SPACES[space].build_cost or 0
    ordered = table_order(s, player)
    wanting = set(shortage_bidders(s, item))
    bidders = [p for p in ordered if p in wanting]
    s.auction = Auction(
        item=item,
        space=space,
        bidders=bidders,
        high=cost,
        high_bidder=player,
        turn=1 % len(bidders),
    )
    word = "gublet box" if item == "box" else "flublet stilt"
    say(
        s,
        ev,
        f"Shortage: {player} asks for a {word} for {SPACES[space].name}, opening at {cost}; "
        "the Bank auctions it.",
        "auction",
    )


def bid(s: MonopolyState, ev: list[Event], player: str, step: int) -> None:
    a = s.auction
    assert a is not None
    a.high += step
    a.high_bidder = player
    say(s, ev, f"{player} bids {a.high}.")
    a.turn = (a.turn + 1) % len(a.bidders)
    _maybe_close(s, ev)


def pass_bid(s: MonopolyState, ev: list[Event], player: str) -> None:
    a = s.auction
    assert a is not None
    idx = a.bidders.index(player)
    a.bidders.pop(idx)
    say(s, ev, f"{player} passes.")
    if a.bidders:
        a.turn = idx % len(a.bidders)
    _maybe_close(s, ev)


def close_if_done(s: MonopolyState, ev: list[Event]) -> None:
    if s.auction is not None:
        _maybe_close(s, ev)


def _maybe_close(s: MonopolyState, ev: list[Event]) -> None:
    a = s.auction
    assert a is not None
    # the turn never comes back to the leader while others are still in: passes are final
    if a.bidders and not (len(a.bidders) == 1 and a.high_bidder == a.bidders[0]):
        return
    s.auction = None
    winner = a.high_bidder
    if winner is None:
        say(s, ev, f"No bids: {SPACES[a.space].name} stays with the Bank.")
        return
    if a.item == "space":
        s.owner[a.space] = winner
        say(s, ev, f"{winner} wins {SPACES[a.space].name} for {a.high}.", "auction")
        # the last bidder must buy; cash spent meanwhile (rent asked for) becomes a debt
        charge(s, ev, winner, None, a.high, f"auction of {SPACES[a.space].name}")
        return
    _deliver_building(s, ev, winner, a)


def _deliver_building(s: MonopolyState, ev: list[Event], winner: str, a: Auction) -> None:
    word = "gublet box" if a.item == "box" else "flublet stilt"
    spots = buildable_free(s, winner, a.item)
    stock = s.bank_boxes if a.item == "box" else s.bank_stilts
    if not spots or stock == 0 or s.cash[winner] < a.high:
        say(s, ev, f"{winner} can no longer place a {word}; it stays with the Bank.")
        return
    transfer(s, winner, None, a.high)
    say(s, ev, f"{winner} wins the {word} for {a.high}.", "auction")
    if a.space in spots:
        place(s, ev, winner, a.space, paid=True)
        return
    # the building leaves the Bank now, reserved for its winner until placed
    if a.item == "box":
        s.bank_boxes -= 1
    else:
        s.bank_stilts -= 1
    s.placement = Placement(player=winner, item="box" if a.item == "box" else "stilt", paid=a.high)


def buildable_free(s: MonopolyState, player: str, item: str) -> list[int]:
    """Where ``player`` may put an already paid-for ``item``."""
    return sorted(
        i
        for i, p in s.owner.items()
        if p == player
        and SPACES[i].kind == "location"
        and next_item(s, i) == item
        and can_build_here(s, player, i, check_bank=False, check_cash=False) is None
    )


def place(
    s: MonopolyState,
    ev: list[Event],
    player: str,
    space: int,
    *,
    paid: bool,
    reserved: bool = False,
) -> None:
    """Put the next building on ``space``, paying its printed cost unless already paid; a
    ``reserved`` building has already left the Bank's stock."""
    sp = SPACES[space]
    cost = sp.build_cost or 0
    if not paid:
        transfer(s, player, None, cost)
    if next_item(s, space) == "box":
        s.bank_boxes -= 0 if reserved else 1
        s.bank_stilts += s.max_stilts
        s.level[space] = s.max_stilts + 1
        s.bought.append(space)
        say(s, ev, f"{player} builds a gublet box on {sp.name}.", "build")
    else:
        s.bank_stilts -= 0 if reserved else 1
        s.level[space] = s.level.get(space, 0) + 1
        s.bought.append(space)
        say(s, ev, f"{player} builds a flublet stilt on {sp.name} ({s.level[space]}).", "build")


def drop_stuck_placement(s: MonopolyState, ev: list[Event]) -> None:
    """A won building with nowhere left to go returns to the Bank and its price is refunded."""
    pl = s.placement
    if pl is None or buildable_free(s, pl.player, pl.item):
        return
    s.placement = None
    if pl.item == "box":
        s.bank_boxes += 1
    else:
        s.bank_stilts += 1
    transfer(s, None, pl.player, pl.paid)
    say(s, ev, f"{pl.player} has nowhere left to place it; the Bank refunds {pl.paid}.")
