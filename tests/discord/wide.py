"""A test-only engine with many moves, long ids and a private event per move.

It stresses what the toy game cannot: more legal actions than buttons (select menus, /play),
more than 25 autocomplete candidates, action ids too long for a button's custom id, long event
texts, and events only the mover may see. Registered by the ``wide`` fixture only.
"""

from __future__ import annotations

import io

from PIL import Image

from engines.core import (
    Action,
    ActionRole,
    Engine,
    Event,
    GameState,
    OptionSpec,
    Result,
    Rng,
)

SECRET = "the secret word is PLUGH"


class WideState(GameState):
    moves: int = 0
    turn: int = 0
    done: bool = False


class WideEngine(Engine[WideState]):
    name = "wide"
    title = "Wide (test game)"
    min_players = 2
    max_players = 2
    state_type = WideState
    public_action_labels = True
    options = [
        OptionSpec(
            key="colour",
            label="Colour",
            choices=["red", "blue"],
            default="red",
            per_player=True,
            unique=True,
        )
    ]
    guide = "Pick any of the many moves; after three moves the game ends."
    #: number of legal actions and whether their ids are long (set by tests)
    count = 60
    long_ids = False
    #: moves each player makes in a row before the other's turn, and moves in a whole game
    per_turn = 1
    limit = 3
    #: one move is declared destructive (a red button that asks first)
    losing = False
    #: that move's words (whatever they are, its declared role makes it ask first)
    losing_label = "Give up and lose 5 points"
    #: which move is the losing one (past the first 25, it sits in a select menu)
    losing_at = 0
    #: the moves name items of the player's hand (their panel then shows the hand picture)
    hand_moves = False
    #: which move is offered on the player's private panel only (-1: none)
    private_at = -1

    def setup(self, players, *, seed, options=None):
        return WideState(players=list(players), rng=Rng(seed=seed))

    def _current(self, state):
        return state.players[(state.turn // self.per_turn) % 2]

    def to_act(self, state):
        return [] if state.done else [self._current(state)]

    def _id(self, n: int) -> str:
        return f"{'very-long-move-name-' * 3}{n:03d}"[:64] if self.long_ids else f"m{n}"

    def legal_actions(self, state, player):
        if state.done or player != self._current(state):
            return []
        return [self._move(n) for n in range(self.count)]

    def _move(self, n: int) -> Action:
        if self.losing and n == self.losing_at:
            label, role = self.losing_label, ActionRole.DESTRUCTIVE
        else:
            label, role = f"Move number {n} " + "with a long label " * 5, ActionRole.NORMAL
        return Action(
            id=self._id(n),
            label=label,
            role=role,
            kind="Move",
            names_hand=self.hand_moves,
            private=n == self.private_at,
        )

    def step(self, state, player, action, events):
        state.moves += 1
        state.turn += 1
        state.done = state.over = state.moves >= self.limit
        events += [Event(text=f"{player} makes move {action.id}. " + "Lots happens. " * 40)] * 8
        events.append(Event(text=f"{player} learns that {SECRET}.", private_to=player))

    def view(self, state, viewer):
        return state.model_copy(update={"rng": Rng(seed=0)})

    def result(self, state):
        if not state.done:
            return None
        return Result(winners=[state.players[0]], scores={}, reason="three moves were made")


ENGINE = WideEngine()


def render_board(view) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (40, 20), (255, 255, 255)).save(buf, format="PNG")
    return buf.getvalue()


def render_hand(view) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (20, 20), (0, 0, 0)).save(buf, format="PNG")
    return buf.getvalue()
