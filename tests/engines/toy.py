"""A tiny test-only game that proves the platform before the real games land.

Race to 21: a shared pile of counters; on your turn take 1, 2 or 3; whoever takes the last one
wins. Each player also holds a secret lucky number (private information) that a spectator must
never see, so the platform's hiding of private views is exercised too.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw
from pydantic import BaseModel

from engines.core import Action, ActionRole, Engine, Event, GameState, OptionSpec, Result, Rng


class ToyState(GameState):
    pile: int
    turn: int = 0
    secrets: dict[str, int]
    winner: str | None = None
    conceded: list[str] = []


def take(state: ToyState, player: str, action_id: str, events: list[Event]) -> None:
    """The one move: take ``n`` counters (``take:<n>``)."""
    n = int(action_id.split(":")[1])
    state.pile -= n
    events.append(Event(text=f"{player} takes {n}; {state.pile} left."))
    if state.pile == 0:
        state.winner = player
        state.over = True
        events.append(Event(text=f"{player} takes the last counter and wins!", kind="end"))
    else:
        state.turn += 1


class ToyView(BaseModel):
    players: list[str]
    pile: int
    turn_player: str | None
    winner: str | None
    my_secret: int | None = None


class ToyEngine(Engine[ToyState]):
    name = "toy"
    title = "Race to 21 (test game)"
    min_players = 2
    max_players = 4
    state_type = ToyState
    public_action_labels = True
    options = [OptionSpec(key="pile", label="Pile size", choices=["11", "21"], default="21")]
    guide = "Take 1-3 counters on your turn; whoever takes the last counter wins."

    def setup(self, players, *, seed, options=None):
        opts = self.validate_options(players, options)
        rng = Rng(seed=seed)
        secrets = {p: rng.randint(1, 9) for p in players}
        return ToyState(players=list(players), pile=int(opts["pile"]), secrets=secrets, rng=rng)

    def _current(self, state: ToyState) -> str:
        return state.players[state.turn % len(state.players)]

    def to_act(self, state):
        return [] if state.winner else [self._current(state)]

    def legal_actions(self, state, player):
        if state.winner or player != self._current(state):
            return []
        return [
            Action(id=f"take:{n}", label=f"Take {n}", role=ActionRole.NORMAL, do=take)
            for n in (1, 2, 3)
            if n <= state.pile
        ]

    def seated(self, state, player):
        return player in state.players

    def view(self, state, viewer):
        return ToyView(
            players=state.players,
            pile=state.pile,
            turn_player=None if state.winner else self._current(state),
            winner=state.winner,
            my_secret=state.secrets.get(viewer) if viewer else None,
        )

    def result(self, state):
        if not state.winner:
            return None
        return Result(
            winners=[state.winner],
            scores={p: float(p == state.winner) for p in state.players},
            reason="took the last counter" if not state.conceded else "the others conceded",
        )

    def leave(self, state, player, events):
        current = self._current(state)
        state.conceded.append(player)
        idx = state.players.index(player)
        state.players.remove(player)
        if idx < state.turn % (len(state.players) + 1):
            state.turn -= 1
        if len(state.players) == 1:
            state.winner = state.players[0]
            state.over = True
        elif current == player:
            state.turn = state.turn % len(state.players)
        events.append(Event(text=f"{player} leaves the game."))

    def summary(self, state):
        return f"{state.pile} counters left."


ENGINE = ToyEngine()


def render_board(view: ToyView) -> bytes:
    image = Image.new("RGB", (400, 120), (240, 240, 240))
    ImageDraw.Draw(image).text((10, 10), f"Pile: {view.pile}", fill=(0, 0, 0))
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def render_hand(view: ToyView) -> bytes:
    return render_board(view)
