"""Playing over days in Discord (issue 7): ``/game new`` with ``clock`` and ``thread``, and
``/game mine|nudge|notify|away|history|stats|clock|pause|resume|kick|host|vote``.

Where it is your turn, nudging, direct-message notices, going away, what was
played here, and the host's powers. The work is done by :class:`bot.days.service.Days`; these
commands only read options and answer. Refusals are ``TableError``s, answered privately by the
tree's error handler.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord
from discord import app_commands

from bot.days import records
from bot.days.durations import BadDuration, format_duration, parse_clock, parse_duration
from bot.days.service import Days, Said, seat_of, when
from bot.discord_app import replies, server_settings
from bot.discord_app.checks import is_moderator
from bot.discord_app.commands import lobby
from bot.discord_app.days_runtime import attach, start_scheduler
from bot.discord_app.replies import BadInput
from bot.discord_app.text import MAX_CHOICES, clip, fit_lines
from bot.errors import NoGame, TableError
from bot.settings import ServerSettings
from storage.days import DEFAULT_TURN_SECONDS

log = logging.getLogger(__name__)

BACK_WORDS = {"back", "0", "none", "off"}
NO_THREADS = (
    "I may not create threads here or post in them. Ask a moderator for the Create Public "
    "Threads and Send Messages in Threads permissions, or open the game with `thread:false`."
)


async def days_of(interaction: discord.Interaction) -> Days:
    return await attach(interaction.client)


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


async def say(interaction: discord.Interaction, said: Said) -> None:
    """A public answer that may ping only the users the service named."""
    allowed = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(id=u) for u in said.mention]
    )
    if interaction.response.is_done():  # deferred privately: acknowledge, then post publicly
        await interaction.edit_original_response(content="Done.")
        try:
            await interaction.followup.send(said.text, allowed_mentions=allowed)
        except discord.HTTPException:  # it is done: say so privately instead
            await interaction.edit_original_response(
                content=clip(f"Done, but I could not post it in the channel:\n{said.text}", 2000),
                allowed_mentions=discord.AllowedMentions.none(),
            )
    else:
        await interaction.response.send_message(said.text, allowed_mentions=allowed)


def as_host(interaction: discord.Interaction) -> dict:
    """The caller as the days service's host powers take it: where, who, and whether they
    may act as a moderator (Manage Messages) even if they are not the host."""
    return {
        "channel_id": interaction.channel_id,
        "user_id": interaction.user.id,
        "can_manage": is_moderator(interaction),
    }


async def resolve_player(days: Days, channel_id: int, typed: str) -> int:
    """A player of this channel's game from a typed name or mention (case does not matter)."""
    row = await days.store.live_game(channel_id)
    if row is None:
        raise NoGame()
    text = typed.strip()
    if text.startswith("<@") and text.endswith(">"):
        digits = text.strip("<@!>")
        if digits.isdigit() and seat_of(row, int(digits)):
            return int(digits)
    for seat in row.seats:
        if seat.active and seat.name.casefold() == text.casefold():
            return seat.user_id
    names = ", ".join(s.name for s in row.seats if s.active)
    raise TableError(f"'{clip(text, 40)}' is not a player of this game. Players: {names}.")


@replies.suggestions
async def player_choices(interaction: discord.Interaction, current: str):
    days = await days_of(interaction)
    row = await days.store.live_game(interaction.channel_id)
    if row is None:
        return []
    return [
        app_commands.Choice(name=s.name, value=s.name)
        for s in row.seats
        if s.active and current.casefold() in s.name.casefold()
    ][:MAX_CHOICES]


def mine_lines(interaction: discord.Interaction, entries) -> list[str]:
    lines = []
    for e in entries:
        if e.status == "lobby":
            state = "in the lobby"
        elif e.your_turn:
            state = "**your turn**" + (f", deadline {when(e.deadline)}" if e.deadline else "")
        else:
            state = f"waiting for {', '.join(e.waiting_for) or 'nobody'}"
        if e.paused:
            state += " (clock paused)"
        link = ""
        if e.board_message_id:
            url = message_link(interaction.guild_id, e.board_channel_id, e.board_message_id)
            link = f" — [latest board]({url})"
        lines.append(f"• **{e.title}** in <#{e.channel_id}>: {state}{link}")
    return lines


async def delete_quietly(thread: discord.Thread) -> None:
    """Remove a thread made for a game that could not open there (best effort)."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.info("Could not delete the unused thread %s", thread.id)


@dataclass(frozen=True)
class NewGamePlace:
    """Where ``/game new`` opens its game (this channel or a new thread) and with what clock.

    ``/game new`` (this module's version of the lobby's command) calls :func:`new_game_place`
    before opening the game and :meth:`open` after.
    """

    channel_id: int
    turn_seconds: int | None
    thread: discord.Thread | None = None
    missed_limit: int | None = None  # None: the default

    async def open(self, interaction: discord.Interaction, game_id: int, post) -> None:
        """Set the game's clock, then post its lobby notice where the game lives."""
        days = await days_of(interaction)
        await days.configure(
            game_id, turn_seconds=self.turn_seconds, missed_limit=self.missed_limit
        )
        clock = (
            "no turn clock"
            if self.turn_seconds is None
            else f"turn clock {format_duration(self.turn_seconds)}"
        )
        post.content = clip(f"{post.content}\n⏱️ {clock}.", 2000)
        if self.thread is not None:
            try:
                await self.thread.send(**post.send_kwargs())
            except discord.HTTPException:
                await lobby.table_of(interaction).abort(
                    channel_id=self.channel_id,
                    user_id=interaction.user.id,
                    is_moderator=True,
                    user_name=interaction.user.display_name,
                )
                await delete_quietly(self.thread)
                raise BadInput(NO_THREADS) from None
            note = f"The game is open in its own thread: <#{self.thread.id}>. Join it there."
            await interaction.edit_original_response(content=f"Done: <#{self.thread.id}>.")
            await interaction.followup.send(note, allowed_mentions=discord.AllowedMentions.none())
        elif interaction.response.is_done():
            await interaction.followup.send(**post.send_kwargs())
        else:
            await interaction.response.send_message(**post.send_kwargs())


async def new_game_place(
    interaction: discord.Interaction,
    title: str,
    *,
    clock: str | None,
    thread: bool,
    defaults: ServerSettings | None = None,
) -> NewGamePlace:
    """Read ``clock`` (refusing a bad one before anything is created) and open the thread;
    ``defaults``: the server's settings for what was not given."""
    default_turn = DEFAULT_TURN_SECONDS if defaults is None else defaults.turn_seconds
    missed = None if defaults is None else defaults.missed_limit
    try:
        turn = default_turn if clock is None else parse_clock(clock)
    except BadDuration as exc:
        raise BadInput(str(exc)) from None
    if not thread:
        return NewGamePlace(interaction.channel_id, turn, missed_limit=missed)
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise BadInput("A game can have its own thread only in a text channel; leave `thread` off.")
    mine = interaction.app_permissions
    if not (mine.create_public_threads and mine.send_messages_in_threads):
        raise BadInput(NO_THREADS)
    # privately, so a refusal from here on stays private; the notices are posted after
    await interaction.response.defer(ephemeral=True, thinking=True)
    name = clip(f"{title} — {interaction.user.display_name}", 100)
    try:
        created = await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )
    except discord.Forbidden:
        raise BadInput(NO_THREADS) from None
    return NewGamePlace(created.id, turn, created, missed_limit=missed)


def register_new(game: app_commands.Group) -> None:
    """``/game new`` with the lobby's options plus ``clock`` and ``thread``; it replaces the
    core command (the documented extension point) and reuses ``lobby.open_game``."""
    game.remove_command("new")

    @game.command(name="new", description="Open a new game in this channel; you join it as host.")
    @app_commands.describe(
        **lobby.NEW_DESCRIPTIONS,
        clock="Time per turn before a stand-in plays: 12h, 24h, 3d, none (default: the server's)",
        thread="Open the game in its own thread of this channel (default: the server's setting)",
    )
    @app_commands.choices(game=lobby.game_choices())
    async def new(
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        choice: str | None = None,
        clock: str | None = None,
        thread: bool | None = None,
    ):
        # bad options are refused before a thread is created for nothing
        request = lobby.read_new_game(game, options, choice)
        # server settings: a game turned off or a channel not allowed is refused; defaults
        rules = await server_settings.for_new_game(interaction, request.engine.name)
        thread = server_settings.thread_wanted(interaction, rules, thread)
        place = await new_game_place(
            interaction, request.engine.title, clock=clock, thread=thread, defaults=rules
        )
        try:
            info, post = await lobby.open_game(interaction, request, channel_id=place.channel_id)
        except Exception:
            if place.thread is not None:
                await delete_quietly(place.thread)
            raise
        await server_settings.remember_game(interaction, info.id, rules)
        await place.open(interaction, info.id, post)

    new.autocomplete("options")(lobby.suggest_options)
    new.autocomplete("choice")(lobby.suggest_new_choice)


def register(game: app_commands.Group, tree: app_commands.CommandTree) -> None:
    client = tree.client

    async def on_connect() -> None:
        await start_scheduler(client)

    if not hasattr(type(client), "on_connect"):
        client.event(on_connect)

    register_new(game)

    @game.command(name="mine", description="Your live games in this server: whose turn, deadlines.")
    async def mine(interaction: discord.Interaction):
        days = await days_of(interaction)
        entries = await records.mine(
            days.store, days.days, interaction.guild_id, interaction.user.id
        )
        if not entries:
            await replies.private(interaction, "You are not in any live game in this server.")
            return
        body = fit_lines(mine_lines(interaction, entries), 1900, more="… and {n} more")
        await replies.private(interaction, "\n".join(["Your games here:", *body]))

    @game.command(name="nudge", description="Remind the players the game is waiting for.")
    async def nudge(interaction: discord.Interaction):
        days = await days_of(interaction)
        said = await days.nudge(channel_id=interaction.channel_id, user_id=interaction.user.id)
        await say(interaction, said)

    @game.command(
        name="notify", description="Direct messages when it is your turn (off by default)."
    )
    @app_commands.describe(setting="on: I send you a direct message on your turn; off: I stop")
    @app_commands.choices(
        setting=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def notify(interaction: discord.Interaction, setting: str):
        days = await days_of(interaction)
        text = await days.set_notify(user_id=interaction.user.id, on=setting == "on")
        await replies.private(interaction, text)

    @game.command(name="away", description="Pause your clocks in all your games here (or: back).")
    @app_commands.describe(
        duration="How long, e.g. 3d or 1d12h (at most 14 days a month); 'back' ends it"
    )
    async def away(interaction: discord.Interaction, duration: str):
        days = await days_of(interaction)
        if duration.strip().lower() in BACK_WORDS:
            text = await days.back(guild_id=interaction.guild_id, user_id=interaction.user.id)
        else:
            try:
                seconds = parse_duration(duration)
            except BadDuration as exc:
                raise BadInput(str(exc)) from None
            text = await days.away(
                guild_id=interaction.guild_id, user_id=interaction.user.id, seconds=seconds
            )
        await replies.private(interaction, text)

    @game.command(name="history", description="Recent games played here, with their winners.")
    @app_commands.describe(scope="This channel (default) or the whole server")
    @app_commands.choices(
        scope=[
            app_commands.Choice(name="this channel", value="channel"),
            app_commands.Choice(name="this server", value="server"),
        ]
    )
    async def history(interaction: discord.Interaction, scope: str = "channel"):
        days = await days_of(interaction)
        channel = interaction.channel_id if scope == "channel" else None
        entries = await records.history(days.store, interaction.guild_id, channel)
        if not entries:
            await replies.private(interaction, "No finished games here yet.")
            return
        lines = []
        for h in entries:
            if h.status == "finished":
                end = f"won by {', '.join(h.winners) or 'nobody'}"
            else:
                end = f"closed early ({h.reason or 'ended by the host'})"
            where = "" if channel else f" in <#{h.channel_id}>"
            lines.append(
                f"• <t:{int(h.ended_at)}:d> **{h.title}**{where}: {', '.join(h.players)} — {end}"
            )
        await replies.private(
            interaction,
            "\n".join(["Recent games:", *fit_lines(lines, 1900, more="… and {n} more")]),
        )

    @game.command(
        name="stats", description="Games and wins per player and per game in this server."
    )
    async def stats(interaction: discord.Interaction):
        days = await days_of(interaction)
        players, games = await records.stats(days.store, interaction.guild_id)
        if not games:
            await replies.private(interaction, "No finished games in this server yet.")
            return
        lines = ["**Players** (wins / games):"]
        lines += [f"• <@{p.user_id}>: {p.wins} / {p.games}" for p in players[:15]]
        lines.append("**Games** (played to the end / started):")
        for g in games:
            best = max(g.winners.items(), key=lambda kv: kv[1], default=None)
            top = f"; most wins: {best[0]} ({best[1]})" if best else ""
            lines.append(f"• {g.title}: {g.finished} / {g.games}{top}")
        await replies.private(interaction, "\n".join(fit_lines(lines, 1900, more="… and {n} more")))

    @game.command(
        name="clock", description="See the turn clock; the host may set it (24h, 3d, none)."
    )
    @app_commands.describe(
        turn="Time per turn, e.g. 12h, 24h, 3d; 'none' for no clock (leave out to see the clock)",
        missed="Missed turns in a row before the others may vote to keep or kick (default 3)",
    )
    async def clock(
        interaction: discord.Interaction,
        turn: str | None = None,
        missed: app_commands.Range[int, 1, 20] | None = None,
    ):
        days = await days_of(interaction)
        if turn is None and missed is None:
            await replies.private(
                interaction, await days.clock_info(channel_id=interaction.channel_id)
            )
            return
        try:
            seconds = (
                await days.turn_seconds(channel_id=interaction.channel_id)
                if turn is None
                else parse_clock(turn)
            )
        except BadDuration as exc:
            raise BadInput(str(exc)) from None
        text = await days.set_clock(
            **as_host(interaction),
            turn_seconds=seconds,
            missed_limit=missed,
        )
        await say(interaction, Said(text))

    @game.command(
        name="pause", description="Host: pause the turn clock (no reminders, no stand-ins)."
    )
    async def pause(interaction: discord.Interaction):
        days = await days_of(interaction)
        text = await days.pause(**as_host(interaction))
        await say(interaction, Said(text))

    @game.command(name="resume", description="Host: start the paused turn clock again.")
    async def resume(interaction: discord.Interaction):
        days = await days_of(interaction)
        text = await days.resume(**as_host(interaction))
        await say(interaction, Said(text))

    @game.command(name="kick", description="Host: remove a player from the running game.")
    @app_commands.describe(player="The player to remove")
    async def kick(interaction: discord.Interaction, player: str):
        await interaction.response.defer(ephemeral=True, thinking=True)
        days = await days_of(interaction)
        target = await resolve_player(days, interaction.channel_id, player)
        said = await days.kick(
            **as_host(interaction),
            target_id=target,
        )
        await say(interaction, said)

    @game.command(name="host", description="Host: hand the host role to another player.")
    @app_commands.describe(player="The player who becomes host")
    async def host(interaction: discord.Interaction, player: str):
        days = await days_of(interaction)
        target = await resolve_player(days, interaction.channel_id, player)
        text = await days.hand_over(
            **as_host(interaction),
            target_id=target,
        )
        await say(interaction, Said(text))

    @game.command(name="vote", description="Vote about a player who keeps missing turns.")
    @app_commands.describe(
        player="The absent player", choice="keep: the stand-in keeps the seat; kick: remove them"
    )
    @app_commands.choices(
        choice=[
            app_commands.Choice(name="keep (the stand-in plays for good)", value="keep"),
            app_commands.Choice(name="kick (remove them from the game)", value="kick"),
        ]
    )
    async def vote(interaction: discord.Interaction, player: str, choice: str):
        await interaction.response.defer(ephemeral=True, thinking=True)
        days = await days_of(interaction)
        target = await resolve_player(days, interaction.channel_id, player)
        said = await days.vote(
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            target_id=target,
            choice=choice,
        )
        await say(interaction, said)

    for command in (kick, host, vote):
        command.autocomplete("player")(player_choices)
