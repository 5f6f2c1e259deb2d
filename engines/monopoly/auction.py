"""Auctions: unbought property, a bankrupt's property sold by the Bank, and building shortages.

How the rulebook's open points are read (order, final passes, no bid, shortages): see
``engines/monopoly/rulings.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Event
from engines.monopoly.data import SPACES
from engines.monopoly.money import announce, charge, note, transfer
from engines.monopoly.property import can_build_here, next_item
from engines.monopoly.state import Auction, MonopolyState, Placement
from engines.monopoly.words import building, listed
from i18n.say import say

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
        announce(
            s,
            ev,
            say("Nobody can bid for {space}; it stays with the Bank.", space=SPACES[space].name),
        )
        return False
    s.auction = Auction(item="space", space=space, bidders=bidders)
    announce(
        s,
        ev,
        say(
            "Auction for {space} (price {price}), opening at 1: "
            "{players}, each say the most you will pay; the bot bids for you.",
            space=SPACES[space].name,
            price=SPACES[space].price or 0,
            players=names(bidders),
        ),
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
        and can_build_here(s, player, i, check_bank=False, words=False) is None
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
    announce(
        s,
        ev,
        say(
            "Shortage: {player} asks for a {item} for {space}, opening at {cost}; "
            "the Bank auctions it: {players}, each say the most you will pay.",
            player=player,
            item=building(item),
            space=SPACES[space].name,
            cost=cost,
            players=names(bidders),
        ),
        "auction",
    )


# -- limits: every bidder asked once, the bot bids for them -----------------------------------
def unanswered(s: MonopolyState) -> list[str]:
    """The bidders still to say the most they will pay, in table order (none in an open
    auction, which asks one bidder at a time)."""
    a = s.auction
    if a is None or a.open:
        return []
    return [p for p in a.bidders if p not in a.limits]


def reopens(s: MonopolyState, player: str, action_id: str) -> bool:
    """Whether ``action_id`` is an open auction's bid or pass, from a move log recorded before
    auctions asked for limits, made where that log made it: by the bidder whose turn it was,
    before anyone answered (then the auction is played open, as it was)."""
    a = s.auction
    verb = action_id.partition(":")[0]
    return (
        a is not None
        and not a.open
        and not a.limits
        and verb in ("bid", "pass")
        and bool(a.bidders)
        and player == a.bidders[a.turn % len(a.bidders)]
        and not (s.trade and s.trade.proposed)
        and not s.debts
        and not s.fee_choices
    )


def lowest_limit(a: Auction, player: str) -> int:
    """The least a limit may be: above the standing bid, and above the player's own limit
    when they raise it."""
    return max(a.high, a.limits.get(player, 0)) + 1


def set_limit(s: MonopolyState, ev: list[Event], player: str, limit: int) -> None:
    """``player`` says the most they will pay (0: they do not bid), or raises it. Only they
    are told the number; the table hears that they answered. The last answer resolves."""
    a = s.auction
    assert a is not None
    first = player not in a.limits
    a.limits[player] = limit
    if limit:
        told = say("Auction: the most you will pay is {limit}.", limit=limit)
    else:
        told = say("Auction: you do not bid.")
    ev.append(Event(text=told, private_to=player))
    if first:
        left = unanswered(s)
        if left:
            answered = say(
                "{player} has answered the auction; waiting for {players}.",
                player=player,
                players=names(left),
            )
        else:
            answered = say("{player} has answered the auction.", player=player)
        announce(s, ev, answered)
    if not unanswered(s):
        resolve(s, ev)


def names(players: list[str]) -> str:
    """ "Ada", "Ada and Bruno", "Ada, Bruno and Chidi"."""
    out: str = listed(players)
    return out


@dataclass(frozen=True)
class Outcome:
    """Who an auction of limits goes to and at what price (``winner`` None: no bid)."""

    winner: str | None
    price: int


def outcome(a: Auction) -> Outcome:
    """The bot bidding for everyone, in table order from whoever bids next: each bidder
    answers the highest bid with one shmeckle more while within their limit, and its holder
    answers back the same way, until one of the two reaches their limit. So the highest limit
    wins at one more than the second-highest bid made (capped by its own limit), and of equal
    highest limits the first to reach it keeps it. A standing bid (a shortage's asker) counts
    as its holder's limit at least. Reasoned in ``rulings.md``."""
    n = len(a.bidders)
    order = [a.bidders[(a.turn + k) % n] for k in range(n)]
    holder, high = a.high_bidder, a.high

    def limit(p: str) -> int:
        own = a.limits.get(p, 0)
        return max(own, a.high) if p == a.high_bidder else own

    for p in order:
        if p == holder or limit(p) <= high:
            continue
        if holder is None:  # the opening bid
            holder, high = p, high + 1
        elif limit(p) > limit(holder):  # the holder gives up at their limit
            holder, high = p, min(limit(holder) + 1, limit(p))
        else:  # the challenger gives up at theirs; the holder answers it
            high = min(limit(p) + 1, limit(holder))
    return Outcome(holder, high if holder is not None else 0)


def resolve(s: MonopolyState, ev: list[Event]) -> None:
    """Every limit is in: the auction ends as the open auction would; only the price is told."""
    a = s.auction
    assert a is not None
    got = outcome(a)
    a.high_bidder, a.high = got.winner, got.price
    a.bidders = [] if got.winner is None else [got.winner]
    _maybe_close(s, ev)


def bid(s: MonopolyState, ev: list[Event], player: str, step: int) -> None:
    a = s.auction
    assert a is not None
    a.high += step
    a.high_bidder = player
    announce(s, ev, say("{player} bids {amount}.", player=player, amount=a.high))
    a.turn = (a.turn + 1) % len(a.bidders)
    _maybe_close(s, ev)


def pass_bid(s: MonopolyState, ev: list[Event], player: str) -> None:
    a = s.auction
    assert a is not None
    idx = a.bidders.index(player)
    a.bidders.pop(idx)
    announce(s, ev, say("{player} passes.", player=player))
    if a.bidders:
        a.turn = idx % len(a.bidders)
    _maybe_close(s, ev)


def close_if_done(s: MonopolyState, ev: list[Event]) -> None:
    """End an open auction nobody is left to bid in, or an auction of limits whose bidders
    have all answered (some may have left the game meanwhile)."""
    a = s.auction
    if a is None:
        return
    if a.open:
        _maybe_close(s, ev)
        return
    a.bidders = [p for p in a.bidders if p in s.alive]
    if a.high_bidder is not None and a.high_bidder not in s.alive:
        a.high_bidder, a.high = None, 0
    if not unanswered(s):
        resolve(s, ev)


def _maybe_close(s: MonopolyState, ev: list[Event]) -> None:
    a = s.auction
    assert a is not None
    # the turn never comes back to the leader while others are still in: passes are final
    if a.bidders and not (len(a.bidders) == 1 and a.high_bidder == a.bidders[0]):
        return
    s.auction = None
    winner = a.high_bidder
    if winner is None:
        announce(s, ev, say("No bids: {space} stays with the Bank.", space=SPACES[a.space].name))
        return
    if a.item == "space":
        s.owner[a.space] = winner
        announce(
            s,
            ev,
            say(
                "{player} wins {space} for {amount}.",
                player=winner,
                space=SPACES[a.space].name,
                amount=a.high,
            ),
            "auction",
        )
        note(s, winner, "won", str(a.space), a.space)
        # the last bidder must buy; cash spent meanwhile (rent asked for) becomes a debt
        charge(s, ev, winner, None, a.high, say("auction of {space}", space=SPACES[a.space].name))
        return
    _deliver_building(s, ev, winner, a)


def _deliver_building(s: MonopolyState, ev: list[Event], winner: str, a: Auction) -> None:
    word = building(a.item)
    spots = buildable_free(s, winner, a.item)
    stock = s.bank_boxes if a.item == "box" else s.bank_stilts
    if not spots or stock == 0 or s.cash[winner] < a.high:
        announce(
            s,
            ev,
            say(
                "{player} can no longer place a {item}; it stays with the Bank.",
                player=winner,
                item=word,
            ),
        )
        return
    transfer(s, winner, None, a.high)
    announce(
        s,
        ev,
        say("{player} wins the {item} for {amount}.", player=winner, item=word, amount=a.high),
        "auction",
    )
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
        and can_build_here(s, player, i, check_bank=False, check_cash=False, words=False) is None
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
        announce(
            s,
            ev,
            say("{player} builds a gublet box on {space}.", player=player, space=sp.name),
            "build",
        )
        note(s, player, "built", str(space), space)
    else:
        s.bank_stilts -= 0 if reserved else 1
        s.level[space] = s.level.get(space, 0) + 1
        s.bought.append(space)
        announce(
            s,
            ev,
            say(
                "{player} builds a flublet stilt on {space} ({level}).",
                player=player,
                space=sp.name,
                level=s.level[space],
            ),
            "build",
        )
        note(s, player, "built", str(space), space)


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
    announce(
        s,
        ev,
        say(
            "{player} has nowhere left to place it; the Bank refunds {amount}.",
            player=pl.player,
            amount=pl.paid,
        ),
    )
