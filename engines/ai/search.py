"""Information-set Monte Carlo tree search over the engine contract, for any game.

Each iteration samples a whole game the searching seat cannot tell from the real one
(``engine.determinize``), walks the one shared tree down the actions legal in that sample
(choosing by UCB among the children available there, as in single-observer ISMCTS), adds one
action, then plays the sample on with the engine's own stand-in policy (``pick``) for a while,
and scores how it went for every player. The seat's move is the most visited one; once no
other move can catch up with it in the iterations left, the search stops early, since the
remaining iterations could not change the move.

The search only ever reads sampled states, so its choice cannot depend on what the seat does
not know; with an iteration budget it is deterministic for a seed.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from engines.ai.levels import Budget, Level, level_named
from engines.core import Action, Engine, IllegalAction

#: exploration constant of UCB for rewards in [0, 1]
EXPLORATION = 0.7
#: how strongly the tree favours the engine's own heuristic move at each node: worth this
#: much reward on its first visit, fading as visits add up (progressive bias), so a small
#: budget plays like the heuristic and a large one overrules it only on evidence
HINT_BIAS = 1.0


class Node:
    """Statistics of one action in the tree: how often it was tried, how often it was
    available, and the total reward of the player who took it."""

    __slots__ = ("avail", "children", "hint", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        #: the heuristic's move here, on the first sample that reached this node
        self.hint: str | None = None


def choose(
    engine: Engine[Any],
    state: Any,
    player: str,
    level: Level | str,
    seed: int,
    *,
    budget: Budget | None = None,
    horizon: int | None = None,
) -> str:
    """The id of the action ``player`` plays at ``level`` (``budget`` and ``horizon``, the
    moves a playout makes, override the level's)."""
    if isinstance(level, str):
        level = level_named(level)
    legal = engine.legal_actions(state, player)
    if not legal:
        raise IllegalAction(f"{player} has nothing to do now.")
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0].id
    budget = budget or level.budget(engine.name)
    if budget is None:  # the stand-in's heuristic, on a sample: it too sees only the seat's share
        return engine.pick(engine.determinize(state, player, rng), player, legal, rng)
    horizon = horizon or level.playout_moves(engine)
    return Search(engine, player, rng, budget, horizon).run(state, legal)


class Search:
    #: stop once the leading move cannot be overtaken in the iterations left (the move is the
    #: same as with the whole budget; only the time differs)
    stop_when_decided = True

    def __init__(
        self, engine: Engine[Any], player: str, rng: random.Random, budget: Budget, horizon: int
    ) -> None:
        self.engine = engine
        self.player = player
        self.rng = rng
        self.budget = budget
        self.horizon = horizon
        self.iterations = 0

    def run(self, state: Any, legal: list[Action]) -> str:
        root = Node()
        # the decision as the seat sees it: the heuristic's move and the candidates worth a
        # search, on a sample (never the true state); one candidate needs no search
        sample = self.engine.determinize(state, self.player, self.rng)
        root.hint = self.engine.pick(sample, self.player, legal, self.rng)
        if len(self._candidates(sample, self.player, legal, root.hint)) == 1:
            return root.hint
        limit = self.budget.iterations
        ids = {a.id for a in legal}
        deadline = None if self.budget.seconds is None else time.monotonic() + self.budget.seconds
        while limit is None or self.iterations < limit:
            if deadline is not None and self.iterations and time.monotonic() >= deadline:
                break
            self.iterations += 1
            self._iterate(root, self.engine.determinize(state, self.player, self.rng))
            if (
                limit is not None
                and self.stop_when_decided
                and _decided(root, ids, limit - self.iterations)
            ):
                break
        order = {a.id: i for i, a in enumerate(legal)}
        tried = [a for a in root.children if a in order]
        if not tried:
            return legal[0].id
        hint = root.hint
        return max(tried, key=lambda a: (root.children[a].visits, a == hint, -order[a]))

    def _iterate(self, root: Node, state: Any) -> None:
        engine, rng = self.engine, self.rng
        path: list[tuple[Node, str]] = []
        node = root
        while not engine.is_over(state):
            actor = self.player if node is root else engine.to_act(state)[0]
            legal = engine.legal_actions(state, actor)
            children = node.children
            if node.hint is None:
                node.hint = engine.pick(state, actor, legal, rng)
            actions = self._candidates(state, actor, legal, node.hint)
            untried = [a for a in actions if a.id not in children]
            for a in actions:
                child = children.get(a.id)
                if child is not None:
                    child.avail += 1
            if untried:
                hinted = next((a for a in untried if a.id == node.hint), None)
                action = hinted or rng.choice(untried)
                child = children[action.id] = Node()
                child.avail = 1
                state, _ = engine.play(state, actor, action)
                path.append((child, actor))
                break
            hint = node.hint
            action = max(
                actions,
                key=lambda a: (
                    _ucb(children[a.id])
                    + (HINT_BIAS / (1 + children[a.id].visits) if a.id == hint else 0.0)
                ),
            )
            node = children[action.id]
            state, _ = engine.play(state, actor, action)
            path.append((node, actor))
        rewards = self._playout(state)
        for node, actor in path:
            node.visits += 1
            node.reward += rewards.get(actor, 0.0)

    def _candidates(self, state: Any, actor: str, legal: list[Action], hint: str) -> list[Action]:
        """The actions weighed at a node: the game's narrowing of ``legal``, and the hint."""
        out = self.engine.search_actions(state, actor, legal)
        if not any(a.id == hint for a in out):
            out = [*out, *(a for a in legal if a.id == hint)]
        return out

    def _playout(self, state: Any) -> dict[str, float]:
        """Play ``state`` on with the stand-in policy for ``horizon`` moves and score it.

        The state is this iteration's own (a fresh sample, or a copy ``play`` made in the
        tree), so the playout steps it in place: the same moves as ``play`` would make, without
        copying the state each move (a copy was a quarter of an iteration)."""
        engine, rng = self.engine, self.rng
        state.takeback = []  # as ``play`` leaves it: a playout's steps are never taken back
        events: list[Any] = []
        for _ in range(self.horizon):
            if engine.is_over(state):
                break
            actor = engine.to_act(state)[0]
            actions = engine.legal_actions(state, actor)
            picked = engine.pick(state, actor, actions, rng)
            action = next(a for a in actions if a.id == picked)
            engine.step(state, actor, action, events)
            events.clear()
        return rewards(engine, state)


def _decided(root: Node, ids: set[str], left: int) -> bool:
    """Whether the most visited of the moves ``ids`` stays ahead whatever ``left`` more
    iterations do.

    Each iteration adds one visit to one root move at most, so the leader keeps the lead (ties
    included, which the tie-break could hand to another move) when it leads by more than
    ``left``."""
    first = second = 0
    for action, child in root.children.items():
        if action not in ids:
            continue
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def _ucb(node: Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.reward / node.visits + EXPLORATION * math.sqrt(
        math.log(max(node.avail, 1)) / node.visits
    )


def rewards(engine: Engine[Any], state: Any) -> dict[str, float]:
    """How well each player did, in [0, 1]: a win (shared by tied winners) at the end of the
    game; before it, how far each stands ahead of the best of the others."""
    result = engine.result(state)
    if result is not None:
        share = 1.0 / len(result.winners) if result.winners else 0.0
        return {p: share for p in result.winners}
    standing = engine.standing(state)
    out: dict[str, float] = {}
    for p, mine in standing.items():
        best_other = max((v for q, v in standing.items() if q != p), default=mine)
        out[p] = 0.5 + 0.5 * math.tanh((mine - best_other) / engine.standing_scale)
    return out
