"""Run Animals, Run! (Mizo Games, 2017) for 2-4 players: the engine registered as ``run_animals``."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Engine, Event, IllegalAction, OptionSpec, Result
from engines.run_animals import flow, hidden, policy, scoring, views
from engines.run_animals.actions import choice
from engines.run_animals.data import GameData, load
from engines.run_animals.graveyard import end_game, end_words, game_ends, penalty_of
from engines.run_animals.migrations import MIGRATIONS
from engines.run_animals.setup import new_game
from engines.run_animals.state import GRAVE, RAState
from engines.run_animals.views import RAView
from engines.run_animals.words import SPECIES_NAME, SPECIES_SHORT, grouped, listed, sentences
from i18n.say import Say, say, say_n

DATA = load()


def data_of(state: RAState) -> GameData:
    """The component data of the edition ``state`` was dealt with."""
    return load(state.edition)  # cached: the current edition's is DATA itself


# Translators: {food}, {nest} and {water} are the cubes' coloured squares (emoji)
GUIDE = say(
    """**Run Animals, Run!** — each of you plays an endangered Taiwanese species (pick one when you join, or get a random one). Animals are placed one at a time, then play goes round.
**Goal:** complete survival goals (food {food}, nest {nest}, water {water} cubes) for points. Reaching **20 points** ends the game.
**Your turn:** play one action card from your hand (`/game hand`), pick one of your animals, and do the card's actions:
• **A then B** — in that order; you may skip either. **A or B** — only one.
• **Acquire** — take a cube your goal still needs from your animal's tile.
• **Move** — one tile up, down, left or right. **Expel** — send every other animal on your tile to adjacent tiles (you choose where).
• **Steal** — a cube your goal needs from the supply; the card leaves the game. **Warm Up** — a discarded card (not Warm Up) back to your hand.
Played cards go to your (public) discard pile. Before playing you may remove one of your animals to take your discards back.
**Goal done:** cubes go back, you score, take one of the two face-up goals and all your discards.
**Out of cards** and no goal done: an animal of yours must go to the graveyard (penalties -1, -2, -3, -3, -4, -5).
**Each round** the starting player passes left and rolls: a tile gets cubes; Development clears forest and pours cement.
**The game ends** at 20 points, when the graveyard fills (slot 4/5/6 for 2/3/4 players), or when a species is extinct (that player is out). Score = goal points − graveyard penalties.""",
    food="🟧",
    nest="🟫",
    water="🟦",
)


class RunAnimalsEngine(Engine[RAState]):
    name = "run_animals"
    title = "Run Animals, Run!"
    min_players = 2
    max_players = 4
    state_type = RAState
    migrations = MIGRATIONS
    # built around validation, which would keep only the English of its words
    options = [
        OptionSpec.model_construct(
            key="species",
            # Translators: a lobby option: which animal each player plays
            label=say("Species"),
            choices=[SPECIES_NAME[code] for code in DATA.species],
            default=SPECIES_NAME[next(iter(DATA.species))],
            per_player=True,
            unique=True,
            help=say("Your animal. Players who choose none get a random species nobody has."),
        )
    ]
    guide = GUIDE
    max_playout_steps = 2000
    endings = (
        # Translators: how a game ended (a short phrase in a report): someone reached 20
        say("20 points"),
        # Translators: how a game ended: the graveyard filled up
        say("graveyard full"),
        # Translators: how a game ended: a player's species died out
        say("extinction"),
        # Translators: how a game ended: both at once
        say("graveyard full and extinction"),
    )
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
            raise IllegalAction(
                say("{game} is for {low} to {high} players.", game=self.title, low=2, high=4)
            )
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
        out: dict[str, str] = {}
        for p in state.players:
            goals = scoring.goal_points(state, data_of(state), p)
            penalty = penalty_of(state, data_of(state), p)
            out[p] = say_n(
                "{goals} from {n} goal − {penalty} penalty",
                "{goals} from {n} goals − {penalty} penalty",
                len(state.seats[p].completed),
                goals=goals,
                penalty=penalty,
            )
        return out

    def summary(self, state: RAState) -> str:
        data = data_of(state)
        scores = listed(
            [
                # Translators: a player, their kind of animal and their score: "Ada (Black Bear) 7"
                say(
                    "{player} ({species}) {score}",
                    player=p,
                    species=SPECIES_SHORT[state.seats[p].species],
                    score=scoring.score(state, data, p),
                )
                for p in state.players
            ]
        )
        if state.over:
            over = say(
                "Game over: {reason}. Scores: {scores}.", reason=end_words(state), scores=scores
            )
            return sentences(over, self._last_turn(state))
        filled = sum(o is not None for o in state.graveyard)
        end = data.graveyard_end_slot(len(state.players))
        if state.phase == "place":
            now = say(
                "placing animals; {player} to act. Scores: {scores}. Graveyard {filled}/{end}.",
                player=state.current,
                scores=scores,
                filled=filled,
                end=end,
            )
        else:
            now = say(
                "round {n}; {player} to act. Scores: {scores}. Graveyard {filled}/{end}.",
                n=state.round,
                player=state.current,
                scores=scores,
                filled=filled,
                end=end,
            )
        return sentences(now, self._discards(state), self._last_turn(state))

    def _discards(self, state: RAState) -> Say | None:
        """Every non-empty discard pile (public: played cards lie face up), for the alt text
        and ``/game status``: the board shows only how many cards each holds."""
        cards = data_of(state).cards
        piles = [
            # Translators: a player's discard pile: "Ada: Move, Acquire food"
            say(
                "{player}: {cards}",
                player=p,
                cards=listed([cards[c].name for c in state.seats[p].discard]),
            )
            for p in state.players
            if state.seats[p].discard
        ]
        return say("Discard piles: {piles}.", piles=grouped(piles)) if piles else None

    def _last_turn(self, state: RAState) -> Say | None:
        """The last turn in words and what each die of the roll after it did (the board marks
        the tiles; the words are here, for the alt text and ``/game status``)."""
        last = views.last_turn(state, data_of(state), state.last_turn)
        if last is None:
            return None
        text = say("Last turn: {line}.", line=last.line)
        if any(m.startswith("roll:") for m in last.marks):
            rolls = grouped([views.roll_words(r) for r in state.last_roll])
            return sentences(text, say("Roll: {rolls}.", rolls=rolls))
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
        species = SPECIES_SHORT[state.seats[player].species]
        # Translators: why the game ended; {species} is a kind of animal ("Black Bear")
        reason = say(
            "{player} left: their {species} is extinct and they are eliminated",
            player=player,
            species=species,
        )
        end_game(state, reason)
        events.append(game_ends(state))

    def standing(self, state: RAState) -> dict[str, float]:
        return {p: policy.standing(state, data_of(state), p) for p in state.players}

    def ending(self, state: RAState) -> str:
        if state.reached_target is not None:
            return self.endings[0]
        if "left" in state.end_reason:
            # Translators: how a game ended: a player left the game
            return say("a player left")
        full = "graveyard is full" in state.end_reason
        extinct = "extinct" in state.end_reason
        if full and extinct:
            return self.endings[3]
        if full:
            return self.endings[1]
        if extinct:
            return self.endings[2]
        return end_words(state)

    def seat_choices(self, state: RAState) -> dict[str, str]:
        return {p: SPECIES_NAME[state.seats[p].species] for p in state.players}

    def proper_names(self) -> frozenset[str]:
        """The game's title: its components have no printed names of their own here (the
        species are real animals, translated by their common names; the cards are named by
        their actions' words)."""
        return frozenset({self.title})

    def determinize(self, state: RAState, player: str, rng: random.Random) -> RAState:
        return hidden.determinize(self.copy_state(state), player, rng)

    def pick(self, state: RAState, player: str, legal: list[Action], rng: random.Random) -> str:
        """A sensible stand-in: go for needed cubes, never give up an animal voluntarily."""
        return policy.suggest(state, player, [a.id for a in legal], rng)


ENGINE = RunAnimalsEngine()
