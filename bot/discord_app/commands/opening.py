"""Opening a game for ``/game new`` and taking a seat with ``/game join``: reading the game,
its options and a player's own choice before anything is created, the thread and turn clock
the game opens with (within the server's settings), and the suggestions for those options.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import engines
from bot.clock.clock_rules import chosen
from bot.clock.durations import BadDuration, format_duration, parse_clock
from bot.discord_app import options as opts
from bot.discord_app import replies
from bot.discord_app.channels import channel_id_of
from bot.discord_app.clock_runtime import clock_service_of
from bot.discord_app.commands.callers import CLOCK_RULE_DESCRIPTIONS
from bot.discord_app.locales import private_locale, public_locale
from bot.discord_app.posts import Post, lobby_post
from bot.discord_app.replies import BadInput
from bot.discord_app.text import clip
from bot.discord_app.translator import PROPER_NAME
from bot.discord_app.turns import table_of
from bot.discord_limits import MAX_CHOICE_NAME, MAX_CHOICES, MAX_MESSAGE, MAX_THREAD_NAME
from bot.errors import TableError
from bot.server_settings import ServerSettings
from bot.table import GameInfo, player_name
from i18n import t
from i18n.say import marked
from storage.clock import ClockRules

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)


def game_title(name: str) -> app_commands.locale_str:
    """A game's title as a choice shows it: a proper name, left in English in every language
    until a published localized title is known (see :mod:`bot.discord_app.translator`)."""
    title = clip(engines.get_engine(name).title, MAX_CHOICE_NAME)
    return app_commands.locale_str(title, **{PROPER_NAME: True})


def game_choices() -> list[app_commands.Choice[str]]:
    """The registered games as a choice list (titles shown, engine names sent)."""
    return [app_commands.Choice(name=game_title(n), value=n) for n in engines.names()[:MAX_CHOICES]]


async def send_public(interaction: discord.Interaction[TabletopClient], post: Post) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(**post.send_kwargs())
    else:
        await interaction.response.send_message(**post.send_kwargs())


def player_choices(
    engine: engines.Engine[Any], typed: str | None, locale: str = "en-US"
) -> dict[str, str]:
    """A player's own choices (OptionSpec.per_player) from what they typed."""
    specs = opts.player_specs(engine)
    if typed and typed.strip() and not specs:
        raise BadInput(
            t(
                locale,
                "{title} has no per-player choice; leave `choice` empty.",
                title=engine.title,
            )
        )
    return opts.parse(typed, specs, title=engine.title, locale=locale)


@dataclass(frozen=True)
class NewGame:
    """What ``/game new`` asked for, read and checked before anything is created (so a
    command that first opens a thread can refuse bad options without making one)."""

    engine: engines.Engine[Any]
    options: dict[str, str]
    choices: dict[str, str]


def read_new_game(
    game: str, options: str | None, choice: str | None, locale: str = "en-US"
) -> NewGame:
    """Check ``/game new``'s game, ``options`` and ``choice``; refuse (``BadInput`` /
    ``UnknownGame``) before anything is created."""
    engine = engines.get_engine(game)
    chosen = opts.parse(options, opts.game_specs(engine), title=engine.title, locale=locale)
    return NewGame(engine, chosen, player_choices(engine, choice, locale))


async def open_game(
    interaction: discord.Interaction[TabletopClient],
    request: NewGame,
    *,
    channel_id: int | None = None,
) -> tuple[GameInfo, Post]:
    """Open a lobby for the caller (in ``channel_id``, default the interaction's channel) and
    return it with its public notice, leaving where to post the notice to the caller."""
    info = await table_of(interaction).new_game(
        guild_id=interaction.guild_id,
        channel_id=channel_id or channel_id_of(interaction),
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        engine=request.engine.name,
        options=request.options,
        choices=request.choices or None,
    )
    settings = ", ".join(f"{k}={v}" for k, v in info.options.items() if isinstance(v, str))
    locale = await public_locale(interaction.client, interaction.guild_id)
    who = player_name(interaction.user.display_name)
    if settings:
        headline = t(locale, "{who} opened a game ({options})", who=who, options=settings)
    else:
        headline = t(locale, "{who} opened a game", who=who)
    return info, lobby_post(info, headline, locale)


#: ``/game new``'s parameter descriptions
NEW_DESCRIPTIONS = {
    "game": "Which game to play",
    "options": "Game options as key=value words, e.g. mode=quick (suggested as you type)",
    "choice": "Your own pick where the game has one, e.g. species=cat; none: one dealt at random",
    "clock": "Time per turn before a stand-in plays: 12h, 24h, 3d, none (default: the server's)",
    "thread": "Open the game in its own thread of this channel (default: the server's setting)",
    "bots": "Seat this many bots at once (one human against bots is a game)",
    "level": "How well those bots play (default normal)",
    **CLOCK_RULE_DESCRIPTIONS,
}
#: worded for its reader with ``t(locale, NO_THREADS)``
NO_THREADS = marked(
    "I may not create threads here or post in them. Ask a moderator for the Create Public "
    "Threads and Send Messages in Threads permissions, or open the game with `thread:false`."
)


async def delete_quietly(thread: discord.Thread) -> None:
    """Remove a thread made for a game that could not open there (best effort)."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.info("Could not delete the unused thread %s", thread.id)


@dataclass(frozen=True)
class NewGamePlace:
    """Where ``/game new`` opens its game (this channel or a new thread) and with what clock
    (turn time and missed-turn limit).

    ``/game new`` calls :func:`new_game_place` before opening the game and :meth:`open` after.
    """

    channel_id: int
    turn_seconds: int | None
    missed_limit: int
    thread: discord.Thread | None = None
    #: a time bank, weekends off, what an away player's clock does
    rules: ClockRules = ClockRules()

    async def open(
        self, interaction: discord.Interaction[TabletopClient], game_id: int, post: Post
    ) -> None:
        """Set the game's clock, then post its lobby notice where the game lives."""
        await clock_service_of(interaction.client).deadlines.configure(
            game_id,
            turn_seconds=self.turn_seconds,
            missed_limit=self.missed_limit,
            rules=self.rules,
        )
        public = await public_locale(interaction.client, interaction.guild_id)
        post.content = clip(f"{post.content}\n⏱️ {self.clock_words(public)}.", MAX_MESSAGE)
        if self.thread is not None:
            try:
                await self.thread.send(**post.send_kwargs())
            except discord.HTTPException:
                await table_of(interaction).abort(
                    channel_id=self.channel_id,
                    user_id=interaction.user.id,
                    is_moderator=True,
                    user_name=interaction.user.display_name,
                )
                await delete_quietly(self.thread)
                raise BadInput(t(await private_locale(interaction), NO_THREADS)) from None
            thread = str(self.thread.id)
            note = t(
                public,
                "The game is open in its own thread: <#{thread}>. Join it there.",
                thread=thread,
            )
            done = t(await private_locale(interaction), "Done: <#{thread}>.", thread=thread)
            await interaction.edit_original_response(content=done)
            await interaction.followup.send(note, allowed_mentions=discord.AllowedMentions.none())
        elif interaction.response.is_done():
            await interaction.followup.send(**post.send_kwargs())
        else:
            await interaction.response.send_message(**post.send_kwargs())

    def clock_words(self, locale: str) -> str:
        """The game's clock as its lobby notice says it: the turn clock, then its rules."""
        if self.turn_seconds is None:
            parts = [t(locale, "no turn clock")]
        else:
            time = format_duration(self.turn_seconds, locale)
            parts = [t(locale, "turn clock {time}", time=time)]
        if self.rules.bank_seconds is not None:
            bank = format_duration(self.rules.bank_seconds, locale)
            parts.append(t(locale, "time bank {time} each", time=bank))
        if self.rules.weekends_off:
            parts.append(t(locale, "weekends off"))
        if self.rules.away_standin:
            parts.append(t(locale, "a stand-in plays for away players"))
        return ", ".join(parts)


async def new_game_place(
    interaction: discord.Interaction[TabletopClient],
    title: str,
    *,
    clock: str | None,
    thread: bool,
    defaults: ServerSettings,
    bank: str | None = None,
    weekends: bool | None = None,
    away: str | None = None,
) -> NewGamePlace:
    """Read ``clock`` and its rules (refusing bad ones before anything is created) and open
    the thread; ``defaults``: the server's settings, for the clock when none was given and the
    missed-turn limit."""
    try:
        turn = defaults.turn_seconds if clock is None else parse_clock(clock)
    except BadDuration as exc:
        raise BadInput(str(exc)) from None
    try:
        rules = chosen(ClockRules(), turn_seconds=turn, bank=bank, weekends=weekends, away=away)
    except TableError as exc:
        raise BadInput(str(exc)) from None
    if not thread:
        return NewGamePlace(channel_id_of(interaction), turn, defaults.missed_limit, rules=rules)
    channel = interaction.channel
    locale = await private_locale(interaction)
    if not isinstance(channel, discord.TextChannel):
        raise BadInput(
            t(locale, "A game can have its own thread only in a text channel; leave `thread` off.")
        )
    mine = interaction.app_permissions
    if not (mine.create_public_threads and mine.send_messages_in_threads):
        raise BadInput(t(locale, NO_THREADS))
    # privately, so a refusal from here on stays private; the notices are posted after
    await interaction.response.defer(ephemeral=True, thinking=True)
    name = clip(f"{title} — {player_name(interaction.user.display_name)}", MAX_THREAD_NAME)
    try:
        created = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.Forbidden:
        raise BadInput(t(locale, NO_THREADS)) from None
    return NewGamePlace(created.id, turn, defaults.missed_limit, created, rules)


def level_word(level: str, locale: str) -> str:
    """A bot level's name (``easy``, ``normal``, ``hard``) in the reader's language."""
    words = {
        # Translators: a bot's playing strength, as in "Ada seated 2 normal bot(s)"
        "easy": t(locale, "easy"),
        # Translators: a bot's playing strength, as in "Ada seated 2 normal bot(s)"
        "normal": t(locale, "normal"),
        # Translators: a bot's playing strength, as in "Ada seated 2 normal bot(s)"
        "hard": t(locale, "hard"),
    }
    return words.get(level, level)


def engine_named(name: str | None) -> engines.Engine[Any] | None:
    try:
        return engines.get_engine(name or "")
    except engines.UnknownGame:
        return None


@replies.suggestions
async def suggest_options(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/game new options:`` for the game picked in ``game:``."""
    engine = engine_named(interaction.namespace.game)
    if engine is None:
        return []
    locale = await private_locale(interaction)
    return opts.suggest(current, opts.game_specs(engine), locale=locale)


def _suggest_choice(
    engine: engines.Engine[Any], current: str, locale: str
) -> list[app_commands.Choice[str]]:
    specs = opts.player_specs(engine)
    return opts.suggest(current, specs, bare=len(specs) == 1, locale=locale)


@replies.suggestions
async def suggest_new_choice(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/game new choice:``: the host's per-player choice in that game."""
    engine = engine_named(interaction.namespace.game)
    if engine is None:
        return []
    return _suggest_choice(engine, current, await private_locale(interaction))


@replies.suggestions
async def suggest_join_choice(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/game join choice:``: the per-player choice in this channel's game."""
    try:
        info = await table_of(interaction).game(channel_id=channel_id_of(interaction))
    except TableError:
        return []
    engine = engine_named(info.engine)
    if engine is None:
        return []
    return _suggest_choice(engine, current, await private_locale(interaction))
