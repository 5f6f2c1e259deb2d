"""Trades between players, built step by step: start with a partner, add or remove property and
Get Out of Jail Free cards on either side, set the cash, propose; the partner accepts or declines.

A trade must move at least one property or card (the rulebook forbids lending money); property
with buildings on its group cannot be traded; a mortgaged property received carries the 10% fee.
"""

from __future__ import annotations

from functools import cache

from engines.core import Event
from engines.monopoly.data import CARDS, SPACES
from engines.monopoly.money import announce, note, receive_property, tell, transfer
from engines.monopoly.property import spendable, tradable
from engines.monopoly.state import MonopolyState, Trade
from i18n.say import Say, say

CASH_STEPS = (1, 10, 100)


def start(s: MonopolyState, ev: list[Event], proposer: str, partner: str) -> None:
    """A draft is its drafter's until proposed: only they are told, and nobody else's view
    shows it (see ``views``)."""
    s.trade = Trade(proposer=proposer, partner=partner)
    tell(
        ev,
        proposer,
        say(
            "You start drafting a trade with {player}; nobody sees it until proposed.",
            player=partner,
        ),
    )


def problem(s: MonopolyState, deal: Trade) -> Say | None:
    """Why the trade cannot happen as drafted, or None."""
    for i in deal.give:
        if s.owner.get(i) != deal.proposer or not tradable(s, i):
            return say(
                "{space} is no longer {player}'s to trade.",
                space=SPACES[i].name,
                player=deal.proposer,
            )
    for i in deal.take:
        if s.owner.get(i) != deal.partner or not tradable(s, i):
            return say(
                "{space} is no longer {player}'s to trade.",
                space=SPACES[i].name,
                player=deal.partner,
            )
    for c in deal.give_cards:
        if c not in s.cards.get(deal.proposer, []):
            return say("{player} no longer holds that card.", player=deal.proposer)
    for c in deal.take_cards:
        if c not in s.cards.get(deal.partner, []):
            return say("{player} no longer holds that card.", player=deal.partner)
    if deal.cash > 0 and spendable(s, deal.proposer) < deal.cash:
        return say(
            "{player} does not have {amount} shmeckles.", player=deal.proposer, amount=deal.cash
        )
    if deal.cash < 0 and spendable(s, deal.partner) < -deal.cash:
        return say(
            "{player} does not have {amount} shmeckles.", player=deal.partner, amount=-deal.cash
        )
    if not (deal.give or deal.take or deal.give_cards or deal.take_cards):
        return say("A trade must include at least one property or card.")
    return None


def describe(deal: Trade) -> Say:
    """ "Ada gives Pluto, 50 shmeckles; Bruno gives nothing"."""

    def side(props: list[int], cards: list[str], cash: int) -> Say | str:
        items: list[Say | str] = [SPACES[i].name for i in props]
        items += [say("a Get Out of Jail Free card")] * len(cards)
        if cash > 0:
            items.append(say("{amount} shmeckles", amount=cash))
        if not items:
            return say("nothing")
        out = items[0]
        for item in items[1:]:
            out = say("{first}, {next}", first=out, next=item)
        return out

    return say(
        "{player} gives {gives}; {partner} gives {takes}",
        player=deal.proposer,
        gives=side(deal.give, deal.give_cards, deal.cash),
        partner=deal.partner,
        takes=side(deal.take, deal.take_cards, -deal.cash),
    )


def accept(s: MonopolyState, ev: list[Event]) -> None:
    deal = s.trade
    assert deal is not None
    s.trade = None
    why = problem(s, deal)
    if why:
        announce(s, ev, say("The trade falls through: {why}", why=why))
        return
    announce(
        s, ev, say("{player} accepts: {trade}.", player=deal.partner, trade=describe(deal)), "trade"
    )
    note(s, deal.proposer, "traded", deal.partner, *deal.give, *deal.take)
    for i in deal.give:
        receive_property(s, deal.partner, i)
    for i in deal.take:
        receive_property(s, deal.proposer, i)
    for c in deal.give_cards:
        s.cards[deal.proposer].remove(c)
        s.cards.setdefault(deal.partner, []).append(c)
    for c in deal.take_cards:
        s.cards[deal.partner].remove(c)
        s.cards.setdefault(deal.proposer, []).append(c)
    for p in (deal.proposer, deal.partner):
        if p in s.cards and not s.cards[p]:
            del s.cards[p]
    if deal.cash > 0:
        transfer(s, deal.proposer, deal.partner, deal.cash)
    elif deal.cash < 0:
        transfer(s, deal.partner, deal.proposer, -deal.cash)


@cache
def card_label(card_id: str) -> Say:
    """A Get Out of Jail Free card by its deck ("Get Out of Jail Free (Schwifty)")."""
    deck = "Schwifty" if CARDS[card_id].deck == "schwifty" else "Cable TV"
    return say("Get Out of Jail Free ({deck})", deck=deck)
