"""What a click does: the top of a click's path, where discord.py hands it over.

Each class here is one of :mod:`bot.discord_app.components`' items with its ``callback``: the
client registers these (:data:`HANDLERS`), discord.py builds one from the clicked custom id and
calls it, and it calls the use case itself with typed arguments (:func:`turns.handle_click`,
:func:`turns.handle_amount`, :func:`turns.handle_moves`, :func:`turns.handle_undo`, :func:`rematch.open_rematch`, :func:`leagues.handle_sign_up`,
:func:`info.handle_log_page`). Nothing below imports this module, so a click goes one way:
here -> turns -> the table -> the outcome -> posts and components -> Discord.

A submitted amount form and a custom id that looks like ours but is of no kind we make come
through the client's ``on_interaction`` (:func:`amount_submitted`, :func:`answer_unreadable`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord_app import leagues, rematch, turns
from bot.discord_app.commands.looking import handle_log_page
from bot.discord_app.components import (
    ActionButton,
    ActionSelect,
    AmountButton,
    ConfirmButton,
    LeagueButton,
    LogPageButton,
    MovesButton,
    RematchButton,
    UndoButton,
    finished,
    is_losing_note,
)
from bot.discord_app.custom_ids import (
    AMOUNT_FIELD,
    AMOUNT_TEMPLATE,
    BUTTON_TEMPLATE,
    CONFIRM_TEMPLATE,
    FORM_PATTERN,
    LEAGUE_TEMPLATE,
    LOG_TEMPLATE,
    MOVE_INDEXES,
    MOVES_TEMPLATE,
    OURS,
    PATTERNS,
    REMATCH_TEMPLATE,
    SELECT_TEMPLATE,
    UNDO_TEMPLATE,
    answer_forged,
    move_numbers,
    number,
)
from bot.discord_app.locales import private_locale
from i18n import t

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient


def routed(interaction: discord.Interaction[discord.Client]) -> discord.Interaction[TabletopClient]:
    """A click on one of these items, with the client that routed it. discord.py types an
    item's callback for any client (its client type is bound per call, not per item), but the
    items are registered on :class:`~bot.discord_app.client.TabletopClient` only (in its
    ``setup_hook``), so every click reaching them comes through it."""
    return cast("discord.Interaction[TabletopClient]", interaction)


async def ask_first(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    index: int,
    label: str | None,
    *,
    own: bool = False,
) -> None:
    """The private "Are you sure?" a move that loses something asks before it is made. It is
    the player's newest private panel (its answer turns into their next moves). A clicker who
    is not playing (or a button that no longer applies) is answered at once, not asked about a
    move they cannot make. Asked in the clicker's language (the move as its button showed it)."""
    if await turns.current_game_for(routed(interaction), game_id, version) is None:
        return  # answered: a spectator, a game that ended, an older board
    locale = await private_locale(interaction)
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(game_id, version, index, own=own, locale=locale))
    if label:
        question = t(locale, "Are you sure? **{move}** cannot be undone.", move=label)
    else:
        question = t(locale, "Are you sure? **This move** cannot be undone.")
    await turns.send_panel(routed(interaction), game_id, question, view=finished(view))


class ActionClick(ActionButton, template=BUTTON_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        if self.item.style == discord.ButtonStyle.danger:  # a move that loses something: ask
            await ask_first(
                interaction, self.game_id, self.version, self.index, self.item.label, own=self.own
            )
            return
        await turns.handle_click(
            routed(interaction), self.game_id, self.version, self.index, own=self.own
        )


class ConfirmClick(ConfirmButton, template=CONFIRM_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await turns.handle_click(
            routed(interaction),
            self.game_id,
            self.version,
            self.index,
            own=self.own,
            confirmed=True,
        )


class AmountClick(AmountButton, template=AMOUNT_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await turns.handle_amount(
            routed(interaction), self.game_id, self.version, self.index, own=self.own
        )


class SelectClick(ActionSelect, template=SELECT_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
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
        # the note the layout put under a destructive move's option (in the language the menu
        # was drawn in): ask first, as a red button
        if chosen is not None and is_losing_note(chosen.description):
            await ask_first(
                interaction, self.game_id, self.version, index, chosen.label, own=self.own
            )
            return
        await turns.handle_click(
            routed(interaction), self.game_id, self.version, index, own=self.own
        )


class MovesClick(MovesButton, template=MOVES_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await turns.handle_moves(routed(interaction), self.game_id, self.version)


class UndoClick(UndoButton, template=UNDO_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await turns.handle_undo(routed(interaction), self.game_id, self.version)


class RematchClick(RematchButton, template=REMATCH_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await rematch.open_rematch(routed(interaction), self.game_id)


class LogPageClick(LogPageButton, template=LOG_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await handle_log_page(routed(interaction), self.page, self.per)


class LeagueClick(LeagueButton, template=LEAGUE_TEMPLATE):
    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await leagues.handle_sign_up(routed(interaction), self.kind, self.league_id)


#: what the client registers: every kind of component, with what its click does
HANDLERS = (
    ActionClick,
    SelectClick,
    AmountClick,
    ConfirmClick,
    MovesClick,
    UndoClick,
    RematchClick,
    LogPageClick,
    LeagueClick,
)


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
    await turns.handle_click(
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
