"""``/game new|join|leave|start|abort``: opening a game, taking seats, starting and ending it."""

from __future__ import annotations

import discord
from discord import app_commands

import engines
from bot.discord_app import options as opts
from bot.discord_app.checks import is_moderator
from bot.discord_app.moves import publish, table_of
from bot.discord_app.posts import Post, lobby_post, title_of
from bot.discord_app.replies import BadInput
from bot.discord_app.text import MAX_CHOICES, clip
from bot.table import GameInfo

ORDER = 10  # core commands first; see bot.discord_app.commands


def game_choices() -> list[app_commands.Choice[str]]:
    """The registered games as a choice list (titles shown, engine names sent)."""
    return [
        app_commands.Choice(name=clip(engines.get_engine(n).title, 100), value=n)
        for n in engines.names()[:MAX_CHOICES]
    ]


async def send_public(interaction: discord.Interaction, post) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(**post.send_kwargs())
    else:
        await interaction.response.send_message(**post.send_kwargs())


def player_choices(engine: engines.Engine, typed: str | None) -> dict[str, str]:
    """A player's own choices (OptionSpec.per_player) from what they typed."""
    specs = opts.player_specs(engine)
    if typed and typed.strip() and not specs:
        raise BadInput(f"{engine.title} has no per-player choice; leave `choice` empty.")
    return opts.parse(typed, specs, title=engine.title)


async def open_game(
    interaction: discord.Interaction,
    *,
    game: str,
    options: str | None,
    choice: str | None,
    channel_id: int | None = None,
) -> tuple[GameInfo, Post]:
    """Open a lobby for the caller (in ``channel_id``, default the interaction's channel) and
    return it with its public notice, leaving where to post the notice to the caller."""
    engine = engines.get_engine(game)
    chosen = opts.parse(options, opts.game_specs(engine), title=engine.title)
    mine = player_choices(engine, choice)
    info = await table_of(interaction).new_game(
        guild_id=interaction.guild_id,
        channel_id=channel_id or interaction.channel_id,
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        engine=engine.name,
        options=chosen,
        choices=mine or None,
    )
    settings = ", ".join(f"{k}={v}" for k, v in info.options.items() if isinstance(v, str))
    headline = f"{interaction.user.display_name} opened a game" + (
        f" ({settings})" if settings else ""
    )
    return info, lobby_post(info, headline)


def register(game: app_commands.Group, tree: app_commands.CommandTree) -> None:
    choices = game_choices()

    @game.command(name="new", description="Open a new game in this channel; you join it as host.")
    @app_commands.describe(
        game="Which game to play",
        options="Game options as key=value words, e.g. mode=quick (suggested as you type)",
        choice="Your own choice where the game has one, e.g. species=cat",
    )
    @app_commands.choices(game=choices)
    async def new(
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        choice: str | None = None,
    ):
        _, post = await open_game(interaction, game=game, options=options, choice=choice)
        await send_public(interaction, post)

    @new.autocomplete("options")
    async def new_options(interaction: discord.Interaction, current: str):
        try:
            engine = engines.get_engine(interaction.namespace.game or "")
        except engines.UnknownGame:
            return []
        return opts.suggest(current, opts.game_specs(engine))

    @new.autocomplete("choice")
    async def new_choice(interaction: discord.Interaction, current: str):
        try:
            engine = engines.get_engine(interaction.namespace.game or "")
        except engines.UnknownGame:
            return []
        specs = opts.player_specs(engine)
        return opts.suggest(current, specs, bare=len(specs) == 1)

    @game.command(name="join", description="Take a seat in this channel's game.")
    @app_commands.describe(choice="Your own choice where the game has one, e.g. species=cat")
    async def join(interaction: discord.Interaction, choice: str | None = None):
        table = table_of(interaction)
        current = await table.game(channel_id=interaction.channel_id)
        chosen = player_choices(engines.get_engine(current.engine), choice)
        info = await table.join(
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            user_name=interaction.user.display_name,
            choices=chosen or None,
        )
        mine = ", ".join(f"{k}={v}" for k, v in chosen.items())
        headline = f"{interaction.user.display_name} joined" + (f" ({mine})" if mine else "")
        await send_public(interaction, lobby_post(info, headline))

    @join.autocomplete("choice")
    async def join_choice(interaction: discord.Interaction, current: str):
        try:
            info = await table_of(interaction).game(channel_id=interaction.channel_id)
            specs = opts.player_specs(engines.get_engine(info.engine))
        except Exception:
            return []
        return opts.suggest(current, specs, bare=len(specs) == 1)

    @game.command(name="leave", description="Give up your seat before the game starts.")
    async def leave(interaction: discord.Interaction):
        info = await table_of(interaction).leave(
            channel_id=interaction.channel_id, user_id=interaction.user.id
        )
        await send_public(interaction, lobby_post(info, f"{interaction.user.display_name} left"))

    @game.command(name="start", description="Start the game (host only).")
    async def start(interaction: discord.Interaction):
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcome = await table_of(interaction).start(
            channel_id=interaction.channel_id, user_id=interaction.user.id
        )
        await interaction.edit_original_response(content="The game has started.")
        await publish(interaction, outcome, headline="the game starts")

    @game.command(
        name="abort", description="End this channel's game now (host or Manage Messages)."
    )
    async def abort(interaction: discord.Interaction):
        info = await table_of(interaction).abort(
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            is_moderator=is_moderator(interaction),
            user_name=interaction.user.display_name,
        )
        content = (
            f"**{title_of(info)}** was ended by {interaction.user.display_name}. "
            "Start a new game with `/game new`."
        )
        await interaction.response.send_message(
            content, allowed_mentions=discord.AllowedMentions.none()
        )
