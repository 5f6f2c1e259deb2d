"""How the clock service's answers and notices are said in Discord, in the reader's language.

The service (:mod:`bot.clock`) returns facts (:mod:`bot.clock.results`); the commands and the
notifier word them here, with Discord's mentions and timestamps, for a reader's locale: a
private answer or a direct message in the player's (:func:`~bot.discord_app.locales.private_locale`,
:func:`~bot.discord_app.locales.player_locale`), a channel post in the server's
(:func:`~bot.discord_app.locales.public_locale`). Every function takes ``locale`` (English by
default); the texts that need no value are :class:`~i18n.say.Say` constants, worded with
``.word(locale)``. Durations are written in the reader's own units (:func:`format_duration`);
moments are Discord timestamps, which each client shows in its own language and time zone.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from babel.dates import format_date

from bot.clock.durations import format_duration
from bot.clock.host import described
from bot.clock.records import MineEntry
from bot.clock.results import AwayPeriod, ClockInfo, ClockSetting, Nudge, Removal, Vote
from bot.discord_app.replies import BadInput
from bot.discord_app.text import fit_lines
from bot.errors import TableError
from bot.table import GameInfo
from i18n import pseudo, t, tn
from i18n.languages import PSEUDO, language_of, number_locale
from i18n.say import Say, say, word

#: what a text is worded in when its caller names no reader
ENGLISH = "en-US"


@dataclass(frozen=True)
class Said:
    """A public answer for the channel: its text and the only users it may ping."""

    text: str
    mention: tuple[int, ...] = ()


def when(ts: float) -> str:
    """A Discord timestamp that each reader sees in their own time zone and language, with
    "in 3 hours"."""
    return f"<t:{int(ts)}:f> (<t:{int(ts)}:R>)"


def weekday(moment: datetime, locale: str) -> str:
    """The day of the week of ``moment`` in the reader's language ("Friday", "Freitag")."""
    if language_of(locale) is PSEUDO:
        return pseudo.text(f"{moment:%A}")
    return format_date(moment, "EEEE", locale=number_locale(locale))


def more_line(locale: str) -> str:
    """The line that says how many lines a long list left out, its ``{n}`` still to fill
    (:func:`bot.discord_app.text.fit_lines` fills it)."""
    return t(locale, "… and {n} more", n="{n}")


def reason(exc: BaseException) -> str:
    """A refusal's message as it was raised (a :class:`~i18n.say.Say` stays one: ``str(exc)``
    would keep only its English)."""
    message = exc.args[0] if exc.args else ""
    return message if isinstance(message, str) else str(exc)


@contextlib.contextmanager
def worded(locale: str) -> Iterator[None]:
    """Refusals raised inside (a :class:`~bot.errors.TableError` or a
    :class:`~bot.discord_app.replies.BadInput` whose message is a :class:`~i18n.say.Say`) are
    worded in ``locale`` before the error handler shows them."""
    try:
        yield
    except (TableError, BadInput) as refused:
        refused.message = word(refused.message, locale)
        refused.args = (refused.message,)
        raise


# -- notices the clock sends on its own ----------------------------------------------------------
def reminder(game: GameInfo, user_id: int, kind: str, due_at: float, locale: str = ENGLISH) -> str:
    if kind == "half":
        return t(
            locale,
            "⏰ <@{user}>, it is your turn in **{game}** and half your time has gone: it runs "
            "out {when}, then a stand-in plays for you.",
            user=str(user_id),
            game=game.title,
            when=when(due_at),
        )
    return t(
        locale,
        "⏰ <@{user}>, it is your turn in **{game}** and time is nearly up: it runs out "
        "{when}, then a stand-in plays for you.",
        user=str(user_id),
        game=game.title,
        when=when(due_at),
    )


def turn_dm(
    game: GameInfo,
    *,
    due_at: float | None = None,
    nudged: bool = False,
    locale: str = ENGLISH,
) -> str:
    values = {"game": game.title, "channel": str(game.channel_id)}
    if due_at is not None:
        return t(
            locale,
            "It is your turn in **{game}** in <#{channel}>. Your time runs out {when}.",
            when=when(due_at),
            **values,
        )
    if nudged:
        return t(
            locale,
            "It is your turn in **{game}** in <#{channel}>. The other players nudged you.",
            **values,
        )
    return t(locale, "It is your turn in **{game}** in <#{channel}>.", **values)


def woke(game: GameInfo, user_id: int, locale: str = ENGLISH) -> str:
    """The one notice held through a player's quiet hours, in the game's channel."""
    return t(
        locale,
        "☀️ <@{user}>, good morning: **{game}** is waiting for your turn.",
        user=str(user_id),
        game=game.title,
    )


def woke_dm(games: Sequence[GameInfo], locale: str = ENGLISH) -> str:
    """The one direct message held through a player's quiet hours: every game waiting."""
    lines = [
        t(locale, "• **{game}** in <#{channel}>", game=g.title, channel=str(g.channel_id))
        for g in games
    ]
    head = (
        t(locale, "☀️ Good morning: a game is waiting for your turn.")
        if len(lines) == 1
        else t(locale, "☀️ Good morning: games are waiting for you.")
    )
    return "\n".join([head, *lines])


def dm_failed(user_id: int, locale: str = ENGLISH) -> str:
    return t(
        locale,
        "(I could not send <@{user}> a direct message about their turn; their DMs may be "
        "closed. `/me notifications how:mention` stops me trying.)",
        user=str(user_id),
    )


def standin_headline(player: str, *, kept: bool, locale: str = ENGLISH) -> str:
    if kept:
        return t(locale, "{player}'s stand-in played", player=player)
    return t(locale, "{player} ran out of time; a stand-in played for them", player=player)


def vote_opened(player: str, missed: int, locale: str = ENGLISH) -> str:
    return t(
        locale,
        "🗳️ {player} has missed {n} turns in a row. The other players may vote with "
        "`/game vote`: **keep** lets the stand-in keep the seat for good, **kick** removes "
        "{player} from the game. A majority decides; {player} moving again ends the vote.",
        player=player,
        n=missed,
    )


def closed(game: GameInfo, reason: str, locale: str = ENGLISH) -> str:
    """``reason`` may be a :class:`~i18n.say.Say` (worded here) or plain text."""
    return t(
        locale,
        "🛑 **{game}**: The game was closed: {reason}.",
        game=game.title,
        reason=word(reason, locale),
    )


def damaged(game: GameInfo, locale: str = ENGLISH) -> str:
    return t(
        locale,
        "⚠️ **{game}**: this game's saved state cannot be played, so its clock has stopped. "
        "The host or a moderator can end it with `/host abort`.",
        game=game.title,
    )


# -- answers to the clock commands ----------------------------------------------------------------
#: what became of a game a player was taken out of (``.word(locale)`` each)
REMOVAL: dict[Removal, Say] = {
    Removal.GOES_ON: say("The game goes on without them."),
    Removal.ENDED: say("That ends the game."),
    Removal.CLOSED: say("The game cannot go on without them, so it is closed."),
}


def nudge(n: Nudge, locale: str = ENGLISH) -> Said:
    parts = [
        t(locale, "<@{user}> (deadline {when})", user=str(u), when=when(due)) if due else f"<@{u}>"
        for u, due in n.waiting
    ]
    return Said(
        t(
            locale,
            "👋 <@{nudger}> nudges {players}: the game of **{game}** is waiting for you.",
            nudger=str(n.nudger_id),
            players=", ".join(parts),
            game=n.title,
        ),
        n.pinged,
    )


def _choice(choice: str) -> str:
    return {"keep": say("keep"), "kick": say("kick")}.get(choice, choice)


def vote(v: Vote, locale: str = ENGLISH) -> Said:
    if v.decided is None:
        return Said(
            t(
                locale,
                "🗳️ <@{voter}> votes **{choice}** about {player}: {keep} keep, {kick} kick; "
                "{need} needed.",
                voter=str(v.voter_id),
                choice=word(_choice(v.choice), locale),
                player=v.target,
                keep=v.keep,
                kick=v.kick,
                need=v.need,
            )
        )
    if v.decided == "keep":
        return Said(
            t(
                locale,
                "🗳️ Decided: the stand-in keeps {player}'s seat for good and plays at once when "
                "it is their turn. {player} can take it back by moving.",
                player=v.target,
            )
        )
    if v.removal is None:
        return Said(t(locale, "🗳️ Decided: {player} leaves the game.", player=v.target))
    return Said(
        t(
            locale,
            "🗳️ Decided: {player} leaves the game. {removal}",
            player=v.target,
            removal=REMOVAL[v.removal].word(locale),
        )
    )


def away(period: AwayPeriod, locale: str = ENGLISH) -> str:
    text = tn(
        locale,
        "You are away until {when}: your clocks in {n} game, in every server, stand still. "
        "You can still move; `/me away back` ends it early.",
        "You are away until {when}: your clocks in {n} games, in every server, stand still. "
        "You can still move; `/me away back` ends it early.",
        period.games,
        when=when(period.until),
    )
    if period.standin_games:
        text += " " + tn(
            locale,
            "In {n} game the host chose that a stand-in plays for an away player, so your "
            "clock runs on there.",
            "In {n} games the host chose that a stand-in plays for an away player, so your "
            "clock runs on there.",
            period.standin_games,
        )
    return text


def bank_left(seconds: float, locale: str = ENGLISH) -> str:
    """What is left of a player's time bank (a length of time, not a moment)."""
    if seconds < 60:
        return t(locale, "time bank empty")
    return t(locale, "time bank {time} left", time=format_duration(seconds, locale))


NO_TURNS = say("No game is waiting for you, in any server.")
NO_GAMES = say("You are not in any live game, in any server.")


BACK = say("Welcome back: your clocks run again.")
PAUSED = say("⏸️ The clock is paused: no reminders and no stand-ins until `/host resume`.")
RESUMED = say("▶️ The clock runs again; the time it was paused does not count.")


def setting(s: ClockSetting, locale: str = ENGLISH) -> str:
    """The clock in words, as the log and the answer say it."""
    return described(s, locale).word(locale)


def clock_set(s: ClockSetting, locale: str = ENGLISH) -> str:
    return t(locale, "⏱️ Turn clock: {clock}.", clock=setting(s, locale))


def rules_lines(s: ClockSetting, locale: str = ENGLISH) -> list[str]:
    """The game's clock rules beyond the time per turn, one line each."""
    r = s.rules
    lines = []
    if r.bank_seconds is not None:
        lines.append(
            t(
                locale,
                "🏦 Each player has a time bank of {time}: a turn that runs over its time takes "
                "the rest from it; once it is empty, a stand-in plays.",
                time=format_duration(r.bank_seconds, locale),
            )
        )
    if r.weekends_off:
        lines.append(
            t(
                locale,
                "🏖️ Weekends off: a player's clock does not run on their own Saturday and "
                "Sunday (in their own time zone; UTC for a player who set none).",
            )
        )
    if r.away_standin:
        lines.append(
            t(locale, "🧳 An away player's clock runs on: a stand-in plays when it is up.")
        )
    else:
        lines.append(t(locale, "🧳 An away player's clock stops until they are back (`/me away`)."))
    return lines


def clock_info(info: ClockInfo, locale: str = ENGLISH) -> str:
    s = info.setting
    if s.turn_seconds is None:
        lines = [t(locale, "⏱️ This game has no turn clock.")]
    else:
        lines = [
            t(
                locale,
                "⏱️ {time} a turn; the others may vote after {n} missed turns in a row.",
                time=format_duration(s.turn_seconds, locale),
                n=s.missed_limit,
            )
        ]
        lines += rules_lines(s, locale)
    lines.append(
        t(
            locale,
            "🤖 A stand-in for an absent player plays at the **{level}** level.",
            level=s.standin_level,
        )
    )
    if info.paused_at is not None:
        lines.append(t(locale, "The host paused the clock {when}.", when=when(info.paused_at)))
    for c in info.deadlines:
        if c.bank_left is None:
            lines.append(t(locale, "{player}: deadline {when}", player=c.name, when=when(c.due_at)))
        else:
            lines.append(
                t(
                    locale,
                    "{player}: deadline {when}, {bank}",
                    player=c.name,
                    when=when(c.due_at),
                    bank=bank_left(c.bank_left, locale),
                )
            )
    return "\n".join(lines)


def new_host(name: str, locale: str = ENGLISH) -> str:
    return t(locale, "👑 {player} is now the host.", player=name)


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def _state(e: MineEntry, locale: str) -> str:
    if e.status == "lobby":
        return t(locale, "in the lobby")
    if e.your_turn:
        bank = None if e.bank_left is None else bank_left(e.bank_left, locale)
        if e.deadline and bank is not None:
            return t(
                locale,
                "**your turn**, deadline {when}, {bank}",
                when=when(e.deadline),
                bank=bank,
            )
        if e.deadline:
            return t(locale, "**your turn**, deadline {when}", when=when(e.deadline))
        if bank is not None:
            return t(locale, "**your turn**, {bank}", bank=bank)
        return t(locale, "**your turn**")
    return t(
        locale,
        "waiting for {players}",
        players=", ".join(e.waiting_for) or t(locale, "nobody"),
    )


def turn_lines(entries: Sequence[MineEntry], locale: str = ENGLISH) -> list[str]:
    """``/me turns``'s and the daily digest's lines: each game, where, whether it is your turn
    (with your deadline and time bank), and a jump link to its latest turn message."""
    lines = []
    for e in entries:
        state = _state(e, locale)
        if e.paused:
            state = t(locale, "{state} (clock paused)", state=state)
        if e.board_message_id and e.board_channel_id is not None:  # kept together
            url = message_link(e.guild_id, e.board_channel_id, e.board_message_id)
            link = t(locale, "[latest turn]({url})", url=url)
        else:
            url = f"https://discord.com/channels/{e.guild_id or '@me'}/{e.channel_id}"
            link = t(locale, "[the game]({url})", url=url)
        lines.append(
            t(
                locale,
                "• **{game}** in <#{channel}>: {state} — {link}",
                game=e.title,
                channel=str(e.channel_id),
                state=state,
                link=link,
            )
        )
    return lines


def digest(turns: Sequence[MineEntry], locale: str = ENGLISH) -> str:
    """The daily digest's direct message (at most one message long)."""
    body = fit_lines(turn_lines(turns, locale), 1900, more=more_line(locale))
    return "\n".join(
        [
            t(locale, "☀️ Your turns today:"),
            *body,
            t(locale, "(`/me digest time:off` stops these.)"),
        ]
    )


def digest_set(minutes: int | None, locale: str = ENGLISH) -> str:
    if minutes is None:
        return t(locale, "No more daily digests.")
    return t(
        locale,
        "Every day at {time} your time I will send you a direct message listing the games "
        "that await you (none on a day when none does).",
        time=f"{minutes // 60:02d}:{minutes % 60:02d}",
    )
