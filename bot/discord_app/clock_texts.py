"""How the clock service's answers and notices are said in Discord.

The service (:mod:`bot.clock`) returns facts (:mod:`bot.clock.results`); the commands and the
notifier word them here, with Discord's mentions and timestamps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.clock.durations import format_duration
from bot.clock.host import described
from bot.clock.records import MineEntry
from bot.clock.results import AwayPeriod, ClockInfo, ClockSetting, Nudge, Removal, Vote
from bot.discord_app.text import fit_lines
from bot.table import GameInfo


@dataclass(frozen=True)
class Said:
    """A public answer for the channel: its text and the only users it may ping."""

    text: str
    mention: tuple[int, ...] = ()


def when(ts: float) -> str:
    """A Discord timestamp that each reader sees in their own time zone, with "in 3 hours"."""
    return f"<t:{int(ts)}:f> (<t:{int(ts)}:R>)"


# -- notices the clock sends on its own ----------------------------------------------------------
def reminder(game: GameInfo, user_id: int, kind: str, due_at: float) -> str:
    lead = "half your time has gone" if kind == "half" else "time is nearly up"
    return (
        f"⏰ <@{user_id}>, it is your turn in **{game.title}** and {lead}: it runs out "
        f"{when(due_at)}, then a stand-in plays for you."
    )


def turn_dm(game: GameInfo, *, due_at: float | None = None, nudged: bool = False) -> str:
    extra = ""
    if due_at is not None:
        extra = f" Your time runs out {when(due_at)}."
    elif nudged:
        extra = " The other players nudged you."
    return f"It is your turn in **{game.title}** in <#{game.channel_id}>.{extra}"


def woke(game: GameInfo, user_id: int) -> str:
    """The one notice held through a player's quiet hours, in the game's channel."""
    return f"☀️ <@{user_id}>, good morning: **{game.title}** is waiting for your turn."


def woke_dm(games: Sequence[GameInfo]) -> str:
    """The one direct message held through a player's quiet hours: every game waiting."""
    lines = [f"• **{g.title}** in <#{g.channel_id}>" for g in games]
    head = "☀️ Good morning: " + (
        "a game is waiting for your turn." if len(lines) == 1 else "games are waiting for you."
    )
    return "\n".join([head, *lines])


def dm_failed(user_id: int) -> str:
    return (
        f"(I could not send <@{user_id}> a direct message about their turn; "
        "their DMs may be closed. `/me notifications how:mention` stops me trying.)"
    )


def standin_headline(player: str, *, kept: bool) -> str:
    if kept:
        return f"{player}'s stand-in played"
    return f"{player} ran out of time; a stand-in played for them"


def vote_opened(player: str, missed: int) -> str:
    return (
        f"🗳️ {player} has missed {missed} turns in a row. The other players may vote "
        f"with `/game vote`: **keep** lets the stand-in keep the seat for good, "
        f"**kick** removes {player} from the game. A majority decides; "
        f"{player} moving again ends the vote."
    )


def closed(game: GameInfo, reason: str) -> str:
    return f"🛑 **{game.title}**: The game was closed: {reason}."


def damaged(game: GameInfo) -> str:
    return (
        f"⚠️ **{game.title}**: this game's saved state cannot be played, so its clock has "
        "stopped. The host or a moderator can end it with `/host abort`."
    )


# -- answers to the clock commands ----------------------------------------------------------------
REMOVAL = {
    Removal.GOES_ON: "The game goes on without them.",
    Removal.ENDED: "That ends the game.",
    Removal.CLOSED: "The game cannot go on without them, so it is closed.",
}


def nudge(n: Nudge) -> Said:
    parts = [f"<@{u}>" + (f" (deadline {when(due)})" if due else "") for u, due in n.waiting]
    return Said(
        f"👋 <@{n.nudger_id}> nudges {', '.join(parts)}: the game of **{n.title}** "
        "is waiting for you.",
        n.pinged,
    )


def vote(v: Vote) -> Said:
    if v.decided is None:
        return Said(
            f"🗳️ <@{v.voter_id}> votes **{v.choice}** about {v.target}: {v.keep} keep, "
            f"{v.kick} kick; {v.need} needed."
        )
    if v.decided == "keep":
        return Said(
            f"🗳️ Decided: the stand-in keeps {v.target}'s seat for good and plays at once "
            f"when it is their turn. {v.target} can take it back by moving."
        )
    removal = REMOVAL[v.removal] if v.removal is not None else ""
    return Said(f"🗳️ Decided: {v.target} leaves the game. {removal}".strip())


def away(period: AwayPeriod) -> str:
    text = (
        f"You are away until {when(period.until)}: your clocks in {period.games} game(s), in "
        "every server, stand still. You can still move; `/me away back` ends it early."
    )
    if period.standin_games:
        text += (
            f" In {period.standin_games} game(s) the host chose that a stand-in plays for an "
            "away player, so your clock runs on there."
        )
    return text


def bank_left(seconds: float) -> str:
    """What is left of a player's time bank (a length of time, not a moment)."""
    if seconds < 60:
        return "time bank empty"
    return f"time bank {format_duration(seconds)} left"


NO_TURNS = "No game is waiting for you, in any server."
NO_GAMES = "You are not in any live game, in any server."


BACK = "Welcome back: your clocks run again."
PAUSED = "⏸️ The clock is paused: no reminders and no stand-ins until `/host resume`."
RESUMED = "▶️ The clock runs again; the time it was paused does not count."


def setting(s: ClockSetting) -> str:
    """The clock in words, as the log and the answer say it."""
    return described(s)


def clock_set(s: ClockSetting) -> str:
    return f"⏱️ Turn clock: {setting(s)}."


def rules_lines(s: ClockSetting) -> list[str]:
    """The game's clock rules beyond the time per turn, one line each."""
    r = s.rules
    lines = []
    if r.bank_seconds is not None:
        lines.append(
            f"🏦 Each player has a time bank of {format_duration(r.bank_seconds)}: a turn that "
            "runs over its time takes the rest from it; once it is empty, a stand-in plays."
        )
    if r.weekends_off:
        lines.append(
            "🏖️ Weekends off: a player's clock does not run on their own Saturday and Sunday "
            "(in their own time zone; UTC for a player who set none)."
        )
    if r.away_standin:
        lines.append("🧳 An away player's clock runs on: a stand-in plays when it is up.")
    else:
        lines.append("🧳 An away player's clock stops until they are back (`/me away`).")
    return lines


def clock_info(info: ClockInfo) -> str:
    s = info.setting
    if s.turn_seconds is None:
        lines = ["⏱️ This game has no turn clock."]
    else:
        lines = [
            f"⏱️ {format_duration(s.turn_seconds)} a turn; the others may vote after "
            f"{s.missed_limit} missed turns in a row."
        ]
        lines += rules_lines(s)
    lines.append(f"🤖 A stand-in for an absent player plays at the **{s.standin_level}** level.")
    if info.paused_at is not None:
        lines.append(f"The host paused the clock {when(info.paused_at)}.")
    for c in info.deadlines:
        bank = "" if c.bank_left is None else f", {bank_left(c.bank_left)}"
        lines.append(f"{c.name}: deadline {when(c.due_at)}{bank}")
    return "\n".join(lines)


def new_host(name: str) -> str:
    return f"👑 {name} is now the host."


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def turn_lines(entries: Sequence[MineEntry]) -> list[str]:
    """``/me turns``'s and the daily digest's lines: each game, where, whether it is your turn (with your deadline
    and time bank), and a jump link to its latest turn message."""
    lines = []
    for e in entries:
        if e.status == "lobby":
            state = "in the lobby"
        elif e.your_turn:
            state = "**your turn**" + (f", deadline {when(e.deadline)}" if e.deadline else "")
            if e.bank_left is not None:
                state += f", {bank_left(e.bank_left)}"
        else:
            state = f"waiting for {', '.join(e.waiting_for) or 'nobody'}"
        if e.paused:
            state += " (clock paused)"
        if e.board_message_id and e.board_channel_id is not None:  # kept together
            url = message_link(e.guild_id, e.board_channel_id, e.board_message_id)
            link = f" — [latest turn]({url})"
        else:
            link = (
                f" — [the game](https://discord.com/channels/{e.guild_id or '@me'}/{e.channel_id})"
            )
        lines.append(f"• **{e.title}** in <#{e.channel_id}>: {state}{link}")
    return lines


def digest(turns: Sequence[MineEntry]) -> str:
    """The daily digest's direct message (at most one message long)."""
    body = fit_lines(turn_lines(turns), 1900, more="… and {n} more")
    return "\n".join(["☀️ Your turns today:", *body, "(`/me digest time:off` stops these.)"])


def digest_set(minutes: int | None) -> str:
    if minutes is None:
        return "No more daily digests."
    return (
        f"Every day at {minutes // 60:02d}:{minutes % 60:02d} your time I will send you a "
        "direct message listing the games that await you (none on a day when none does)."
    )
