"""Rick and Morty: Anatomy Park as a Tabletop engine."""

from __future__ import annotations

import random
from typing import Any

from engines.anatomy_park import data, hidden, policy, views
from engines.anatomy_park.actions import action_options, move_options
from engines.anatomy_park.common import has_ability
from engines.anatomy_park.flow import (
    advance,
    awaited,
    begin_turn,
    describe_wait,
    end_without_players,
    next_player,
    send_stranded_home,
)
from engines.anatomy_park.grid import xy
from engines.anatomy_park.migrations import MIGRATIONS
from engines.anatomy_park.reactions import end_reactions
from engines.anatomy_park.scoring import breakdown, plan_patterns
from engines.anatomy_park.setup import new_game
from engines.anatomy_park.state import APState
from engines.anatomy_park.tasks import options
from engines.anatomy_park.views import APView
from engines.core import Action, Engine, Event, IllegalAction, OptionSpec, Result
from engines.standing import StandingAnswer

#: Rick's standing answer: reroll every missed shot
REROLL_ALWAYS = StandingAnswer(
    id="reroll-misses", words="Always reroll a missed shot (Rick)", answers=("reroll",)
)

GUIDE = """**Rick and Morty: Anatomy Park** - build a theme park inside Ruben before he dies.
**Turn:** 1) discard 1 tile per disease on your tile. 2) Move: walk up to your Movement (stepping onto transport tiles is free), OR move every disease 1 space, OR move your tile or a touching one 1 space (not the entrance or transports; then draw a body reaction). 3) Act: take 2 tiles, OR place a tile next to your tile (meet its colour/type needs; a gap is fine), OR play a focus group (a space touching its colour + type, no gap; place a tile and get a reward), OR leave by an exit, OR shoot a disease in Range along tiles (a 6 hits; a miss lets you move it 1 space per 3/4/5, then draw a body reaction). 4) Keep at most 5 tiles.
**Tiles:** VP when placed; tiles with a control marker score for their controller at the end (5 markers each, then you move one). Transports lay closed tiles from the stack in the direction that fits most.
**Body reactions:** you see the card privately - act it out in the channel and press *I acted it out*, or take -1 VP. Diseases sit on the park, make you discard, and have effects until shot.
**The end:** 1st Heart Attack: everyone gets 2 more turns - get out! 2nd Heart Attack: Ruben dies at once. Tile stack runs out twice: Ruben lives.
**Scoring:** VP tokens + controlled tiles. Basic: +3 VP for leaving. Advanced: your secret master plan scores 2 VP per pattern if you left or Ruben lived. Ties: fewer markers in the park, then more tiles in hand.
Board coordinates are (column,row). `/game hand` shows your tiles (lettered A, B, C... as the buttons name them) and your plan."""


class AnatomyParkEngine(Engine[APState]):
    name = "anatomy_park"
    title = "Rick and Morty: Anatomy Park"
    min_players = 2
    max_players = 6
    state_type = APState
    migrations = MIGRATIONS
    public_action_labels = True  # labels name hand tiles by letter only
    options = [
        OptionSpec(
            key="mode",
            label="Game",
            choices=["basic", "advanced"],
            default="basic",
            help="Advanced deals each player a secret master plan.",
        ),
        OptionSpec(
            key="character",
            label="Character",
            choices=list(data.characters()),
            default="Rick",
            per_player=True,
            unique=True,
            help="Players who do not choose are dealt one of the others at random.",
        ),
    ]
    guide = GUIDE
    max_playout_steps = 4000
    endings = ("Ruben survives", "heart attack: Ruben dies")
    standing_scale = 5.0
    #: search iterations per CPU second on the bot's machine (docs/ai.md)
    search_rate = 850
    #: the rate of the 60-move search before December 2026 (the normal-h60 baseline)
    search_rate_h60 = 260

    def setup(
        self, players: list[str], *, seed: int, options: dict[str, Any] | None = None
    ) -> APState:
        opts = self.validate_options(players, options)
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("Anatomy Park is for 2 to 6 players.")
        s = new_game(list(players), seed, opts["mode"], opts["character"])
        ev: list[Event] = []
        begin_turn(s, s.current, ev)
        advance(s, ev)
        return s

    def to_act(self, state: APState) -> list[str]:
        return awaited(state)

    def standing_answers(self, state: APState, player: str) -> list[StandingAnswer]:
        """Rick's reroll after a missed shot is his to refuse ("You do not have to use your
        character's ability if you do not want to."), asked after every miss: he may say once
        that he always takes it."""
        if not has_ability(state, player, "reroll"):
            return []
        return [REROLL_ALWAYS]

    def standing_move(self, state: APState, player: str, answer_id: str) -> str | None:
        if answer_id != REROLL_ALWAYS.id or player not in awaited(state):
            return None
        return (
            "reroll" if any(a.id == "reroll" for a in self.legal_actions(state, player)) else None
        )

    def legal_actions(self, state: APState, player: str) -> list[Action]:
        if player not in awaited(state):
            return []
        if state.tasks:
            return options(state, state.tasks[0], player)
        if state.phase == "move":
            return move_options(state, player)
        if state.phase == "action":
            return action_options(state, player)
        return []

    def view(self, state: APState, viewer: str | None) -> APView:
        return views.view(state, viewer)

    def result(self, state: APState) -> Result | None:
        if not state.over:
            return None
        return Result(
            winners=list(state.winners),
            scores={p: float(v) for p, v in state.final_scores.items()},
            reason=state.end_reason,
        )

    def final_report(self, state: APState) -> dict[str, str]:
        """Each player's tokens, controlled tiles and master plan (revealed at the end)."""
        if not state.over:
            return {}
        out = {}
        for p in state.players:
            if p in state.removed:
                continue
            b = breakdown(state, p)
            words = f"{b['tokens']} VP tokens + {b['controlled']} from controlled tiles"
            plan_id = state.plans.get(p)
            if plan_id is not None:
                plan = data.plans()[plan_id]
                n = plan_patterns(state, plan_id)
                scored = p in state.left or state.ruben_alive
                why = "" if scored else " (not scored: still in the park and Ruben died)"
                words += f" + {b['plan']} from master plan {plan.name} ({n} pattern{'s' if n != 1 else ''}{why})"
            out[p] = words
        return out

    # -- the template's steps -------------------------------------------------------------------
    def seated(self, state: APState, player: str) -> bool:
        return player in state.players and player not in state.removed

    def settle(self, state: APState, events: list[Event]) -> None:
        advance(state, events)

    def standing(self, state: APState) -> dict[str, float]:
        return {p: float(sum_scores(state, p)) for p in state.players}

    def ending(self, state: APState) -> str:
        return "Ruben survives" if state.ruben_alive else "heart attack: Ruben dies"

    def seat_choices(self, state: APState) -> dict[str, str]:
        return dict(state.characters)

    def determinize(self, state: APState, player: str, rng: random.Random) -> APState:
        return hidden.determinize(self.copy_state(state), player, rng)

    def pick(self, state: APState, player: str, legal: list[Action], rng: random.Random) -> str:
        return policy.suggest(state, player, [a.id for a in legal], rng)

    def leave(self, s: APState, player: str, ev: list[Event]) -> None:
        ev.append(
            Event(
                text=f"{player} leaves the game; their character leaves the park and their tiles are discarded."
            )
        )
        s.removed.append(player)
        s.discard.extend(s.hands[player])
        s.hands[player] = []
        s.pos.pop(player, None)
        if s.final_turns is not None:
            s.final_turns.pop(player, None)
        end_reactions(s, lambda o: o.owner == player)
        for t in [t for t in s.tasks if t.kind == "act_out" and t.player == player]:
            s.tasks.remove(t)  # a card they were acting out is discarded unresolved
            s.reaction_discard.append(t.data["card"])
        for t in s.tasks:
            if t.kind == "gonorrhea" and player in t.data["order"]:
                t.data["order"].remove(player)
                t.data["chosen"].pop(player, None)
            if t.kind == "each_move" and player in t.data["order"]:
                t.data["order"].remove(player)
        if s.tasks and s.tasks[0].kind == "gonorrhea" and len(s.tasks[0].data["order"]) < 2:
            s.tasks.pop(0)
        remaining = [p for p in s.players if p not in s.removed]
        if len(remaining) < 2:  # one player is left, and wins
            s.over = True
            s.tasks = []
            s.end_reason = "everyone else left the game"
            s.final_scores = {p: sum_scores(s, p) for p in remaining}
            s.winners = remaining
            ev.append(Event(text=f"{remaining[0]} wins: everyone else left.", kind="end"))
            return
        if s.current == player:  # their turn ends here
            s.tasks = []
            s.extra_turn = False
            send_stranded_home(s, ev)
            nxt = next_player(s, player)
            if nxt is None:
                end_without_players(s, ev)
            else:
                begin_turn(s, nxt, ev)
        # every waiting task is the turn's player's (a rival's part in Gonorrhea or Flatulence
        # is a place in its order, dropped above): a rival leaving leaves the rest to finish
        advance(s, ev)

    def summary(self, state: APState) -> str:
        vps = ", ".join(
            f"{p} {state.vp[p]}{' (out)' if p in state.left else ''}"
            for p in state.players
            if p not in state.removed
        )
        if state.over:
            return (
                f"Game over: {state.end_reason}. Winner: {', '.join(state.winners)}."
                + tile_codes(state)
            )
        ruben = ""
        if state.final_turns is not None:
            ruben = " Ruben had a heart attack: final rounds!"
        return (
            f"Turn {state.turn_no} - {describe_wait(state)}. Park {len(state.park)} tiles, stack "
            f"{len(state.stack)}, discard {len(state.discard)}. VP: {vps}.{ruben}"
            + tile_codes(state)
        )


def tile_codes(s: APState) -> str:
    """The park's open tiles by the short codes the board shows on small tiles, with their
    spaces and names, row by row (for the board's alt text)."""
    codes = data.short_codes()
    placed = sorted(
        ((xy(sp)[1], xy(sp)[0], cell.tile) for sp, cell in s.park.items() if not cell.closed),
    )
    words = [f"{codes[t]} ({x},{y}) {data.tile(t).name}" for y, x, t in placed]
    return " Tiles: " + ", ".join(words) + "." if words else ""


def sum_scores(s: APState, player: str) -> int:
    return sum(breakdown(s, player).values())


ENGINE = AnatomyParkEngine()
