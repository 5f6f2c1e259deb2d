"""``/game``: one game's life in this channel, for everyone at the table and around it.

Opening and seats (new, join, leave, start, concede), looking (board, hand, status, log,
replay, rules, watch), keeping the game moving (nudge, vote about an absent player) and what
was played here (history, stats). The host's and moderators' powers are ``/host``
(:mod:`.host`), a player's own things ``/me`` (:mod:`.me`). The bodies call the table and the
clock service; the helpers they share live in :mod:`.opening`, :mod:`.looking` and
:mod:`.callers`.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

import engines
from bot import watch as watch_pages
from bot.ai_seats.seats import is_ai_seat
from bot.clock import records
from bot.clock.records import GameStats, HistoryEntry, PlayerStats
from bot.discord_app import clock_texts as words
from bot.discord_app import replies, server_settings
from bot.discord_app.ai_seats import LEVEL_CHOICES
from bot.discord_app.channels import channel_id_of
from bot.discord_app.checks import sees_channel
from bot.discord_app.commands import ratings as rating_commands
from bot.discord_app.commands.callers import (
    AWAY_OPTIONS,
    player_choices,
    resolve_player,
    service_of,
)
from bot.discord_app.commands.callers import (
    say as answer,
)
from bot.discord_app.commands.looking import (
    BOARD_NOT_POSTED,
    RULES_PAGES,
    commands_text,
    legend_file,
    log_page,
    rules_text,
    status_line,
)
from bot.discord_app.commands.opening import (
    NEW_DESCRIPTIONS,
    delete_quietly,
    engine_named,
    game_choices,
    game_title,
    level_word,
    new_game_place,
    open_game,
    read_new_game,
    send_public,
    suggest_join_choice,
    suggest_new_choice,
    suggest_options,
)
from bot.discord_app.commands.opening import (
    player_choices as own_choices,
)
from bot.discord_app.locales import private_locale, public_locale
from bot.discord_app.posts import board_post, lobby_post, title_of
from bot.discord_app.rematch import already_open
from bot.discord_app.replay import post_replay
from bot.discord_app.replies import BadInput
from bot.discord_app.rulings import pages, rulings_text
from bot.discord_app.text import clip, fit_lines, join_message
from bot.discord_app.turns import (
    change_and_publish,
    current_view,
    public_notes,
    publish,
    table_of,
)
from bot.errors import GameExists, NoGame, TableError
from bot.table import player_name
from engines.ai.levels import DEFAULT_LEVEL
from i18n import t, tn
from i18n.say import marked, say, word

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

logger = logging.getLogger(__name__)

#: ``/game join`` where no lobby is open (the last game may have ended, or a ``/game new``
#: failed); worded for its reader with ``t(locale, NO_LOBBY)``
NO_LOBBY = marked("There is no open lobby in this channel to join. Open one with `/game new`.")


def _ending(h: HistoryEntry, locale: str) -> str:
    if h.status == "finished":
        if not h.winners:
            return t(locale, "won by nobody")
        return t(locale, "won by {winners}", winners=", ".join(h.winners))
    if not h.reason:
        return t(locale, "closed early (ended by the host)")
    # the reason is the table's, as it was saved
    return t(locale, "closed early ({reason})", reason=word(h.reason, locale))


def history_lines(
    entries: list[HistoryEntry], *, in_channel: bool, locale: str = "en-US"
) -> list[str]:
    """``/game history``'s lines: when, what, who played, how it ended (and where, when the
    list covers the server)."""
    lines = []
    for h in entries:
        values = {
            "when": str(int(h.ended_at)),
            "title": h.title,
            "players": ", ".join(h.players),
            "ending": _ending(h, locale),
        }
        if in_channel:
            lines.append(t(locale, "• <t:{when}:d> **{title}**: {players} — {ending}", **values))
        else:
            lines.append(
                t(
                    locale,
                    "• <t:{when}:d> **{title}** in <#{channel}>: {players} — {ending}",
                    channel=str(h.channel_id),
                    **values,
                )
            )
    return lines


def stats_lines(
    players: list[PlayerStats], games: list[GameStats], locale: str = "en-US"
) -> list[str]:
    """``/game stats``'s lines: the top players' wins and games, then each game's."""
    lines = [t(locale, "**Players** (wins / games):")]
    lines += [
        t(
            locale,
            "• {player}: {wins} / {games}",
            player=p.name if is_ai_seat(p.user_id) else f"<@{p.user_id}>",
            wins=p.wins,
            games=p.games,
        )
        for p in players[:15]
    ]
    lines.append(t(locale, "**Games** (played to the end / started):"))
    for g in games:
        best = max(g.winners.items(), key=lambda kv: kv[1], default=None)
        if best is None:
            lines.append(
                t(
                    locale,
                    "• {title}: {finished} / {games}",
                    title=g.title,
                    finished=g.finished,
                    games=g.games,
                )
            )
        else:
            lines.append(
                t(
                    locale,
                    "• {title}: {finished} / {games}; most wins: {name} ({wins})",
                    title=g.title,
                    finished=g.finished,
                    games=g.games,
                    name=best[0],
                    wins=best[1],
                )
            )
    return lines


def more_lines(locale: str) -> str:
    """``fit_lines``' note for the lines left out, ``{n}`` left for it to fill."""
    return t(locale, "… and {n} more", n="{n}")


async def standing_choices(
    interaction: discord.Interaction[TabletopClient], current: str
) -> list[app_commands.Choice[str]]:
    """The caller's standing answers in this channel's game, the ones set marked (only the
    caller sees autocomplete)."""
    try:
        _, offered, chosen = await table_of(interaction).standing_answers(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
    except TableError:
        return []
    locale = await private_locale(interaction)
    out = []
    for a in offered:
        words = word(a.words, locale)
        if current.casefold() not in words.casefold():
            continue
        shown = t(locale, "✓ {answer} (set)", answer=words) if a.id in chosen else words
        out.append(app_commands.Choice(name=shown[:100], value=a.id))
    return out[:25]


class GameCommands(
    app_commands.Group,
    name="game",
    description="A game in this channel: open, join, look, play on, see what was played.",
    guild_only=True,
):
    """``/game``. ``watch`` is offered only when the operator turned the spectator pages on
    (``--web-port``), so a bot without them offers no command that cannot work."""

    def __init__(self) -> None:
        super().__init__()
        if watch_pages.config() is None:
            self.remove_command("watch")
        # the games are the registry's when the client is built (a game registered after this
        # module was imported is offered too), not when the class was defined
        for name in ("new", "rules", "leaderboard"):
            command = self.get_command(name)
            assert isinstance(command, app_commands.Command)
            offered: list[app_commands.Choice[str | int | float]] = [
                app_commands.Choice(name=game_title(c.value), value=c.value) for c in game_choices()
            ]
            command._params["game"].choices = offered

    # -- opening and seats ---------------------------------------------------------------------

    @app_commands.command(
        name="new", description="Open a new game in this channel; you join it as host."
    )
    @app_commands.describe(**NEW_DESCRIPTIONS)
    @app_commands.choices(game=game_choices(), level=LEVEL_CHOICES, away=AWAY_OPTIONS)
    async def new(
        self,
        interaction: discord.Interaction[TabletopClient],
        game: str,
        options: str | None = None,
        choice: str | None = None,
        clock: str | None = None,
        thread: bool | None = None,
        bots: app_commands.Range[int, 0, 10] = 0,
        level: str = DEFAULT_LEVEL,
        bank: str | None = None,
        weekends: bool | None = None,
        away: str | None = None,
    ) -> None:
        # bad options are refused before a thread is created for nothing
        request = read_new_game(game, options, choice, await private_locale(interaction))
        # the server's settings: a game turned off or a channel not allowed is refused here;
        # what the host did not give comes from them
        rules = server_settings.for_new_game(interaction, request.engine.name)
        place = await new_game_place(
            interaction,
            request.engine.title,
            clock=clock,
            thread=server_settings.thread_wanted(interaction, rules, thread),
            defaults=rules,
            bank=bank,
            weekends=weekends,
            away=away,
        )
        try:
            try:
                info, post = await open_game(interaction, request, channel_id=place.channel_id)
            except GameExists:  # said about the game open there, as the caller stands in it
                live = await table_of(interaction).live_game(place.channel_id)
                if live is None:
                    raise
                said = already_open(
                    live,
                    interaction.user.id,
                    lobby=say("this channel's lobby"),
                    locale=await private_locale(interaction),
                )
                raise GameExists(said) from None
            if bots:
                info = await table_of(interaction).add_ai_seats(
                    channel_id=place.channel_id,
                    user_id=interaction.user.id,
                    count=bots,
                    level=level,
                )
                locale = await public_locale(interaction.client, interaction.guild_id)
                headline = tn(
                    locale,
                    "{who} opened a game with {n} {level} bot(s)",
                    "{who} opened a game with {n} {level} bot(s)",
                    bots,
                    who=interaction.user.display_name,
                    level=level_word(level, locale),
                )
                post = lobby_post(info, headline, locale)
        except Exception:
            if place.thread is not None:
                await delete_quietly(place.thread)
            raise
        await server_settings.remember_game(interaction, info.id, rules)
        await place.open(interaction, info.id, post)

    new.autocomplete("options")(suggest_options)
    new.autocomplete("choice")(suggest_new_choice)

    @app_commands.command(name="join", description="Take a seat in this channel's game.")
    @app_commands.describe(
        choice="Your own pick where the game has one, e.g. species=cat; none: one dealt at random",
        bots="Host: seat this many bots instead of joining yourself",
        level="How well those bots play (default normal)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def join(
        self,
        interaction: discord.Interaction[TabletopClient],
        choice: str | None = None,
        bots: app_commands.Range[int, 1, 10] | None = None,
        level: str = DEFAULT_LEVEL,
    ) -> None:
        table = table_of(interaction)
        if bots:
            info = await table.add_ai_seats(
                channel_id=channel_id_of(interaction),
                user_id=interaction.user.id,
                count=bots,
                level=level,
            )
            locale = await public_locale(interaction.client, interaction.guild_id)
            headline = tn(
                locale,
                "{who} seated {n} {level} bot(s)",
                "{who} seated {n} {level} bot(s)",
                bots,
                who=player_name(interaction.user.display_name),
                level=level_word(level, locale),
            )
            await send_public(interaction, lobby_post(info, headline, locale))
            return
        # the lobby open now, never the channel's last game: a choice is read for the game the
        # person means to join, and with no lobby open they are told so
        current = await table.live_game(channel_id_of(interaction))
        if current is None:
            raise NoGame(t(await private_locale(interaction), NO_LOBBY))
        engine = engine_named(current.engine)  # None: not installed; the table says so
        locale = await private_locale(interaction)
        chosen = own_choices(engine, choice, locale) if engine is not None else {}
        info = await table.join(
            channel_id=channel_id_of(interaction),
            user_id=interaction.user.id,
            user_name=interaction.user.display_name,
            choices=chosen or None,
        )
        mine = ", ".join(f"{k}={v}" for k, v in chosen.items())
        locale = await public_locale(interaction.client, interaction.guild_id)
        who = player_name(interaction.user.display_name)
        if mine:
            headline = t(locale, "{who} joined ({choices})", who=who, choices=mine)
        else:
            headline = t(locale, "{who} joined", who=who)
        await send_public(interaction, lobby_post(info, headline, locale))

    join.autocomplete("choice")(suggest_join_choice)

    @app_commands.command(name="leave", description="Give up your seat before the game starts.")
    async def leave(self, interaction: discord.Interaction[TabletopClient]) -> None:
        info = await table_of(interaction).leave(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        locale = await public_locale(interaction.client, interaction.guild_id)
        who = player_name(interaction.user.display_name)
        await send_public(interaction, lobby_post(info, t(locale, "{who} left", who=who), locale))

    @app_commands.command(name="start", description="Start the game (host only).")
    async def start(self, interaction: discord.Interaction[TabletopClient]) -> None:
        public = await public_locale(interaction.client, interaction.guild_id)
        await change_and_publish(
            interaction,
            table_of(interaction).start,
            done=t(await private_locale(interaction), "The game has started."),
            headline=t(public, "the game starts"),
        )

    @app_commands.command(name="concede", description="Leave a running game (it may end it).")
    async def concede(self, interaction: discord.Interaction[TabletopClient]) -> None:
        public = await public_locale(interaction.client, interaction.guild_id)
        await change_and_publish(
            interaction,
            table_of(interaction).concede,
            done=t(await private_locale(interaction), "You conceded."),
            headline=t(public, "{who} concedes", who=player_name(interaction.user.display_name)),
        )

    # -- looking -------------------------------------------------------------------------------

    @app_commands.command(name="board", description="Post the current board in the channel.")
    async def board(self, interaction: discord.Interaction[TabletopClient]) -> None:
        interaction.client.cooldowns.take("board", interaction.user.id)
        locale = await private_locale(interaction)
        # Deferred privately so a refusal stays private; the board itself is posted publicly.
        await interaction.response.defer(ephemeral=True, thinking=True)
        info, png, summary = await table_of(interaction).board(
            channel_id=channel_id_of(interaction)
        )
        public = await public_locale(interaction.client, interaction.guild_id)
        notes = await public_notes(interaction.client, info)
        post = board_post(info, png, summary, notes=notes, locale=public)
        post.view = await current_view(table_of(interaction), info, public)
        await interaction.edit_original_response(
            content=t(locale, "The board is posted in the channel.")
        )
        try:
            await interaction.followup.send(**post.send_kwargs())
        except discord.HTTPException as exc:
            logger.warning(
                "Could not post the board of game %s: %s (%s)",
                info.id,
                type(exc).__name__,
                exc.status,
            )
            await interaction.edit_original_response(content=t(locale, BOARD_NOT_POSTED))

    @app_commands.command(
        name="hand", description="Your private view of the game (only you see it)."
    )
    async def hand(self, interaction: discord.Interaction[TabletopClient]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await private_locale(interaction)  # the hand is drawn in the asker's language
        info, png, text = await table_of(interaction).hand(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id, locale=locale
        )
        file = discord.File(io.BytesIO(png), filename="hand.png") if png else None
        shown = (
            word(text, locale) if text else t(locale, "Your view of {title}.", title=title_of(info))
        )
        await replies.private(interaction, shown, file=file)

    @app_commands.command(
        name="standing",
        description="Answer once a question the game keeps asking you (only you know).",
    )
    @app_commands.describe(
        answer="The standing answer (the bot makes that move for you each time you are asked)",
        remove="Remove it instead: you will be asked again",
    )
    async def standing(
        self, interaction: discord.Interaction[TabletopClient], answer: str, remove: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        said, outcome = await table_of(interaction).set_standing(
            channel_id=channel_id_of(interaction),
            user_id=interaction.user.id,
            answer_id=answer,
            on=not remove,
        )
        await replies.private(interaction, word(said, await private_locale(interaction)))
        if outcome is not None:
            await publish(interaction, outcome)

    standing.autocomplete("answer")(standing_choices)

    @app_commands.command(name="status", description="Who is playing, whose turn it is, the score.")
    async def status(self, interaction: discord.Interaction[TabletopClient]) -> None:
        info, text = await table_of(interaction).status(channel_id=channel_id_of(interaction))
        notes = await public_notes(interaction.client, info)
        locale = await private_locale(interaction)
        shown = word(text, locale) if text else status_line(title_of(info), info.status, locale)
        await replies.private(interaction, join_message(shown, *notes))

    @app_commands.command(name="log", description="The moves of this channel's game, page by page.")
    @app_commands.describe(count="How many moves a page (default 15)")
    async def log(
        self,
        interaction: discord.Interaction[TabletopClient],
        count: app_commands.Range[int, 1, 50] = 15,
    ) -> None:
        interaction.client.cooldowns.take("log", interaction.user.id)
        content, view = await log_page(interaction, 1, count)
        await replies.private(interaction, content, view=view)

    @app_commands.command(
        name="replay", description="Post the whole game as one animation, a turn a frame."
    )
    async def replay(self, interaction: discord.Interaction[TabletopClient]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await post_replay(
            interaction.client, channel_id_of(interaction), asker=interaction.user.id
        )
        locale = await private_locale(interaction)
        if message:
            done = t(locale, "The replay is posted in the channel.")
        else:
            done = t(locale, BOARD_NOT_POSTED)
        await interaction.edit_original_response(content=done)

    @app_commands.command(
        name="rules", description="A short guide to a game (this channel's by default)."
    )
    @app_commands.describe(
        game="Which game (default: the one in this channel)",
        page="The short guide (default), our rulings where the rulebook is open, or every command",
    )
    @app_commands.choices(game=game_choices(), page=RULES_PAGES)
    async def rules(
        self,
        interaction: discord.Interaction[TabletopClient],
        game: str | None = None,
        page: str = "guide",
    ) -> None:
        locale = await private_locale(interaction)
        if page == "commands":
            await replies.private(
                interaction, commands_text(interaction.client.tree.get_commands(), locale)
            )
            return
        listing = ", ".join(engines.get_engine(n).title for n in engines.names())
        if game is None:
            try:
                game = (
                    await table_of(interaction).game(channel_id=channel_id_of(interaction))
                ).engine
            except NoGame:
                said = t(
                    locale,
                    "No game in this channel. Pick one with `game:`. Games: {games}\n"
                    "Every command: `/game rules page:commands`.",
                    games=listing,
                )
                await replies.private(interaction, clip(said, 1900))
                return
        engine = engine_named(game)
        if engine is None:
            said = t(
                locale,
                "'{name}' is not a game on this bot. Games: {games}",
                name=clip(game, 40),
                games=listing,
            )
            await replies.private(interaction, clip(said, 1900))
            return
        if page != "rulings":
            await replies.private(
                interaction,
                rules_text(engine, locale),
                file=legend_file(engine.name, locale),
            )
            return
        text = rulings_text(engine.name, locale)
        if text is None:
            await replies.private(
                interaction, t(locale, "{title} has no rulings page.", title=engine.title)
            )
            return
        for part in pages(text):  # each a private message of its own, in order
            await replies.private(interaction, part)

    @app_commands.command(name="watch", description="A web page where anyone can watch this game.")
    async def watch(self, interaction: discord.Interaction[TabletopClient]) -> None:
        locale = await private_locale(interaction)
        config = watch_pages.config()
        if config is None:  # the pages were turned off after the commands were built
            raise BadInput(t(locale, "This bot's spectator pages are off."))
        table = table_of(interaction)
        info = await table.game(channel_id=channel_id_of(interaction))
        token = await table.watch_token(info.id)
        await replies.private(
            interaction,
            t(
                locale,
                "Watch {title} on the web: {link}\n"
                "Anyone with the link sees the board, the log and every past turn (only what "
                "this channel sees). Share it as you like.",
                title=title_of(info),
                link=config.link(token),
            ),
        )

    # -- keeping the game moving ---------------------------------------------------------------

    @app_commands.command(name="nudge", description="Remind the players the game is waiting for.")
    async def nudge(self, interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        nudged = await service.reminders.nudge(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        await answer(
            interaction,
            words.nudge(nudged, await public_locale(interaction.client, interaction.guild_id)),
        )

    @app_commands.command(name="vote", description="Vote about a player who keeps missing turns.")
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
        self, interaction: discord.Interaction[TabletopClient], player: str, choice: str
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
        await answer(
            interaction,
            words.vote(tally, await public_locale(interaction.client, interaction.guild_id)),
        )

    vote.autocomplete("player")(player_choices)

    # -- what was played here ------------------------------------------------------------------

    @app_commands.command(
        name="history", description="Recent games played here, with their winners."
    )
    @app_commands.describe(scope="This channel (default) or the whole server")
    @app_commands.choices(
        scope=[
            app_commands.Choice(name="this channel", value="channel"),
            app_commands.Choice(name="this server", value="server"),
        ]
    )
    async def history(
        self, interaction: discord.Interaction[TabletopClient], scope: str = "channel"
    ) -> None:
        service = service_of(interaction)
        locale = await private_locale(interaction)
        channel = interaction.channel_id if scope == "channel" else None
        hidden = 0
        if channel is None:  # only the games in channels the asker can see are named
            entries, hidden = await records.visible_history(
                service.table, interaction.guild_id, sees_channel(interaction)
            )
        else:
            entries = await records.history(service.table, interaction.guild_id, channel)
        unseen = tn(
            locale,
            "{n} recent game(s) in channels you cannot see are not listed.",
            "{n} recent game(s) in channels you cannot see are not listed.",
            hidden,
        )
        if not entries:
            if hidden:
                none = t(locale, "No finished games in the channels you can see.") + " " + unseen
            else:
                none = t(locale, "No finished games here yet.")
            await replies.private(interaction, none)
            return
        lines = history_lines(entries, in_channel=channel is not None, locale=locale)
        body = fit_lines(lines, 1850, more=more_lines(locale))
        head = t(locale, "Recent games:")
        await replies.private(interaction, "\n".join([head, *body, *([unseen] if hidden else [])]))

    @app_commands.command(
        name="leaderboard", description="A game's best rated players, and your place."
    )
    @app_commands.describe(
        game="Which game",
        where="This server's ratings (default) or those across all servers",
        against="Games among people (default) or games with bots",
    )
    @app_commands.choices(
        game=game_choices(),
        where=[
            app_commands.Choice(name="this server", value="server"),
            app_commands.Choice(name="all servers", value="everywhere"),
        ],
        against=[
            app_commands.Choice(name="people", value="people"),
            app_commands.Choice(name="bots", value="bots"),
        ],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[TabletopClient],
        game: str,
        where: str = "server",
        against: str = "people",
    ) -> None:
        await rating_commands.show_leaderboard(interaction, game, where, against)

    @app_commands.command(
        name="stats", description="Games and wins per player and per game in this server."
    )
    async def stats(self, interaction: discord.Interaction[TabletopClient]) -> None:
        service = service_of(interaction)
        locale = await private_locale(interaction)
        players, games = await records.stats(service.table, interaction.guild_id)
        if not games:
            await replies.private(interaction, t(locale, "No finished games in this server yet."))
            return
        lines = stats_lines(players, games, locale)
        await replies.private(
            interaction, "\n".join(fit_lines(lines, 1900, more=more_lines(locale)))
        )
