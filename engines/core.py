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
the schema version mean the same in every game.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from engines.copying import SET_DICT, SET_EXTRA, SET_FIELDS_SET, SET_PRIVATE, copy_model


class IllegalAction(Exception):
    """An action the rules do not allow. ``reason`` is shown to the player as is."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class UnreadableState(Exception):
    """A saved state this engine cannot read: not a JSON object, or saved by a newer engine
    (a schema version beyond its migrations). The game is damaged, not the bot."""


#: one step of a state migration: the JSON of schema version N in, that of version N + 1 out
Migration = Callable[[dict[str, Any]], dict[str, Any]]


class Amount(BaseModel):
    """The whole number a player types for a move, from ``low`` to ``high`` inclusive."""

    model_config = ConfigDict(frozen=True)

    low: int
    high: int
    #: the label of the move made, ``{n}`` standing for the number ("Bid {n}")
    made: str

    def refusal(self) -> str:
        return f"Type a whole number from {self.low} to {self.high}."


#: the most digits a typed amount may have (more is never a sensible number of anything)
MAX_AMOUNT_DIGITS = 9


#: where an Action keeps the words of a label not yet worded
_WORDS = "words"

#: a move's label, or the words that make it when it is first read (see :class:`Action`),
#: called without arguments (a lambda's defaults may hold the values it words)
Label = str | Callable[..., str]


class ActionRole(StrEnum):
    """What a move is to the player who makes it, declared by the engine that offers it: a front
    end styles and guards a move by its role, never by the words of its label (a new game's
    losing move worded differently must still ask first)."""

    #: the step's main action (at most one among a player's moves at a step): the blue button
    MAIN = "main"
    NORMAL = "normal"
    #: loses something for good (bankruptcy, points): a red button that asks "are you sure?"
    DESTRUCTIVE = "destructive"


def role_shown(action: Action) -> ActionRole:
    """The role a front end acts on: the one declared, and for a move that declares none (built
    around ``__init__``; the conformance suite refuses it) the role that asks before it is made,
    so an undeclared move never loses something unasked."""
    return action.role if action.role is not None else ActionRole.DESTRUCTIVE


#: what a move does: carries it out on ``state`` (a copy the engine owns, the move already
#: checked legal) for ``player``, given the move's id, appending what happened to ``events``
Handler = Callable[[Any, str, str, "list[Event]"], None]


class Action(BaseModel):
    """One thing a player may do now.

    ``id`` is stable for the same choice in the same state: it travels in the player's own
    autocomplete values and the move log (never in a public component), so it stays short (at
    most ``MAX_ACTION_ID``) and ASCII.

    ``label`` may be given as the words that make it (a function of no arguments): a search
    lists every legal move at every step and reads only ids, so a label is worded only when
    something reads it (``.label``, equality, a dump, a copy), once, and then the action is
    exactly the one built with the words.

    ``role`` (:class:`ActionRole`) is declared with every move where the engine builds it (a
    required argument); ``kind`` names the moves it is one of ("Build", "Mortgage"), so a front
    end with too many moves for buttons groups them in menus by what the engine says, not by
    the first word of their labels.

    ``do`` is the move's :data:`Handler`, given by the engine that offers it: ``apply`` and a
    search run exactly what ``legal_actions`` offered, with no second reading of the id. It
    sits in a slot, outside the fields: never in JSON, equality or a copy.
    """

    model_config = ConfigDict(frozen=True)
    __slots__ = ("_do",)

    id: str
    label: str
    #: the label, or the move being offered at all, tells something hidden (e.g. which tile in
    #: a hand is a focus group): only the player's private panel shows it
    private: bool = False
    #: a move whose number the player types (a bid, cash in a trade): the move made is
    #: ``f"{id}:{n}"`` for ``n`` in the range (see :meth:`Engine.amount_moves`)
    amount: Amount | None = None
    #: a fixed step (+1, +10) that is the same move as this typed amount (``<id>:<n>`` of an
    #: amount move): kept for bots and ``/play``, left off buttons and panels, where people
    #: type the amount instead
    step_of: str | None = None
    #: declared by the engine with every move it builds; ``None`` only in an action built
    #: around ``__init__`` (``model_construct``, outside data): undeclared, which the
    #: conformance suite refuses and a front end treats as losing something (:func:`role_shown`)
    role: ActionRole | None = None
    #: the moves this one is one of, as a menu heading ("Build", "Mortgage"); ``None``: moves
    #: of no kind worth a menu of their own
    kind: str | None = None

    def __init__(
        self,
        *,
        id: str,
        label: Label,
        role: ActionRole,
        kind: str | None = None,
        private: bool = False,
        amount: Amount | None = None,
        step_of: str | None = None,
        do: Handler | None = None,
    ) -> None:
        # engines list every legal action at every step of a search, from parts they made
        # themselves: built without validation (``model_validate`` still checks outside data),
        # the model's slots set straight through their descriptors
        if isinstance(label, str):
            SET_DICT(
                self,
                {
                    "id": id,
                    "label": label,
                    "private": private,
                    "amount": amount,
                    "step_of": step_of,
                    "role": role,
                    "kind": kind,
                },
            )
            SET_PRIVATE(self, None)
        else:  # worded when first read: until then the words wait where pydantic keeps nothing
            SET_DICT(
                self,
                {
                    "id": id,
                    "private": private,
                    "amount": amount,
                    "step_of": step_of,
                    "role": role,
                    "kind": kind,
                },
            )
            SET_PRIVATE(self, {_WORDS: label})
        if private or amount is not None or step_of is not None:
            given = {"id", "label", "role"}
            if private:
                given.add("private")
            if amount is not None:
                given.add("amount")
            if step_of is not None:
                given.add("step_of")
            if kind is not None:
                given.add("kind")
            SET_FIELDS_SET(self, given)
        elif kind is None:
            SET_FIELDS_SET(self, {"id", "label", "role"})
        else:  # the most common: a plain move of a kind
            SET_FIELDS_SET(self, {"id", "label", "role", "kind"})
        SET_EXTRA(self, None)
        if do is not None:
            _SET_DO(self, do)

    # pydantic would call this ``__init__`` (no validation, ``role`` required) to validate
    # outside data too; marked as its own base one, ``model_validate`` validates the fields
    # instead, and an action saved before roles loads as undeclared (as ``RootModel`` does)
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]

    def _worded(self) -> Action:
        """The action with its label in place (worded now if it was left for later)."""
        waiting = self.__pydantic_private__
        if waiting is not None:
            label = waiting[_WORDS]()
            # a new dict, the label in its place after the id as if built with it, put in at
            # once: a reader in another thread sees the fields before or after, never between
            values = self.__dict__
            SET_DICT(self, {"id": values["id"], "label": label, **values})
            SET_PRIVATE(self, None)
        return self

    def __getattr__(self, name: str) -> Any:
        if name == "label":  # not in the fields yet: worded now (or just now, elsewhere)
            fields = self._worded().__dict__
            if "label" in fields:
                return fields["label"]
        return super().__getattr__(name)  # type: ignore[misc]

    # everything that reads the fields all at once words the label first
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            other._worded()
        return super(Action, self._worded()).__eq__(other)

    def __hash__(self) -> int:
        self._worded()
        return hash(
            (
                type(self),
                self.id,
                self.label,
                self.private,
                self.amount,
                self.step_of,
                self.role,
                self.kind,
            )
        )

    def __repr_args__(self) -> Any:
        return super(Action, self._worded()).__repr_args__()

    def __iter__(self) -> Any:
        return super(Action, self._worded()).__iter__()

    def __getstate__(self) -> dict[Any, Any]:
        return super(Action, self._worded()).__getstate__()

    def __copy__(self) -> Action:
        return super(Action, self._worded()).__copy__()

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Action:
        return super(Action, self._worded()).__deepcopy__(memo)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Action:
        return super(Action, self._worded()).model_copy(update=update, deep=deep)

    @model_serializer(mode="wrap")
    def _dump_worded(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return cast(dict[str, Any], handler(self._worded()))


# the handler's slot, read and set through its own descriptor (a search builds thousands)
_SET_DO = Action.__dict__["_do"].__set__
_GET_DO = Action.__dict__["_do"].__get__


def handler_of(action: Action) -> Handler | None:
    """The :data:`Handler` ``action`` carries, or ``None`` for one built without (outside
    data, a copy): such a move cannot be played."""
    try:
        return cast(Handler, _GET_DO(action))
    except AttributeError:
        return None


MAX_ACTION_ID = 64
MAX_ACTION_LABEL = 80


def typed_move(amount_moves: Sequence[Action], action_id: str) -> Action | None:
    """The move ``action_id`` makes if it is ``f"{id}:{n}"`` for one of ``amount_moves``:
    ``None`` if it names none of them; IllegalAction (saying the range) if ``n`` is not a whole
    number in its range."""
    base, _, typed = action_id.rpartition(":")
    move = next((a for a in amount_moves if a.amount is not None and a.id == base), None)
    if move is None or move.amount is None:
        return None
    return move_with_amount(move, typed)


def move_with_amount(move: Action, typed: str) -> Action:
    """``move`` (one with an :class:`Amount`) made with the number ``typed``; IllegalAction
    (saying the range) unless it is a whole number in the range."""
    amount = move.amount
    if amount is None:
        raise IllegalAction("That move takes no amount.")
    text = typed.strip().replace(",", "").replace("_", "")
    ok = text.isascii() and text.isdigit() and len(text) <= MAX_AMOUNT_DIGITS
    if not ok or not amount.low <= int(text) <= amount.high:
        raise IllegalAction(amount.refusal())
    n = int(text)
    return Action(
        id=f"{move.id}:{n}",
        label=amount.made.format(n=n),
        role=role_shown(move),
        kind=move.kind,
        private=move.private,
        do=handler_of(move),
    )


class Event(BaseModel):
    """Something that happened, in words a person reads.

    ``private_to`` names the one player who may see it (a card they drew, a tile they took);
    public messages must leave such events out.
    """

    text: str
    kind: str = "info"
    private_to: str | None = None

    def __init__(self, *, text: str, kind: str = "info", private_to: str | None = None) -> None:
        # every move says what happened, in words the engine made: built without validation
        # (``model_validate`` still checks outside data)
        SET_DICT(self, {"text": text, "kind": kind, "private_to": private_to})
        given = {"text"}
        if kind != "info":
            given.add("kind")
        if private_to is not None:
            given.add("private_to")
        SET_FIELDS_SET(self, given)
        SET_EXTRA(self, None)
        SET_PRIVATE(self, None)


class Result(BaseModel):
    """How a finished game ended."""

    winners: list[str]
    scores: dict[str, float] = Field(default_factory=dict)
    reason: str


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
        if state.over:
            raise IllegalAction("The game is over.")
        if not self.seated(state, player):
            raise IllegalAction(self.not_playing(state, player))
        action_id = self.current_id(state, action_id)
        legal = self.legal_actions(state, player)
        action = next((a for a in legal if a.id == action_id), None)
        if action is None:
            action = typed_move(self.amount_moves(state, player), action_id)
        if action is None:
            raise IllegalAction(self.refusal(state, player, action_id, legal))
        return self.play(state, player, action)

    def remove_player(self, state: S, player: str) -> tuple[S, list[Event]]:
        """A player leaves a running game (concede, kick): the seat and the end of the game are
        checked, the state is copied once, and the engine's :meth:`leave` changes the copy."""
        if state.over:
            raise IllegalAction("The game is over.")
        if not self.seated(state, player):
            raise IllegalAction("That player is not in this game.")
        new = self.copy_state(state)
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
        return "You are not playing in this game."

    def is_over(self, state: S) -> bool:
        """Whether the game has ended: the state's ``over``, the same in every game."""
        return state.over

    def refusal(self, state: S, player: str, action_id: str, legal: list[Action]) -> str:
        """Why ``action_id`` is refused (shown to the player as is; ``legal`` are theirs)."""
        waiting = self.to_act(state)
        if not legal and player not in waiting:
            return f"The game is waiting for {', '.join(waiting)}, not you."
        return f"'{action_id[:40]}' is not a move you can make now."

    def copy_state(self, state: S) -> S:
        """A fully independent copy for ``step`` to change (:func:`copy_model`: no validation,
        the state being valid already)."""
        return copy_model(state)

    def play(self, state: S, player: str, action: Action) -> tuple[S, list[Event]]:
        """``apply`` without its checks, for a caller that took ``action`` from
        ``legal_actions(state, player)`` itself (a searching bot): one copy and the ``step``."""
        new = self.copy_state(state)
        events: list[Event] = []
        self.step(new, player, action, events)
        return new, events

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

    def ending(self, state: S) -> str:
        """How a finished game ended, in a few words shared by games that ended alike (for the
        balance report). By default the result's reason."""
        result = self.result(state)
        return result.reason if result is not None else "not over"

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
                raise IllegalAction(f"Unknown option '{key}' for {self.title}. Options: {valid}.")
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
                            f"'{v}' is not a choice for {spec.label}: {', '.join(spec.choices)}."
                        )
                taken = [v for v in chosen.values() if v is not None]
                if spec.unique and len(taken) != len(set(taken)):
                    raise IllegalAction(f"Two players chose the same {spec.label}.")
                out[spec.key] = {p: chosen[p] for p in players if chosen.get(p) is not None}
            else:
                v = spec.default if value is None else value
                if v not in spec.choices:
                    raise IllegalAction(
                        f"'{v}' is not a choice for {spec.label}: {', '.join(spec.choices)}."
                    )
                out[spec.key] = v
        return out
