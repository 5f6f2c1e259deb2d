"""Rolling and moving: doubles, GO salary, jail and its ways out, landing, the two card decks."""

from __future__ import annotations

from engines.core import Event
from engines.monopoly.card_words import CARD_TEXTS
from engines.monopoly.data import (
    CARDS,
    DECK_TITLES,
    GO_SALARY,
    JAIL,
    JAIL_FINE,
    SPACES,
    TRANSPORTS,
    UTILITIES,
)
from engines.monopoly.money import announce, charge, collect, note
from engines.monopoly.property import rent, stilts_and_boxes
from engines.monopoly.state import MonopolyState, RentClaim
from i18n.say import Say, say

#: why a payment is owed, said once
JAIL_FINE_REASON = say("jail fine")
CARD_REASON = say("card")


def roll_dice(s: MonopolyState) -> tuple[int, int]:
    r = s.rng.next()
    return r.randint(1, 6), r.randint(1, 6)


def send_to_jail(s: MonopolyState, ev: list[Event], player: str, why: Say) -> None:
    """To jail without passing GO; the turn ends."""
    s.pos[player] = JAIL
    s.jail[player] = 0
    if player == s.current:
        s.again = False
        s.doubles = 0
    announce(s, ev, say("{player} goes to jail ({why}).", player=player, why=why), "jail")
    note(s, player, "to", "jail", JAIL)


def leave_jail(s: MonopolyState, player: str) -> None:
    s.jail.pop(player, None)


def roll(s: MonopolyState, ev: list[Event], player: str) -> None:
    """The current player's roll: out of jail a normal move, in jail a try for doubles."""
    d1, d2 = roll_dice(s)
    s.dice = [d1, d2]
    s.roller = player
    s.claims = [c for c in s.claims if c.payer == player]
    s.stage = "move"
    s.again = False
    total = d1 + d2
    doubles = d1 == d2
    if player in s.jail:
        if doubles:
            leave_jail(s, player)
            announce(
                s,
                ev,
                say("{player} rolls {d1}+{d2}: doubles, out of jail!", player=player, d1=d1, d2=d2),
            )
            move(s, ev, player, total)
            return
        s.jail[player] += 1
        last_try = s.mode == "quick" or s.jail[player] >= 3
        if not last_try:
            announce(
                s,
                ev,
                say(
                    "{player} rolls {d1}+{d2}: no doubles, stays in jail.",
                    player=player,
                    d1=d1,
                    d2=d2,
                ),
            )
            return
        announce(
            s,
            ev,
            say(
                "{player} rolls {d1}+{d2}: no doubles; pays the {fine} fine and moves.",
                player=player,
                d1=d1,
                d2=d2,
                fine=JAIL_FINE,
            ),
        )
        leave_jail(s, player)
        charge(s, ev, player, None, JAIL_FINE, JAIL_FINE_REASON)
        move(s, ev, player, total)
        return
    if doubles:
        s.doubles += 1
        if s.doubles >= 3:
            announce(
                s,
                ev,
                say(
                    "{player} rolls {d1}+{d2}: a third double in a row.",
                    player=player,
                    d1=d1,
                    d2=d2,
                ),
            )
            send_to_jail(s, ev, player, say("three doubles"))
            return
        s.again = True
    if doubles:
        announce(
            s,
            ev,
            say(
                "{player} rolls {d1}+{d2} (doubles: rolls again after this).",
                player=player,
                d1=d1,
                d2=d2,
            ),
        )
    else:
        announce(s, ev, say("{player} rolls {d1}+{d2}.", player=player, d1=d1, d2=d2))
    move(s, ev, player, total)


def move(s: MonopolyState, ev: list[Event], player: str, steps: int) -> None:
    start = s.pos[player]
    end = (start + steps) % 40
    if start + steps >= 40:
        collect(s, player, GO_SALARY)
        announce(
            s, ev, say("{player} passes GO and collects {amount}.", player=player, amount=GO_SALARY)
        )
    s.pos[player] = end
    land(s, ev, player)


def advance_to(
    s: MonopolyState,
    ev: list[Event],
    player: str,
    target: int,
    *,
    rent_times: int = 1,
    utility_dice: bool = False,
) -> None:
    """Move forward to ``target``, collecting the salary when passing or landing on GO."""
    start = s.pos[player]
    if target <= start:
        collect(s, player, GO_SALARY)
        announce(
            s, ev, say("{player} passes GO and collects {amount}.", player=player, amount=GO_SALARY)
        )
    s.pos[player] = target
    land(s, ev, player, rent_times=rent_times, utility_dice=utility_dice)


def land(
    s: MonopolyState,
    ev: list[Event],
    player: str,
    *,
    rent_times: int = 1,
    utility_dice: bool = False,
) -> None:
    """Do what the space ``player`` stands on says."""
    i = s.pos[player]
    sp = SPACES[i]
    if sp.name.endswith("!"):
        announce(s, ev, say("{player} lands on {space}", player=player, space=sp.name))
    else:
        announce(s, ev, say("{player} lands on {space}.", player=player, space=sp.name))
    note(s, player, "to", str(i), i)
    if sp.is_property:
        owner = s.owner.get(i)
        if owner is None:
            s.offer = i
            return
        if owner == player:
            return
        if i in s.mortgaged:
            announce(s, ev, say("{space} is mortgaged: no rent.", space=sp.name))
            return
        if utility_dice:
            d1, d2 = roll_dice(s)
            amount = (d1 + d2) * 10
            announce(
                s,
                ev,
                say(
                    "{player} rolls {d1}+{d2} for the card: 10 times is {amount}.",
                    player=player,
                    d1=d1,
                    d2=d2,
                    amount=amount,
                ),
            )
        else:
            amount = rent(s, i, sum(s.dice)) * rent_times
        if s.rent_mode == "ask":
            s.claims.append(RentClaim(owner=owner, payer=player, amount=amount, space=i))
            announce(
                s,
                ev,
                say(
                    "{owner} may ask {player} for {amount} rent on {space}.",
                    owner=owner,
                    player=player,
                    amount=amount,
                    space=sp.name,
                ),
            )
            return
        charge(s, ev, player, owner, amount, say("rent on {space}", space=sp.name))
    elif sp.kind == "card":
        draw(s, ev, player, sp.deck or "")
    elif sp.kind == "tax":
        charge(s, ev, player, None, s.taxes[i], sp.name)
    elif sp.kind == "gotojail":
        send_to_jail(s, ev, player, say("landed on {space}", space=sp.name))


def nearest(start: int, spaces: list[int]) -> int:
    return min(spaces, key=lambda i: (i - start) % 40 or 40)


def draw(s: MonopolyState, ev: list[Event], player: str, deck: str) -> None:
    """Take the top card: a Get Out of Jail Free card is kept, any other goes to the bottom."""
    card_id = s.decks[deck].pop(0)
    card = CARDS[card_id]
    announce(
        s,
        ev,
        say(
            "{player} draws {deck}: \u201c{card}\u201d",
            player=player,
            deck=DECK_TITLES[deck],
            card=CARD_TEXTS.get(card_id, card.text),
        ),
        "card",
    )
    if card.effect.kind == "goojf":
        s.cards.setdefault(player, []).append(card_id)
    else:
        s.decks[deck].append(card_id)
    apply_card(s, ev, player, card_id)


def apply_card(s: MonopolyState, ev: list[Event], player: str, card_id: str) -> None:
    e = CARDS[card_id].effect
    others = [p for p in s.alive if p != player]
    if e.kind == "advance":
        advance_to(s, ev, player, int(e.target or 0))
    elif e.kind == "nearest":
        spaces = TRANSPORTS if e.target == "transport" else UTILITIES
        target = nearest(s.pos[player], spaces)
        if e.target == "transport":
            advance_to(s, ev, player, target, rent_times=2)
        else:
            advance_to(s, ev, player, target, utility_dice=True)
    elif e.kind == "collect":
        collect(s, player, e.amount or 0)
    elif e.kind == "pay":
        charge(s, ev, player, None, e.amount or 0, CARD_REASON)
    elif e.kind == "back":
        s.pos[player] = (s.pos[player] - (e.amount or 0)) % 40
        land(s, ev, player)
    elif e.kind == "jail":
        send_to_jail(s, ev, player, CARD_REASON)
    elif e.kind == "repairs":
        stilts, boxes = stilts_and_boxes(s, player)
        amount = stilts * (e.stilt or 0) + boxes * (e.box or 0)
        if amount:
            charge(
                s,
                ev,
                player,
                None,
                amount,
                say("repairs: {stilts} stilts, {boxes} boxes", stilts=stilts, boxes=boxes),
            )
        else:
            announce(s, ev, say("{player} owns no buildings: nothing to repair.", player=player))
    elif e.kind == "pay_each":
        for p in others:
            charge(s, ev, player, p, e.amount or 0, CARD_REASON)
    elif e.kind == "collect_each":
        for p in others:
            charge(s, ev, p, player, e.amount or 0, CARD_REASON)


def pay_jail_fine(s: MonopolyState, ev: list[Event], player: str) -> None:
    charge(s, ev, player, None, JAIL_FINE, JAIL_FINE_REASON)
    leave_jail(s, player)
    announce(s, ev, say("{player} leaves jail; now roll.", player=player))


def use_jail_card(s: MonopolyState, ev: list[Event], player: str, card_id: str) -> None:
    s.cards[player].remove(card_id)
    if not s.cards[player]:
        del s.cards[player]
    s.decks[CARDS[card_id].deck].append(card_id)
    leave_jail(s, player)
    announce(
        s,
        ev,
        say("{player} uses a Get Out of Jail Free card and leaves jail; now roll.", player=player),
    )
