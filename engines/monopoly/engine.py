"""Monopoly: Rick and Morty as an engine: classic and quick rules, 2-6 players."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Engine, Event, IllegalAction, OptionSpec, Result
from engines.monopoly import actions, auction, flow, hidden, policy, standing, trade_moves, views
from engines.monopoly.data import DECK_TITLES, FIGURES, SPACES
from engines.monopoly.migrations import MIGRATIONS
from engines.monopoly.money import announce, end_reason, go_bankrupt
from engines.monopoly.property import worth_parts
from engines.monopoly.setup import new_game
from engines.monopoly.state import MonopolyState
from engines.monopoly.views import MonopolyView, fate_words
from engines.monopoly.words import ordinal
from engines.standing import StandingAnswer
from i18n.say import Say, say, say_n

GUIDE = say(
    """**Monopoly: Rick and Morty** — buy, rent, build, bankrupt the others.
**Turn:** **Roll the dice**; doubles roll again, a third double sends you to jail. Passing or landing on GO pays 200.
**Unowned property:** **Buy** it or **Auction** it: each solvent player privately types the most they will pay (or **Do not bid**); the bot bids for all, a shmeckle at a time: the top limit wins at one over the next.
**Rent:** doubled on a complete unmortgaged colour group; stilts and boxes raise it. Transports 25/50/100/200 by count; Microverse/Miniverse 4x the dice (10x with both).
**Any time, even out of turn or in jail:** **Build** (even building, 4 flublet stilts then a gublet box; the Bank has 32 and 12, a shortage is auctioned), **Sell** (half price, last bought first), **Mortgage**, **Lift the mortgage** (value + 10%), **Start a trade with** a player, add items, type the shmeckles you **Offer** or **Ask for**, and **Propose**; the partner accepts or declines.
**Mortgaged property received** by trade or bankruptcy: lift it at once or **Keep it mortgaged** and pay the 10% fee now.
**Jail:** **Pay 50 to leave jail** or **Use** a get-out card before rolling, or **Roll for doubles** up to 3 turns (then pay 50 and move).
**Debt:** if you owe more than your cash, raise it (sell, mortgage, trade); **Declare bankruptcy** only when you cannot. Bankrupt to a player: they get everything. To the Bank: your property is auctioned.
**Quick game:** 3 free deeds each, boxes on 3 stilts, jail must be left next turn, the first bankruptcy ends it; after the 10% fee on mortgaged property received, the richest (cash + property + buildings) wins.
**Options:** taxes (Parasites 200, Morty's Insurance 100), and whether the owner must ask for rent (default: collected automatically)."""
)


def _option(**fields: Any) -> OptionSpec:
    """An option as the lobby shows it: built without validation, so its label, help and
    choices keep their words (a :class:`i18n.say.Say`, worded for each reader from this game's
    catalogs; validation would keep only the English). Its fields are literals written below."""
    return OptionSpec.model_construct(**fields)


#: the moves that show nothing hidden to anyone (see :meth:`MonopolyEngine.reveals`)
QUIET_VERBS = frozenset({"buy", "build", "sell", "mortgage", "lift"})


class MonopolyEngine(Engine[MonopolyState]):
    name = "monopoly"
    title = "Monopoly: Rick and Morty"
    min_players = 2
    max_players = 6
    state_type = MonopolyState
    migrations = MIGRATIONS
    max_playout_steps = 6000
    #: Monopoly has no hidden information in any label (deeds, cash and jail cards are public)
    public_action_labels = True
    guide = GUIDE
    options = [
        _option(
            key="mode",
            label=say("Rules"),
            choices=[say("classic"), say("quick")],
            default="classic",
            help=say(
                "classic: last player standing wins; quick: 3 free deeds, ends at the first "
                "bankruptcy."
            ),
        ),
        _option(
            key="rent",
            label=say("Rent collection"),
            choices=[say("auto"), say("ask")],
            default="auto",
            help=say(
                "auto: rent is paid on landing; ask: the owner must ask before the next player "
                "rolls."
            ),
        ),
        _option(
            key="figure",
            label=say("Figure"),
            choices=[f.name for f in FIGURES.values()],
            default=next(iter(FIGURES.values())).name,
            per_player=True,
            unique=True,
            help=say("Your piece on the board; players who pick none get a free one at random."),
        ),
        _option(
            key="parasites",
            label=say("{space} tax", space="Parasites"),
            choices=["100", "150", "200", "250"],
            default="200",
        ),
        _option(
            key="insurance",
            label=say("{space} tax", space="Morty's Insurance"),
            choices=["50", "75", "100", "150"],
            default="100",
        ),
    ]
    #: standings (worth plus expected rent) differ by about 950 at the median of a quick
    #: two-player game and by 2,300 at the upper quartile: a scale well inside that range keeps
    #: a search's scores from all reading "won" or "lost" (at 400, most positions saturated)
    standing_scale = 2000.0
    #: search iterations per CPU second on the bot's machine (docs/ai.md)
    search_rate = 700
    #: the rate of the 60-move search before December 2026 (the normal-h60 baseline)
    search_rate_h60 = 260
    #: the balance report plays the quick game, as the tournaments do
    report_options = {"mode": "quick"}

    # -- contract -----------------------------------------------------------------------------
    def setup(
        self, players: list[str], *, seed: int, options: dict[str, Any] | None = None
    ) -> MonopolyState:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(say("{title} needs 2 to 6 players.", title=self.title))
        if len(set(players)) != len(players):
            raise IllegalAction(say("Every player needs a different name."))
        return new_game(players, seed, self.validate_options(players, options))

    def to_act(self, state: MonopolyState) -> list[str]:
        return flow.awaited(state)

    def legal_actions(self, state: MonopolyState, player: str) -> list[Action]:
        return actions.legal(state, player, flow.awaited(state))

    def amount_moves(self, state: MonopolyState, player: str) -> list[Action]:
        return actions.amount_moves(state, player, flow.awaited(state))

    def view(self, state: MonopolyState, viewer: str | None) -> MonopolyView:
        return views.view(state, viewer)

    def result(self, state: MonopolyState) -> Result | None:
        if not state.over:
            return None
        return Result(
            winners=list(state.winners),
            scores=dict(state.scores),
            reason=end_reason(state) or "",
        )

    def final_report(self, state: MonopolyState) -> dict[str, str]:
        """How each player's result was made: in the quick game the count that decides it
        (cash + properties + buildings), in the classic game who stood last and in which
        order the others went bankrupt."""
        if not state.over:
            return {}
        out: dict[str, str] = {}
        order = {p: n for n, p in enumerate(state.bankrupt, 1)}
        for p in state.players:
            if p in order:
                nth = ordinal(order[p])
                if state.mode == "quick":
                    out[p] = say("went bankrupt ({nth} out), which ended the quick game", nth=nth)
                else:
                    out[p] = say("went bankrupt ({nth} out)", nth=nth)
                continue
            w = worth_parts(state, p)
            if w.mortgaged:
                deeds = say_n(
                    "{n} property, {mortgaged} mortgaged at half",
                    "{n} properties, {mortgaged} mortgaged at half",
                    w.deeds,
                    mortgaged=w.mortgaged,
                )
            else:
                deeds = say_n("{n} property", "{n} properties", w.deeds)
            build = say(
                "{stilts}, {boxes}",
                stilts=say_n("{n} stilt", "{n} stilts", w.stilts),
                boxes=say_n("{n} box", "{n} boxes", w.boxes),
            )
            parts = say(
                "{cash} cash + {estate} in {deeds} + {buildings} in buildings ({built})",
                cash=w.cash,
                estate=w.estate,
                deeds=deeds,
                buildings=w.buildings,
                built=build,
            )
            if state.mode == "quick":
                out[p] = say("{parts} = {total}", parts=parts, total=w.total)
            else:
                out[p] = say("last player standing, with {parts}", parts=parts)
        return out

    def summary(self, state: MonopolyState) -> str:
        """One public paragraph (the board's alt text): the turn, what the game waits for, cash
        and net worth, the last turn, and what the phone-sized board leaves out (the Bank's
        buildings and the decks; at the end, how each bankrupt player went out, in full)."""
        alive = [p for p in state.players if p not in state.bankrupt]
        cash = _commas([say("{player} {amount}", player=p, amount=state.cash[p]) for p in alive])
        worth = _commas(
            [say("{player} {amount}", player=p, amount=worth_parts(state, p).total) for p in alive]
        )
        mode = say("quick") if state.mode == "quick" else say("classic")
        last = views.last_turn(state)
        decks = _commas(
            [say("{deck} {n}", deck=DECK_TITLES[k], n=len(v)) for k, v in state.decks.items()]
        )
        parts: list[Say] = [
            say(
                "Monopoly ({mode}), turn {turn}. {pending} Cash: {cash}.",
                mode=mode,
                turn=state.turns + 1,
                pending=views.pending_line(state),
                cash=cash,
            ),
            say("Net worth (mortgaged deeds at half): {worth}.", worth=worth),
        ]
        if last:
            parts.append(say("Last turn: {line}.", line=last.line))
        for p in state.bankrupt:
            if state.over and p in state.fates:
                full = fate_words(state.fates[p])[0]
                parts.append(say("{player} went out: {fate}.", player=p, fate=full))
        parts.append(
            say(
                "Bank: {stilts} flublet stilts, {boxes} gublet boxes; cards in decks: {decks}.",
                stilts=state.bank_stilts,
                boxes=state.bank_boxes,
                decks=decks,
            )
        )
        return _spaced(parts)

    # -- the template's steps ---------------------------------------------------------------------
    def seated(self, state: MonopolyState, player: str) -> bool:
        return player in state.players and player not in state.bankrupt

    def not_playing(self, state: MonopolyState, player: str) -> str:
        if player in state.bankrupt:
            return say("You are bankrupt and out of the game.")
        return super().not_playing(state, player)

    def refusal(
        self, state: MonopolyState, player: str, action_id: str, legal: list[Action]
    ) -> str:
        if action_id.partition(":")[0] not in actions.VERBS:
            return say("'{move}' is not a move in this game.", move=action_id[:40])
        return actions.explain(state, player, action_id, flow.awaited(state))

    def apply(
        self, state: MonopolyState, player: str, action_id: str
    ) -> tuple[MonopolyState, list[Event]]:
        """As every engine's, except that a move log recorded before auctions asked for limits
        (a bid or a pass in an auction nobody has answered yet) replays as it was played: that
        auction is bid in turn, open. Players are never offered these moves (the table makes
        only listed moves); only a replay of an old log sends them."""
        if auction.reopens(state, player, action_id):
            state = self.copy_state(state)
            assert state.auction is not None
            state.auction.open = True
        return super().apply(state, player, action_id)

    def current_id(self, state: MonopolyState, action_id: str) -> str:
        """An old id from a saved move log (a trade named by player) read as today's."""
        return trade_moves.current_id(state, action_id)

    def settle(self, state: MonopolyState, events: list[Event]) -> None:
        flow.advance(state, events)

    def reveals(
        self,
        before: MonopolyState,
        after: MonopolyState,
        player: str,
        action: Action,
        events: list[Event],
    ) -> bool:
        """Buying, building, selling, mortgaging and lifting a mortgage show nothing hidden:
        every card, cash and deed they touch is public (the decks alone are secret, and these
        moves never draw from them)."""
        return action.id.partition(":")[0] not in QUIET_VERBS

    def leave(self, state: MonopolyState, player: str, events: list[Event]) -> None:
        """A player who concedes or is removed goes bankrupt to the Bank (one already bankrupt
        is no longer :meth:`seated`, so never leaves twice)."""
        announce(state, events, say("{player} leaves the game.", player=player))
        go_bankrupt(state, events, player, None)
        flow.advance(state, events)

    def standing(self, state: MonopolyState) -> dict[str, float]:
        return {p: policy.standing(state, p) for p in state.players}

    def standing_answers(self, state: MonopolyState, player: str) -> list[StandingAnswer]:
        return standing.offered(state, player)

    def standing_move(self, state: MonopolyState, player: str, answer_id: str) -> str | None:
        return standing.move(state, player, answer_id)

    def proper_names(self) -> frozenset[str]:
        """The printed names that stay English (no published translation is known): the
        spaces (with Tabletop's short forms, and the corners as the board prints them), the
        decks and the figures, and the game's title."""
        names = {sp.name for sp in SPACES} | {sp.printed for sp in SPACES}
        names |= set(DECK_TITLES.values()) | {"Schwifty", "Cable TV"}
        names |= {f.name for f in FIGURES.values()}
        names |= set(CORNER_PRINTS) | {self.title}
        return frozenset(names)

    def seat_choices(self, state: MonopolyState) -> dict[str, str]:
        return {p: FIGURES[f].name for p, f in state.figures.items()}

    def determinize(self, state: MonopolyState, player: str, rng: random.Random) -> MonopolyState:
        return hidden.determinize(self.copy_state(state), player, rng)

    def search_actions(
        self, state: MonopolyState, player: str, actions: list[Action]
    ) -> list[Action]:
        return policy.worth_searching(state, player, actions)

    def pick(
        self, state: MonopolyState, player: str, legal: list[Action], rng: random.Random
    ) -> str:
        return policy.suggest(state, player, [a.id for a in legal], rng)


ENGINE = MonopolyEngine()

__all__ = ["ENGINE"]


def _commas(items: list[Say]) -> Say | str:
    """ "A, B, C": items of one list, each worded alone."""
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = say("{first}, {next}", first=out, next=item)
    return out


def _spaced(parts: list[Say]) -> Say:
    """Sentences one after another."""
    out = parts[0]
    for part in parts[1:]:
        out = say("{first} {next}", first=out, next=part)
    return out


#: the corners' words as the board prints them (the rulebook's names, in capitals)
CORNER_PRINTS = ("GO", "JAIL", "FREE", "PARKING", "GO TO")
