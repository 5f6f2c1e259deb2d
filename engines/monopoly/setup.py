"""A new game: shuffled decks, starting cash, the opening rolls for the first player, and in the
quick game the three free title deeds each."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Rng
from engines.monopoly.data import CARDS, FIGURES, PROPERTIES, START_CASH
from engines.monopoly.state import MonopolyState
from engines.monopoly.words import kept
from i18n.say import Say, say


def new_game(players: list[str], seed: int, opts: dict[str, Any]) -> MonopolyState:
    rng = Rng(seed=seed)
    decks = {}
    for deck in ("schwifty", "cable"):
        ids = [c for c, card in CARDS.items() if card.deck == deck]
        rng.shuffle(ids)
        decks[deck] = ids
    s = MonopolyState(
        players=list(players),
        mode=opts["mode"],
        rent_mode=opts["rent"],
        taxes={4: int(opts["parasites"]), 38: int(opts["insurance"])},
        cash={p: START_CASH for p in players},
        figures=deal_figures(players, opts["figure"], seed),
        pos={p: 0 for p in players},
        decks=decks,
        rng=rng,
    )
    first, opening = first_player(s)
    s.turn = players.index(first)
    if s.mode == "quick":
        deeds = list(PROPERTIES)
        s.rng.shuffle(deeds)
        for k, p in enumerate(players):
            for i in deeds[3 * k : 3 * k + 3]:
                s.owner[i] = p
        opening = say(
            "{opening} Quick game: each player is dealt 3 free title deeds.", opening=opening
        )
    s.opening = str(opening)
    s.log.append(kept(opening))
    s.log.append(kept(say("{player}'s turn.", player=s.current)))
    return s


def deal_figures(players: list[str], chosen: dict[str, str], seed: int) -> dict[str, str]:
    """Each player's figure id: their pick, else a free one at random. Drawn from a stream of
    its own, so the dice and decks of a seed stay what they were before figures existed."""
    by_name = {f.name: f.id for f in FIGURES.values()}
    out = {p: by_name[chosen[p]] for p in players if p in chosen}
    free = [f for f in FIGURES if f not in out.values()]
    random.Random(f"figures/{seed}").shuffle(free)
    for p in players:
        if p not in out:
            out[p] = free.pop()
    return {p: out[p] for p in players}


def first_player(s: MonopolyState) -> tuple[str, Say]:
    """Everyone rolls two dice; the highest goes first, tied leaders roll again. Returns how
    the opening rolls went ("Opening rolls: Ada 7, Bruno 5. Ada goes first.")."""
    contenders = list(s.players)
    rounds: str | None = None
    while True:
        rolls = {}
        for p in contenders:
            r = s.rng.next()
            rolls[p] = r.randint(1, 6) + r.randint(1, 6)
        # each player's roll: a name and a number (a name is never words to translate)
        this = ", ".join(f"{p} {v}" for p, v in rolls.items())
        rounds = this if rounds is None else say("{rolls}; then {more}", rolls=rounds, more=this)
        best = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == best]
        if len(contenders) == 1:
            return contenders[0], say(
                "Opening rolls: {rolls}. {player} goes first.", rolls=rounds, player=contenders[0]
            )
