"""Cemetery Creatures for exactly two players: draft cards, stitch creatures, let their types
behave, score tokens from a finite supply, and experiment — until a supply runs dry.

The rulebook is ``shared/rules/cemetery-creatures.txt``; the designed card list, grid and
behaviour pairing are in ``shared/games/cemetery-creatures.md`` and ``data/cards.json`` (with
provenance). Where both are silent, our rulings (with the rulebook sentence and the reason)
are in ``docs/rulings/cemetery.md``. Engineering decisions:

- Action labels name the acting player's own cards ("Stitch Flesh arm (hand) to creature 1
  (Flesh Core), left"), so the engine keeps the contract's ``public_action_labels = False``: the
  bot offers them to that player only. Labels never name what the actor does not know; ids name
  hand cards only by their place in the hand. A Part and its position are one choice, when
  stitching and when stealing; with more than ``phases.COMBINED_LIMIT`` such choices (many
  creatures) the Part is picked first and its position second, with a Back.
"""

from __future__ import annotations

import random

from engines.cemetery import behaviours
from engines.cemetery.cards import CARDS, SETTINGS
from engines.cemetery.common import say
from engines.cemetery.flow import advance, leave, player_options, start_turn
from engines.cemetery.phases import DONE, do_draft, do_experiment, do_mark, do_stitch
from engines.cemetery.state import PHASE_TITLES, CemeteryState, PlayerState, Slot
from engines.cemetery.views import CemeteryView, make_view
from engines.core import Engine, Event, IllegalAction, Result, Rng

GUIDE = """**Cemetery Creatures** — 2 players. Rob the Cemetery, stitch creatures, race for the last Revenge and Science tokens.
Each turn has six phases; a phase with nothing you can do is skipped.
**1 Draft** — take 5 cards, one at a time: the top Core, the top Part, or a Cemetery Part (a stack is taken whole, one pick per card).
**2 Stitch** — a Core starts a creature; Parts go only where their kind fits (head top, arms left/right, tail bottom, wings and legs in the corners beside a Part). Your Pet Cemetery's top card can be stitched too. Leftover Parts go to the Cemetery.
**3 Mark** — spend Revenge tokens to mark dual Parts (one type, or both) for this turn's Behaviors.
**4 Behaviors** — creatures with 4+ Parts are active. Per pair of a type: stable types do their Action; unstable ones also their Reaction. A type is stable if it is the Core's type, or if the creature also has a pair of its partner (Flesh+Beast, Plant+Monster). Flesh: Steal/Clumsy. Beast: Maim/Mindless. Plant: Fertilize/Organic. Monster: Binding/Insane.
**5 Scoring** — each active creature: 1 token of its Core's leaning, +1 per single-type pair of each stable type (Flesh, Beast → Revenge; Plant, Monster → Science). Duals never score.
**6 Experiment** — spend Science tokens to move or swap Parts.
Spent tokens still count. When a supply runs out, the second player plays the final turn; most tokens wins, equal is a draw."""


def _copy(state: CemeteryState) -> CemeteryState:
    """A deep copy to work on (``apply`` never mutates its input); a dump-and-validate round
    trip is several times faster than ``copy.deepcopy`` for this nested model."""
    return CemeteryState.model_validate(state.model_dump())


class CemeteryEngine(Engine[CemeteryState]):
    name = "cemetery"
    title = "Cemetery Creatures"
    min_players = 2
    max_players = 2
    state_type = CemeteryState
    options = []
    guide = GUIDE
    max_playout_steps = 6000

    # -- setup ------------------------------------------------------------------------------
    def setup(self, players, *, seed, options=None):
        self.validate_options(players, options)
        if len(players) != 2:
            raise IllegalAction("Cemetery Creatures is for exactly 2 players.")
        rng = Rng(seed=seed)
        cores = [c.id for c in CARDS.values() if c.category == "core"]
        parts = [c.id for c in CARDS.values() if c.category == "part"]
        rng.shuffle(cores)
        rng.shuffle(parts)
        cemetery = [[Slot(card=parts.pop())] for _ in range(SETTINGS.cemetery_start)]
        first = rng.randint(0, 1)
        state = CemeteryState(
            players=[PlayerState(name=p) for p in players],
            first=first,
            current=first,
            core_pile=cores,
            part_pile=parts,
            cemetery=cemetery,
            supply_revenge=SETTINGS.revenge_supply,
            supply_science=SETTINGS.science_supply,
            rng=rng,
        )
        events: list[Event] = []
        start_turn(state, events)
        advance(state, events, acted=False)
        return state

    # -- who and what -----------------------------------------------------------------------
    def to_act(self, state):
        if state.finished:
            return []
        return [state.pending.player if state.pending else state.me.name]

    def legal_actions(self, state, player):
        if player not in self.to_act(state):
            return []
        actions = list(player_options(state))
        if state.pending is None and state.phase in ("stitch", "mark", "experiment"):
            actions.append(DONE.model_copy(update={"label": f"End {PHASE_TITLES[state.phase]}"}))
        return actions

    def apply(self, state, player, action_id):
        if player not in [p.name for p in state.players]:
            raise IllegalAction("You are not playing in this game.")
        if state.finished:
            raise IllegalAction("The game is over.")
        waiting = self.to_act(state)
        if player not in waiting:
            raise IllegalAction(f"It is {waiting[0]}'s move, not yours.")
        if action_id not in {a.id for a in self.legal_actions(state, player)}:
            raise IllegalAction(f"'{action_id[:40]}' is not a move you can make now.")
        new = _copy(state)
        events: list[Event] = []
        if action_id == "done":
            leave(new, events, acted=True)
        elif new.pending is not None and new.pending.kind not in ("stitch_place", "exp_dest"):
            behaviours.choose(new, action_id, events)
        else:
            {
                "draft": do_draft,
                "stitch": do_stitch,
                "mark": do_mark,
                "experiment": do_experiment,
            }[new.phase](new, action_id, events)
        advance(new, events, acted=action_id != "done")
        return new, events

    # -- seeing -----------------------------------------------------------------------------
    def view(self, state, viewer) -> CemeteryView:
        return make_view(state, viewer)

    def result(self, state):
        if not state.finished:
            return None
        scores = {p.name: float(p.total) for p in state.players}
        if state.conceded is not None:
            winners = [p.name for p in state.players if p.name != state.conceded]
            return Result(winners=winners, scores=scores, reason=f"{state.conceded} conceded")
        a, b = state.players
        if a.total == b.total:
            return Result(winners=[a.name, b.name], scores=scores, reason="draw")
        best = max(state.players, key=lambda p: p.total)
        low = min(a.total, b.total)
        return Result(
            winners=[best.name], scores=scores, reason=f"most tokens ({best.total} to {low})"
        )

    def summary(self, state):
        tokens = " · ".join(
            f"{p.name} {p.total} (R {p.revenge}+{p.revenge_spent} spent, "
            f"S {p.science}+{p.science_spent} spent)"
            for p in state.players
        )
        supply = f"supply R {state.supply_revenge} / S {state.supply_science}"
        if state.finished:
            res = self.result(state)
            return f"Game over ({res.reason}). {tokens}."  # type: ignore[union-attr]
        final = " · final round" if state.final_round else ""
        return (
            f"Turn {state.turn}: {state.me.name}, {PHASE_TITLES[state.phase]}{final}. "
            f"{tokens}. {supply}."
        )

    def remove_player(self, state, player):
        if player not in [p.name for p in state.players]:
            raise IllegalAction("That player is not in this game.")
        if state.finished:
            raise IllegalAction("The game is over.")
        new = _copy(state)
        new.conceded = player
        new.finished = True
        new.pending = None
        other = next(p.name for p in new.players if p.name != player)
        events: list[Event] = []
        say(events, f"{player} leaves the game; {other} wins.", kind="end")
        return new, events

    # -- a stand-in's move ------------------------------------------------------------------
    def suggest(self, state, player, rng: random.Random) -> str:
        actions = self.legal_actions(state, player)
        if not actions:
            raise IllegalAction(f"{player} has nothing to do now.")
        ids = [a.id for a in actions]
        real = [i for i in ids if i not in ("back", "done")]
        if not real:
            return ids[0]
        if state.pending is not None:
            if state.pending.kind in ("maim", "mindless"):
                # give up the least useful Part: a flipped one, else a dual, else any
                owner = state.player(player)
                worst = []
                for aid in real:
                    _, idx, pos = aid.split(":")
                    card = owner.creatures[int(idx)].parts[pos]
                    rank = 0 if card in state.flipped else (1 if CARDS[card].is_dual else 2)
                    worst.append((rank, aid))
                best_rank = min(r for r, _ in worst)
                return rng.choice([a for r, a in worst if r == best_rank])
            return rng.choice(real)
        me = state.me
        if state.phase == "draft":
            cores_held = len(me.creatures) + sum(CARDS[c].category == "core" for c in me.hand)
            if "core" in ids and cores_held < 2 + len(me.creatures) // 3 and rng.random() < 0.5:
                return "core"
            others = [i for i in real if i != "core"] or real
            return rng.choice(others)
        if state.phase == "stitch":
            parts = [i for i in real if not i.startswith("core:")]
            cores = [i for i in real if i.startswith("core:")]
            full = all(len(c.parts) >= 5 for c in me.creatures)
            if cores and (not me.creatures or (full and rng.random() < 0.6)):
                return rng.choice(cores)
            if parts:
                return rng.choice(parts)
            return "done"
        if state.phase == "mark":
            return rng.choice(real) if rng.random() < 0.5 else "done"
        if state.phase == "experiment":
            return rng.choice(real) if rng.random() < 0.2 else "done"
        return rng.choice(real)


ENGINE = CemeteryEngine()
