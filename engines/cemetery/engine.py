"""Cemetery Creatures for exactly two players: draft cards, stitch creatures, let their types
behave, score tokens from a finite supply, and experiment — until a supply runs dry.

The rulebook is ``shared/rules/cemetery-creatures.txt``; the designed card list, grid and
behaviour pairing are in ``shared/games/cemetery-creatures.md`` and ``data/cards.json`` (with
provenance). Where both are silent, our rulings (with the rulebook sentence and the reason)
are in ``engines/cemetery/rulings.md``. Engineering decisions:

- Action labels name the acting player's own cards ("Stitch Flesh arm (hand) to creature 1
  (Flesh Core), left"), so the engine keeps the contract's ``public_action_labels = False``: the
  bot offers them to that player only. Labels never name what the actor does not know; ids name
  hand cards only by their place in the hand. A Part and its position are one choice, when
  stitching and when stealing; with more than ``actions.COMBINED_LIMIT`` such choices (many
  creatures) the Part is picked first and its position second, with a Back.
- Every word a player reads is said for its reader (``i18n.say``: events, labels, refusals, the
  views' words, the summary and report) and drawn in the picture's language (``i18n.speaking``).
  The printed names stay English where no published translation is known: the four card types
  (Flesh, Beast, Plant, Monster) and the two kinds of token (Revenge, Science), so a card reads
  "Flesh-Arm" in German ("{types} arm"). The last turn's note keeps what the turn counted and is
  worded when shown.
"""

from __future__ import annotations

import random
from typing import Any

from engines.cemetery import flow, hidden, kinds, policy, views
from engines.cemetery.actions import DONE
from engines.cemetery.common import note_words, tell
from engines.cemetery.data import TOKEN_NAMES, TYPE_NAMES
from engines.cemetery.migrations import MIGRATIONS
from engines.cemetery.setup import new_game
from engines.cemetery.state import PHASE_TITLES, CemeteryState, PlayerState
from engines.cemetery.views import CemeteryView
from engines.core import Action, ActionRole, Engine, Event, IllegalAction, Result
from i18n.say import Say, say

GUIDE = say("""**Cemetery Creatures** — 2 players. Rob the Cemetery, stitch creatures, race for the last Revenge and Science tokens.
Each turn has six phases; a phase with nothing you can do is skipped.
**1 Draft** — take 5 cards, one at a time: the top Core, the top Part, or a Cemetery Part (a stack is taken whole, one pick per card).
**2 Stitch** — a Core starts a creature; Parts go only where their kind fits (head top, arms left/right, tail bottom, wings and legs in the corners beside a Part). Your Pet Cemetery's top card can be stitched too. Leftover Parts go to the Cemetery.
**3 Mark** — spend Revenge tokens to mark dual Parts (one type, or both) for this turn's Behaviors.
**4 Behaviors** — creatures with 4+ Parts are active. Per pair of a type: stable types do their Action; unstable ones also their Reaction. A type is stable if it is the Core's type, or if the creature also has a pair of its partner (Flesh+Beast, Plant+Monster). Flesh: Steal/Clumsy. Beast: Maim/Mindless. Plant: Fertilize/Organic. Monster: Binding/Insane.
**5 Scoring** — each active creature: 1 token of its Core's leaning, +1 per single-type pair of each stable type (Flesh, Beast → Revenge; Plant, Monster → Science). Duals never score.
**6 Experiment** — spend Science tokens to move or swap Parts.
Spent tokens still count. When a supply runs out, the second player plays the final turn; most tokens wins, equal is a draw.""")


#: the move that ends a phase with choices, by phase
END_PHASE = {
    phase: say("End {phase}", phase=PHASE_TITLES[phase])
    for phase in ("stitch", "mark", "experiment")
}


class CemeteryEngine(Engine[CemeteryState]):
    name = "cemetery"
    title = "Cemetery Creatures"
    min_players = 2
    max_players = 2
    state_type = CemeteryState
    migrations = MIGRATIONS
    options = []
    guide = GUIDE
    max_playout_steps = 6000
    endings = (say("most tokens"), say("draw"))
    standing_scale = 6.0
    #: search iterations per CPU second on the bot's machine (docs/ai.md)
    search_rate = 1200
    #: the rate of the 60-move search before December 2026 (the normal-h60 baseline)
    search_rate_h60 = 300

    # -- setup ------------------------------------------------------------------------------
    def setup(
        self, players: list[str], *, seed: int, options: dict[str, Any] | None = None
    ) -> CemeteryState:
        self.validate_options(players, options)
        if len(players) != 2:
            raise IllegalAction(say("Cemetery Creatures is for exactly 2 players."))
        return new_game(players, seed)

    # -- who and what -----------------------------------------------------------------------
    def to_act(self, state: CemeteryState) -> list[str]:
        return flow.awaited(state)

    def legal_actions(self, state: CemeteryState, player: str) -> list[Action]:
        if player not in flow.awaited(state):
            return []
        actions = list(flow.player_options(state))
        if state.pending is None and state.phase in ("stitch", "mark", "experiment"):
            actions.append(
                Action(
                    id=DONE,
                    label=END_PHASE[state.phase],
                    role=ActionRole.NORMAL,
                    kind=kinds.END,
                    do=flow.end_phase,
                )
            )
        return actions

    # -- the template's steps -------------------------------------------------------------------
    def settle(self, state: CemeteryState, events: list[Event]) -> None:
        """After a move in a phase (``end_phase`` has settled already: this finds the game
        waiting and does nothing)."""
        flow.advance(state, events, acted=True)

    def leave(self, state: CemeteryState, player: str, events: list[Event]) -> None:
        """A player who leaves concedes: the other one wins."""
        state.conceded = player
        state.over = True
        state.pending = None
        other = next(p.name for p in state.sides if p.name != player)
        tell(
            events,
            say("{player} leaves the game; {other} wins.", player=player, other=other),
            kind="end",
        )

    def standing(self, state: CemeteryState) -> dict[str, float]:
        return policy.standing(state)

    def ending(self, state: CemeteryState) -> str:
        if state.conceded is not None:
            return say("a player conceded")
        a, b = state.sides
        return say("draw") if a.total == b.total else say("most tokens")

    def proper_names(self) -> frozenset[str]:
        """The four card types and the two kinds of token, printed on the components: their
        English stays (no published translation is known); everything else is worded."""
        return frozenset([*TYPE_NAMES.values(), *TOKEN_NAMES.values()])

    def not_playing(self, state: CemeteryState, player: str) -> str:
        return say("You are not playing in this game.")

    def refusal(
        self, state: CemeteryState, player: str, action_id: str, legal: list[Action]
    ) -> str:
        waiting = self.to_act(state)
        if not legal and player not in waiting:
            return say("The game is waiting for {players}, not you.", players=", ".join(waiting))
        return say("'{move}' is not a move you can make now.", move=action_id[:40])

    def determinize(self, state: CemeteryState, player: str, rng: random.Random) -> CemeteryState:
        return hidden.determinize(self.copy_state(state), player, rng)

    def pick(
        self, state: CemeteryState, player: str, legal: list[Action], rng: random.Random
    ) -> str:
        return policy.suggest(state, player, [a.id for a in legal], rng)

    # -- seeing -----------------------------------------------------------------------------
    def view(self, state: CemeteryState, viewer: str | None) -> CemeteryView:
        return views.view(state, viewer)

    def result(self, state: CemeteryState) -> Result | None:
        if not state.over:
            return None
        scores = {p.name: float(p.total) for p in state.sides}
        if state.conceded is not None:
            winners = [p.name for p in state.sides if p.name != state.conceded]
            reason = say("{player} conceded", player=state.conceded)
            return _result(winners, scores, reason)
        a, b = state.sides
        if a.total == b.total:
            return _result([a.name, b.name], scores, say("draw"))
        best = max(state.sides, key=lambda p: p.total)
        low = min(a.total, b.total)
        reason = say("most tokens ({best} to {low})", best=best.total, low=low)
        return _result([best.name], scores, reason)

    def final_report(self, state: CemeteryState) -> dict[str, str]:
        """Each player's tokens by kind, spent and unspent (both count at the end)."""
        if not state.over:
            return {}
        out: dict[str, str] = {}
        for p in state.sides:
            revenge = p.revenge + p.revenge_spent
            science = p.science + p.science_spent
            values = {
                "revenge": revenge,
                "revenge_spent": p.revenge_spent,
                "science": science,
                "science_spent": p.science_spent,
                "total": p.total,
            }
            if p.name == state.conceded:
                out[p.name] = say(
                    "{revenge} Revenge ({revenge_spent} spent) + {science} Science "
                    "({science_spent} spent) = {total} tokens (conceded)",
                    **values,
                )
            else:
                out[p.name] = say(
                    "{revenge} Revenge ({revenge_spent} spent) + {science} Science "
                    "({science_spent} spent) = {total} tokens",
                    **values,
                )
        return out

    def summary(self, state: CemeteryState) -> str:
        a, b = (_tokens_words(p) for p in state.sides)
        tokens = say("{first} · {second}", first=a, second=b)
        res = self.result(state)
        if res is not None:
            text = say("Game over ({reason}). {tokens}.", reason=res.reason, tokens=tokens)
        else:
            values = {
                "turn": state.turn,
                "player": state.me.name,
                "phase": PHASE_TITLES[state.phase],
                "tokens": tokens,
                "revenge": state.supply_revenge,
                "science": state.supply_science,
            }
            if state.final_round:
                text = say(
                    "Turn {turn}: {player}, {phase} · final round. {tokens}. "
                    "supply R {revenge} / S {science}.",
                    **values,
                )
            else:
                text = say(
                    "Turn {turn}: {player}, {phase}. {tokens}. supply R {revenge} / S {science}.",
                    **values,
                )
        # the board's last-turn line in full (the board may cut it at two lines)
        if state.last_turn is not None:
            return say(
                "{summary} Last turn: {line}.", summary=text, line=note_words(state.last_turn)
            )
        return text


def _tokens_words(p: PlayerState) -> Say:
    """A player's tokens for the summary: "Ada 5 (R 2+1 spent, S 1+1 spent)"."""
    return say(
        "{player} {total} (R {revenge}+{revenge_spent} spent, S {science}+{science_spent} spent)",
        player=p.name,
        total=p.total,
        revenge=p.revenge,
        revenge_spent=p.revenge_spent,
        science=p.science,
        science_spent=p.science_spent,
    )


def _result(winners: list[str], scores: dict[str, float], reason: Say) -> Result:
    """A result whose reason is kept as data too (``Result.reason_said``), worded for each
    reader."""
    return Result(winners=winners, scores=scores, reason=reason)


ENGINE = CemeteryEngine()
