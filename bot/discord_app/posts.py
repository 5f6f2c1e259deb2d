"""The public messages of a game: the turn message after every move, lobby notices, the end.

A turn message is a NEW channel message with the board image, the public events, a line naming
who must act now (the only users it may mention) and components for their legal actions.
Builders here are pure (no Discord calls, no drawing: the table hands over the board with its
notes already written under it, drawn off the event loop) so the clock's scheduler can post the
same message without an interaction; :mod:`bot.discord_app.turns` sends them. Each words its
message for the ``locale`` it is given: the server's language for what the channel reads
(:func:`bot.discord_app.locales.public_locale`), the reader's own for a private copy; what the
table and the engines said (events, notes, labels, reasons) is worded with
:func:`i18n.say.word` in that language.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict

import discord

import engines
from bot.ai_seats.seats import is_ai_seat
from bot.discord_app.components import action_layout, rematch_view
from bot.discord_app.locales import DEFAULT_LOCALE
from bot.discord_app.recap import SINCE_LINES, Line, earlier, fit_newest, folded
from bot.discord_app.text import clip, join_message
from bot.discord_limits import MAX_ALT_TEXT, MAX_MESSAGE
from bot.table import GameInfo, Outcome, offers
from bot.table.texts import standings
from i18n import t, tn
from i18n.say import marked, word

BOARD_FILENAME = "board.png"
PLAY_HINT = marked("More moves: use `/play` (it lists yours as you type).")
PRIVATE_HINT = marked("Your options are private: click **Choose your move**, or use `/play`.")
SINCE_WORDS = marked("Since your last turn:")
SINCE_HEADING = f"🕑 {SINCE_WORDS}"
THIS_TURN_HEADING = marked("This turn:")


class SendKwargs(TypedDict):
    """What :meth:`Post.send_kwargs` gives ``Messageable.send`` / ``Webhook.send``."""

    content: str
    allowed_mentions: discord.AllowedMentions
    file: NotRequired[discord.File]
    view: NotRequired[discord.ui.View]


class EditKwargs(TypedDict):
    """What :meth:`Post.edit_kwargs` gives ``Message.edit``."""

    content: str
    allowed_mentions: discord.AllowedMentions
    attachments: list[discord.File]
    view: discord.ui.View | None


@dataclass
class Post:
    """A message ready to send: text, an optional PNG, components and whom it may ping."""

    content: str
    png: bytes | None = None
    view: discord.ui.View | None = None
    mention_ids: list[int] = field(default_factory=list)
    alt: str = ""  # the image's description (alt text), from public facts only

    @property
    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(id=i) for i in self.mention_ids],
        )

    def send_kwargs(self) -> SendKwargs:
        """Keyword arguments for ``Messageable.send`` / ``Webhook.send`` (a fresh File each time)."""
        kwargs: SendKwargs = {"content": self.content, "allowed_mentions": self.allowed_mentions}
        if self.png is not None:
            kwargs["file"] = self.file(self.png)
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs

    def file(self, png: bytes) -> discord.File:
        """The board image as a fresh attachment (Discord reads a File once)."""
        return discord.File(io.BytesIO(png), filename=BOARD_FILENAME, description=self.alt or None)

    def edit_kwargs(self) -> EditKwargs:
        """Keyword arguments for ``Message.edit``: everything replaced. Discord never notifies
        anyone of an edit; the awaited players' mentions stay allowed so their names stay
        highlighted for them."""
        return {
            "content": self.content,
            "allowed_mentions": self.allowed_mentions,
            "attachments": [] if self.png is None else [self.file(self.png)],
            "view": self.view,
        }


def title_of(game: GameInfo) -> str:
    return game.title or engines.get_engine(game.engine).title


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def who(game: GameInfo, user_id: int, locale: str = DEFAULT_LOCALE) -> str:
    """How a message names a seated player: a person by mention, an AI seat (no Discord user)
    by its seat's name."""
    if is_ai_seat(user_id):
        seat = game.seat_of(user_id)
        return seat.name if seat is not None else t(locale, "a bot")
    return mention(user_id)


def people(user_ids: Sequence[int]) -> list[int]:
    """The users a message may ping: AI seats are nobody to ping."""
    return [u for u in user_ids if not is_ai_seat(u)]


def seat_names(game: GameInfo, locale: str = DEFAULT_LOCALE) -> str:
    return ", ".join(s.name for s in game.seats) or t(locale, "nobody yet")


def result_lines(
    result: engines.Result, report: dict[str, str] | None = None, locale: str = DEFAULT_LOCALE
) -> list[str]:
    """The end of a game: the winners, why it ended, and the standings (with ``report``, how
    each player's score was made and what the rules reveal at the end)."""
    winners = ", ".join(result.winners) or t(locale, "nobody")
    over = tn(
        locale,
        "**Game over.** Winner: {winners}",
        "**Game over.** Winners: {winners}",
        max(1, len(result.winners)),
        winners=winners,
    )
    lines = [f"🏁 {over}"]
    if result.reason:
        lines.append(t(locale, "Why: {reason}", reason=result.reason_in(locale)))
    if result.scores:
        lines.append(t(locale, "Standings:"))
        lines += [clip(word(line, locale), 300) for line in standings(result, report)]
    lines.append(t(locale, "Play again with the same players and options: **Rematch**."))
    return lines


def awaited_line(game: GameInfo, to_act: list[int], locale: str = DEFAULT_LOCALE) -> str:
    if not to_act:
        return ""
    names = ", ".join(who(game, u, locale) for u in to_act)
    if len(to_act) == 1:
        return "➡️ " + t(locale, "Your move: {names}", names=names)
    return "➡️ " + t(locale, "Waiting for: {names}", names=names)


def turn_components(
    outcome: Outcome, locale: str = DEFAULT_LOCALE
) -> tuple[discord.ui.View | None, bool, bool]:
    """The components of a running game's turn message: the public moves (by index, never by
    id), a "Choose your move" button when some awaited player has moves only their private
    panel may show; whether some moves were left to ``/play`` and whether there is a panel.
    Their words are in ``locale`` (the server's: everyone reads them)."""
    game = outcome.game
    public = offers.board_moves(outcome.awaited, outcome.labels_public)
    private = offers.has_private_moves(outcome.awaited, outcome.labels_public)
    layout = action_layout(game.id, game.version, public, private=private, locale=locale)
    return layout.view, layout.needs_play, private


def turn_post(
    outcome: Outcome,
    *,
    headline: str = "",
    since: Sequence[Line | str] = (),
    this_turn: Sequence[Line | str] | None = None,
    ping: Sequence[int] | None = None,
    notes: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
) -> Post:
    """A turn's public message (posted when the turn starts, edited while it goes on), in
    ``locale``'s language (the server's).

    ``since``: what happened since the awaited players last acted ("since your last turn").
    ``this_turn`` (by default the outcome's public events): what happened in this turn so far.
    Both are one event (or one folded run) a line, never cut: the newest that fit are shown
    and the earlier ones counted in a pointer to ``/game log`` (:mod:`bot.discord_app.recap`).
    ``ping`` (by default every awaited player): the only users the message may mention
    (edits never ping anyone). ``notes`` (by default the outcome's): public lines about the
    game (e.g. the seats a stand-in plays), shown above who acts next.
    """
    if notes is None:
        notes = outcome.notes
    if this_turn is None:
        this_turn = folded(e for e in outcome.events if e.private_to is None)
    game = outcome.game
    head = f"**{title_of(game)}**" + (f" — {word(headline, locale)}" if headline else "")
    if outcome.result is not None:
        tail_lines = result_lines(outcome.result, outcome.report, locale)
        view: discord.ui.View | None = rematch_view(game.id, locale)
        mention_ids: list[int] = []
    else:
        view, needs_play, private = turn_components(outcome, locale)
        mention_ids = people(outcome.to_act if ping is None else ping)
        tail_lines = [*(word(n, locale) for n in notes), awaited_line(game, outcome.to_act, locale)]
        if needs_play:
            tail_lines.append(t(locale, PLAY_HINT))
        if private:
            tail_lines.append(t(locale, PRIVATE_HINT))
    head = clip(head, 300)
    tail = clip("\n".join(line for line in tail_lines if line), 1300)
    room = MAX_MESSAGE - len(head) - len(tail) - 2  # between the head's line and the tail's
    since_heading = f"🕑 {t(locale, SINCE_WORDS)}"
    recap = lines_of(since, locale)
    newest = len(recap[-1].text) + len(earlier(0, locale)) + 8 if recap else 0
    share = room // 2 if newest <= room // 2 else room - len(since_heading) - 1
    summary = fit_newest(recap, share, at_most=SINCE_LINES, locale=locale)
    if summary:
        summary = [since_heading, *summary]
        room -= len("\n".join(summary)) + 1
    events = fit_newest(lines_of(this_turn, locale), room, locale=locale)
    this_heading = t(locale, THIS_TURN_HEADING)
    if events and summary and len("\n".join([this_heading, *events])) <= room:
        events = [this_heading, *events]
    content = join_message(head, "\n".join(summary), "\n".join(events), tail)
    return Post(
        content=content,
        png=outcome.board_png,
        view=view,
        mention_ids=mention_ids,
        alt=alt_text(game, outcome.summary, locale),
    )


def lines_of(given: Sequence[Line | str], locale: str = DEFAULT_LOCALE) -> list[Line]:
    """Recap lines as given (a plain text stands for one event), worded for ``locale``, those
    without words left out."""
    lines = (Line.of(item).worded(locale) for item in given)
    return [line for line in lines if line.text.strip()]


def alt_text(game: GameInfo, summary: str, locale: str = DEFAULT_LOCALE) -> str:
    """The board image's description for screen readers: the public position in words."""
    shown = t(
        locale, "{title} board. {summary}", title=title_of(game), summary=word(summary, locale)
    )
    return clip(shown.strip(), MAX_ALT_TEXT)


def lobby_post(game: GameInfo, headline: str, locale: str = DEFAULT_LOCALE) -> Post:
    """A public lobby notice (opened, joined, left): who is in and what to do next."""
    engine = engines.get_engine(game.engine)
    head = f"**{title_of(game)}** — {clip(word(headline, locale), 300)}"
    if game.status != "lobby":
        closed = t(locale, "The lobby is closed. Start a game with `/game new`.")
        return Post(content=join_message(head, closed))
    seats = t(
        locale,
        "Players ({seated}/{most}): {seats}",
        seated=len(game.seats),
        most=engine.max_players,
        seats=lobby_seats(game, engine, locale),
    )
    host = str(game.host_id)
    if len(game.seats) < engine.min_players:
        more = engine.min_players - len(game.seats)
        nxt = tn(
            locale,
            "Join with `/game join`; {n} more needed before the host can `/game start`.",
            "Join with `/game join`; {n} more needed before the host can `/game start`.",
            more,
        )
    elif len(game.seats) >= engine.max_players:
        nxt = t(locale, "The lobby is full; the host (<@{host}>) can `/game start`.", host=host)
    else:
        nxt = t(
            locale, "Join with `/game join`, or the host (<@{host}>) can `/game start`.", host=host
        )
    return Post(content=join_message(head, seats, nxt))


def lobby_seats(game: GameInfo, engine: engines.Engine[Any], locale: str = DEFAULT_LOCALE) -> str:
    """The seated players, each with their own pick where the game has one (the host's too),
    or that it will be dealt at random when they picked none."""
    specs = [s for s in engine.options if s.per_player]
    if not specs or not game.seats:
        return seat_names(game, locale)
    return ", ".join(
        f"{s.name} ("
        + ", ".join(
            str(s.choices[spec.key])
            if spec.key in s.choices
            else t(locale, "{option}: at random", option=word(spec.label, locale))
            for spec in specs
        )
        + ")"
        for s in game.seats
    )


def board_post(
    game: GameInfo,
    png: bytes | None,
    summary: str,
    notes: Sequence[str] = (),
    locale: str = DEFAULT_LOCALE,
) -> Post:
    """The current board on request (it pings nobody; callers may add components), in
    ``locale``'s language (the server's in the channel, the reader's in a private copy)."""
    head = f"**{title_of(game)}**"
    shown = [word(n, locale) for n in notes]
    return Post(content=join_message(head, clip(word(summary, locale), 1500), *shown), png=png)


def private_lines(outcome: Outcome, user_id: int, locale: str = DEFAULT_LOCALE) -> list[str]:
    """The events only ``user_id`` may see, in their language."""
    return [word(text, locale) for text in outcome.private_events.get(user_id, [])]
