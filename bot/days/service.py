"""The days service: turn clocks, reminders, stand-ins, votes, away, host powers, bad endings.

Discord-free. It reads games through the platform's store, changes them only through the
table's normal paths (``act`` for a stand-in's move, ``concede`` for a kick, ``abort``) or the
store's logged ``save`` (host powers, closing a game), and keeps its own bookkeeping in
:mod:`storage.days`. The Discord layer calls :meth:`Days.after_change` after every change it
made through the table and :meth:`Days.board_posted` when it posts a board; the scheduler calls
:meth:`Days.fire_due`.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import engines
from bot.days import timers
from bot.days.durations import DAY, HOUR, format_duration
from bot.days.ports import ChannelGone, DmFailed, Notifier
from bot.errors import BoardChanged, NoGame, NotAllowed, NotSeated, TableError, WrongStage
from bot.logsafe import failure
from bot.table import GameInfo, Outcome, Table
from storage.days import DaysStore, Deadline
from storage.store import GameRow, LogEntry, Store, VersionConflict

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DaysConfig:
    nudge_gap: float = 12 * HOUR
    away_window: float = 30 * DAY
    away_limit: float = 14 * DAY
    #: a stand-in plays the absent player's whole turn, but never more than this many actions
    standin_max_steps: int = 40


@dataclass(frozen=True)
class Said:
    """A public answer for the channel: its text and the only users it may ping."""

    text: str
    mention: tuple[int, ...] = ()


def when(ts: float) -> str:
    """A Discord timestamp that each reader sees in their own time zone, with "in 3 hours"."""
    return f"<t:{int(ts)}:f> (<t:{int(ts)}:R>)"


def title_of(row: GameRow) -> str:
    try:
        return engines.get_engine(row.engine).title
    except engines.UnknownGame:
        return row.engine


def active_seats(row: GameRow):
    return [s for s in row.seats if s.active]


def seat_of(row: GameRow, user_id: int):
    return next((s for s in row.seats if s.user_id == user_id and s.active), None)


def awaited(row: GameRow) -> dict[int, str]:
    """User id -> player name of everyone the running game waits for."""
    if row.status != "running" or row.state is None:
        return {}
    try:
        engine = engines.get_engine(row.engine)
        names = engine.to_act(engine.load_state(row.state))
    except (engines.UnknownGame, ValueError):
        log.warning("game %s cannot be loaded; its clock is left alone", row.id)
        return {}
    by_name = {s.name: s.user_id for s in active_seats(row)}
    return {by_name[n]: n for n in names if n in by_name}


class Days:
    def __init__(
        self,
        table: Table,
        store: Store,
        days: DaysStore,
        notifier: Notifier,
        *,
        clock: Callable[[], float] = time.time,
        config: DaysConfig | None = None,
    ):
        self.table = table
        self.store = store
        self.days = days
        self.notifier = notifier
        self.clock = clock
        self.config = config or DaysConfig()
        self.wake: Callable[[], None] = lambda: None
        table.end_listeners.append(self.game_ended)

    # -- loading -----------------------------------------------------------------------------
    async def _live(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is None:
            raise NoGame()
        return row

    async def _running(self, channel_id: int) -> GameRow:
        row = await self._live(channel_id)
        if row.status != "running":
            raise WrongStage("The game has not started yet; that works once it runs.")
        return row

    def _require_host(self, row: GameRow, user_id: int, can_manage: bool) -> None:
        if user_id != row.host_id and not can_manage:
            raise NotAllowed(
                f"Only the host (<@{row.host_id}>) or a member with Manage Messages can do that."
            )

    async def _seated_rows(self, guild_id: int | None, user_id: int, statuses) -> list[GameRow]:
        rows = await self.store.games(statuses)
        return [r for r in rows if r.guild_id == guild_id and seat_of(r, user_id)]

    # -- the log -----------------------------------------------------------------------------
    async def _record(
        self, game_id: int, kind: str, user_id: int | None, text: str, **changes
    ) -> GameRow:
        """Append a line to the game's move log (with any row changes), retrying on a race."""
        for _ in range(5):
            row = await self.store.get_game(game_id)
            entry = LogEntry(
                kind=kind,
                user_id=user_id,
                events=[{"text": text, "kind": kind, "private_to": None}],
            )
            try:
                return await self.store.save(
                    game_id, row.version, now=self.clock(), entry=entry, **changes
                )
            except VersionConflict:
                continue
        raise BoardChanged()

    # -- keeping deadlines in line with the game -------------------------------------------------
    async def configure(
        self, game_id: int, *, turn_seconds: int | None, missed_limit: int | None = None
    ) -> None:
        """Set a game's clock (at creation, or by the host later); running turns start afresh."""
        fields: dict = {"turn_seconds": turn_seconds}
        if missed_limit is not None:
            fields["missed_limit"] = missed_limit
        await self.days.update_game(game_id, **fields)
        await self.days.drop_deadlines(game_id)
        await self.sync(game_id)

    async def sync(self, game_id: int) -> None:
        """Give every awaited player a deadline and drop the others' (idempotent)."""
        row = await self.store.get_game(game_id)
        dg = await self.days.game(game_id)
        if row.status != "running" or dg.closed_reason:
            await self.days.drop_deadlines(game_id)
            self.wake()
            return
        await self.days.ensure_game(game_id)
        dg = await self.days.game(game_id)
        now = self.clock()
        waiting = awaited(row)
        existing = {d.user_id: d for d in await self.days.deadlines(game_id)}
        for user_id in existing:
            if user_id not in waiting:
                await self.days.drop_deadline(game_id, user_id)
        for user_id in waiting:
            d = existing.get(user_id)
            if d is not None and d.fired_at is None:
                if d.version != row.version:
                    await self.days.set_deadline_version(game_id, user_id, row.version)
                continue
            if d is not None and d.version == row.version:
                continue  # fired for this very position: its stand-in is at work
            seat = await self.days.seat(game_id, user_id)
            if seat.standin_for_good:
                await self.days.put_deadline(game_id, user_id, row.version, now, now)
            elif dg.turn_seconds is None:
                await self.days.drop_deadline(game_id, user_id)
            else:
                back = await self.days.away_until(row.guild_id or 0, user_id, now)
                start = max(now, back or now)
                await self.days.put_deadline(
                    game_id, user_id, row.version, start, start + dg.turn_seconds
                )
        self.wake()

    async def recover(self) -> None:
        """At start: re-arm deadlines that fired but whose stand-in never moved (a crash), then
        bring every running game's deadlines up to date."""
        now = self.clock()
        for row in await self.store.games(("running",)):
            waiting = awaited(row)
            last = await self.store.moves(row.id, limit=1)
            # the position the deadline fired on, or only the stand-in's note written since
            untouched = {row.version}
            if last and last[0].kind == "standin" and last[0].version == row.version:
                untouched.add(row.version - 1)
            for d in await self.days.deadlines(row.id):
                if d.fired_at is not None and d.version in untouched and d.user_id in waiting:
                    await self.days.rearm(row.id, d.user_id, min(d.due_at, now))
            await self.sync(row.id)
        for row in await self.store.games(("finished", "aborted")):
            if await self.days.deadlines(row.id):
                await self.days.drop_deadlines(row.id)

    async def after_change(self, outcome: Outcome) -> None:
        """Hook: the Discord layer calls this after every change it made through the table.

        A player who moved themselves (the log's latest entry is their move, not a stand-in's)
        is back: their missed-turn count, a stand-in kept for good and any vote about them end.
        """
        game = outcome.game
        actor_id = await self._mover(game.id, game.version)
        if actor_id is not None and game.seat_of(actor_id) is not None:
            seat = await self.days.seat(game.id, actor_id)
            if seat.missed or seat.standin_for_good or seat.vote_open:
                await self.days.update_seat(
                    game.id, actor_id, missed=0, standin_for_good=0, vote_open=0
                )
                await self.days.clear_votes(game.id, actor_id)
        before = {d.user_id for d in await self.days.deadlines(game.id) if d.fired_at is None}
        await self.sync(game.id)
        if game.status == "running":
            fresh = [u for u in outcome.to_act if u not in before and u != actor_id]
            row = await self.store.get_game(game.id)
            await self._dm_turn(row, fresh)

    async def game_ended(self, game: GameInfo) -> None:
        """Hook (a :attr:`Table.end_listeners` entry): a game ended through the table (its
        last move, a concession, ``/game abort``, an empty lobby), however it was reached; its
        deadlines and reminders go at once and the scheduler looks again."""
        await self.days.drop_deadlines(game.id)
        self.wake()

    async def standin_note(self, game: GameInfo) -> list[str]:
        """A public line naming the seats a stand-in keeps for good in a running game, for the
        turn message, the board and ``/game status`` (empty when there are none)."""
        if game.status != "running":
            return []
        kept = await self.days.kept_seats(game.id)
        names = [s.name for s in game.seats if s.active and s.user_id in kept]
        if not names:
            return []
        seats = "seat" if len(names) == 1 else "seats"
        return [
            f"🤖 A stand-in plays for {', '.join(names)} (kept {seats}; "
            "moving again takes a seat back)."
        ]

    async def _mover(self, game_id: int, version: int) -> int | None:
        """Who made the move that produced ``version``, unless it was a stand-in."""
        last = await self.store.moves(game_id, limit=1)
        if not last or last[0].kind != "move" or last[0].version != version:
            return None
        if version in await self.days.standin_versions(game_id):
            return None
        return last[0].user_id

    async def board_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        """Hook: the Discord layer calls this with every board (turn) message it posts, so
        ``/game mine`` can link to the latest one."""
        await self.days.update_game(
            game_id, board_channel_id=channel_id, board_message_id=message_id
        )

    # -- posting -------------------------------------------------------------------------------
    async def _post(self, row: GameRow, text: str, mention: Sequence[int] = ()) -> bool:
        try:
            await self.notifier.post_text(row.channel_id, text, mention=mention)
        except ChannelGone as gone:
            await self.close(row.id, gone.reason, tell=False)
            return False
        return True

    async def _post_turn(self, row: GameRow, outcome: Outcome, headline: str) -> None:
        try:
            message_id = await self.notifier.post_turn(row.channel_id, outcome, headline=headline)
        except ChannelGone as gone:
            await self.close(row.id, gone.reason, tell=False)
            return
        if message_id is not None:
            await self.board_posted(row.id, row.channel_id, message_id)

    async def _dm_turn(self, row: GameRow, user_ids: Sequence[int], extra: str = "") -> None:
        for user_id in user_ids:
            on, _ = await self.days.notify(user_id)
            if not on:
                continue
            text = f"It is your turn in **{title_of(row)}** in <#{row.channel_id}>.{extra}"
            try:
                await self.notifier.dm(user_id, text)
            except DmFailed:
                if await self.days.claim_failure_told(user_id):
                    await self._post(
                        row,
                        f"(I could not send <@{user_id}> a direct message about their turn; "
                        "their DMs may be closed. `/game notify off` stops me trying.)",
                    )

    # -- the scheduler's side --------------------------------------------------------------------
    async def next_due_at(self) -> float | None:
        return timers.next_at(await self.days.open_deadlines())

    async def fire_due(self) -> int:
        """Fire every reminder and deadline that is due, in time order; each one only once."""
        now = self.clock()
        fire, stale = timers.due(await self.days.open_deadlines(), now)
        for t in stale:
            await self.days.claim(t.deadline.game_id, t.deadline.user_id, t.kind, t.deadline.due_at)
        fired = 0
        for t in fire:
            d = t.deadline
            if not await self.days.claim(d.game_id, d.user_id, t.kind, d.due_at, now=now):
                continue
            fired += 1
            try:
                if t.kind == "deadline":
                    await self._deadline_passed(d)
                else:
                    await self._remind(d, t.kind, now)
            except Exception as exc:
                log.error("firing the %s of game %s failed: %s", t.kind, d.game_id, failure(exc))
        return fired

    async def _remind(self, d: Deadline, kind: str, now: float) -> None:
        row = await self.store.get_game(d.game_id)
        if row.status != "running" or d.user_id not in awaited(row):
            return
        left = format_duration(d.due_at - now)
        lead = "half your time has gone" if kind == "half" else "time is nearly up"
        text = (
            f"⏰ <@{d.user_id}>, it is your turn in **{title_of(row)}** and {lead}: "
            f"{left} left (until {when(d.due_at)}), then a stand-in plays for you."
        )
        if await self._post(row, text, mention=[d.user_id]):
            await self._dm_turn(row, [d.user_id], extra=f" {left} left.")

    async def _deadline_passed(self, d: Deadline) -> None:
        row = await self.store.get_game(d.game_id)
        waiting = awaited(row)
        if d.user_id not in waiting:
            await self.sync(row.id)
            return
        if row.guild_id is not None and not await self.notifier.is_member(row.guild_id, d.user_id):
            await self.member_left(guild_id=row.guild_id, user_id=d.user_id)
            return
        player = waiting[d.user_id]
        seat = await self.days.seat(row.id, d.user_id)
        if seat.standin_for_good:
            missed = seat.missed
            note = f"⌛ {player}'s seat is played by the stand-in; it plays this turn."
        else:
            missed = await self.days.add_missed(row.id, d.user_id)
            note = (
                f"⌛ {player}'s time ran out ({missed} missed turn{'s' if missed > 1 else ''} "
                "in a row); a stand-in plays this turn for them."
            )
        await self._record(row.id, "standin", None, note)
        outcomes = await self._play_standin(row.id, d.user_id)
        if outcomes:
            headline = (
                f"{player}'s stand-in played"
                if seat.standin_for_good
                else f"{player} ran out of time; a stand-in played for them"
            )
            await self._post_turn(row, merge(outcomes), headline)
        row = await self.store.get_game(row.id)
        dg = await self.days.game(row.id)
        if (
            row.status == "running"
            and not seat.standin_for_good
            and not seat.vote_open
            and missed >= dg.missed_limit
        ):
            await self.days.update_seat(row.id, d.user_id, vote_open=1)
            others = [s.user_id for s in active_seats(row) if s.user_id != d.user_id]
            await self._post(
                row,
                f"🗳️ {player} has missed {missed} turns in a row. The other players may vote "
                f"with `/game vote`: **keep** lets the stand-in keep the seat for good, "
                f"**kick** removes {player} from the game. A majority decides; "
                f"{player} moving again ends the vote.",
                mention=others,
            )
        await self.sync(row.id)

    async def _play_standin(self, game_id: int, user_id: int) -> list[Outcome]:
        """Play the absent player's turn through the table's move path; each move is marked
        as the stand-in's in the days log (``/game mine`` and the turn message say so)."""
        outcomes: list[Outcome] = []
        for step in range(self.config.standin_max_steps):
            row = await self.store.get_game(game_id)
            if user_id not in awaited(row):
                break
            rng = random.Random(f"{row.id}:{row.version}:{user_id}:{step}")
            try:
                action_id = await self.table.suggest(
                    channel_id=row.channel_id, user_id=user_id, rng=rng
                )
                actions = await self.table.legal_actions(channel_id=row.channel_id, user_id=user_id)
                outcome = await self.table.act(
                    channel_id=row.channel_id,
                    user_id=user_id,
                    action_id=action_id,
                    expected_version=row.version,
                )
            except BoardChanged:
                continue
            except TableError as refused:
                # the reason may name the (secret) move it tried: the kind of refusal only
                log.warning("stand-in in game %s refused: %s", row.id, type(refused).__name__)
                break
            label = next((a.label for a in actions if a.id == action_id), action_id)
            await self.days.log(
                row.id,
                self.clock(),
                "standin",
                f"stand-in for <@{user_id}>: {label}",
                user_id=user_id,
                version=outcome.game.version,
            )
            outcomes.append(outcome)
        return outcomes

    # -- players' commands -----------------------------------------------------------------------
    async def nudge(self, *, channel_id: int, user_id: int) -> Said:
        row = await self._running(channel_id)
        if seat_of(row, user_id) is None:
            raise NotSeated("Only the players of this game can nudge.")
        waiting = [u for u in awaited(row) if u != user_id]
        if not waiting:
            raise TableError("Nobody else is holding up the game right now.")
        now = self.clock()
        next_ok = await self.days.take_nudge(row.id, now, self.config.nudge_gap)
        if next_ok is not None:
            raise TableError(
                f"This game was nudged less than {format_duration(self.config.nudge_gap)} ago. "
                f"The next nudge is possible {when(next_ok)}."
            )
        deadlines = {d.user_id: d for d in await self.days.deadlines(row.id)}
        parts = []
        for u in waiting:
            d = deadlines.get(u)
            due = f" (deadline {when(d.due_at)})" if d and d.fired_at is None else ""
            parts.append(f"<@{u}>{due}")
        await self._dm_turn(row, waiting, extra=" The other players nudged you.")
        return Said(
            f"👋 <@{user_id}> nudges {', '.join(parts)}: the game of **{title_of(row)}** "
            "is waiting for you.",
            tuple(waiting),
        )

    async def set_notify(self, *, user_id: int, on: bool) -> str:
        await self.days.set_notify(user_id, on)
        if on:
            return "I will send you a direct message when it is your turn."
        return "No more direct messages about your turns."

    async def away(self, *, guild_id: int | None, user_id: int, seconds: int) -> str:
        if guild_id is None:
            raise TableError("Away works inside a server.")
        now = self.clock()
        current = await self.days.away_until(guild_id, user_id, now)
        if current is not None:
            raise TableError(f"You are already away until {when(current)}; `/game back` ends it.")
        cfg = self.config
        used = await self.days.away_used(guild_id, user_id, now - cfg.away_window)
        left = max(0.0, cfg.away_limit - used)
        if seconds > left:
            raise TableError(
                f"You can be away at most {format_duration(cfg.away_limit)} in any "
                f"{format_duration(cfg.away_window)}; you have {format_duration(left)} left."
                if left >= 60
                else f"You have used all your away time ({format_duration(cfg.away_limit)} in "
                f"any {format_duration(cfg.away_window)}); try again later."
            )
        await self.days.add_away(guild_id, user_id, now, now + seconds)
        rows = await self._seated_rows(guild_id, user_id, ("running",))
        await self.days.shift_deadlines(seconds, user_id=user_id, game_ids=[r.id for r in rows])
        self.wake()
        return (
            f"You are away until {when(now + seconds)}: your clocks in {len(rows)} game(s) here "
            "are paused. You can still move; `/game back` ends it early."
        )

    async def back(self, *, guild_id: int | None, user_id: int) -> str:
        now = self.clock()
        given = await self.days.end_away(guild_id or 0, user_id, now)
        if not given:
            raise TableError("You are not away.")
        rows = await self._seated_rows(guild_id, user_id, ("running",))
        await self.days.shift_deadlines(-given, user_id=user_id, game_ids=[r.id for r in rows])
        self.wake()
        return "Welcome back: your clocks run again."

    async def vote(self, *, channel_id: int, user_id: int, target_id: int, choice: str) -> Said:
        if choice not in ("keep", "kick"):
            raise TableError("Vote `keep` (the stand-in keeps the seat) or `kick`.")
        row = await self._running(channel_id)
        if seat_of(row, user_id) is None:
            raise NotSeated("Only the players of this game can vote.")
        target = seat_of(row, target_id)
        if target is None:
            raise TableError(f"<@{target_id}> is not playing in this game.")
        if target_id == user_id:
            raise NotAllowed("You cannot vote about your own seat; moving again ends the vote.")
        dg = await self.days.game(row.id)
        if not (await self.days.seat(row.id, target_id)).vote_open:
            raise TableError(
                f"No vote is open about {target.name}. One opens after "
                f"{dg.missed_limit} missed turns in a row."
            )
        await self.days.cast_vote(row.id, target_id, user_id, choice)
        votes = await self.days.votes(row.id, target_id)
        voters = [s.user_id for s in active_seats(row) if s.user_id != target_id]
        need = len(voters) // 2 + 1
        keep = sum(1 for v, c in votes.items() if v in voters and c == "keep")
        kick = sum(1 for v, c in votes.items() if v in voters and c == "kick")
        if keep < need and kick < need:
            return Said(
                f"🗳️ <@{user_id}> votes **{choice}** about {target.name}: {keep} keep, "
                f"{kick} kick; {need} needed."
            )
        await self.days.update_seat(row.id, target_id, vote_open=0)
        await self.days.clear_votes(row.id, target_id)
        if keep >= need:
            await self.days.update_seat(row.id, target_id, standin_for_good=1)
            await self.days.drop_deadline(row.id, target_id)  # it plays at once from now on
            await self._record(
                row.id, "vote", None, f"The players voted: {target.name}'s stand-in keeps the seat."
            )
            await self.sync(row.id)
            return Said(
                f"🗳️ Decided: the stand-in keeps {target.name}'s seat for good and plays at once "
                f"when it is their turn. {target.name} can take it back by moving."
            )
        await self._record(
            row.id, "vote", None, f"The players voted to remove {target.name} from the game."
        )
        said = await self._remove(row, target_id, f"{target.name} was voted out")
        return Said(f"🗳️ Decided: {target.name} leaves the game. {said}")

    # -- host powers ---------------------------------------------------------------------------
    async def pause(self, *, channel_id: int, user_id: int, can_manage: bool) -> str:
        row = await self._running(channel_id)
        self._require_host(row, user_id, can_manage)
        dg = await self.days.game(row.id)
        if dg.paused_at is not None:
            raise TableError("The clock is already paused; `/game resume` starts it again.")
        await self.days.update_game(row.id, paused_at=self.clock())
        await self._record(row.id, "host", user_id, f"⏸️ <@{user_id}> paused the clock.")
        self.wake()
        return "⏸️ The clock is paused: no reminders and no stand-ins until `/game resume`."

    async def resume(self, *, channel_id: int, user_id: int, can_manage: bool) -> str:
        row = await self._running(channel_id)
        self._require_host(row, user_id, can_manage)
        dg = await self.days.game(row.id)
        if dg.paused_at is None:
            raise TableError("The clock is not paused.")
        now = self.clock()
        for d in await self.days.deadlines(row.id):
            held = now - max(dg.paused_at, d.started_at)
            if held > 0:
                await self.days.shift_deadlines(held, game_id=row.id, user_id=d.user_id)
        await self.days.update_game(row.id, paused_at=None)
        await self._record(row.id, "host", user_id, f"▶️ <@{user_id}> resumed the clock.")
        await self.sync(row.id)
        return "▶️ The clock runs again; the time it was paused does not count."

    async def set_clock(
        self,
        *,
        channel_id: int,
        user_id: int,
        can_manage: bool,
        turn_seconds: int | None,
        missed_limit: int | None = None,
    ) -> str:
        row = await self._live(channel_id)
        self._require_host(row, user_id, can_manage)
        if missed_limit is not None and not 1 <= missed_limit <= 20:
            raise TableError("The missed-turn limit must be between 1 and 20.")
        shown = "no clock" if turn_seconds is None else f"{format_duration(turn_seconds)} a turn"
        await self.configure(row.id, turn_seconds=turn_seconds, missed_limit=missed_limit)
        limit = (await self.days.game(row.id)).missed_limit
        shown += f"; a vote after {limit} missed turns in a row"
        await self._record(row.id, "host", user_id, f"⏱️ <@{user_id}> set the clock: {shown}.")
        return f"⏱️ Turn clock: {shown}."

    async def turn_seconds(self, *, channel_id: int) -> int | None:
        """The channel's game's time per turn (None: no clock)."""
        return (await self.days.game((await self._live(channel_id)).id)).turn_seconds

    async def clock_info(self, *, channel_id: int) -> str:
        """The channel's game clock as anyone may see it: time per turn, pause, deadlines."""
        row = await self._live(channel_id)
        dg = await self.days.game(row.id)
        if dg.turn_seconds is None:
            lines = ["⏱️ This game has no turn clock."]
        else:
            lines = [
                f"⏱️ {format_duration(dg.turn_seconds)} a turn; the others may vote after "
                f"{dg.missed_limit} missed turns in a row."
            ]
        if dg.paused_at is not None:
            lines.append(f"The host paused the clock {when(dg.paused_at)}.")
        names = {s.user_id: s.name for s in row.seats}
        for d in await self.days.deadlines(row.id):
            if d.fired_at is None:
                lines.append(f"{names.get(d.user_id, 'A player')}: deadline {when(d.due_at)}")
        return "\n".join(lines)

    async def kick(
        self, *, channel_id: int, user_id: int, can_manage: bool, target_id: int
    ) -> Said:
        row = await self._running(channel_id)
        self._require_host(row, user_id, can_manage)
        target = seat_of(row, target_id)
        if target is None:
            raise TableError(f"<@{target_id}> is not playing in this game.")
        if target_id == user_id:
            raise TableError("To leave the game yourself, use `/game concede`.")
        await self._record(
            row.id, "host", user_id, f"👢 <@{user_id}> removed {target.name} from the game."
        )
        return Said(await self._remove(row, target_id, f"{target.name} was removed by the host"))

    async def hand_over(
        self, *, channel_id: int, user_id: int, can_manage: bool, target_id: int
    ) -> str:
        row = await self._live(channel_id)
        self._require_host(row, user_id, can_manage)
        target = seat_of(row, target_id)
        if target is None:
            raise TableError("The new host must be a player of this game.")
        if target_id == row.host_id:
            raise TableError(f"{target.name} is already the host.")
        await self._record(
            row.id,
            "host",
            user_id,
            f"👑 <@{user_id}> handed the host role to {target.name}.",
            host_id=target_id,
        )
        return f"👑 {target.name} is now the host."

    async def _remove(self, row: GameRow, user_id: int, why: str) -> str:
        """A player leaves a running game through the table's concede path; if the game cannot
        go on without them it is closed with ``why`` as the reason."""
        try:
            outcome = await self.table.concede(channel_id=row.channel_id, user_id=user_id)
        except TableError as refused:
            await self.close(row.id, f"{why}; {refused.message}")
            return "The game cannot go on without them, so it is closed."
        await self.days.drop_deadline(row.id, user_id)
        await self._post_turn(row, outcome, why)
        await self.sync(row.id)
        if outcome.result is not None:
            return "That ends the game."
        return "The game goes on without them."

    # -- bad endings -----------------------------------------------------------------------------
    async def close(self, game_id: int, reason: str, *, tell: bool = True) -> bool:
        """End a live game for ``reason``, kept with its log; False if it had already ended.

        With ``tell``, the channel is told why (best effort: it may be the channel that is gone).
        """
        row = await self.store.get_game(game_id)
        await self.days.update_game(game_id, closed_reason=reason)
        await self.days.drop_deadlines(game_id)
        self.wake()
        if row.status not in ("lobby", "running"):
            return False
        text = f"The game was closed: {reason}."
        await self._record(game_id, "closed", None, text, status="aborted", end_reason=reason)
        if tell:
            try:
                await self.notifier.post_text(row.channel_id, f"🛑 **{title_of(row)}**: {text}")
            except ChannelGone:
                log.info("game %s closed; its channel is gone too", game_id)
        return True

    async def channel_gone(self, channel_id: int, reason: str = "its channel was deleted") -> bool:
        """The channel or thread was deleted, or the bot can no longer see it."""
        row = await self.store.live_game(channel_id)
        if row is None:
            return False
        return await self.close(row.id, reason, tell=False)

    async def member_left(self, *, guild_id: int, user_id: int) -> int:
        """A member left the server: they leave each of its games here; returns how many."""
        rows = await self._seated_rows(guild_id, user_id, ("lobby", "running"))
        for row in rows:
            name = seat_of(row, user_id).name
            if row.status == "lobby":
                await self._leave_lobby(row, user_id, name)
            else:
                await self._remove(row, user_id, f"{name} left the server")
            row = await self.store.get_game(row.id)
            if row.status in ("lobby", "running") and not active_seats(row):
                await self.close(row.id, "all players left")
            elif row.status in ("lobby", "running") and row.host_id == user_id:
                heir = active_seats(row)[0]
                await self._record(
                    row.id,
                    "host",
                    None,
                    f"👑 The host left the server; {heir.name} is the host now.",
                    host_id=heir.user_id,
                )
        return len(rows)

    async def _leave_lobby(self, row: GameRow, user_id: int, name: str) -> None:
        if len(active_seats(row)) <= 1:
            await self.close(row.id, "all players left")
            return
        try:
            await self.table.leave(channel_id=row.channel_id, user_id=user_id)
        except TableError:
            await self.close(row.id, f"{name} left the server")


def merge(outcomes: list[Outcome]) -> Outcome:
    """One outcome for a stand-in's whole turn: every public event, the final position."""
    private: dict[int, list[str]] = {}
    for o in outcomes:
        for user_id, texts in o.private_events.items():
            private.setdefault(user_id, []).extend(texts)
    return dataclasses.replace(
        outcomes[-1], events=[e for o in outcomes for e in o.events], private_events=private
    )
