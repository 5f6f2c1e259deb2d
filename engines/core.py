"""The contract every game engine implements, and the template its moves go through.

Engines are pure: no I/O, no Discord, no Pillow. A state is a pydantic model that round-trips
through JSON and carries its random generator's position, so the same seed and the same actions
always give the same game. ``apply`` never mutates its input: it works on a deep copy.

``Engine.apply`` and ``Engine.remove_player`` are templates: they check what every game checks
(the seat, the end of the game, the legality of the action, computed once) and copy the state
once. A move is dispatched one way in every game: each :class:`Action` an engine offers carries
its :data:`Handler` (what it does, declared where the move is built, as boardgame.io's moves
carry their functions), and the template runs it, then the engine's :meth:`Engine.settle`.
Every state is a :class:`GameState`: the players, the random generator, the end of the game and
the schema version mean the same in every game. The moves an engine offers are in
``engines/moves.py`` and its refusals in ``engines/errors.py``; both are imported from here too.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from engines.copying import SET_DICT, SET_EXTRA, SET_FIELDS_SET, SET_PRIVATE, copy_model
from engines.errors import IllegalAction, UnreadableState
from engines.moves import (
    MAX_ACTION_ID,
    MAX_ACTION_LABEL,
    Action,
    ActionRole,
    Amount,
    Handler,
    Label,
    handler_of,
    move_with_amount,
    role_shown,
    typed_move,
)
from engines.standing import StandingAnswer
from i18n.say import Say, say

#: the names other modules import from here (the moves and refusals live in their own modules)
__all__ = [
    "MAX_ACTION_ID",
    "MAX_ACTION_LABEL",
    "Action",
    "ActionRole",
    "Amount",
    "Engine",
    "Event",
    "GameState",
    "Handler",
    "IllegalAction",
    "Label",
    "Migration",
    "OptionSpec",
    "Result",
    "Rng",
    "Takeback",
    "UnreadableState",
    "attr_setter",
    "fresh_rng",
    "handler_of",
    "item_setter",
    "move_with_amount",
    "redeal",
    "role_shown",
    "typed_move",
]


#: one step of a state migration: the JSON of schema version N in, that of version N + 1 out
Migration = Callable[[dict[str, Any]], dict[str, Any]]


class Event(BaseModel):
    """Something that happened, in words a person reads.

    ``private_to`` names the one player who may see it (a card they drew, a tile they took);
    public messages must leave such events out.

    ``fold`` says how a run of like events reads as one line in a recap ("Bruno stitches {n}
    Parts to creature 2."): consecutive events with the same ``fold`` are one line there, with
    ``{n}`` standing for how many (``None``: never folded). It is the engine's words, so the
    front end never guesses from an event's text which events are alike.
    """

    text: str
    kind: str = "info"
    private_to: str | None = None
    fold: str | None = None
    #: ``text`` as data (:meth:`i18n.say.Say.data`) when the engine said it with ``say``: the
    #: move log keeps it, and each reader reads it in their own language
    said: dict[str, Any] | None = None
    #: ``fold`` as data, likewise (a plural message, worded with the run's count)
    fold_said: dict[str, Any] | None = None

    def __init__(
        self,
        *,
        text: str,
        kind: str = "info",
        private_to: str | None = None,
        fold: str | None = None,
        said: dict[str, Any] | None = None,
        fold_said: dict[str, Any] | None = None,
    ) -> None:
        # every move says what happened, in words the engine made: built without validation
        # (``model_validate`` still checks outside data)
        if isinstance(text, Say):
            said = text.data()
        if isinstance(fold, Say):
            fold_said = fold.data()
        SET_DICT(
            self,
            {
                "text": text,
                "kind": kind,
                "private_to": private_to,
                "fold": fold,
                "said": said,
                "fold_said": fold_said,
            },
        )
        given = {"text"}
        if said is not None:
            given.add("said")
        if fold_said is not None:
            given.add("fold_said")
        if kind != "info":
            given.add("kind")
        if private_to is not None:
            given.add("private_to")
        if fold is not None:
            given.add("fold")
        SET_FIELDS_SET(self, given)
        SET_EXTRA(self, None)
        SET_PRIVATE(self, None)


class Result(BaseModel):
    """How a finished game ended."""

    winners: list[str]
    scores: dict[str, float] = Field(default_factory=dict)
    reason: str
    #: ``reason`` as data when the engine said it with ``say`` (saved with the result), so the
    #: ending reads in each reader's language
    reason_said: dict[str, Any] | None = None

    def __init__(self, **data: Any) -> None:
        reason = data.get("reason")
        if isinstance(reason, Say) and data.get("reason_said") is None:
            data["reason_said"] = reason.data()
        super().__init__(**data)

    @model_serializer(mode="wrap")
    def _without_unsaid_reason(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # a reason said in plain words saves as results always did (old saves compare equal)
        out: dict[str, Any] = handler(self)
        if out.get("reason_said") is None:
            out.pop("reason_said", None)
        return out

    def reason_in(self, locale: str) -> str:
        """Why the game ended, in ``locale``'s language (a reason saved before it carried its
        message, or whose message is damaged, reads as its English)."""
        if isinstance(self.reason, Say):
            return self.reason.word(locale)
        if self.reason_said is not None:
            try:
                return Say.from_data(self.reason_said).word(locale)
            except ValueError:
                pass
        return self.reason


class OptionSpec(BaseModel):
    """A game option chosen in the lobby.

    Game-wide options (``per_player=False``) are picked by the host at ``/game new``; per-player
    ones (a species, a colour) by each player when they join. ``setup`` receives game-wide ones as
    ``options[key]`` and per-player ones as ``options[key][player]``.
    """

    key: str
    label: str
    choices: list[str]
    default: str
    per_player: bool = False
    unique: bool = False  # per-player choices no two players may share
    help: str = ""


T = TypeVar("T")


class Rng(BaseModel):
    """A random generator whose whole position is two integers, so it lives in the state JSON.

    Each call to :meth:`next` returns a fresh ``random.Random`` derived from (seed, draws) and
    advances the position, so no hidden generator state is ever lost between saves.
    """

    seed: int
    draws: int = 0

    def next(self) -> random.Random:
        r = random.Random(self.seed * 1_000_003 + self.draws)
        self.draws += 1
        return r

    def randint(self, a: int, b: int) -> int:
        return self.next().randint(a, b)

    def shuffle(self, items: list[Any]) -> None:
        self.next().shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return self.next().choice(items)


def fresh_rng(rng: random.Random) -> Rng:
    """A generator whose future the true game's seed says nothing about (for ``determinize``)."""
    return Rng(seed=rng.getrandbits(62))


def redeal(cards: list[T], rng: random.Random) -> list[T]:
    """The cards in an order drawn from ``rng`` alone: sorted first, so the true order of the
    cards (which the player does not know) cannot show through."""
    out = sorted(cards)  # type: ignore[type-var]
    rng.shuffle(out)
    return out


def item_setter(items: list[Any], index: int) -> Callable[[Any], None]:
    """Puts a value at ``items[index]`` (where ``determinize`` deals a hidden card)."""

    def put(value: Any) -> None:
        items[index] = value

    return put


def attr_setter(obj: Any, name: str) -> Callable[[Any], None]:
    """Sets ``obj.name`` (where ``determinize`` deals a hidden card)."""

    def put(value: Any) -> None:
        setattr(obj, name, value)

    return put


class Takeback(BaseModel):
    """One step its player may still take back (see :mod:`engines.undo`): who made it, the move,
    and the whole state before it as JSON (its own takeback stack left out)."""

    player: str
    action: str
    before: str


class GameState(BaseModel):
    """What every game's state holds, with one meaning in every game. A game's state subclasses
    it, keeps its per-player records in fields named for what they are (indexed or keyed like
    ``players``), and sets ``schema_version``'s default to its migrations' count."""

    #: the seated players' names, in seat order
    players: list[str]
    #: the random generator's whole position (see :class:`Rng`)
    rng: Rng
    #: set once, by the game's one way of ending, never unset: read at every move (the
    #: template's first check, a playout's loop), so stored rather than worked out
    over: bool = False
    #: the shape of the state: the number of steps in the engine's :attr:`Engine.migrations`
    schema_version: int = 0
    #: the acting player's steps of this turn that may still be taken back, oldest first (kept
    #: by :mod:`engines.undo`; every other step empties it): in the state, so a saved game keeps
    #: its point of no return and a replayed log rebuilds it
    takeback: list[Takeback] = Field(default_factory=list)


S = TypeVar("S", bound=GameState)


class Engine(ABC, Generic[S]):
    """Base class of every game engine. Subclasses set the class attributes and the methods."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[GameState]]
    options: ClassVar[list[OptionSpec]] = []
    #: a short guide shown by ``/game rules`` (Discord markdown, under 1,800 characters)
    guide: ClassVar[str] = ""
    #: a random playout that has not ended after this many actions is a bug
    max_playout_steps: ClassVar[int] = 5000
    #: True when no action label ever names hidden information (a card in a hand), so the
    #: awaited player's buttons may sit on the public turn message. False (the safe default)
    #: makes the bot offer them privately, behind a "Choose your move" button.
    public_action_labels: ClassVar[bool] = False
    #: the state's numbered migrations: step N turns a state of schema version N into N + 1, so
    #: a game saved by an older bot loads in a newer one. The state model's ``schema_version``
    #: defaults to their count; a saved state without the field is version 0.
    migrations: ClassVar[Sequence[Migration]] = ()
    #: a difference in :meth:`standing` that makes one player clearly ahead of another
    standing_scale: ClassVar[float] = 5.0
    #: the bots' search calibration: iterations of ``engines.ai`` search per second of CPU on
    #: the bot's machine (tests/bench/test_bench_search.py measures it, docs/ai.md lists it);
    #: None: not measured, so the levels assume the slowest measured game
    search_rate: ClassVar[int | None] = None
    #: moves a search's playout makes before :meth:`standing` scores it: a few turns, so an
    #: iteration is cheap and a move's effect is not drowned in the dice of a long future
    search_horizon: ClassVar[int] = 20
    #: the rate the 60-move search was calibrated with before December 2026, for the
    #: ``normal-h60`` tournament baseline (engines.ai.levels.BASELINES); None: as ``search_rate``
    search_rate_h60: ClassVar[int | None] = None
    #: the options ``python -m bot balance`` plays the game with (a quick mode, say)
    report_options: ClassVar[Mapping[str, Any]] = {}

    # -- the contract -------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: list[str], *, seed: int, options: dict[str, Any] | None = None) -> S:
        """A new game for these players, in seat order (options already validated)."""

    @abstractmethod
    def to_act(self, state: S) -> list[str]:
        """Players whose decision the game is waiting for (empty once it is over)."""

    @abstractmethod
    def legal_actions(self, state: S, player: str) -> list[Action]:
        """Everything ``player`` may do now; may be non-empty for players not in ``to_act``
        (out-of-turn actions such as building or trading)."""

    @abstractmethod
    def view(self, state: S, viewer: str | None) -> BaseModel:
        """What ``viewer`` may see; ``None`` is a spectator. Renderers only ever get views."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """``None`` while the game runs."""

    def apply(self, state: S, player: str, action_id: str) -> tuple[S, list[Event]]:
        """The state after ``player`` does ``action_id``; raises IllegalAction otherwise.

        The checks every game makes happen here, once: the end of the game, the seat, the
        action among ``player``'s legal ones (an awaited player or one with out-of-turn
        actions). Then the state is copied once and the engine's :meth:`step` changes the copy.
        """
        return self.play(state, player, self.checked(state, player, action_id))

    def checked(self, state: S, player: str, action_id: str) -> Action:
        """The move ``action_id`` names for ``player`` in ``state``, after :meth:`apply`'s
        checks (raises IllegalAction with the refusal otherwise)."""
        if state.over:
            raise IllegalAction(say("The game is over."))
        if not self.seated(state, player):
            raise IllegalAction(self.not_playing(state, player))
        action_id = self.current_id(state, action_id)
        legal = self.legal_actions(state, player)
        action = next((a for a in legal if a.id == action_id), None)
        if action is None:
            action = typed_move(self.amount_moves(state, player), action_id)
        if action is None:
            raise IllegalAction(self.refusal(state, player, action_id, legal))
        return action

    def remove_player(self, state: S, player: str) -> tuple[S, list[Event]]:
        """A player leaves a running game (concede, kick): the seat and the end of the game are
        checked, the state is copied once, and the engine's :meth:`leave` changes the copy."""
        if state.over:
            raise IllegalAction(say("The game is over."))
        if not self.seated(state, player):
            raise IllegalAction("That player is not in this game.")
        new = self.copy_state(state)
        new.takeback = []
        events: list[Event] = []
        self.leave(new, player, events)
        return new, events

    def determinize(self, state: S, player: str, rng: random.Random) -> S:
        """A full state ``player`` cannot tell from ``state``: everything they know kept (their
        view, what they were shown privately), everything they cannot know re-dealt with
        ``rng``, the random generator's future included. Searching bots plan on such samples,
        never on the true state.

        The result depends only on what ``player`` knows and on ``rng``: dealing the same
        unknown cards in whatever true order gives the same sample. The default suits a game
        whose only secret is the future (dice): a copy with a fresh random generator.
        """
        new = self.copy_state(state)
        new.rng = fresh_rng(rng)
        return new

    def suggest(self, state: S, player: str, rng: random.Random) -> str:
        """A reasonable legal action for a stand-in (and for random playouts), chosen by the
        engine's :meth:`pick` among ``player``'s legal actions."""
        actions = self.legal_actions(state, player)
        if not actions:
            raise IllegalAction(f"{player} has nothing to do now.")
        return self.pick(state, player, actions, rng)

    def self_play(
        self, state: S, rng: random.Random, moves: int, until: Callable[[S], bool] | None = None
    ) -> S:
        """``state`` after at most ``moves`` moves of the engine playing itself
        (:meth:`suggest`), stopping early at the end of the game or once ``until`` holds
        (a legend's sample position, a palette's sample board)."""
        for _ in range(moves):
            if state.over or (until is not None and until(state)):
                break
            player = self.to_act(state)[0]
            state, _ = self.apply(state, player, self.suggest(state, player, rng))
        return state

    def amount_moves(self, state: S, player: str) -> list[Action]:
        """``player``'s moves whose number they type (an auction bid, cash in a trade), each
        with its :class:`Amount`; ``apply`` takes ``f"{id}:{n}"`` for one of them. They are not
        among :meth:`legal_actions`, which bots and playouts apply as they are (there, fixed
        steps marked ``step_of`` stand for them). None by default."""
        return []

    # -- what an engine writes for the templates ----------------------------------------------
    def step(self, state: S, player: str, action: Action, events: list[Event]) -> None:
        """Carry out ``action`` (already checked legal for ``player``) on ``state``, a copy the
        engine owns, appending what happened to ``events``: the handler the move carries, then
        :meth:`settle`. The one dispatch of every game's moves."""
        do = handler_of(action)
        if do is None:
            raise TypeError(f"{self.name}'s move {action.id!r} carries no handler")
        do(state, player, action.id, events)
        self.settle(state, events)

    def settle(self, state: S, events: list[Event]) -> None:
        """What follows every move before the game waits again (the game's own steps that need
        no decision: the next phase, the next turn, the end). Nothing by default."""

    def current_id(self, state: S, action_id: str) -> str:
        """``action_id`` as the engine words its moves now: a game whose ids changed reads an
        old one (from a saved move log) as today's. Unchanged by default."""
        return action_id

    def seated(self, state: S, player: str) -> bool:
        """Whether ``player`` still plays in this game (a seat, not conceded or bankrupt), so a
        stranger hears "You are not playing". By default: one of the state's players."""
        return player in state.players

    def not_playing(self, state: S, player: str) -> str:
        """What a player the game no longer counts (not :meth:`seated`) is told when they try
        to act: a game whose players can drop out says why (e.g. bankrupt)."""
        return say("You are not playing in this game.")

    def is_over(self, state: S) -> bool:
        """Whether the game has ended: the state's ``over``, the same in every game."""
        return state.over

    def refusal(self, state: S, player: str, action_id: str, legal: list[Action]) -> str:
        """Why ``action_id`` is refused (shown to the player as is; ``legal`` are theirs)."""
        waiting = self.to_act(state)
        if not legal and player not in waiting:
            return say("The game is waiting for {players}, not you.", players=", ".join(waiting))
        return say("'{move}' is not a move you can make now.", move=action_id[:40])

    def copy_state(self, state: S) -> S:
        """A fully independent copy for ``step`` to change (:func:`copy_model`: no validation,
        the state being valid already)."""
        return copy_model(state)

    def play(self, state: S, player: str, action: Action) -> tuple[S, list[Event]]:
        """``apply`` without its checks, for a caller that took ``action`` from
        ``legal_actions(state, player)`` itself (a searching bot): one copy and the ``step``."""
        new = self.copy_state(state)
        new.takeback = []  # a step not recorded by engines.undo is a point of no return
        events: list[Event] = []
        self.step(new, player, action, events)
        return new, events

    def reveals(
        self, before: S, after: S, player: str, action: Action, events: list[Event]
    ) -> bool:
        """Whether ``player``'s step from ``before`` to ``after`` showed anyone (``player``
        included) something hidden, so it can never be taken back. :mod:`engines.undo` checks
        the rest itself (randomness drawn, someone else awaited, the game ended, a private
        event); an engine declares here the steps it knows show nothing. By default every step
        reveals: when unsure, no undo."""
        return True

    def leave(self, state: S, player: str, events: list[Event]) -> None:
        """Take ``player`` out of ``state`` by the game's rules for leaving. By default the
        game cannot go on without them."""
        raise IllegalAction("This game cannot continue without that player.")

    def pick(self, state: S, player: str, actions: list[Action], rng: random.Random) -> str:
        """The stand-in's choice among ``actions`` (never empty). It must never end the game
        early on purpose (conceding, leaving). The default picks uniformly; engines override it
        (with their ``policy`` module) where uniform play would be silly or endless."""
        return rng.choice(actions).id

    def search_actions(self, state: S, player: str, actions: list[Action]) -> list[Action]:
        """The actions a searching bot weighs among ``actions`` (``player``'s legal ones, never
        empty): all of them by default. A game whose players may do many things that rarely
        matter at any moment (mortgaging, drafting a trade) narrows them to the decisions worth
        a search; the search always adds the heuristic's own move (:meth:`pick`), and plays a
        decision left with one candidate without searching."""
        return actions

    def standing(self, state: S) -> dict[str, float]:
        """Each player's standing mid-game, in the game's own points (the score so far, a
        fortune), for a searching bot that stops a playout before the end. By default every
        player stands level."""
        return dict.fromkeys(state.players, 0.0)

    #: the kinds of ending :meth:`ending` names, so a report can show one that never happened
    endings: ClassVar[tuple[str, ...]] = ()

    def proper_names(self) -> frozenset[str]:
        """Words shown as they are in every language: the printed names of the game's published
        components (cards, spaces, characters), whose English stays where no published
        translation is known (``docs/languages.md``). A pseudo-locale test allows these, and
        only these, in English."""
        return frozenset()

    def ending(self, state: S) -> str:
        """How a finished game ended, in a few words shared by games that ended alike (for the
        balance report). By default the result's reason."""
        result = self.result(state)
        return result.reason if result is not None else "not over"

    def standing_answers(self, state: S, player: str) -> list[StandingAnswer]:
        """The standing answers ``player`` may set in this game (:mod:`engines.standing`):
        recurring questions whose obvious answer the rules leave to them. None by default."""
        return []

    def standing_move(self, state: S, player: str, answer_id: str) -> str | None:
        """The legal move ``answer_id`` makes for ``player`` in ``state``, when the question it
        answers is being asked of them now; ``None`` otherwise (and by default)."""
        return None

    def seat_choices(self, state: S) -> dict[str, str]:
        """Each player's own pick that may favour them (a species, a character, a figure), by
        name, for the balance report; empty where players pick nothing."""
        return {}

    # -- shared helpers with sensible defaults -------------------------------------------------
    def load_state(self, data: str | bytes) -> S:
        """The state saved as ``data``, brought up to this engine's schema version through its
        :attr:`migrations` first. Raises :class:`UnreadableState` for a state from a newer
        engine, and pydantic's ValidationError for one that does not fit the model."""
        raw = json.loads(data)
        if not isinstance(raw, dict):
            raise UnreadableState("the saved state is not a JSON object")
        return cast(S, self.state_type.model_validate(self.migrate(raw)))

    def migrate(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Run the migrations from ``raw``'s schema version (absent: 0) to the current one."""
        current = len(self.migrations)
        version = raw.get("schema_version", 0)
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            raise UnreadableState(f"the saved schema version {version!r} is not a version")
        if version > current:
            raise UnreadableState(
                f"the state was saved by a newer engine (schema version {version}; "
                f"this one reads up to {current})"
            )
        for step in self.migrations[version:]:
            raw = step(raw)
        raw["schema_version"] = current
        return raw

    def summary(self, state: S) -> str:
        """One or two public lines for ``/game status`` (no hidden information)."""
        return ""

    def final_report(self, state: S) -> dict[str, str]:
        """Once the game is over: per player, how their score was made and what the rules
        reveal at the end (e.g. a secret plan), in words; public from then on. Empty by
        default (the scores alone are shown)."""
        return {}

    def validate_options(
        self, players: list[str], options: dict[str, Any] | None
    ) -> dict[str, Any]:
        """Fill defaults and reject unknown keys or values with a clear message."""
        options = dict(options or {})
        out: dict[str, Any] = {}
        known = {spec.key: spec for spec in self.options}
        for key in options:
            if key not in known:
                valid = ", ".join(known) or "none"
                raise IllegalAction(
                    say(
                        "Unknown option '{key}' for {game}. Options: {valid}.",
                        key=key,
                        game=self.title,
                        valid=valid,
                    )
                )
        for spec in self.options:
            value = options.get(spec.key)
            if spec.per_player:
                chosen = dict(value or {})
                for p in players:
                    v = chosen.get(p)
                    if v is None:
                        continue
                    if v not in spec.choices:
                        raise IllegalAction(
                            say(
                                "'{value}' is not a choice for {option}: {choices}.",
                                value=v,
                                option=spec.label,
                                choices=", ".join(spec.choices),
                            )
                        )
                taken = [v for v in chosen.values() if v is not None]
                if spec.unique and len(taken) != len(set(taken)):
                    raise IllegalAction(
                        say("Two players chose the same {option}.", option=spec.label)
                    )
                out[spec.key] = {p: chosen[p] for p in players if chosen.get(p) is not None}
            else:
                v = spec.default if value is None else value
                if v not in spec.choices:
                    raise IllegalAction(
                        say(
                            "'{value}' is not a choice for {option}: {choices}.",
                            value=v,
                            option=spec.label,
                            choices=", ".join(spec.choices),
                        )
                    )
                out[spec.key] = v
        return out
