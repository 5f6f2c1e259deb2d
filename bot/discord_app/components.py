"""Buttons and select menus for the legal actions on a turn message, and their custom ids.

Custom ids carry everything a click needs, so clicks keep working after a restart with no view
kept in memory: ``tt:<game_id>:<version>:<action_id>`` for a button and
``tts:<game_id>:<version>:<n>`` for the n-th select menu (its option values are action ids).
For games whose action labels would reveal hidden information (an engine with
``public_action_labels = False``, e.g. labels naming the cards in a hand), the public message
instead carries one ``ttm:<game_id>:<version>`` button that shows the clicker their own moves
privately. The items are :class:`discord.ui.DynamicItem` subclasses registered once on the
client; their callbacks hand the click to ``client.handle_action`` / ``client.handle_moves``
(see :mod:`bot.discord_app.turns`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import discord

from bot.discord_app.text import (
    MAX_BUTTON_LABEL,
    MAX_BUTTONS,
    MAX_CHOICES,
    MAX_CUSTOM_ID,
    MAX_OPTION_LABEL,
    MAX_ROWS,
    clip,
)
from engines import Action

BUTTON_TEMPLATE = r"tt:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<action>.+)"
SELECT_TEMPLATE = r"tts:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
MOVES_TEMPLATE = r"ttm:(?P<game>[0-9]+):(?P<version>[0-9]+)"
MOVES_LABEL = "Choose your move (privately)"


def button_id(game_id: int, version: int, action_id: str) -> str:
    return f"tt:{game_id}:{version}:{action_id}"


def select_id(game_id: int, version: int, index: int) -> str:
    return f"tts:{game_id}:{version}:{index}"


def moves_id(game_id: int, version: int) -> str:
    return f"ttm:{game_id}:{version}"


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    """One legal action as a button; survives restarts through its custom id."""

    def __init__(self, game_id: int, version: int, action_id: str, label: str = "", row=None):
        self.game_id = game_id
        self.version = version
        self.action_id = action_id
        super().__init__(
            discord.ui.Button(
                label=clip(label or action_id, MAX_BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=button_id(game_id, version, action_id),
            ),
            row=row,
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        label = getattr(item, "label", None) or ""
        return cls(int(match["game"]), int(match["version"]), match["action"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.handle_action(
            interaction, self.game_id, self.version, self.action_id
        )


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    """Up to 25 legal actions in a select menu; the chosen option's value is the action id."""

    def __init__(self, game_id: int, version: int, index: int, options=None, placeholder=None):
        self.game_id = game_id
        self.version = version
        self.index = index
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(game_id, version, index),
                options=list(options or []),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(
            int(match["game"]),
            int(match["version"]),
            int(match["index"]),
            options=getattr(item, "options", None),
            placeholder=getattr(item, "placeholder", None),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or (interaction.data or {}).get("values") or []
        if not values:  # nothing chosen: acknowledge, so the click does not show as failed
            await interaction.response.defer()
            return
        await interaction.client.handle_action(interaction, self.game_id, self.version, values[0])


class MovesButton(discord.ui.DynamicItem[discord.ui.Button], template=MOVES_TEMPLATE):
    """Shows the clicker their own moves in a private message (labels stay private)."""

    def __init__(self, game_id: int, version: int):
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=MOVES_LABEL,
                style=discord.ButtonStyle.primary,
                custom_id=moves_id(game_id, version),
            )
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.handle_moves(interaction, self.game_id, self.version)


@dataclass
class ActionLayout:
    """The components for a set of actions and whether some actions had to be left to /play."""

    view: discord.ui.View | None
    needs_play: bool


def unique_actions(actions: list[Action]) -> list[Action]:
    seen: set[str] = set()
    out: list[Action] = []
    for a in actions:
        if a.id not in seen:
            seen.add(a.id)
            out.append(a)
    return out


def action_layout(
    game_id: int, version: int, actions: list[Action], *, private: bool = False
) -> ActionLayout:
    """Buttons when every action fits (at most 5 rows of 5, custom ids of at most 100
    characters); otherwise select menus of 25 options each, at most 5 of them.

    ``private``: the labels must not be shown to everyone; one "choose your move" button
    stands in for them."""
    actions = unique_actions(actions)
    if not actions:
        return ActionLayout(None, False)
    view = discord.ui.View(timeout=None)
    if private:
        view.add_item(MovesButton(game_id, version))
        return ActionLayout(view, False)
    fits = len(actions) <= MAX_BUTTONS and all(
        len(button_id(game_id, version, a.id)) <= MAX_CUSTOM_ID for a in actions
    )
    if fits:
        for i, a in enumerate(actions):
            view.add_item(ActionButton(game_id, version, a.id, a.label, row=i // 5))
        return ActionLayout(view, False)
    selectable = [a for a in actions if len(a.id) <= MAX_OPTION_LABEL]
    chunks = [selectable[i : i + MAX_CHOICES] for i in range(0, len(selectable), MAX_CHOICES)]
    chunks = chunks[:MAX_ROWS]
    for index, chunk in enumerate(chunks):
        first = index * MAX_CHOICES + 1
        options = [
            discord.SelectOption(label=clip(a.label or a.id, MAX_OPTION_LABEL), value=a.id)
            for a in chunk
        ]
        placeholder = clip(
            f"Choose a move ({first}–{first + len(chunk) - 1} of {len(actions)})", 150
        )
        view.add_item(ActionSelect(game_id, version, index, options, placeholder))
    return ActionLayout(view, True)
