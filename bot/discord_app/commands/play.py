"""``/play <action>``, a top-level command: a move in this channel's game, with your legal moves
suggested as you type, in your language (a move's label worded with :func:`i18n.say.word`; what
you type is matched against the labels you read, and the move's id)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_app import replies, turns
from bot.discord_app.channels import channel_id_of
from bot.discord_app.locales import DEFAULT_LOCALE, private_locale
from bot.discord_app.text import clip
from bot.discord_app.turns import table_of
from bot.discord_limits import MAX_CHOICE_NAME, MAX_CHOICES
from engines import Action, IllegalAction
from engines.core import move_with_amount
from i18n import t
from i18n.say import marked, word

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient


def matching(
    actions: list[Action], typed: str, locale: str = DEFAULT_LOCALE
) -> list[app_commands.Choice[str]]:
    """Up to 25 of ``actions`` whose label or id matches ``typed``: first the label containing
    it as typed, then the label containing each of its words and numbers in any order, then
    the id. A number in what was typed ("bid 75") first offers each move that takes an amount
    made with it ("Bid 75"), when it is in that move's range: the move whose label shares most
    of the typed words first ("ask for 0" offers "Ask for 0 shmeckles" before "Offer 0
    shmeckles"), and none that shares no typed word. Labels are read in ``locale``'s language."""
    needle = typed.strip().casefold()
    words = re.findall(r"[^\W\d_]+", needle)
    made = sorted(with_number(actions, typed, locale), key=lambda m: -_shared(m[1], words))
    if words:  # words typed beside the number say which move: one sharing none is not it
        made = [m for m in made if _shared(m[1], words)]
    labels = {a.id: word(a.label, locale) for a in actions}
    hits = [a for a in actions if needle in labels[a.id].casefold()]
    tokens = re.findall(r"[^\W_]+", needle)
    if tokens:
        hits += [a for a in actions if a not in hits and _has_all(labels[a.id], tokens)]
    hits += [a for a in actions if a not in hits and needle in a.id.casefold()]
    return [
        *(app_commands.Choice(name=clip(label, MAX_CHOICE_NAME), value=m.id) for m, label in made),
        *(
            app_commands.Choice(name=clip(labels[a.id] or a.id, MAX_CHOICE_NAME), value=a.id)
            for a in hits
        ),
    ][:MAX_CHOICES]


def _shared(label: str, words: list[str]) -> int:
    """How many of the typed ``words`` the ``label`` contains."""
    folded = label.casefold()
    return sum(w in folded for w in words)


def _has_all(label: str, tokens: list[str]) -> bool:
    """Whether ``label`` has every typed token, in any order: a word anywhere in it, a number
    as the start of one of its numbers ("5" finds 5 and 50, never 15)."""
    folded = label.casefold()
    numbers = re.findall(r"[0-9]+", folded)
    return all(
        any(n.startswith(t) for n in numbers) if t.isdigit() else t in folded for t in tokens
    )


def with_number(
    actions: list[Action], typed: str, locale: str = DEFAULT_LOCALE
) -> list[tuple[Action, str]]:
    """The typed-amount moves made with the last number in ``typed``, where it fits, each with
    its label for ``locale`` (the move's ``Amount.made`` worded with the number)."""
    numbers = re.findall(r"[0-9]+", typed)
    if not numbers:
        return []
    out: list[tuple[Action, str]] = []
    for a in actions:
        if a.amount is not None:
            try:
                made = move_with_amount(a, numbers[-1])
            except IllegalAction:
                continue
            n = int(made.id.rpartition(":")[2])
            out.append((made, t(locale, a.amount.made, n=n)))
    return out


#: offered first among the suggestions while the caller's last step can be taken back
UNDO_CHOICE_WORDS = marked("Undo (take back your last step)")
UNDO_CHOICE = app_commands.Choice(name=f"↩ {UNDO_CHOICE_WORDS}", value="undo")


def undo_choice(locale: str) -> app_commands.Choice[str]:
    """:data:`UNDO_CHOICE` named for a reader of ``locale`` (its value, ``undo``, is typed
    English in every language)."""
    return app_commands.Choice(name=f"↩ {t(locale, UNDO_CHOICE_WORDS)}", value=UNDO_CHOICE.value)


@app_commands.command(name="play", description="Make a move in this channel's game.")
@app_commands.describe(
    action="Your move (your legal moves are suggested as you type), or undo to take back your last step"
)
@app_commands.guild_only()
async def play(interaction: discord.Interaction[TabletopClient], action: str) -> None:
    await turns.play(interaction, action)


@play.autocomplete("action")
@replies.suggestions  # a refusal (not your turn, no game) offers nothing
async def play_action(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    table = table_of(interaction)
    locale = await private_locale(interaction)
    where = {"channel_id": channel_id_of(interaction), "user_id": interaction.user.id}
    actions = await table.legal_actions(**where)
    found = matching(actions, current, locale)
    undo = undo_choice(locale)
    typed = current.strip().casefold()
    if await table.can_undo(**where) and (
        typed in undo.name.casefold() or typed in UNDO_CHOICE.name.casefold()
    ):
        found = [undo, *found][:MAX_CHOICES]
    return found
