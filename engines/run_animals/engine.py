"""Run Animals, Run! (Mizo Games, 2017) for 2-4 players: the engine registered as ``run_animals``."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Engine, Event, IllegalAction, OptionSpec, Result
from engines.run_animals import flow, hidden, policy, scoring, views
from engines.run_animals.actions import choice
from engines.run_animals.data import GameData, load
from engines.run_animals.graveyard import end_game, penalty_of
from engines.run_animals.migrations import MIGRATIONS
from engines.run_animals.setup import new_game
from engines.run_animals.state import GRAVE, RAState
from engines.run_animals.views import RAView

DATA = load()


def data_of(state: RAState) -> GameData:
    """The component data of the edition ``state`` was dealt with."""
    return load(state.edition)  # cached: the current edition's is DATA itself


GUIDE = """**Run Animals, Run!** — each of you plays an endangered Taiwanese species (pick one when you join, or get a random one). Animals are placed one at a time, then play goes round.
**Goal:** complete survival goals (food 🟧, nest 🟫, water 🟦 cubes) for points. Reaching **20 points** ends the game.
**Your turn:** play one action card from your hand (`/game hand`), pick one of your animals, and do the card's actions:
• **A then B** — in that order; you may skip either. **A or B** — only one.
• **Acquire** — take a cube your goal still needs from your animal's tile.
• **Move** — one tile up, down, left or right. **Expel** — send every other animal on your tile to adjacent tiles (you choose where).
• **Steal** — a cube your goal needs from the supply; the card leaves the game. **Warm Up** — a discarded card (not Warm Up) back to your hand.
Played cards go to your (public) discard pile. Before playing you may remove one of your animals to take your discards back.
**Goal done:** cubes go back, you score, take one of the two face-up goals and all your discards.
**Out of cards** and no goal done: an animal of yours must go to the graveyard (penalties -1, -2, -3, -3, -4, -5).
**Each round** the starting player passes left and rolls: a tile gets cubes; Development clears forest and pours cement.
**The game ends** at 20 points, when the graveyard fills (slot 4/5/6 for 2/3/4 players), or when a species is extinct (that player is out). Score = goal points − graveyard penalties."""


class RunAnimalsEngine(Engine[RAState]):
    name = "run_animals"
    title = "Run Animals, Run!"
    min_players = 2
    max_players = 4
    state_type = RAState
    migrations = MIGRATIONS
    options = [
        OptionSpec(
            key="species",
            label="Species",
            choices=[s.name for s in DATA.species.values()],
            default=next(iter(DATA.species.values())).name,
            per_player=True,
            unique=True,
            help="Your animal. Players who choose none get a random species nobody has.",
        )
    ]
    guide = GUIDE
    max_playout_steps = 2000
    endings = ("20 points", "graveyard full", "extinction", "graveyard full and extinction")
    standing_scale = 4.0
    #: search iterations per CPU second on the bot's machine (docs/ai.md)
    search_rate = 850
    #: the rate of the 60-move search before December 2026 (the normal-h60 baseline)
    search_rate_h60 = 290

    # -- contract -------------------------------------------------------------------------------
    def setup(
        self, players: list[str], *, seed: int, options: dict[str, Any] | None = None
    ) -> RAState:
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("Run Animals, Run! is for 2 to 4 players.")
        opts = self.validate_options(players, options)
        return new_game(list(players), opts["species"], DATA, seed)

    def to_act(self, state: RAState) -> list[str]:
        return flow.awaited(state)

    def legal_actions(self, state: RAState, player: str) -> list[Action]:
        if state.over or player != state.current:
            return []
        return [choice(option) for option in flow.options(state, data_of(state))]

    def view(self, state: RAState, viewer: str | None) -> RAView:
        return views.view(state, viewer)

    def result(self, state: RAState) -> Result | None:
        return scoring.result(state, data_of(state))

    def final_report(self, state: RAState) -> dict[str, str]:
        """Each player's completed goals and penalties."""
        if not state.over:
            return {}
        out = {}
        for p in state.players:
            goals = scoring.goal_points(state, data_of(state), p)
            penalty = penalty_of(state, data_of(state), p)
            done = len(state.seats[p].completed)
            out[p] = f"{goals} from {done} goal{'s' if done != 1 else ''} − {penalty} penalty"
        return out

    def summary(self, state: RAState) -> str:
        scores = ", ".join(
            f"{p} ({data_of(state).species[state.seats[p].species].short}) {scoring.score(state, data_of(state), p)}"
            for p in state.players
        )
        if state.over:
            return f"Game over: {state.end_reason}. Scores: {scores}.{self._last_turn(state)}"
        filled = sum(o is not None for o in state.graveyard)
        end = data_of(state).graveyard_end_slot(len(state.players))
        doing = "placing animals" if state.phase == "place" else f"round {state.round}"
        return (
            f"{doing}; {state.current} to act. Scores: {scores}. Graveyard {filled}/{end}."
            + self._discards(state)
            + self._last_turn(state)
        )

    def _discards(self, state: RAState) -> str:
        """Every non-empty discard pile (public: played cards lie face up), for the alt text
        and ``/game status``: the board shows only how many cards each holds."""
        cards = data_of(state).cards
        piles = [
            f"{p}: {', '.join(cards[c].name for c in state.seats[p].discard)}"
            for p in state.players
            if state.seats[p].discard
        ]
        return f" Discard piles: {'; '.join(piles)}." if piles else ""

    def _last_turn(self, state: RAState) -> str:
        """The last turn in words and what each die of the roll after it did (the board marks
        the tiles; the words are here, for the alt text and ``/game status``)."""
        last = views.last_turn(state, data_of(state), state.last_turn)
        if last is None:
            return ""
        text = f" Last turn: {last.line}."
        if any(m.startswith("roll:") for m in last.marks):
            text += " Roll: " + "; ".join(r.text for r in state.last_roll) + "."
        return text

    # -- the template's steps ---------------------------------------------------------------------
    def settle(self, state: RAState, events: list[Event]) -> None:
        events += flow.settle(state, data_of(state))
        if state.over and state.turn_marks:  # the turn that ended the game
            state.close_turn(state.current)

    def reveals(
        self, before: RAState, after: RAState, player: str, action: Action, events: list[Event]
    ) -> bool:
        """Only the goal deck's order is secret besides the dice (``hidden.py``: a hand is its
        species' printed cards minus those seen): a step that leaves the goal deck as it was
        shows nothing hidden."""
        return after.goal_deck != before.goal_deck

    def leave(self, state: RAState, player: str, events: list[Event]) -> None:
        """A player who leaves takes their species off the map: it is extinct, so the game
        ends at once and the others are scored."""
        for m in state.meeples:
            if m.owner == player:
                m.tile = GRAVE
        state.seats[player].eliminated = True
        species = data_of(state).species[state.seats[player].species].short
        end_game(state, f"{player} left: their {species} is extinct and they are eliminated")
        events.append(Event(text=f"The game ends: {state.end_reason}.", kind="end"))

    def standing(self, state: RAState) -> dict[str, float]:
        return {p: policy.standing(state, data_of(state), p) for p in state.players}

    def ending(self, state: RAState) -> str:
        if state.reached_target is not None:
            return "20 points"
        if "left" in state.end_reason:
            return "a player left"
        reasons = []
        if "graveyard is full" in state.end_reason:
            reasons.append("graveyard full")
        if "extinct" in state.end_reason:
            reasons.append("extinction")
        return " and ".join(reasons) or state.end_reason

    def seat_choices(self, state: RAState) -> dict[str, str]:
        return {p: data_of(state).species[state.seats[p].species].name for p in state.players}

    def determinize(self, state: RAState, player: str, rng: random.Random) -> RAState:
        return hidden.determinize(self.copy_state(state), player, rng)

    def pick(self, state: RAState, player: str, legal: list[Action], rng: random.Random) -> str:
        """A sensible stand-in: go for needed cubes, never give up an animal voluntarily."""
        return policy.suggest(state, player, [a.id for a in legal], rng)


ENGINE = RunAnimalsEngine()
