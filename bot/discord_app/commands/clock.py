"""Playing over days in Discord:
``/game mine|nudge|notify|away|history|stats|clock|pause|resume|kick|host|vote``.

Where it is your turn, nudging, direct-message notices, going away, what was played here, and
the host's powers. The work is done by the clock services (:class:`bot.clock.service.ClockServices`); these commands
read options and word its answers (:mod:`bot.discord_app.clock_texts`). Refusals are
``TableError``s, answered privately by the tree's error handler.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

import discord
from discord import app_commands

from bot.bots.seats import is_bot
from bot.clock import records
from bot.clock.durations import BadDuration, parse_clock, parse_duration
from bot.clock.records import MineEntry
from bot.clock.service import ClockServices
from bot.discord_app import clock_texts as words
from bot.discord_app import replies
from bot.discord_app.channels import channel_id_of
from bot.discord_app.checks import is_moderator, sees_channel
from bot.discord_app.clock_runtime import clock_service_of
from bot.discord_app.clock_texts import Said, when
from bot.discord_app.commands.bots import LEVEL_CHOICES
from bot.discord_app.replies import BadInput
from bot.discord_app.text import clip, fit_lines
from bot.discord_limits import MAX_CHOICES, MAX_MESSAGE
from bot.errors import NoGame, TableError

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)

BACK_WORDS = {"back", "0", "none", "off"}


def service_of(interaction: discord.Interaction[TabletopClient]) -> ClockServices:
    return clock_service_of(interaction.client)


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


async def say(interaction: discord.Interaction[TabletopClient], said: Said) -> None:
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
                content=clip(
                    f"Done, but I could not post it in the channel:\n{said.text}", MAX_MESSAGE
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
    else:
        await interaction.response.send_message(said.text, allowed_mentions=allowed)


class HostCaller(TypedDict):
    """Who uses a host power, where: the clock service's ``channel_id``, ``user_id``,
    ``can_manage`` and ``by_name``."""

    channel_id: int
    user_id: int
    can_manage: bool
    by_name: str


def as_host(interaction: discord.Interaction[TabletopClient]) -> HostCaller:
    """The caller as the clock service's host powers take it: where, who (with the display
    name the game's log calls a moderator who has no seat), and whether they may act as a
    moderator (Manage Messages or the game master role) even if they are not the host."""
    return {
        "channel_id": channel_id_of(interaction),
        "user_id": interaction.user.id,
        "can_manage": is_moderator(interaction),
        "by_name": interaction.user.display_name,
    }


async def resolve_player(service: ClockServices, channel_id: int, typed: str) -> int:
    """A player of this channel's game from a typed name or mention (case does not matter)."""
    row = await service.table.live_game(channel_id)
    if row is None:
        raise NoGame()
    text = typed.strip()
    if text.startswith("<@") and text.endswith(">"):
        digits = text.strip("<@!>")
        if digits.isdigit() and row.active_seat_of(int(digits)):
            return int(digits)
    for seat in row.seats:
        if seat.active and seat.name.casefold() == text.casefold():
            return seat.user_id
    names = ", ".join(s.name for s in row.seats if s.active)
    raise TableError(f"'{clip(text, 40)}' is not a player of this game. Players: {names}.")


@replies.suggestions
async def player_choices(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    service = service_of(interaction)
    row = await service.table.live_game(channel_id_of(interaction))
    if row is None:
        return []
    return [
        app_commands.Choice(name=s.name, value=s.name)
        for s in row.seats
        if s.active and current.casefold() in s.name.casefold()
    ][:MAX_CHOICES]


def mine_lines(
    interaction: discord.Interaction[TabletopClient], entries: Sequence[MineEntry]
) -> list[str]:
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
        if e.board_message_id and e.board_channel_id is not None:  # kept together
            url = message_link(interaction.guild_id, e.board_channel_id, e.board_message_id)
            link = f" — [latest board]({url})"
        lines.append(f"• **{e.title}** in <#{e.channel_id}>: {state}{link}")
    return lines


def register(game: app_commands.Group, tree: app_commands.CommandTree[TabletopClient]) -> None:
    @game.command(name="mine", description="Your live games in this server: whose turn, deadlines.")
    async def mine(interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        entries = await records.mine(
            service.table, service.clocks, interaction.guild_id, interaction.user.id
        )
        if not entries:
            await replies.private(interaction, "You are not in any live game in this server.")
            return
        body = fit_lines(mine_lines(interaction, entries), 1900, more="… and {n} more")
        await replies.private(interaction, "\n".join(["Your games here:", *body]))

    @game.command(name="nudge", description="Remind the players the game is waiting for.")
    async def nudge(interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        nudged = await service.reminders.nudge(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        await say(interaction, words.nudge(nudged))

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
    async def notify(interaction: discord.Interaction[TabletopClient], setting: str) -> None:
        service = service_of(interaction)
        await service.reminders.set_notify(user_id=interaction.user.id, on=setting == "on")
        await replies.private(interaction, words.notify(setting == "on"))

    @game.command(name="away", description="Pause your clocks in all your games here (or: back).")
    @app_commands.describe(
        duration="How long, e.g. 3d or 1d12h (at most 14 days a month); 'back' ends it"
    )
    async def away(interaction: discord.Interaction[TabletopClient], duration: str) -> None:
        service = service_of(interaction)
        if duration.strip().lower() in BACK_WORDS:
            await service.absences.back(guild_id=interaction.guild_id, user_id=interaction.user.id)
            text = words.BACK
        else:
            try:
                seconds = parse_duration(duration)
            except BadDuration as exc:
                raise BadInput(str(exc)) from None
            period = await service.absences.away(
                guild_id=interaction.guild_id, user_id=interaction.user.id, seconds=seconds
            )
            text = words.away(period)
        await replies.private(interaction, text)

    @game.command(name="history", description="Recent games played here, with their winners.")
    @app_commands.describe(scope="This channel (default) or the whole server")
    @app_commands.choices(
        scope=[
            app_commands.Choice(name="this channel", value="channel"),
            app_commands.Choice(name="this server", value="server"),
        ]
    )
    async def history(
        interaction: discord.Interaction[TabletopClient], scope: str = "channel"
    ) -> None:
        service = service_of(interaction)
        channel = interaction.channel_id if scope == "channel" else None
        hidden = 0
        if channel is None:  # only the games in channels the asker can see are named
            entries, hidden = await records.visible_history(
                service.table, interaction.guild_id, sees_channel(interaction)
            )
        else:
            entries = await records.history(service.table, interaction.guild_id, channel)
        unseen = f"{hidden} recent game(s) in channels you cannot see are not listed."
        if not entries:
            none = f"No finished games in the channels you can see. {unseen}"
            await replies.private(interaction, none if hidden else "No finished games here yet.")
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
        body = fit_lines(lines, 1850, more="… and {n} more")
        await replies.private(
            interaction, "\n".join(["Recent games:", *body, *([unseen] if hidden else [])])
        )

    @game.command(
        name="stats", description="Games and wins per player and per game in this server."
    )
    async def stats(interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        players, games = await records.stats(service.table, interaction.guild_id)
        if not games:
            await replies.private(interaction, "No finished games in this server yet.")
            return
        lines = ["**Players** (wins / games):"]
        lines += [
            f"• {p.name if is_bot(p.user_id) else f'<@{p.user_id}>'}: {p.wins} / {p.games}"
            for p in players[:15]
        ]
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
        standin="How well a stand-in plays an absent player's turn (default normal)",
    )
    @app_commands.choices(standin=LEVEL_CHOICES)
    async def clock(
        interaction: discord.Interaction[TabletopClient],
        turn: str | None = None,
        missed: app_commands.Range[int, 1, 20] | None = None,
        standin: str | None = None,
    ) -> None:
        service = service_of(interaction)
        if turn is None and missed is None and standin is None:
            info = await service.host.clock_info(channel_id=channel_id_of(interaction))
            await replies.private(interaction, words.clock_info(info))
            return
        try:
            seconds = (
                await service.host.turn_seconds(channel_id=channel_id_of(interaction))
                if turn is None
                else parse_clock(turn)
            )
        except BadDuration as exc:
            raise BadInput(str(exc)) from None
        setting = await service.host.set_clock(
            **as_host(interaction),
            turn_seconds=seconds,
            missed_limit=missed,
            standin_level=standin,
        )
        await say(interaction, Said(words.clock_set(setting)))

    @game.command(
        name="pause", description="Host: pause the turn clock (no reminders, no stand-ins)."
    )
    async def pause(interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        await service.host.pause(**as_host(interaction))
        await say(interaction, Said(words.PAUSED))

    @game.command(name="resume", description="Host: start the paused turn clock again.")
    async def resume(interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        await service.host.resume(**as_host(interaction))
        await say(interaction, Said(words.RESUMED))

    @game.command(name="kick", description="Host: remove a player from the running game.")
    @app_commands.describe(player="The player to remove")
    async def kick(interaction: discord.Interaction[TabletopClient], player: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = service_of(interaction)
        target = await resolve_player(service, channel_id_of(interaction), player)
        removal = await service.host.kick(
            **as_host(interaction),
            target_id=target,
        )
        await say(interaction, Said(words.REMOVAL[removal]))

    @game.command(name="host", description="Host: hand the host role to another player.")
    @app_commands.describe(player="The player who becomes host")
    async def host(interaction: discord.Interaction[TabletopClient], player: str) -> None:
        service = service_of(interaction)
        target = await resolve_player(service, channel_id_of(interaction), player)
        name = await service.host.hand_over(
            **as_host(interaction),
            target_id=target,
        )
        await say(interaction, Said(words.new_host(name)))

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
    async def vote(
        interaction: discord.Interaction[TabletopClient], player: str, choice: str
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = service_of(interaction)
        target = await resolve_player(service, channel_id_of(interaction), player)
        tally = await service.votes.vote(
            channel_id=channel_id_of(interaction),
            user_id=interaction.user.id,
            target_id=target,
            choice=choice,
        )
        await say(interaction, words.vote(tally))

    command: app_commands.Command[Any, ..., None]
    for command in (kick, host, vote):
        command.autocomplete("player")(player_choices)
