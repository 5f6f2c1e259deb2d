"""A move as an engine offers it (:class:`Action`): its id, the words on its button, the role
the front end reads (main, normal, destructive), the menu it groups under, and for a move whose
number the player types, its :class:`Amount`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from engines.copying import SET_DICT, SET_EXTRA, SET_FIELDS_SET, SET_PRIVATE
from engines.errors import IllegalAction
from i18n.say import Say, say

if TYPE_CHECKING:  # an Event is what a move's handler appends to; core imports this module
    from engines.core import Event


class Amount(BaseModel):
    """The whole number a player types for a move, from ``low`` to ``high`` inclusive."""

    model_config = ConfigDict(frozen=True)

    low: int
    high: int
    #: the label of the move made, ``{n}`` standing for the number ("Bid {n}"): a msgid the
    #: engine marks with ``i18n.say.marked``, worded by the front end with the number typed
    made: str

    def refusal(self) -> str:
        return say("Type a whole number from {low} to {high}.", low=self.low, high=self.high)


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
    #: the one entry a front end short of room puts this move behind, with moves of other kinds
    #: ("Manage": build, sell, mortgage, lift, trade); ``None``: the move's own ``kind``
    menu: str | None = None
    #: the label names items of the player's hand as the game's hand picture shows them ("tile
    #: C", a card's name): a front end shows that picture beside the move
    names_hand: bool = False

    def __init__(
        self,
        *,
        id: str,
        label: Label,
        role: ActionRole,
        kind: str | None = None,
        menu: str | None = None,
        names_hand: bool = False,
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
                    "menu": menu,
                    "names_hand": names_hand,
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
                    "menu": menu,
                    "names_hand": names_hand,
                },
            )
            SET_PRIVATE(self, {_WORDS: label})
        if private or amount is not None or step_of is not None or menu is not None or names_hand:
            given = {"id", "label", "role"}
            if private:
                given.add("private")
            if amount is not None:
                given.add("amount")
            if step_of is not None:
                given.add("step_of")
            if kind is not None:
                given.add("kind")
            if menu is not None:
                given.add("menu")
            if names_hand:
                given.add("names_hand")
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
                self.menu,
                self.names_hand,
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
        label=Say(amount.made, {"n": n}),  # the move made, worded for each reader
        role=role_shown(move),
        kind=move.kind,
        menu=move.menu,
        names_hand=move.names_hand,
        private=move.private,
        do=handler_of(move),
    )
