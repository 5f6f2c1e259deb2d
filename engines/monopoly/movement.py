"""Rolling and moving: doubles, GO salary, jail and its ways out, landing, the two card decks."""

from __future__ import annotations

from engines.core import Event
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
from engines.monopoly.money import charge, collect, note, say, short
from engines.monopoly.property import rent, stilts_and_boxes
from engines.monopoly.state import MonopolyState, RentClaim


def roll_dice(s: MonopolyState) -> tuple[int, int]:
    r = s.rng.next()
    return r.randint(1, 6), r.randint(1, 6)


def send_to_jail(s: MonopolyState, ev: list[Event], player: str, why: str) -> None:
    """To jail without passing GO; the turn ends."""
    s.pos[player] = JAIL
    s.jail[player] = 0
    if player == s.current:
        s.again = False
        s.doubles = 0
    say(s, ev, f"{player} goes to jail ({why}).", "jail")
    note(s, player, "to jail", JAIL)


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
            say(s, ev, f"{player} rolls {d1}+{d2}: doubles, out of jail!")
            move(s, ev, player, total)
            return
        s.jail[player] += 1
        last_try = s.mode == "quick" or s.jail[player] >= 3
        if not last_try:
            say(s, ev, f"{player} rolls {d1}+{d2}: no doubles, stays in jail.")
            return
        say(s, ev, f"{player} rolls {d1}+{d2}: no doubles; pays the {JAIL_FINE} fine and moves.")
        leave_jail(s, player)
        charge(s, ev, player, None, JAIL_FINE, "jail fine")
        move(s, ev, player, total)
        return
    if doubles:
        s.doubles += 1
        if s.doubles >= 3:
            say(s, ev, f"{player} rolls {d1}+{d2}: a third double in a row.")
            send_to_jail(s, ev, player, "three doubles")
            return
        s.again = True
    say(
        s,
        ev,
        f"{player} rolls {d1}+{d2}" + (" (doubles: rolls again after this)." if doubles else "."),
    )
    move(s, ev, player, total)


def move(s: MonopolyState, ev: list[Event], player: str, steps: int) -> None:
    start = s.pos[player]
    end = (start + steps) % 40
    if start + steps >= 40:
        collect(s, player, GO_SALARY)
        say(s, ev, f"{player} passes GO and collects {GO_SALARY}.")
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
        say(s, ev, f"{player} passes GO and collects {GO_SALARY}.")
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
    say(s, ev, f"{player} lands on {sp.name}" + ("" if sp.name.endswith("!") else "."))
    note(s, player, f"to {short(i)}", i)
    if sp.is_property:
        owner = s.owner.get(i)
        if owner is None:
            s.offer = i
            return
        if owner == player:
            return
        if i in s.mortgaged:
            say(s, ev, f"{sp.name} is mortgaged: no rent.")
            return
        if utility_dice:
            d1, d2 = roll_dice(s)
            amount = (d1 + d2) * 10
            say(s, ev, f"{player} rolls {d1}+{d2} for the card: 10 times is {amount}.")
        else:
            amount = rent(s, i, sum(s.dice)) * rent_times
        if s.rent_mode == "ask":
            s.claims.append(RentClaim(owner=owner, payer=player, amount=amount, space=i))
            say(s, ev, f"{owner} may ask {player} for {amount} rent on {sp.name}.")
            return
        charge(s, ev, player, owner, amount, f"rent on {sp.name}")
    elif sp.kind == "card":
        draw(s, ev, player, sp.deck or "")
    elif sp.kind == "tax":
        charge(s, ev, player, None, s.taxes[i], sp.name)
    elif sp.kind == "gotojail":
        send_to_jail(s, ev, player, "landed on Go to Jail")


def nearest(start: int, spaces: list[int]) -> int:
    return min(spaces, key=lambda i: (i - start) % 40 or 40)


def draw(s: MonopolyState, ev: list[Event], player: str, deck: str) -> None:
    """Take the top card: a Get Out of Jail Free card is kept, any other goes to the bottom."""
    card_id = s.decks[deck].pop(0)
    card = CARDS[card_id]
    say(s, ev, f"{player} draws {DECK_TITLES[deck]}: \u201c{card.text}\u201d", "card")
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
        charge(s, ev, player, None, e.amount or 0, "card")
    elif e.kind == "back":
        s.pos[player] = (s.pos[player] - (e.amount or 0)) % 40
        land(s, ev, player)
    elif e.kind == "jail":
        send_to_jail(s, ev, player, "card")
    elif e.kind == "repairs":
        stilts, boxes = stilts_and_boxes(s, player)
        amount = stilts * (e.stilt or 0) + boxes * (e.box or 0)
        if amount:
            charge(s, ev, player, None, amount, f"repairs: {stilts} stilts, {boxes} boxes")
        else:
            say(s, ev, f"{player} owns no buildings: nothing to repair.")
    elif e.kind == "pay_each":
        for p in others:
            charge(s, ev, player, p, e.amount or 0, "card")
    elif e.kind == "collect_each":
        for p in others:
            charge(s, ev, p, player, e.amount or 0, "card")


def pay_jail_fine(s: MonopolyState, ev: list[Event], player: str) -> None:
    charge(s, ev, player, None, JAIL_FINE, "jail fine")
    leave_jail(s, player)
    say(s, ev, f"{player} leaves jail; now roll.")


def use_jail_card(s: MonopolyState, ev: list[Event], player: str, card_id: str) -> None:
    s.cards[player].remove(card_id)
    if not s.cards[player]:
        del s.cards[player]
    s.decks[CARDS[card_id].deck].append(card_id)
    leave_jail(s, player)
    say(s, ev, f"{player} uses a Get Out of Jail Free card and leaves jail; now roll.")
