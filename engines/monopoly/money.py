"""Moving shmeckles: payments to and from the Bank and players, debts, bankruptcy.

Every payment goes through :func:`transfer`, which also keeps the Bank's running totals of what it
paid out and received, so money is provably conserved.
"""

from __future__ import annotations

from engines.core import Event
from engines.monopoly.data import CARDS, SPACES
from engines.monopoly.property import building_value, properties_of, worth
from engines.monopoly.state import Debt, Fate, FeeChoice, MonopolyState, TurnRecord
from engines.monopoly.words import creditor as who
from engines.monopoly.words import kept, listed, read
from i18n.say import Say, say, say_n


def announce(s: MonopolyState, ev: list[Event], text: Say, kind: str = "info") -> None:
    """A public event, also kept (as data) in the state's short log."""
    event = Event(text=text, kind=kind)
    ev.append(event)
    s.log.append(event.said if event.said is not None else kept(text))
    del s.log[:-8]


def note(s: MonopolyState, who: str, verb: str, what: str = "", *spaces: int) -> None:
    """Keep for the board what the turn being played changed: ``who`` did ``verb`` (a word of
    :func:`views.turn_line`) to ``what`` (a space's index, a player, an amount and whom it was
    paid to), marking the ``spaces``."""
    record = s.this_turn
    if record is None:
        # built without validation: a bot plays thousands of turns a second
        record = s.this_turn = TurnRecord.model_construct(player=s.current, notes=[], marks=[])
    record.notes.append((who, verb, what))
    record.marks.extend(i for i in spaces if i not in record.marks)


def close_turn(s: MonopolyState) -> None:
    """The turn is over: what it changed becomes the last turn."""
    if s.this_turn is not None:
        s.last_turn = s.this_turn
        s.this_turn = None


def short(i: int) -> str:
    """A space's name as the board prints it."""
    return SPACES[i].printed


def tell(ev: list[Event], player: str, text: str) -> None:
    """Something only ``player`` may know (their trade draft before it is proposed): an event
    for them alone, kept out of the table's log."""
    ev.append(Event(text=text, kind="trade", private_to=player))


def transfer(s: MonopolyState, payer: str | None, payee: str | None, amount: int) -> None:
    """Move ``amount`` from ``payer`` to ``payee``; None is the Bank."""
    if amount <= 0:
        return
    if payer is None:
        s.bank_paid += amount
    else:
        s.cash[payer] -= amount
    if payee is None:
        s.bank_received += amount
    else:
        s.cash[payee] += amount


def collect(s: MonopolyState, player: str, amount: int) -> None:
    transfer(s, None, player, amount)


def charge(
    s: MonopolyState,
    ev: list[Event],
    debtor: str,
    creditor: str | None,
    amount: int,
    reason: Say | str,
) -> None:
    """``debtor`` pays now if they can; otherwise the debt waits and they must raise money."""
    if amount <= 0 or debtor in s.bankrupt:
        return
    if creditor in s.bankrupt:
        creditor = None
    waiting = any(d.debtor == debtor for d in s.debts)
    if not waiting and s.cash[debtor] >= amount:
        transfer(s, debtor, creditor, amount)
        announce(
            s,
            ev,
            say(
                "{player} pays {amount} to {creditor} ({reason}).",
                player=debtor,
                amount=amount,
                creditor=who(creditor),
                reason=reason,
            ),
        )
        note(s, debtor, "paid", f"{amount}|{creditor or ''}")
        return
    s.debts.append(
        Debt(
            debtor=debtor,
            creditor=creditor,
            amount=amount,
            reason=str(reason),
            reason_said=reason.data() if isinstance(reason, Say) else None,
        )
    )
    if not waiting:
        announce(
            s,
            ev,
            say(
                "{player} owes {amount} to {creditor} ({reason}) but has {cash}: "
                "sell buildings, mortgage or trade to raise it.",
                player=debtor,
                amount=amount,
                creditor=who(creditor),
                reason=reason,
                cash=s.cash[debtor],
            ),
            "debt",
        )


def settle_debts(s: MonopolyState, ev: list[Event]) -> bool:
    """Pay every waiting debt the debtor can now cover; True once none is left."""
    while s.debts:
        d = s.debts[0]
        if d.debtor in s.bankrupt:
            s.debts.pop(0)
            continue
        if d.creditor in s.bankrupt:
            d.creditor = None
        if s.cash[d.debtor] < d.amount:
            return False
        transfer(s, d.debtor, d.creditor, d.amount)
        s.debts.pop(0)
        announce(
            s,
            ev,
            say(
                "{player} pays {amount} to {creditor} ({reason}).",
                player=d.debtor,
                amount=d.amount,
                creditor=who(d.creditor),
                reason=debt_reason(d),
            ),
        )
        note(s, d.debtor, "paid", f"{d.amount}|{d.creditor or ''}")
    return True


def debt_reason(d: Debt) -> str:
    """Why a debt is owed, in its reader's words where it was kept as a message."""
    return read(d.reason_said) if d.reason_said is not None else d.reason


def receive_property(s: MonopolyState, player: str, space: int) -> None:
    """Hand ``space`` to ``player``; a mortgaged one waits for the lift-or-fee choice."""
    s.owner[space] = player
    if space in s.mortgaged:
        s.fee_choices.append(FeeChoice(player=player, space=space))


def return_card(s: MonopolyState, card: str) -> None:
    s.decks[CARDS[card].deck].append(card)


def cancel_placement(s: MonopolyState) -> None:
    """A won building not yet placed goes back to the Bank and its price to the winner."""
    pl = s.placement
    if pl is None:
        return
    s.placement = None
    if pl.item == "box":
        s.bank_boxes += 1
    else:
        s.bank_stilts += 1
    collect(s, pl.player, pl.paid)


def go_bankrupt(s: MonopolyState, ev: list[Event], player: str, creditor: str | None) -> None:
    """``player`` leaves the game; their assets go to ``creditor`` (or the Bank) as the
    rulebook says. Buildings are sold back to the Bank first, at half price."""
    if creditor in s.bankrupt or creditor == player:
        creditor = None
    owed = next((d for d in s.debts if d.debtor == player), None)
    if s.placement is not None and s.placement.player == player:
        cancel_placement(s)
    raised = building_value(s, player)
    mine = properties_of(s, player)
    s.bought = [i for i in s.bought if i not in mine]
    for i in mine:
        lvl = s.level.pop(i, 0)
        if lvl > s.max_stilts:
            s.bank_boxes += 1
        else:
            s.bank_stilts += lvl
    collect(s, player, raised)
    cash = s.cash[player]
    transfer(s, player, creditor, cash)
    props = properties_of(s, player)
    held = s.cards.pop(player, [])
    if creditor is None:
        for i in props:
            del s.owner[i]
            if i in s.mortgaged:
                s.mortgaged.remove(i)
        s.auction_queue.extend(props)
        for c in held:
            return_card(s, c)
        goes = [say("{cash} shmeckles go to the Bank", cash=cash)]
        if props:
            goes.append(
                say_n(
                    "{n} property goes up for auction",
                    "{n} properties go up for auction",
                    len(props),
                )
            )
        if held:
            goes.append(say("their Get Out of Jail Free cards return to the decks"))
        announce(
            s,
            ev,
            say("{player} is bankrupt to the Bank: {what}.", player=player, what=_joined(goes)),
            "bankrupt",
        )
    else:
        for i in props:
            receive_property(s, creditor, i)
        s.cards.setdefault(creditor, []).extend(held)
        mortgaged = sum(i in s.mortgaged for i in props)
        takes = [say("{cash} shmeckles", cash=cash)]
        if props and mortgaged:
            takes.append(
                say_n(
                    "{n} property ({mortgaged} mortgaged: 10% fee each)",
                    "{n} properties ({mortgaged} mortgaged: 10% fee each)",
                    len(props),
                    mortgaged=mortgaged,
                )
            )
        elif props:
            takes.append(say_n("{n} property", "{n} properties", len(props)))
        if held:
            takes.append(say("their Get Out of Jail Free cards"))
        announce(
            s,
            ev,
            say(
                "{player} is bankrupt to {creditor}, who takes {what}.",
                player=player,
                creditor=creditor,
                what=listed(takes) if held else _joined(takes),
            ),
            "bankrupt",
        )
    s.fates[player] = Fate(
        turn=s.turns + 1,
        amount=owed.amount if owed else None,
        owed_to=owed.creditor if owed else None,
        reason=owed.reason if owed else "",
        reason_said=owed.reason_said if owed else None,
        to=creditor,
    )
    note(s, player, "bankrupt", "", *props)
    s.bankrupt.append(player)
    s.jail.pop(player, None)
    _forget(s, player)
    _check_end(s, ev)


def _joined(parts: list[Say]) -> Say:
    """ "A, B, C": parts of one sentence, each worded alone."""
    out = parts[0]
    for part in parts[1:]:
        out = say("{first}, {next}", first=out, next=part)
    return out


def _forget(s: MonopolyState, player: str) -> None:
    """Drop every pending decision that involved a player who has left."""
    s.debts = [d for d in s.debts if d.debtor != player]
    for d in s.debts:
        if d.creditor == player:
            d.creditor = None
    s.fee_choices = [f for f in s.fee_choices if f.player != player]
    s.claims = [c for c in s.claims if player not in (c.owner, c.payer)]
    if s.trade and player in (s.trade.proposer, s.trade.partner):
        s.trade = None
    if s.placement and s.placement.player == player:
        s.placement = None
    if s.offer is not None and s.current == player:
        s.offer = None
    a = s.auction
    if a and player in a.bidders:
        idx = a.bidders.index(player)
        a.bidders.remove(player)
        if idx < a.turn:
            a.turn -= 1
        if a.high_bidder == player:
            a.high_bidder = None
            a.high = 0 if a.item == "space" else a.high
        if a.bidders:
            a.turn %= len(a.bidders)


def settling(s: MonopolyState) -> bool:
    """The quick game has had its bankruptcy and, before the count, waits only for the 10% fee
    on each mortgaged property received (lift or keep), and for any debt that fee made."""
    return s.mode == "quick" and bool(s.bankrupt) and not s.over


def end_if_settled(s: MonopolyState, ev: list[Event]) -> None:
    """Count the quick game once its last fee is paid."""
    if settling(s) and not s.fee_choices and not s.debts:
        _finish(s, ev)


def _check_end(s: MonopolyState, ev: list[Event]) -> None:
    """The classic game ends with one player left; the quick game at its first bankruptcy, but
    is counted only after the receiver of mortgaged property "must pay 10% on each mortgaged
    property, even if they do not intend to redeem it yet" (a fee they cannot raise makes them
    bankrupt too, and not counted)."""
    alive = s.alive
    if s.mode != "quick":
        if len(alive) <= 1:
            _finish(s, ev)
        return
    if len(s.bankrupt) == 1:  # the bankruptcy that ends the quick game: only fees remain
        fees = [f for f in s.fee_choices if f.player in alive]
        _clear_pending(s)
        s.fee_choices = fees
        if fees:
            owing = listed(list(dict.fromkeys(f.player for f in fees)))
            announce(
                s,
                ev,
                say(
                    "The quick game ends: first {players} must lift or pay the 10% fee on each "
                    "mortgaged property received; then everyone counts.",
                    players=owing,
                ),
                "end",
            )
    end_if_settled(s, ev)


def _clear_pending(s: MonopolyState) -> None:
    s.debts.clear()
    s.fee_choices.clear()
    s.auction = None
    s.auction_queue.clear()
    cancel_placement(s)
    s.offer = None
    s.trade = None
    s.claims.clear()


def _finish(s: MonopolyState, ev: list[Event]) -> None:
    _clear_pending(s)
    close_turn(s)
    s.over = True
    alive = s.alive
    if s.mode == "quick":
        worths = {p: float(worth(s, p)) for p in alive}
        best = max(worths.values()) if worths else 0
        s.winners = [p for p in alive if worths[p] == best]
        s.scores = {p: worths.get(p, 0.0) for p in s.players}
        reason = QUICK_END
    else:
        s.winners = alive
        # the score is how many players each outlasted, so the standings rank the bankrupt by
        # the order they went out (the first out last), not by name
        out = {p: n for n, p in enumerate(s.bankrupt)}
        s.scores = {p: float(out.get(p, len(s.players) - 1)) for p in s.players}
        reason = CLASSIC_END
    s.end_reason = str(reason)
    announce(s, ev, game_over(s.winners, reason), "end")


#: the end reasons, kept in the state as their English (each its own msgid: the reason's code)
QUICK_END = say("Quick game: the first bankruptcy ends it; the richest player wins.")
CLASSIC_END = say(
    "Every other player went bankrupt; each score is how many players they outlasted."
)
END_REASONS = {str(r): r for r in (QUICK_END, CLASSIC_END)}


def end_reason(s: MonopolyState) -> str | None:
    """The state's end reason, in its reader's words (a reason it does not know, as kept)."""
    if s.end_reason is None:
        return None
    return END_REASONS.get(s.end_reason, s.end_reason)


def game_over(winners: list[str], reason: Say | None = None) -> Say:
    """ "Game over: Ada wins." and the reason, when given."""
    if not winners:
        head = say("Game over: nobody wins.")
    else:
        head = say_n(
            "Game over: {players} wins.",
            "Game over: {players} win.",
            len(winners),
            players=listed(winners),
        )
    return head if reason is None else say("{head} {reason}", head=head, reason=reason)
