"""Trades between players, built step by step: start with a partner, add or remove property and
Get Out of Jail Free cards on either side, set the cash, propose; the partner accepts or declines.

A trade must move at least one property or card (the rulebook forbids lending money); property
with buildings on its group cannot be traded; a mortgaged property received carries the 10% fee.
"""

from __future__ import annotations

from engines.core import Event
from engines.monopoly.data import CARDS, SPACES
from engines.monopoly.money import note, receive_property, say, tell, transfer
from engines.monopoly.property import spendable, tradable
from engines.monopoly.state import MonopolyState, Trade

CASH_STEPS = (1, 10, 100)


def start(s: MonopolyState, ev: list[Event], proposer: str, partner: str) -> None:
    """A draft is its drafter's until proposed: only they are told, and nobody else's view
    shows it (see ``views``)."""
    s.trade = Trade(proposer=proposer, partner=partner)
    tell(ev, proposer, f"You start drafting a trade with {partner}; nobody sees it until proposed.")


def problem(s: MonopolyState, t: Trade) -> str | None:
    """Why the trade cannot happen as drafted, or None."""
    for i in t.give:
        if s.owner.get(i) != t.proposer or not tradable(s, i):
            return f"{SPACES[i].name} is no longer {t.proposer}'s to trade."
    for i in t.take:
        if s.owner.get(i) != t.partner or not tradable(s, i):
            return f"{SPACES[i].name} is no longer {t.partner}'s to trade."
    for c in t.give_cards:
        if c not in s.cards.get(t.proposer, []):
            return f"{t.proposer} no longer holds that card."
    for c in t.take_cards:
        if c not in s.cards.get(t.partner, []):
            return f"{t.partner} no longer holds that card."
    if t.cash > 0 and spendable(s, t.proposer) < t.cash:
        return f"{t.proposer} does not have {t.cash} shmeckles."
    if t.cash < 0 and spendable(s, t.partner) < -t.cash:
        return f"{t.partner} does not have {-t.cash} shmeckles."
    if not (t.give or t.take or t.give_cards or t.take_cards):
        return "A trade must include at least one property or card."
    return None


def describe(t: Trade) -> str:
    def side(props: list[int], cards: list[str]) -> str:
        items = [SPACES[i].name for i in props] + ["a Get Out of Jail Free card"] * len(cards)
        return ", ".join(items)

    gives = side(t.give, t.give_cards)
    takes = side(t.take, t.take_cards)
    if t.cash > 0:
        gives = ", ".join(x for x in (gives, f"{t.cash} shmeckles") if x)
    elif t.cash < 0:
        takes = ", ".join(x for x in (takes, f"{-t.cash} shmeckles") if x)
    return f"{t.proposer} gives {gives or 'nothing'}; {t.partner} gives {takes or 'nothing'}"


def accept(s: MonopolyState, ev: list[Event]) -> None:
    t = s.trade
    assert t is not None
    s.trade = None
    why = problem(s, t)
    if why:
        say(s, ev, f"The trade falls through: {why}")
        return
    say(s, ev, f"{t.partner} accepts: {describe(t)}.", "trade")
    note(s, t.proposer, f"traded with {t.partner}", *t.give, *t.take)
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


def card_label(card_id: str) -> str:
    return (
        "Get Out of Jail Free ("
        + ("Schwifty" if CARDS[card_id].deck == "schwifty" else "Cable TV")
        + ")"
    )
