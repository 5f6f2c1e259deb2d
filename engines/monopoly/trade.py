"""Trades between players, built step by step: start with a partner, add or remove property and
Get Out of Jail Free cards on either side, set the cash, propose; the partner accepts or declines.

A trade must move at least one property or card (the rulebook forbids lending money); property
with buildings on its group cannot be traded; a mortgaged property received carries the 10% fee.
"""

from __future__ import annotations

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


def problem(s: MonopolyState, t: Trade) -> Say | None:
    """Why the trade cannot happen as drafted, or None."""
    for i in t.give:
        if s.owner.get(i) != t.proposer or not tradable(s, i):
            return say(
                "{space} is no longer {player}'s to trade.", space=SPACES[i].name, player=t.proposer
            )
    for i in t.take:
        if s.owner.get(i) != t.partner or not tradable(s, i):
            return say(
                "{space} is no longer {player}'s to trade.", space=SPACES[i].name, player=t.partner
            )
    for c in t.give_cards:
        if c not in s.cards.get(t.proposer, []):
            return say("{player} no longer holds that card.", player=t.proposer)
    for c in t.take_cards:
        if c not in s.cards.get(t.partner, []):
            return say("{player} no longer holds that card.", player=t.partner)
    if t.cash > 0 and spendable(s, t.proposer) < t.cash:
        return say("{player} does not have {amount} shmeckles.", player=t.proposer, amount=t.cash)
    if t.cash < 0 and spendable(s, t.partner) < -t.cash:
        return say("{player} does not have {amount} shmeckles.", player=t.partner, amount=-t.cash)
    if not (t.give or t.take or t.give_cards or t.take_cards):
        return say("A trade must include at least one property or card.")
    return None


def describe(t: Trade) -> Say:
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
        player=t.proposer,
        gives=side(t.give, t.give_cards, t.cash),
        partner=t.partner,
        takes=side(t.take, t.take_cards, -t.cash),
    )


def accept(s: MonopolyState, ev: list[Event]) -> None:
    t = s.trade
    assert t is not None
    s.trade = None
    why = problem(s, t)
    if why:
        announce(s, ev, say("The trade falls through: {why}", why=why))
        return
    announce(s, ev, say("{player} accepts: {trade}.", player=t.partner, trade=describe(t)), "trade")
    note(s, t.proposer, "traded", t.partner, *t.give, *t.take)
    for i in t.give:
        receive_property(s, t.partner, i)
    for i in t.take:
        receive_property(s, t.proposer, i)
    for c in t.give_cards:
        s.cards[t.proposer].remove(c)
        s.cards.setdefault(t.partner, []).append(c)
    for c in t.take_cards:
        s.cards[t.partner].remove(c)
        s.cards.setdefault(t.proposer, []).append(c)
    for p in (t.proposer, t.partner):
        if p in s.cards and not s.cards[p]:
            del s.cards[p]
    if t.cash > 0:
        transfer(s, t.proposer, t.partner, t.cash)
    elif t.cash < 0:
        transfer(s, t.partner, t.proposer, -t.cash)


def card_label(card_id: str) -> Say:
    """A Get Out of Jail Free card by its deck ("Get Out of Jail Free (Schwifty)")."""
    deck = "Schwifty" if CARDS[card_id].deck == "schwifty" else "Cable TV"
    return say("Get Out of Jail Free ({deck})", deck=deck)
