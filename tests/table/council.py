"""A test-only game in which everyone decides at once, for the table's click and turn rules.

Council: every player who has not yet spoken is awaited together. Each may pass, ring their
own bell (a move only they have), bid a number they type, or peek at the prize (a private move,
left to their own panel). A player who has spoken may take it back while the others still
decide: a move of theirs although the game does not await them. Once all have spoken, the
highest bid wins. Registered only while a test runs (:func:`registered`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import engines
from engines.core import Action, ActionRole, Amount, Engine, Event, GameState, Result, Rng

HIGHEST_BID = 9


class CouncilState(GameState):
    spoken: dict[str, int] = {}  # player -> their bid (0: passed or rang)


def speak(state: CouncilState, player: str, action_id: str, events: list[Event]) -> None:
    """Every council move: speak (pass, ring, peek, bid) or take it back."""
    kind, _, arg = action_id.partition(":")
    if kind == "withdraw":
        del state.spoken[player]
        events.append(Event(text=f"{player} takes back what they said."))
        return
    if kind == "peek":
        events.append(Event(text="The prize is a golden goose.", private_to=player))
    state.spoken[player] = int(arg) if kind == "bid" else 0
    events.append(Event(text=f"{player} has spoken."))
    if len(state.spoken) == len(state.players):
        state.over = True


class CouncilEngine(Engine[CouncilState]):
    name = "council"
    title = "Council (test game)"
    min_players = 2
    max_players = 4
    state_type = CouncilState
    public_action_labels = True
    guide = "Everyone decides at once: pass, ring your bell or bid; the highest bid wins."

    def setup(self, players, *, seed, options=None):
        return CouncilState(players=list(players), rng=Rng(seed=seed))

    def to_act(self, state):
        return [] if state.over else [p for p in state.players if p not in state.spoken]

    def legal_actions(self, state, player):
        if state.over or player not in state.players:
            return []
        if player in state.spoken:
            return [
                Action(
                    id="withdraw", label="Take back what I said", role=ActionRole.NORMAL, do=speak
                )
            ]
        return [
            Action(id="pass", label="Pass", role=ActionRole.NORMAL, do=speak),
            Action(
                id="peek", label="Peek at the prize", private=True, role=ActionRole.NORMAL, do=speak
            ),
            Action(
                id=f"ring:{player}", label=f"Ring {player}'s bell", role=ActionRole.NORMAL, do=speak
            ),
        ]

    def amount_moves(self, state, player):
        if state.over or player not in state.players or player in state.spoken:
            return []
        return [
            Action(
                id="bid",
                label="Bid",
                amount=Amount(low=1, high=HIGHEST_BID, made="Bid {n}"),
                role=ActionRole.MAIN,
                do=speak,
            )
        ]

    def view(self, state, viewer):
        return state.model_copy(update={"rng": Rng(seed=0)})

    def result(self, state):
        if not state.over:
            return None
        best = max(state.spoken.values())
        winners = [p for p in state.players if state.spoken[p] == best]
        scores = {p: float(state.spoken[p]) for p in state.players}
        return Result(winners=winners, scores=scores, reason="everyone has spoken")

    def final_report(self, state):
        return {p: f"bid {n}" if n else "no bid" for p, n in state.spoken.items()}


ENGINE = CouncilEngine()


@contextmanager
def registered() -> Iterator[CouncilEngine]:
    """The game registered for the duration of a test."""
    engines.register(ENGINE)
    try:
        yield ENGINE
    finally:
        engines.unregister(ENGINE.name)
