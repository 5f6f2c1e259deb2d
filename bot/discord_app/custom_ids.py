"""The custom ids of the bot's components: how they are made and how a click's is read.

Every member's client receives every custom id and select value of a public message, so they
carry no action id (one can name a hidden card): only the game, the board's version and the
index of the move in a list the table rebuilds when the click comes back
(:mod:`bot.table.offers`).

- ``tt:<game>:<version>:<n>``: the n-th move the public turn message offers;
- ``tts:<game>:<version>:<k>``: the k-th select menu of them (option values are indices);
- ``ttm:<game>:<version>``: "Choose your move", opening the clicker's private panel;
- ``ttp:<game>:<version>:<n>`` / ``ttq:<game>:<version>:<k>``: a move on a private panel, the
  n-th of the clicker's own moves (a button / a select menu of them);
- ``ttc(p):<game>:<version>:<n>``: "Yes, do it" under the question a losing move asks first;
- ``tta(p):<game>:<version>:<n>``: a move whose number the player types (a bid): the button
  opens a form (a modal) ``ttn(p):<game>:<version>:<n>`` with one text field, ``amount``;
- ``ttu:<game>:<version>``: "Undo" on a private panel, taking back the clicker's last step;
- ``ttr:<game>``: Rematch; ``ttg:<page>:<per>``: a page of ``/game log``;
- ``ttlj:<league>`` / ``ttlw:<league>``: sign up for a league / withdraw (the clicker is who
  signs up: no user id is in the id).

Anyone can send a click with a custom id of their own making. Every number in one is checked
against its range where it is parsed (:func:`numbers`); an id with a number outside it, or one
that looks like ours but is of no kind we make, gets the private :data:`FORGED` answer and
changes nothing.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Self, TypeVar

import discord

from bot.discord_app import replies
from bot.discord_app.locales import private_locale
from bot.discord_limits import MAX_ROWS
from i18n import t
from i18n.say import marked

BUTTON_TEMPLATE = r"tt(?P<own>p?):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
SELECT_TEMPLATE = r"tt(?P<kind>[sq]):(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+)"
MOVES_TEMPLATE = r"ttm:(?P<game>[0-9]+):(?P<version>[0-9]+)"
UNDO_TEMPLATE = r"ttu:(?P<game>[0-9]+):(?P<version>[0-9]+)"
REMATCH_TEMPLATE = r"ttr:(?P<game>[0-9]+)"
LOG_TEMPLATE = r"ttg:(?P<page>[0-9]+):(?P<per>[0-9]+)"
LEAGUE_TEMPLATE = r"ttl(?P<kind>[jw]):(?P<league>[0-9]+)"
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
            UNDO_TEMPLATE,
            REMATCH_TEMPLATE,
            LOG_TEMPLATE,
            LEAGUE_TEMPLATE,
            CONFIRM_TEMPLATE,
            AMOUNT_TEMPLATE,
        ),
    ),
    FORM_PATTERN,
]
#: the text field of an amount form
AMOUNT_FIELD = "amount"
#: the answer to a component whose custom id is forged or broken
FORGED = marked(
    "This button is no longer valid, so nothing was done. `/game board` shows the current "
    "board with its buttons."
)
#: what every custom id this module makes starts with
OURS = re.compile(r"tt[a-z]{0,2}:")
#: the range of each number a custom id (or a select option's value) carries
GAME_IDS = range(1, 2**63)  # a game's id: a positive signed 64-bit integer in both databases
VERSIONS = range(0, 2**63)
LEAGUE_IDS = range(1, 2**63)
MOVE_INDEXES = range(0, 10_000)  # far more moves than any turn offers
MENU_INDEXES = range(0, MAX_ROWS)  # the k-th select menu of a message
LOG_PAGES = range(1, 2**31)
LOG_PER_PAGE = range(1, 51)  # /game log's count: 1 to 50 lines a page


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
    """The private answer to a forged or broken component: nothing is done (in the clicker's
    language)."""
    await replies.private(interaction, t(await private_locale(interaction), FORGED))


class Checked(ABC):
    """A component made from a custom id: one whose numbers were out of range when it was
    parsed (``forged``) answers privately and never reaches its callback. Each kind says how it
    reads its custom id (:meth:`remade`); one that does not cannot be made."""

    forged = False

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[discord.Client],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        """discord.py's hook for a click on a custom id of this kind: the item remade."""
        return cls.remade(item, match)

    @classmethod
    @abstractmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        """The item a click's custom id (``match``) stands for, the numbers read with their
        ranges (:func:`checked`); ``item`` is the component as the click brings it back."""

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
