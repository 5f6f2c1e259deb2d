"""Monopoly: Rick and Morty as an engine: classic and quick rules, 2-6 players."""

from __future__ import annotations

import pickle
import random

from engines.core import Action, Engine, Event, IllegalAction, OptionSpec, Result, Rng
from engines.monopoly import actions, flow, policy, views
from engines.monopoly.data import CARDS, FIGURES, PROPERTIES, START_CASH
from engines.monopoly.money import go_bankrupt, say
from engines.monopoly.state import MonopolyState

GUIDE = """**Monopoly: Rick and Morty** — buy, rent, build, bankrupt the others.
**Turn:** `roll`; doubles roll again, a third double sends you to jail. Passing or landing on GO pays 200.
**Unowned property:** `buy` at the printed price or `auction` it: every solvent player bids in turn (`bid:1`/`bid:10`/`bid:50`/`bid:100` raise the bid, `pass` is final); nobody bidding leaves it with the Bank.
**Rent:** doubled on a complete unmortgaged colour group; stilts and boxes raise it. Transports 25/50/100/200 by count; Microverse/Miniverse 4x the dice (10x with both).
**Any time, even out of turn or in jail:** `build:N` (even building, 4 flublet stilts then a gublet box; the Bank has 32 and 12, a shortage is auctioned), `sell:N` (half price, evenly), `mortgage:N`, `lift:N` (value + 10%), `trade:new:Name` then add items, set cash and propose; the partner accepts or declines.
**Mortgaged property received** by trade or bankruptcy: lift it at once or pay the 10% fee now (`keep:N`).
**Jail:** `pay` 50 or `usecard:…` before rolling, or roll for doubles up to 3 turns (then pay 50 and move).
**Debt:** if you owe more than your cash, raise it (sell, mortgage, trade); `bankrupt` only when you cannot. Bankrupt to a player: they get everything. To the Bank: your property is auctioned.
**Quick game:** 3 free deeds each, boxes on 3 stilts, jail must be left next turn, the first bankruptcy ends the game and the richest (cash + property + buildings) wins.
**Options:** taxes (Parasites 200, Morty's Insurance 100), and whether the owner must ask for rent (default: collected automatically)."""


def _copy(state: MonopolyState) -> MonopolyState:
    """A fully independent copy (pickling is several times faster than deepcopy here)."""
    return pickle.loads(pickle.dumps(state))


def _deal_figures(players: list[str], chosen: dict[str, str], seed: int) -> dict[str, str]:
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


class MonopolyEngine(Engine[MonopolyState]):
    name = "monopoly"
    title = "Monopoly: Rick and Morty"
    min_players = 2
    max_players = 6
    state_type = MonopolyState
    max_playout_steps = 6000
    #: Monopoly has no hidden information in any label (deeds, cash and jail cards are public)
    public_action_labels = True
    guide = GUIDE
    options = [
        OptionSpec(
            key="mode",
            label="Rules",
            choices=["classic", "quick"],
            default="classic",
            help="classic: last player standing wins; quick: 3 free deeds, ends at the first bankruptcy.",
        ),
        OptionSpec(
            key="rent",
            label="Rent collection",
            choices=["auto", "ask"],
            default="auto",
            help="auto: rent is paid on landing; ask: the owner must ask before the next player rolls.",
        ),
        OptionSpec(
            key="figure",
            label="Figure",
            choices=[f.name for f in FIGURES.values()],
            default=next(iter(FIGURES.values())).name,
            per_player=True,
            unique=True,
            help="Your piece on the board; players who pick none get a free one at random.",
        ),
        OptionSpec(
            key="parasites",
            label="Parasites tax",
            choices=["100", "150", "200", "250"],
            default="200",
        ),
        OptionSpec(
            key="insurance",
            label="Morty's Insurance tax",
            choices=["50", "75", "100", "150"],
            default="100",
        ),
    ]

    # -- setup --------------------------------------------------------------------------------
    def setup(self, players, *, seed, options=None):
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(f"{self.title} needs 2 to 6 players.")
        if len(set(players)) != len(players):
            raise IllegalAction("Every player needs a different name.")
        opts = self.validate_options(players, options)
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
            figures=_deal_figures(players, opts["figure"], seed),
            pos={p: 0 for p in players},
            decks=decks,
            rng=rng,
        )
        s.turn = players.index(self._first_player(s))
        if s.mode == "quick":
            deeds = list(PROPERTIES)
            s.rng.shuffle(deeds)
            for k, p in enumerate(players):
                for i in deeds[3 * k : 3 * k + 3]:
                    s.owner[i] = p
            s.opening += " Quick game: each player is dealt 3 free title deeds."
        s.log.append(s.opening.strip())
        s.log.append(f"{s.current}'s turn.")
        return s

    def _first_player(self, s: MonopolyState) -> str:
        """Everyone rolls two dice; the highest goes first, tied leaders roll again."""
        contenders = list(s.players)
        parts = []
        while True:
            rolls = {}
            for p in contenders:
                r = s.rng.next()
                rolls[p] = r.randint(1, 6) + r.randint(1, 6)
            parts.append(", ".join(f"{p} {v}" for p, v in rolls.items()))
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
            if len(contenders) == 1:
                s.opening = f"Opening rolls: {'; then '.join(parts)}. {contenders[0]} goes first."
                return contenders[0]

    # -- contract -----------------------------------------------------------------------------
    def to_act(self, state):
        return flow.awaited(state)

    def legal_actions(self, state, player) -> list[Action]:
        return actions.legal(state, player, flow.awaited(state))

    def apply(self, state, player, action_id):
        if player not in state.players:
            raise IllegalAction("You are not playing in this game.")
        if state.over:
            raise IllegalAction("The game is over.")
        if player in state.bankrupt:
            raise IllegalAction("You are bankrupt and out of the game.")
        if action_id.partition(":")[0] not in actions.VERBS:
            raise IllegalAction(f"'{action_id[:40]}' is not a move in this game.")
        waiting = flow.awaited(state)
        legal = {a.id for a in actions.legal(state, player, waiting)}
        if action_id not in legal:
            raise IllegalAction(actions.explain(state, player, action_id, waiting))
        s = _copy(state)
        ev: list[Event] = []
        actions.do(s, ev, player, action_id)
        flow.advance(s, ev)
        return s, ev

    def view(self, state, viewer):
        return views.view(state, viewer)

    def result(self, state):
        if not state.over:
            return None
        return Result(
            winners=list(state.winners or []),
            scores=dict(state.scores),
            reason=state.end_reason or "",
        )

    # -- extras -------------------------------------------------------------------------------
    def suggest(self, state, player, rng: random.Random) -> str:
        ids = [a.id for a in self.legal_actions(state, player)]
        if not ids:
            raise IllegalAction(f"{player} has nothing to do now.")
        return policy.suggest(state, player, ids, rng)

    def remove_player(self, state, player):
        """A player who concedes or is removed goes bankrupt to the Bank."""
        if player not in state.players:
            raise IllegalAction("That player is not in this game.")
        if state.over:
            raise IllegalAction("The game is over.")
        if player in state.bankrupt:
            raise IllegalAction(f"{player} is already out of the game.")
        s = _copy(state)
        ev: list[Event] = []
        say(s, ev, f"{player} leaves the game.")
        go_bankrupt(s, ev, player, None)
        flow.advance(s, ev)
        return s, ev

    def summary(self, state):
        cash = ", ".join(f"{p} {state.cash[p]}" for p in state.players if p not in state.bankrupt)
        mode = "quick" if state.mode == "quick" else "classic"
        return (
            f"Monopoly ({mode}), turn {state.turns + 1}. {views.pending_line(state)} Cash: {cash}."
        )


ENGINE = MonopolyEngine()

__all__ = ["ENGINE"]
