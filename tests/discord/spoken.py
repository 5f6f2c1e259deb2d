"""A test-only engine that says every word with ``i18n.say``, as the shipped games will: move
labels, their kinds, events and their folds, a private event, the summary.

Its words are not in the product's catalogs (a test package is not extracted), so
:func:`pseudo_catalog` adds them to the pseudo-locale's words for a test, as the game's own
catalog entries would: what is then left in English on a message is the front end's doing.
Registered by the tests that use it only.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager

from PIL import Image

from engines.core import Action, ActionRole, Engine, Event, GameState, Result, Rng
from i18n import catalogs, pseudo
from i18n.languages import PSEUDO
from i18n.say import say, say_n

#: the engine's messages (singular ones, and plural ones as (singular, plural))
MESSAGES = [
    "Take",
    "Give up",
    "Peek",
    "Peek into the bag",
    "red",
    "{player} sees a {colour} pebble in the bag.",
    "{player} gives up.",
    "{player} took the last pebble.",
    "{player} gave up.",
]
PLURALS = [
    ("Take {n} pebble", "Take {n} pebbles"),
    ("{player} takes {n} pebble.", "{player} takes {n} pebbles."),
    ("{player} takes a handful.", "{player} takes {n} handfuls."),
    ("{n} pebble left.", "{n} pebbles left."),
]
#: the kinds of move, as the engine declares them (menus and buttons are grouped by them)
TAKE, GIVE_UP, PEEK = say("Take"), say("Give up"), say("Peek")


class SpokenState(GameState):
    pile: int = 20
    turn: int = 0
    done: bool = False
    quitter: str | None = None


class SpokenEngine(Engine[SpokenState]):
    name = "spoken"
    title = "Spoken (test game)"
    min_players = 2
    max_players = 2
    state_type = SpokenState
    public_action_labels = True
    guide = "Take pebbles from the pile; who takes the last one wins."
    #: the most pebbles a move takes (more moves than buttons: a select menu)
    most = 8
    #: "Give up" is declared one of the takes, so it waits in their menu (not a button)
    losing_in_menu = False

    def setup(self, players, *, seed, options=None):
        return SpokenState(players=list(players), rng=Rng(seed=seed))

    def _current(self, state):
        return state.players[state.turn % 2]

    def to_act(self, state):
        return [] if state.done else [self._current(state)]

    def legal_actions(self, state, player):
        if state.done or player != self._current(state):
            return []
        takes = [
            Action(
                id=f"take:{n}",
                label=say_n("Take {n} pebble", "Take {n} pebbles", n),
                role=ActionRole.MAIN if n == 1 else ActionRole.NORMAL,
                kind=TAKE,
            )
            for n in range(1, min(self.most, state.pile) + 1)
        ]
        return [
            *takes,
            Action(
                id="peek",
                label=say("Peek into the bag"),
                role=ActionRole.NORMAL,
                kind=PEEK,
                private=True,
            ),
            Action(
                id="give-up",
                label=say("Give up"),
                role=ActionRole.DESTRUCTIVE,
                kind=TAKE if self.losing_in_menu else GIVE_UP,
            ),
        ]

    def step(self, state, player, action, events):
        if action.id == "peek":
            seen = say(
                "{player} sees a {colour} pebble in the bag.", player=player, colour=say("red")
            )
            events.append(Event(text=seen, private_to=player))
            return
        if action.id == "give-up":
            state.done = state.over = True
            state.quitter = player
            events.append(Event(text=say("{player} gives up.", player=player)))
            return
        n = int(action.id.partition(":")[2])
        state.pile -= n
        fold = say_n("{player} takes a handful.", "{player} takes {n} handfuls.", 1, player=player)
        for _ in range(2):  # two like events: a recap folds them into one line
            took = say_n(
                "{player} takes {n} pebble.", "{player} takes {n} pebbles.", n, player=player
            )
            events.append(Event(text=took, fold=fold))
        state.done = state.over = state.pile <= 0
        state.turn += 1

    def view(self, state, viewer):
        return state.model_copy(update={"rng": Rng(seed=0)})

    def summary(self, state):
        return say_n("{n} pebble left.", "{n} pebbles left.", state.pile)

    def result(self, state):
        if not state.done:
            return None
        if state.quitter is not None:
            other = next(p for p in state.players if p != state.quitter)
            return Result(winners=[other], reason=say("{player} gave up.", player=state.quitter))
        last = state.players[(state.turn - 1) % 2]
        return Result(winners=[last], reason=say("{player} took the last pebble.", player=last))


ENGINE = SpokenEngine()


def render_board(view) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (40, 20), (255, 255, 255)).save(buf, format="PNG")
    return buf.getvalue()


@contextmanager
def pseudo_catalog() -> Iterator[None]:
    """The pseudo-locale knows the engine's messages too (as a game's catalog entries would)."""
    real = catalogs.words

    def words(language):
        found = real(language)
        if language is not PSEUDO:
            return found
        singular = {**found.singular, **{(None, m): pseudo.text(m) for m in MESSAGES}}
        plural = {
            **found.plural,
            **{(None, one, many): (pseudo.text(one), pseudo.text(many)) for one, many in PLURALS},
        }
        return catalogs.Words(singular, plural, found.plural_index)

    catalogs.words = words  # type: ignore[assignment]
    try:
        yield
    finally:
        catalogs.words = real  # type: ignore[assignment]
