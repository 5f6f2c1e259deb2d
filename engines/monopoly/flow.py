"""Whose decision the game waits for, and moving on once nothing is pending.

Priority: a proposed trade's answer, then debts, then lift-or-fee choices for received mortgaged
property, then an auction (every bidder not yet answered, at once), then placing a building won at auction, then the lander's buy-or-
auction offer, then the current player's roll.
"""

from __future__ import annotations

from engines.core import Event
from engines.monopoly import auction
from engines.monopoly.auction import start_property_auction
from engines.monopoly.money import announce, close_turn, end_if_settled, settle_debts, tell
from engines.monopoly.state import MonopolyState
from i18n.say import say


def awaited(s: MonopolyState) -> list[str]:
    """The player whose decision the game waits for, then (with the "owner asks" option) any
    owner who may still ask for rent before the next roll."""
    if s.over:
        return []
    first = _awaited(s)
    owners = [c.owner for c in s.claims if c.owner not in first]
    return first + list(dict.fromkeys(owners))


def _awaited(s: MonopolyState) -> list[str]:
    if s.trade and s.trade.proposed:
        return [s.trade.partner]
    if s.debts:
        return [s.debts[0].debtor]
    if s.fee_choices:
        return [s.fee_choices[0].player]
    if s.auction and s.auction.open:
        return [s.auction.bidders[s.auction.turn]]
    if s.auction:
        return auction.unanswered(s)  # every bidder at once
    if s.placement:
        return [s.placement.player]
    return [s.current]


def advance(s: MonopolyState, ev: list[Event]) -> None:
    """Settle what can be settled and pass the turn when the current move is done."""
    while not s.over:
        if s.trade and s.trade.proposed:
            return
        if not settle_debts(s, ev):
            return
        s.fee_choices = [
            f for f in s.fee_choices if s.owner.get(f.space) == f.player and f.space in s.mortgaged
        ]
        end_if_settled(s, ev)
        if s.over:
            return
        auction.close_if_done(s, ev)
        auction.drop_stuck_placement(s, ev)
        if s.fee_choices or s.auction or s.placement:
            return
        if s.auction_queue:
            space = s.auction_queue.pop(0)
            if start_property_auction(s, ev, space, s.current):
                return
            continue
        if s.offer is not None:
            return
        if s.current in s.bankrupt or (s.stage == "move" and not s.again):
            next_turn(s, ev)
            return
        if s.stage == "move":
            s.stage = "roll"
        return


def next_turn(s: MonopolyState, ev: list[Event]) -> None:
    close_turn(s)
    n = len(s.players)
    for k in range(1, n + 1):
        cand = (s.turn + k) % n
        if s.players[cand] not in s.bankrupt:
            s.turn = cand
            break
    s.stage = "roll"
    s.doubles = 0
    s.again = False
    s.trades_this_turn = 0
    s.turns += 1
    if s.trade and not s.trade.proposed:
        tell(ev, s.trade.proposer, say("Your trade draft, never proposed, lapses with the turn."))
        s.trade = None
    player = s.current
    if player in s.jail:
        announce(s, ev, say("{player}'s turn (in jail).", player=player))
    else:
        announce(s, ev, say("{player}'s turn.", player=player))
