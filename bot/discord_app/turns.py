"""Turn messages: a click or ``/play`` -> ``Table.act`` -> the turn's public message.

A turn is one public message (:mod:`bot.discord_app.turn_book`): :func:`present` posts a new
one, pinging exactly the newly awaited players, only when someone who was not awaited becomes
awaited; while the same players keep acting it edits that message in place (new image, text and
components; edits ping no one). An edit Discord refuses (the message was deleted, a permission
is missing) falls back to one new post. A player's private move panel ("Choose your move")
stays open and is updated in place after each step of their turn; a newer one closes it.

Edits spend Discord's global request budget only where nothing else can
(:mod:`bot.discord_app.tokens`): a click on the turn message lends its token to every edit of
that message for the token's life, an edit that would change nothing is not sent, and the steps
that queue up while one edit is in flight are folded into the newest one.

``Table.act`` returns an outcome that already holds everything the message needs (who is
awaited and each one's moves, the public notes, whether labels may be public), so a move is
one load of the game.

Languages: the turn message is in the server's (:func:`bot.discord_app.locales.public_locale`),
everything only the clicker sees (their panel, a confirmation, a refusal) in theirs
(:func:`bot.discord_app.locales.private_locale`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import discord

from bot.discord_app import replies, server_settings
from bot.discord_app.channels import PostChannel, channel_id_of, channel_of
from bot.discord_app.components import action_layout, amount_form, undo_view
from bot.discord_app.locales import DEFAULT_LOCALE, private_locale, public_locale
from bot.discord_app.posts import (
    PLAY_HINT,
    Post,
    board_post,
    private_lines,
    turn_components,
    turn_post,
)
from bot.discord_app.recap import Line
from bot.discord_app.replay import after_the_end
from bot.discord_app.text import clip
from bot.discord_app.tokens import CLOSED, Handle
from bot.discord_app.turn_book import HISTORY, TurnBook, TurnRecord, since_lines, turn_lines
from bot.discord_limits import MAX_MESSAGE
from bot.errors import BoardChanged, NoGame, NotSeated, TableError
from bot.keyed_locks import KeyedLocks
from bot.table import GameInfo, LogLine, Outcome, Table
from bot.table.offers import panel_moves
from engines import Action
from i18n import t
from i18n.say import Say, marked, word

if TYPE_CHECKING:
    from bot.discord_app.client import TabletopClient

log = logging.getLogger(__name__)

STALE = marked("This board is out of date — here is the latest.")
NOT_POSTED = marked(
    "Done, and saved — but I could not post the new board in this channel (I may be missing "
    "the Send Messages or Attach Files permission here). Ask a moderator to check my "
    "permissions; `/game status` shows where the game stands."
)
GONE = marked(
    "This board belongs to a game that is no longer running here. Start a new one with `/game new`."
)
PANEL_HEAD = marked("Your moves (only you can see them):")
TURN_OVER = marked("Your turn is over; I will ping you when it is your turn again.")

#: one game's outcomes are shown one at a time (an entry only while one is being shown)
_locks = KeyedLocks()
#: per game, the newest version waiting to be shown (an entry only while one waits)
_newest: dict[int, int] = {}
#: per game, a step folded into the next: the turn message and what it would have shown
_folded: dict[int, tuple[int, Post]] = {}


def table_of(interaction: discord.Interaction[TabletopClient]) -> Table:
    return interaction.client.table


def book_of(client: TabletopClient) -> TurnBook:
    book = client.turn_book
    if book is None:
        book = client.turn_book = TurnBook(client.table.store)
    return book


async def current_view(
    table: Table, game: GameInfo, locale: str = DEFAULT_LOCALE
) -> discord.ui.View | None:
    """Components for the awaited players' moves on the current board (None if none), worded
    for ``locale`` (the server's, on a message the channel reads)."""
    if game.status != "running":
        return None
    now = await table.current(channel_id=game.channel_id, board=False)
    return turn_components(now, locale)[0]


async def public_notes(client: TabletopClient, game: GameInfo) -> list[str]:
    """The public lines the table's note sources add about ``game`` (e.g. the seats a stand-in
    plays); a failing source is logged and left out."""
    return await client.table.notes(game)


def _channel(client: TabletopClient, game: GameInfo) -> PostChannel:
    return channel_of(client, game.channel_id, guild_id=game.guild_id)


async def present(
    client: TabletopClient,
    outcome: Outcome,
    *,
    headline: str = "",
    fresh: bool = False,
    unless: Callable[[], Awaitable[bool]] | None = None,
) -> discord.Message | None:
    """Show ``outcome`` in its channel: edit the turn's message while the same players act,
    else post a new one pinging the newly awaited (``fresh``: post anyway, e.g. after a
    restart). Raises Discord's refusal when nothing could be posted; the change is saved
    already, and the outcome listeners hear of it either way (with no message: clocks go on).
    One game's outcomes are shown one at a time; ``unless`` (checked in turn) skips this one,
    e.g. a catch-up that a move's own message overtook.
    """
    game = outcome.game
    book = book_of(client)
    _newest[game.id] = max(_newest.get(game.id, game.version), game.version)
    try:
        async with _locks.hold(game.id):
            _done_waiting(game.id, game.version)
            if unless is not None and await unless():
                return None
            message: discord.Message | None = None
            try:
                prev = await book.get(game.id)
                if prev is not None and prev.version > game.version:
                    return None  # a newer position is on the board already
                message = await _show(client, book, prev, outcome, headline, fresh)
            finally:
                await client.notify_outcome(outcome, message)
    finally:
        _done_waiting(game.id, game.version)  # (cancelled while it waited)
    return message


def _done_waiting(game_id: int, version: int) -> None:
    """``version`` of the game no longer waits to be shown (one newer may still)."""
    if _newest.get(game_id) == version:
        del _newest[game_id]


async def _show(
    client: TabletopClient,
    book: TurnBook,
    prev: TurnRecord | None,
    outcome: Outcome,
    headline: str,
    fresh: bool,
) -> discord.Message | None:
    game = outcome.game
    channel = _channel(client, game)
    locale = await public_locale(client, game.guild_id)  # the channel reads it
    history = await _history(client.table, game.id)
    quiet = await server_settings.names_only(client, game)  # the server names, never pings
    newly = [u for u in outcome.to_act if prev is None or u not in prev.awaited]
    same_turn = outcome.result is None and not newly and not fresh
    if prev is not None and same_turn:
        post = turn_post(
            outcome,
            headline=headline,
            since=prev.since,
            this_turn=turn_lines(history, prev.start) if history is not None else None,
            ping=[] if quiet else outcome.to_act,  # an edit notifies no one; the names stay lit
            locale=locale,
        )
        record = TurnRecord(
            prev.message_id,
            game.channel_id,
            list(outcome.to_act),
            prev.start,
            game.version,
            prev.since,
        )
        if game.id in _newest:  # a newer step waits: it shows this one's state and more
            _folded[game.id] = (prev.message_id, post)
            await book.put(game.id, record)
            return None
        _folded.pop(game.id, None)
        message = await _edit(client, channel, prev.message_id, post)
        if message is None:  # refused: one new post, pinging no one (they were pinged)
            post.mention_ids = []
            message = await channel.send(**post.send_kwargs())
        record.message_id = message.id
        await book.put(game.id, record)
        return message
    since: list[Line] = []
    if outcome.result is not None:
        post = turn_post(outcome, headline=headline, locale=locale)
    else:
        since = since_lines(history, newly or outcome.to_act) if history is not None else []
        told = newly if prev is not None and not fresh else outcome.to_act
        post = turn_post(
            outcome,
            headline=headline,
            since=since,
            this_turn=[] if since else None,
            ping=[] if quiet else await _reachable(client, game, told),
            locale=locale,
        )
    message = await channel.send(**post.send_kwargs())
    folded = _folded.pop(game.id, None)
    if prev is not None and prev.message_id != message.id:
        last = folded[1] if folded is not None and folded[0] == prev.message_id else None
        await retire(client, channel, prev.message_id, last)
    if outcome.result is not None:
        await book.drop(game.id)
        await client.panels.game_over(game.id)
        after_the_end(client, game.channel_id)
    else:
        record = TurnRecord(
            message.id, game.channel_id, list(outcome.to_act), game.version, game.version, since
        )
        await book.put(game.id, record)
    return message


async def _reachable(client: TabletopClient, game: GameInfo, user_ids: list[int]) -> list[int]:
    """Whom a new turn message may ping: the message names every awaited player, but a
    sleeper's ping is held until their quiet hours end, and who muted the game or wants no
    mention is not pinged (:class:`bot.clock.nights.Nights`)."""
    service = client.clock_service
    if service is None or not user_ids:
        return user_ids
    return await service.nights.mentions(game, user_ids)


async def _history(table: Table, game_id: int) -> list[LogLine] | None:
    try:
        return await table.history(game_id, limit=HISTORY)
    except Exception as exc:  # a summary is a nicety: the turn message goes out without it
        log.warning("Could not read the log of game %s: %s", game_id, type(exc).__name__)
        return None


async def _edit(
    client: TabletopClient, channel: PostChannel, message_id: int, post: Post
) -> discord.Message | None:
    """Edit the turn's message in place (through a click's token when one is in reach, not at
    all when it would change nothing); ``None`` when Discord refuses (deleted, forbidden)."""
    editors = client.editors
    same = editors.unchanged(message_id, post)
    if same is not None:
        return same
    try:
        message = await editors.edit(
            message_id, channel.get_partial_message(message_id), post.edit_kwargs
        )
    except discord.HTTPException as exc:
        log.info(
            "Could not edit turn message %s: %s (%s)", message_id, type(exc).__name__, exc.status
        )
        return None
    editors.shown(message, post)
    return message


async def retire(
    client: TabletopClient, channel: PostChannel, message_id: int, last: Post | None = None
) -> None:
    """Take the components off an earlier turn message (best effort: it may be gone), showing
    ``last`` when a step folded into the next one was never shown on it."""
    editors = client.editors

    def final() -> dict[str, object]:
        return {**last.edit_kwargs(), "view": None} if last is not None else {"view": None}

    try:
        await editors.edit(message_id, channel.get_partial_message(message_id), final)
    except discord.HTTPException:
        log.info("Could not clear the buttons of turn message %s", message_id)
    editors.forget(message_id)


async def retire_game(client: TabletopClient, game: GameInfo) -> None:
    """A game ended without a move (an abort, a close): its turn message's buttons go, and so
    do its private panels' moves."""
    book = book_of(client)
    async with _locks.hold(game.id):
        prev = await book.get(game.id)
        if prev is not None:
            await retire(client, _channel(client, game), prev.message_id)
            await book.drop(game.id)
        await client.panels.game_over(game.id)


async def publish(
    interaction: discord.Interaction[TabletopClient], outcome: Outcome, *, headline: str = ""
) -> discord.Message | None:
    """Show ``outcome`` for a change made through ``interaction``; if Discord refuses the post
    the caller is told privately (the board is posted at the next start)."""
    try:
        return await present(interaction.client, outcome, headline=headline)
    except discord.HTTPException as exc:
        log.warning(
            "Could not post the turn message of game %s in channel %s: %s (%s)",
            outcome.game.id,
            outcome.game.channel_id,
            type(exc).__name__,
            exc.status,
        )
        await tell_quietly(interaction, t(await private_locale(interaction), NOT_POSTED))
        return None


async def tell_quietly(interaction: discord.Interaction, text: str) -> None:
    """A private answer when Discord may refuse that too (best effort, logged)."""
    try:
        await replies.private(interaction, text)
    except discord.HTTPException:
        log.info("Could not deliver a private answer in channel %s", interaction.channel_id)


async def publish_to_channel(
    client: TabletopClient, channel: discord.abc.Snowflake, outcome: Outcome, *, headline: str = ""
) -> discord.Message | None:
    """The same without an interaction (stand-ins, timeouts, host actions)."""
    return await present(client, outcome, headline=headline)


class CallerChange(Protocol):
    """A change the table makes for the caller in their channel (``Table.start``,
    ``Table.concede``)."""

    async def __call__(self, *, channel_id: int, user_id: int) -> Outcome: ...


async def change_and_publish(
    interaction: discord.Interaction[TabletopClient],
    change: CallerChange,
    *,
    done: str,
    headline: str,
) -> discord.Message | None:
    """A command that changes the game for its caller (``change(channel_id=, user_id=)`` on
    the table, e.g. start or concede): answered privately with ``done`` (worded for them),
    then the turn message is shown in the channel. A refusal is raised before anything is
    posted."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    outcome = await change(channel_id=channel_id_of(interaction), user_id=interaction.user.id)
    await interaction.edit_original_response(content=word(done, await private_locale(interaction)))
    return await publish(interaction, outcome, headline=headline)


def private_note(outcome: Outcome, user_id: int, done: str, locale: str = DEFAULT_LOCALE) -> str:
    """The actor's ephemeral acknowledgement, carrying the events only they may see (in their
    language, ``locale``)."""
    lines = private_lines(outcome, user_id, locale)
    if not lines:
        return done
    return "\n".join([done, t(locale, "Only you can see this:"), *(f"• {line}" for line in lines)])


def panel(
    game_id: int,
    version: int,
    actions: Sequence[Action],
    *,
    head: str | None = None,
    undo: bool = False,
    locale: str = DEFAULT_LOCALE,
) -> tuple[str, discord.ui.View | None]:
    """A private move panel: the player's own moves as components (indices, not ids), and
    "↩ Undo" when their last step can be taken back (``undo``), in their language."""
    layout = action_layout(
        game_id, version, panel_moves(actions), own=True, undo=undo, locale=locale
    )
    head = t(locale, PANEL_HEAD) if head is None else head
    text = head + (f"\n{t(locale, PLAY_HINT)}" if layout.needs_play else "")
    return text, layout.view


async def show_latest(interaction: discord.Interaction[TabletopClient], note: str) -> None:
    """An ephemeral copy of the current board, with the clicker's own moves as a panel, in the
    clicker's language (``note`` is worded for them)."""
    table = table_of(interaction)
    channel_id = channel_id_of(interaction)
    locale = await private_locale(interaction)
    game, png, summary = await table.board(channel_id=channel_id)
    view = None
    if game.seat_of(interaction.user.id) is not None:
        actions: list[Action]
        try:
            actions = await table.legal_actions(channel_id=channel_id, user_id=interaction.user.id)
        except TableError:
            actions = []
        view = panel(game.id, game.version, actions, locale=locale)[1] if actions else None
    notes = await public_notes(interaction.client, game)
    post = board_post(game, png, summary, notes=notes, locale=locale)
    file = post.send_kwargs().get("file")
    if view is None:
        await replies.private(interaction, f"{note}\n{post.content}", file=file)
    else:
        await send_panel(interaction, game.id, f"{note}\n{post.content}", view=view, file=file)


async def send_panel(
    interaction: discord.Interaction[TabletopClient],
    game_id: int,
    text: str,
    *,
    view: discord.ui.View | None,
    file: discord.File | None = None,
) -> None:
    """A new private panel: it becomes the clicker's one panel of the game, and the one it
    replaces is closed."""
    text = clip(text, MAX_MESSAGE)
    files: list[discord.File] = [file] if file is not None else discord.utils.MISSING
    shown: discord.ui.View = view if view is not None else discord.utils.MISSING
    if interaction.response.is_done():
        sent = await interaction.followup.send(
            text,
            ephemeral=True,
            view=shown,
            files=files,
            allowed_mentions=replies.NO_MENTIONS,
            wait=True,
        )
        handle = Handle(interaction, sent.id, original=False, live=view is not None)
    else:
        answer = await interaction.response.send_message(
            text, ephemeral=True, view=shown, files=files, allowed_mentions=replies.NO_MENTIONS
        )
        if answer.message_id is None:
            return  # Discord did not say which message it is: the board's version decides
        handle = Handle(interaction, answer.message_id, original=True, live=view is not None)
    await interaction.client.panels.opened(game_id, interaction.user.id, handle)


def not_a_player(game: GameInfo, locale: str = DEFAULT_LOCALE) -> str:
    return t(
        locale,
        "These buttons are for the players of this game ({players}); you are not one of them. "
        "You can follow along, and join the next game with `/game join`.",
        players=", ".join(s.name for s in game.seats),
    )


async def current_game_for(
    interaction: discord.Interaction[TabletopClient], game_id: int, version: int
) -> GameInfo | None:
    """The channel's game if a component drawn for ``game_id`` at ``version`` still applies
    to it and the clicker plays in it; else answer privately why not and return ``None``
    (a game that ended or was replaced, a spectator, an older board). Notes saved since the
    component was drawn (a pause, a new clock) leave it valid."""
    table = table_of(interaction)
    locale = await private_locale(interaction)
    try:
        game = await table.game(channel_id=channel_id_of(interaction))
    except NoGame:
        await replies.private(interaction, t(locale, GONE))
        return None
    if game.id != game_id or game.status != "running":
        await replies.private(interaction, t(locale, GONE))
        return None
    if game.seat_of(interaction.user.id) is None:
        await replies.private(interaction, not_a_player(game, locale))
        return None
    if game.version != version and not await table.still_current(game_id=game.id, version=version):
        await show_latest(interaction, t(locale, STALE))
        return None
    return game


async def handle_moves(
    interaction: discord.Interaction[TabletopClient], game_id: int, version: int
) -> None:
    """The "choose your move" button: the clicker's private move panel. The click is
    answered with a deferred update, so its token can edit the turn message (the steps made
    on the panel), and the panel comes as an ephemeral follow-up (closing the player's
    previous one)."""
    try:
        await interaction.response.defer()
        interaction.client.editors.offer(interaction)
        table = table_of(interaction)
        game = await current_game_for(interaction, game_id, version)
        if game is None:
            return
        actions = await table.legal_actions(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        locale = await private_locale(interaction)
        if not actions:
            waiting = await table.waiting_for(channel_id=channel_id_of(interaction))
            names = ", ".join(s.name for s in game.seats if s.user_id in waiting)
            if names:
                said = t(locale, "Nothing for you to do now; waiting for {names}.", names=names)
            else:
                said = t(locale, "Nothing for you to do now; waiting for nobody.")
            await replies.private(interaction, said)
            return
        undo = await table.can_undo(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        text, view = panel(game.id, game.version, actions, undo=undo, locale=locale)
        png = await hand_picture(interaction, actions)
        await send_panel(interaction, game.id, text, view=view, file=hand_file(png))
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


async def handle_click(
    interaction: discord.Interaction[TabletopClient],
    game_id: int,
    version: int,
    index: int,
    *,
    own: bool = False,
    confirmed: bool = False,
    amount: str | None = None,
) -> None:
    """A button or select click (or an amount form sent, with the ``amount`` typed): refuse
    stale, foreign or illegal clicks and bad amounts privately, else move.

    The move is tried at once (one load); only a refusal looks at the game again to say why.
    A click on a private panel (``own``) then updates that panel in place; a confirmed losing
    move (``confirmed``) closes its private question."""
    try:
        await interaction.response.defer()
        interaction.client.editors.offer(interaction)  # a public message: its token edits it
        locale = await private_locale(interaction)
        if own and not confirmed and not _newest_panel(interaction, game_id):
            await replies.private(interaction, t(locale, CLOSED))
            return
        table = table_of(interaction)
        try:
            outcome = await table.act(
                channel_id=channel_id_of(interaction),
                user_id=interaction.user.id,
                offered=index,
                own=own,
                amount=amount,
                expected_version=version,
                expected_game_id=game_id,
            )
        except (BoardChanged, NoGame, NotSeated) as refused:
            if await current_game_for(interaction, game_id, version) is not None:
                raise refused from None  # the board is current: the table's reason stands
            return
        await publish(interaction, outcome)
        user = interaction.user.id
        if own:
            await _update_panel(interaction, outcome)
        elif confirmed:
            note = private_note(outcome, user, done_words(outcome, locale), locale)
            await interaction.edit_original_response(content=note, view=None)
            if interaction.message is not None:  # the question, answered: no moves on it
                done = Handle(interaction, interaction.message.id, original=True, live=False)
                await interaction.client.panels.opened(game_id, user, done)
        elif outcome.undo_for == user:  # the move can be taken back: say so, privately
            note = private_note(outcome, user, t(locale, "Your move is made."), locale)
            game = outcome.game
            undo = undo_view(game.id, game.version, locale)
            await send_panel(interaction, game.id, note, view=undo)
        elif private_lines(outcome, user):
            note = private_note(outcome, user, t(locale, "Your move is made."), locale)
            await replies.private(interaction, note)
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


def done_words(outcome: Outcome, locale: str) -> str:
    """ "Done: **the move**." for the player who made it, in their language."""
    if outcome.action is None:
        return t(locale, "Done: **your move**.")
    return t(locale, "Done: **{move}**.", move=word(outcome.action.label, locale))


def _newest_panel(interaction: discord.Interaction[TabletopClient], game_id: int) -> bool:
    """Whether a click on a private panel comes from the player's newest one (or one this
    process does not know: after a restart the board's version alone decides)."""
    known = interaction.client.panels.current(game_id, interaction.user.id)
    clicked = interaction.message
    return known is None or clicked is None or known.message_id == clicked.id


async def handle_amount(
    interaction: discord.Interaction[TabletopClient],
    game_id: int,
    version: int,
    index: int,
    *,
    own: bool,
) -> None:
    """A typed-amount move's button: its form, once the click is one the move would accept
    (a spectator, a player it is not offered to or an older board get a private answer
    first, not a form to fill in for nothing)."""
    try:
        table = table_of(interaction)
        try:
            move = await table.offered(
                channel_id=channel_id_of(interaction),
                user_id=interaction.user.id,
                index=index,
                own=own,
                expected_version=version,
                expected_game_id=game_id,
            )
        except (BoardChanged, NoGame, NotSeated) as refused:
            if await current_game_for(interaction, game_id, version) is not None:
                raise refused from None
            return
        if move.amount is None:  # the list moved under the button: make the move as clicked
            await handle_click(interaction, game_id, version, index, own=own)
            return
        locale = await private_locale(interaction)
        form = amount_form(game_id, version, index, move, own=own, locale=locale)
        await interaction.response.send_modal(form)
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


async def hand_picture(
    interaction: discord.Interaction[TabletopClient], actions: Sequence[Action]
) -> bytes | None:
    """The hand picture ``/game hand`` draws, when a panel's moves name what it shows ("Place
    tile C at ..."): the engine declares which do (:attr:`engines.Action.names_hand`)."""
    if not any(a.names_hand for a in actions):
        return None
    _, png, _ = await table_of(interaction).hand(
        channel_id=channel_id_of(interaction), user_id=interaction.user.id
    )
    return png


def hand_file(png: bytes | None) -> discord.File | None:
    return discord.File(io.BytesIO(png), filename="hand.png") if png else None


async def _update_panel(
    interaction: discord.Interaction[TabletopClient], outcome: Outcome, said: str | None = None
) -> None:
    """The clicker's panel after their step (or their undo, ``said`` saying so): their next
    moves, with "↩ Undo" while their last step can be taken back, or that their turn is over."""
    user = interaction.user.id
    locale = await private_locale(interaction)
    done = private_note(outcome, user, said or done_words(outcome, locale), locale)
    mine = outcome.awaited.get(user, [])
    png = None
    if mine and outcome.result is None:
        text, view = panel(
            outcome.game.id,
            outcome.game.version,
            mine,
            head=f"{done}\n{t(locale, PANEL_HEAD)}",
            undo=outcome.undo_for == user,
            locale=locale,
        )
        png = await hand_picture(interaction, mine)  # the hand as it is now (letters move)
    else:
        over = t(locale, TURN_OVER) if outcome.result is None else ""
        text, view = f"{done}\n{over}".strip(), None
    picture = hand_file(png)
    try:
        await interaction.edit_original_response(
            content=text[:MAX_MESSAGE],
            view=view,
            allowed_mentions=replies.NO_MENTIONS,
            attachments=[picture] if picture is not None else [],
        )
    except discord.HTTPException:
        await send_panel(interaction, outcome.game.id, text, view=view, file=hand_file(png))
        return
    if interaction.message is not None:  # the panel, in place, with a fresher token
        handle = Handle(interaction, interaction.message.id, original=True, live=view is not None)
        await interaction.client.panels.opened(outcome.game.id, user, handle)


async def handle_undo(
    interaction: discord.Interaction[TabletopClient], game_id: int, version: int
) -> None:
    """ "↩ Undo" on a private panel: take back the clicker's last step (refused privately,
    changing nothing, with nothing to take back, on a stale or older panel), then edit the
    turn message back and turn the panel into the moves of the board taken back."""
    try:
        await interaction.response.defer()
        interaction.client.editors.offer(interaction)
        locale = await private_locale(interaction)
        if not _newest_panel(interaction, game_id):
            await replies.private(interaction, t(locale, CLOSED))
            return
        try:
            outcome = await table_of(interaction).undo(
                channel_id=channel_id_of(interaction),
                user_id=interaction.user.id,
                expected_version=version,
                expected_game_id=game_id,
            )
        except (BoardChanged, NoGame, NotSeated) as refused:
            if await current_game_for(interaction, game_id, version) is not None:
                raise refused from None
            return
        await publish(interaction, outcome)
        await _update_panel(interaction, outcome, said=undone_note(outcome, locale))
    except Exception as exc:  # every failure becomes a private answer
        await replies.answer_error(interaction, exc)


def undone_note(outcome: Outcome, locale: str = DEFAULT_LOCALE) -> str:
    """The taker's own words for an undo: the logged line's move, addressed to them (the move
    as the table said it, its ``move`` value, else the English after "took back: ")."""
    said = outcome.events[0].text if outcome.events else ""
    move: str = ""
    if isinstance(said, Say) and isinstance(said.values.get("move"), str):
        move = word(said.values["move"], locale)
    else:
        move = said.partition("took back: ")[2]
    if not move:
        return t(locale, "Taken back: **your last step**.")
    return t(locale, "Taken back: **{move}**.", move=move)


#: what ``/play`` takes as "take back my last step"
UNDO_WORDS = frozenset({"undo", "↩ undo", "take back"})


async def play(interaction: discord.Interaction[TabletopClient], action: str) -> None:
    """``/play``: resolve what was typed to one of the caller's actions and make the move;
    ``/play undo`` takes back the caller's last step instead."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = await private_locale(interaction)
    if action.strip().casefold() in UNDO_WORDS:
        outcome = await table_of(interaction).undo(
            channel_id=channel_id_of(interaction), user_id=interaction.user.id
        )
        note = private_note(outcome, interaction.user.id, undone_note(outcome, locale), locale)
        await interaction.edit_original_response(content=note)
        await publish(interaction, outcome)
        return
    outcome = await table_of(interaction).act(
        channel_id=channel_id_of(interaction), user_id=interaction.user.id, action_id=action
    )
    label = word(outcome.action.label, locale) if outcome.action is not None else action
    played = t(locale, "You played **{move}**.", move=label)
    await interaction.edit_original_response(
        content=private_note(outcome, interaction.user.id, played, locale)
    )
    await publish(interaction, outcome)
