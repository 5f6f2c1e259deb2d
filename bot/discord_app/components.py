"""Buttons and select menus for the moves of a turn, and their custom ids.

Every member's client receives every custom id and select value of a public message, so they
carry no action id (one can name a hidden card): only the game, the board's version and the
index of the move in a list the table rebuilds when the click comes back
(:mod:`bot.table.offers`). Clicks keep working after a restart with no view kept in memory.

- ``tt:<game>:<version>:<n>``: the n-th move the public turn message offers;
- ``tts:<game>:<version>:<k>``: the k-th select menu of them (option values are indices);
- ``ttm:<game>:<version>``: "Choose your move", opening the clicker's private panel;
- ``ttp:<game>:<version>:<n>`` / ``ttq:<game>:<version>:<k>``: a move on a private panel, the
  n-th of the clicker's own moves (a button / a select menu of them);
- ``tta(p):<game>:<version>:<n>``: a move whose number the player types (a bid): the button
  opens a form (a modal) ``ttn(p):<game>:<version>:<n>`` with one text field, ``amount``;
  its submission is handled by the client (:func:`amount_submitted`), not a stored view, so a
  form opened before a restart still works.

The items are :class:`discord.ui.DynamicItem` subclasses registered once on the client; their
callbacks hand the click to ``client.handle_action`` / ``client.handle_moves`` (see
:mod:`bot.discord_app.turns`).

Anyone can send a click with a custom id of their own making. Every number in one is checked
against its range where it is parsed (:func:`numbers`); an id with a number outside it, or one
that looks like ours but is of no kind we make (:func:`answer_unreadable`), gets the private
:data:`FORGED` answer and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

import discord

from bot.discord_app import replies
from bot.discord_app.text import clip
from bot.discord_limits import (
    MAX_BUTTON_LABEL,
    MAX_BUTTONS,
    MAX_BUTTONS_PER_ROW,
    MAX_FIELD_DESCRIPTION,
    MAX_FORM_TITLE,
    MAX_OPTION_LABEL,
    MAX_PLACEHOLDER,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
)
from bot.table.offers import unique
from engines import Action, ActionRole
from engines.core import role_shown

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

#: the button a dynamic item wraps (in a plain view)
Button = discord.ui.Button[discord.ui.View]

BUTTON_TEMPLATE = r"tt(?P<own>p?):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
SELECT_TEMPLATE = r"tt(?P<kind>[sq]):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
MOVES_TEMPLATE = r"ttm:(?P<game>[0-9]+):(?P<version>[0-9]+)"
REMATCH_TEMPLATE = r"ttr:(?P<game>[0-9]+)"
LOG_TEMPLATE = r"ttg:(?P<page>[0-9]+):(?P<per>[0-9]+)"
CONFIRM_TEMPLATE = r"ttc(?P<own>p?):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
AMOUNT_TEMPLATE = r"tta(?P<own>p?):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
FORM_PATTERN = re.compile(r"ttn(?P<own>p?):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)")
#: every kind of custom id this module makes
PATTERNS = [
    *map(
        re.compile,
        (
            BUTTON_TEMPLATE,
            SELECT_TEMPLATE,
            MOVES_TEMPLATE,
            REMATCH_TEMPLATE,
            LOG_TEMPLATE,
            CONFIRM_TEMPLATE,
            AMOUNT_TEMPLATE,
        ),
    ),
    FORM_PATTERN,
]
#: the text field of an amount form
AMOUNT_FIELD = "amount"
AMOUNT_FIELD_LABEL = "Amount (a whole number)"
REMATCH_LABEL = "Rematch"
MOVES_LABEL = "Choose your move (privately)"
#: the answer to a component whose custom id is forged or broken
FORGED = (
    "This button is no longer valid, so nothing was done. `/game board` shows the current "
    "board with its buttons."
)
#: what every custom id this module makes starts with
OURS = re.compile(r"tt[a-z]{0,2}:")
#: the range of each number a custom id (or a select option's value) carries
GAME_IDS = range(1, 2**63)  # a game's id: a positive signed 64-bit integer in both databases
VERSIONS = range(0, 2**63)
MOVE_INDEXES = range(0, 10_000)  # far more moves than any turn offers
MENU_INDEXES = range(0, MAX_ROWS)  # the k-th select menu of a message
LOG_PAGES = range(1, 2**31)
LOG_PER_PAGE = range(1, 51)  # /game log's count: 1 to 50 lines a page
#: the menu of moves whose engine gives them no kind, and of kinds too small for a menu
OTHER_MOVES = "More moves"


def number(text: str, allowed: range) -> int | None:
    """``text`` as a number in ``allowed``, else ``None`` (not a number, or out of range)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 20):
        return None
    value = int(text)
    return value if value in allowed else None


def numbers(match: re.Match[str], **ranges: range) -> list[int] | None:
    """The named numbers of a custom id, in the order named, each checked against its range
    as it is parsed; ``None`` when one is outside it (or not a number at all)."""
    out = []
    for name, allowed in ranges.items():
        value = number(match[name] or "", allowed)
        if value is None:
            return None
        out.append(value)
    return out


def move_numbers(match: re.Match[str], index: range = MOVE_INDEXES) -> tuple[int, int, int] | None:
    """The game, version and index of a move's custom id, range-checked."""
    read = numbers(match, game=GAME_IDS, version=VERSIONS, index=index)
    if read is None:
        return None
    game, version, at = read
    return game, version, at


async def answer_forged(interaction: discord.Interaction) -> None:
    """The private answer to a forged or broken component: nothing is done."""
    await replies.private(interaction, FORGED)


class Checked:
    """A component made from a custom id: one whose numbers were out of range when it was
    parsed (``forged``) answers privately and never reaches its callback."""

    forged = False

    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        if self.forged:
            await answer_forged(interaction)
            return False
        return True


C = TypeVar("C", bound=Checked)


def checked(item: C, read: Sequence[int] | None) -> C:
    """``item`` (made with placeholder numbers when ``read`` is ``None``) marked forged when
    its custom id's numbers did not pass their ranges."""
    item.forged = read is None
    return item


#: the numbers a forged component is made with (it never uses them)
PLACEHOLDER = (1, 0, 0)


def button_id(game_id: int, version: int, index: int, *, own: bool = False) -> str:
    return f"tt{'p' if own else ''}:{game_id}:{version}:{index}"


def select_id(game_id: int, version: int, index: int, *, own: bool = False) -> str:
    return f"tt{'q' if own else 's'}:{game_id}:{version}:{index}"


def moves_id(game_id: int, version: int) -> str:
    return f"ttm:{game_id}:{version}"


#: under a select option whose move loses something (it asks for confirmation, like a red button)
LOSING_NOTE = "Loses something: you will be asked to confirm"


def loses_something(action: Action) -> bool:
    """Whether a move asks "are you sure?" first: its engine declares it destructive (or
    declares nothing, see :func:`engines.core.role_shown`). Never read from its words."""
    return role_shown(action) is ActionRole.DESTRUCTIVE


def style_of(action: Action, *, main: bool) -> discord.ButtonStyle:
    """Red for a move that loses something, blue for the step's main action, grey otherwise."""
    if loses_something(action):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary if main else discord.ButtonStyle.secondary


def routed(interaction: discord.Interaction[discord.Client]) -> discord.Interaction[TabletopClient]:
    """A click on one of these items, with the client that routed it. discord.py types an
    item's callback for any client (its client type is bound per call, not per item), but the
    items are registered on :class:`~bot.discord_app.client.TabletopClient` only (in its
    ``setup_hook``), so every click reaching them comes through it."""
    return cast("discord.Interaction[TabletopClient]", interaction)


def main_index(actions: Sequence[Action]) -> int:
    """The step's main action: the first its engine declares main, else the first move."""
    for i, a in enumerate(actions):
        if a.role is ActionRole.MAIN:
            return i
    return 0


class ActionButton(Checked, discord.ui.DynamicItem[Button], template=BUTTON_TEMPLATE):
    """One offered move as a button; survives restarts through its custom id."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        label: str = "",
        *,
        own: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ):
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Button(
                label=clip(label or "Move", MAX_BUTTON_LABEL),
                style=style,
                custom_id=button_id(game_id, version, index, own=own),
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        label = getattr(item, "label", None) or ""
        style = getattr(item, "style", None) or discord.ButtonStyle.secondary
        read = move_numbers(match)
        made = cls(*(read or PLACEHOLDER), label, own=bool(match["own"]), style=style)
        return checked(made, read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        if self.item.style == discord.ButtonStyle.danger:  # a move that loses something: ask
            await ask_first(interaction, self.game_id, self.version, self.index, self.item.label)
            return
        await click.client.handle_action(
            click, self.game_id, self.version, self.index, own=self.own
        )


async def ask_first(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    index: int,
    label: str | None,
    *,
    own: bool = False,
) -> None:
    """The private "Are you sure?" a move that loses something asks before it is made."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(game_id, version, index, own=own))
    await interaction.response.send_message(
        f"Are you sure? **{label or 'This move'}** cannot be undone.",
        view=view,
        ephemeral=True,
    )


class ConfirmButton(Checked, discord.ui.DynamicItem[Button], template=CONFIRM_TEMPLATE):
    """ "Yes, do it" under the private question a red (losing) move asks first."""

    def __init__(self, game_id: int, version: int, index: int, *, own: bool = False):
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Button(
                label="Yes, do it",
                style=discord.ButtonStyle.danger,
                custom_id=f"ttc{'p' if own else ''}:{game_id}:{version}:{index}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        read = move_numbers(match)
        return checked(cls(*(read or PLACEHOLDER), own=bool(match["own"])), read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        await click.client.handle_action(
            click, self.game_id, self.version, self.index, own=self.own, confirmed=True
        )


class AmountButton(Checked, discord.ui.DynamicItem[Button], template=AMOUNT_TEMPLATE):
    """A move whose number the player types: opens a form with one text field for it."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        label: str = "",
        *,
        own: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ):
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Button(
                label=clip(label or "Type an amount", MAX_BUTTON_LABEL),
                style=style,
                custom_id=f"tta{'p' if own else ''}:{game_id}:{version}:{index}",
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        read = move_numbers(match)
        made = cls(
            *(read or PLACEHOLDER),
            getattr(item, "label", None) or "",
            own=bool(match["own"]),
            style=getattr(item, "style", None) or discord.ButtonStyle.secondary,
        )
        return checked(made, read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        await click.client.handle_amount(
            click, self.game_id, self.version, self.index, own=self.own
        )


def amount_form(
    game_id: int, version: int, index: int, move: Action, *, own: bool = False
) -> discord.ui.Modal:
    """The form a typed-amount move opens: titled with the move ("Bid"), its field saying the
    range. It is stopped before it is sent, so no view store keeps it: the client handles
    every submission by its custom id."""
    title = move.label.split(" (")[0].strip() or "Type an amount"
    amount = move.amount
    words = f"From {amount.low} to {amount.high}." if amount is not None else move.label
    form = discord.ui.Modal(
        title=clip(title, MAX_FORM_TITLE),
        custom_id=f"ttn{'p' if own else ''}:{game_id}:{version}:{index}",
        timeout=None,
    )
    form.add_item(
        discord.ui.Label(
            text=AMOUNT_FIELD_LABEL,
            description=clip(words, MAX_FIELD_DESCRIPTION),
            component=discord.ui.TextInput(
                custom_id=AMOUNT_FIELD, min_length=1, max_length=12, required=True
            ),
        )
    )
    form.stop()
    return form


def submitted_value(data: Mapping[str, Any], field: str = AMOUNT_FIELD) -> str | None:
    """The text typed in ``field`` of a submitted form (a label's field or a row's)."""
    stack = list(data.get("components") or [])
    while stack:
        comp = stack.pop(0)
        if comp.get("custom_id") == field and "value" in comp:
            return str(comp["value"])
        if isinstance(comp.get("component"), dict):
            stack.append(comp["component"])
        stack.extend(comp.get("components") or [])
    return None


async def amount_submitted(interaction: discord.Interaction[TabletopClient]) -> bool:
    """An amount form's submission becomes the move with that amount (checked by the table);
    ``False`` if the interaction is not one."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return False
    data: Mapping[str, Any] = interaction.data or {}
    match = FORM_PATTERN.fullmatch(str(data.get("custom_id") or ""))
    if match is None:
        return False
    read = move_numbers(match)
    if read is None:
        await answer_forged(interaction)
        return True
    game_id, version, index = read
    await interaction.client.handle_action(
        interaction,
        game_id,
        version,
        index,
        own=bool(match["own"]),
        amount=submitted_value(data) or "",
    )
    return True


async def answer_unreadable(interaction: discord.Interaction[TabletopClient]) -> bool:
    """A click or a form whose custom id looks like ours but is of no kind we make (a
    negative or non-numeric number, a part missing or added): discord.py hands it to no
    component, so it is answered here, privately; ``False`` if the interaction is not one."""
    kinds = (discord.InteractionType.component, discord.InteractionType.modal_submit)
    if interaction.type not in kinds:
        return False
    data: Mapping[str, Any] = interaction.data or {}
    custom_id = str(data.get("custom_id") or "")
    if not OURS.match(custom_id) or any(p.fullmatch(custom_id) for p in PATTERNS):
        return False
    await answer_forged(interaction)
    return True


class ActionSelect(
    Checked, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=SELECT_TEMPLATE
):
    """Up to 25 offered moves in a select menu; an option's value is the move's index."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        options: Iterable[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        *,
        own: bool = False,
    ) -> None:
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(game_id, version, index, own=own),
                options=list(options or []),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        read = move_numbers(match, MENU_INDEXES)
        made = cls(
            *(read or PLACEHOLDER),
            options=getattr(item, "options", None),
            placeholder=getattr(item, "placeholder", None),
            own=match["kind"] == "q",
        )
        return checked(made, read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        data: Mapping[str, Any] = interaction.data or {}
        values = self.item.values or data.get("values") or []
        if not values:
            await interaction.response.defer()  # nothing chosen: acknowledge only
            return
        index = number(str(values[0]), MOVE_INDEXES)
        if index is None:  # an option value no menu of ours offers
            await answer_forged(interaction)
            return
        chosen = next((o for o in self.item.options if o.value == str(values[0])), None)
        # the note the layout put under a destructive move's option: ask first, as a red button
        if chosen is not None and chosen.description == LOSING_NOTE:
            await ask_first(
                interaction, self.game_id, self.version, index, chosen.label, own=self.own
            )
            return
        await click.client.handle_action(click, self.game_id, self.version, index, own=self.own)


class MovesButton(Checked, discord.ui.DynamicItem[Button], template=MOVES_TEMPLATE):
    """Opens the clicker's private move panel (labels there stay private)."""

    def __init__(self, game_id: int, version: int, *, primary: bool = True):
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=MOVES_LABEL,
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=moves_id(game_id, version),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        read = numbers(match, game=GAME_IDS, version=VERSIONS)
        return checked(cls(*(read or PLACEHOLDER[:2])), read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        await click.client.handle_moves(click, self.game_id, self.version)


class RematchButton(Checked, discord.ui.DynamicItem[Button], template=REMATCH_TEMPLATE):
    """On a final message: opens a lobby with the players still seated and the same options."""

    def __init__(self, game_id: int):
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=REMATCH_LABEL,
                style=discord.ButtonStyle.primary,
                custom_id=f"ttr:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        read = numbers(match, game=GAME_IDS)
        return checked(cls(*(read or PLACEHOLDER[:1])), read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        await click.client.handle_rematch(click, self.game_id)


class LogPageButton(Checked, discord.ui.DynamicItem[Button], template=LOG_TEMPLATE):
    """Pages back and forth through ``/game log`` (on the private answer)."""

    def __init__(self, page: int, per: int, label: str = "Older", *, disabled: bool = False):
        self.page = page
        self.per = per
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"ttg:{page}:{per}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        read = numbers(match, page=LOG_PAGES, per=LOG_PER_PAGE)
        page, per = read or (1, 1)
        return checked(cls(page, per, getattr(item, "label", "") or ""), read)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        click = routed(interaction)
        await click.client.handle_log_page(click, self.page, self.per)


def log_view(page: int, pages: int, per: int) -> discord.ui.View | None:
    """ "Older" and "Newer" under a page of the log (page 1 is the newest)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogPageButton(min(pages, page + 1), per, "◀ Older", disabled=page >= pages))
    view.add_item(LogPageButton(max(1, page - 1), per, "Newer ▶", disabled=page <= 1))
    return view


def rematch_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view


@dataclass
class ActionLayout:
    """The components for a set of moves and whether some had to be left to /play."""

    view: discord.ui.View | None
    needs_play: bool


def unique_actions(actions: list[Action]) -> list[Action]:
    return unique(actions)


def action_layout(
    game_id: int,
    version: int,
    actions: list[Action],
    *,
    private: bool = False,
    own: bool = False,
) -> ActionLayout:
    """Components for ``actions`` (already in the order the table offers them).

    Buttons when every move fits (at most 5 rows of 5). More than that: the step's main action
    stays a button and the rest go in select menus of at most 25 options each. ``private``: a
    "Choose your move" button opens the player's panel (for moves only it may show; with no
    public moves it is the only component). ``own``: the components of that private panel.
    """
    actions = unique(actions)
    if not actions and not private:
        return ActionLayout(None, False)
    view = discord.ui.View(timeout=None)
    if private:
        view.add_item(MovesButton(game_id, version, primary=not actions))
    taken = len(view.children)
    main = main_index(actions) if actions else 0
    if len(actions) <= MAX_BUTTONS - taken:
        for i, a in enumerate(actions):
            row = (i + taken) // 5
            style = style_of(a, main=i == main)
            view.add_item(button_for(game_id, version, i, a, own=own, style=style, row=row))
        return ActionLayout(view, False)
    typed = [i for i, a in enumerate(actions) if a.amount is not None and i != main]
    on_buttons = [main, *typed][: MAX_BUTTONS_PER_ROW - taken]  # a form opens from a button
    for i in on_buttons:
        style = style_of(actions[i], main=i == main)
        view.add_item(button_for(game_id, version, i, actions[i], own=own, style=style, row=0))
    rest = [(i, a) for i, a in enumerate(actions) if i not in on_buttons and a.amount is None]
    menus = grouped(rest)[: MAX_ROWS - 1]
    shown = len(on_buttons)
    for k, (kind, chunk) in enumerate(menus):
        options = [
            discord.SelectOption(
                label=clip(a.label or "Move", MAX_OPTION_LABEL),
                value=str(i),
                description=LOSING_NOTE if loses_something(a) else None,
            )
            for i, a in chunk
        ]
        shown += len(chunk)
        placeholder = clip(f"{kind} ({len(chunk)})", MAX_PLACEHOLDER)
        view.add_item(ActionSelect(game_id, version, k, options, placeholder, own=own))
    return ActionLayout(view, shown < len(actions))


def button_for(
    game_id: int,
    version: int,
    index: int,
    action: Action,
    *,
    own: bool,
    style: discord.ButtonStyle,
    row: int | None,
) -> discord.ui.DynamicItem[Button]:
    """A move's button: one that opens a form when the player types the move's amount."""
    kind = AmountButton if action.amount is not None else ActionButton
    return kind(game_id, version, index, action.label, own=own, style=style, row=row)


def grouped(moves: list[tuple[int, Action]]) -> list[tuple[str, list[tuple[int, Action]]]]:
    """Moves in menus by the kind their engine declares ("Build", "Mortgage"), in first-seen
    order; moves of no kind and kinds too small for a menu of their own share "More moves";
    no menu holds more than 25."""
    kinds: dict[str | None, list[tuple[int, Action]]] = {}
    for i, a in moves:
        kinds.setdefault(a.kind, []).append((i, a))
    big = [(k, v) for k, v in kinds.items() if k is not None and len(v) >= 3]
    small = [m for k, v in kinds.items() if k is None or len(v) < 3 for m in v]
    if len(big) > MAX_ROWS - 2:  # too many kinds: the smallest join the rest
        big.sort(key=lambda kv: -len(kv[1]))
        small += [m for _, v in big[MAX_ROWS - 2 :] for m in v]
        big = big[: MAX_ROWS - 2]
        small.sort(key=lambda m: m[0])
    menus: list[tuple[str, list[tuple[int, Action]]]] = []
    for kind, chunk in [*big, (OTHER_MOVES, small)]:
        for start in range(0, len(chunk), MAX_SELECT_OPTIONS):
            part = chunk[start : start + MAX_SELECT_OPTIONS]
            if part:
                label = kind if start == 0 else f"{kind} (more)"
                menus.append((label, part))
    return menus
