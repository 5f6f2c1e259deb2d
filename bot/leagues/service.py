"""Leagues, without Discord: opening one, signing up, seating each round, scoring it, moving on.

A league is driven by the clock like the turn clocks: its next moment (the sign-up window's
end, then each round's deadline) is ``leagues.due_at``, which a :class:`~bot.clock.scheduler
.Scheduler` of its own waits for (:meth:`Leagues.next_due_at`, :meth:`Leagues.fire_due`); a round
also ends as soon as every game of it has ended (:meth:`Leagues.on_change`, a table listener).
Moving to the next round is claimed in the database (:meth:`storage.leagues.LeagueStore
.claim_round`), so it happens once however many processes see it due, and each table's game is
opened under a lease (:meth:`~storage.leagues.LeagueStore.claim_table`); tables laid out but
not opened when a process stopped are opened by the next one that looks. Nothing is kept in
memory that the database does not hold, so a restart goes on where it stopped.

When a round ends at its deadline, its unfinished games are scored from the engine's standing
at that moment (:meth:`bot.table.Table.placing`) and then closed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import engines
from bot.errors import BadOptions, NotAllowed, TableError, UnknownGameName, WrongStage
from bot.leagues import pairing, texts
from bot.leagues.standings import Standing, bye_points, placement_points, standings
from bot.logsafe import failure
from bot.table import GameInfo, Outcome, Table, player_name
from i18n.say import say
from storage.leagues import LeagueRow, LeagueStore, Seating, SeatResult
from storage.ratings import RatingStore, shown_ratings
from storage.shards import Shards

log = logging.getLogger(__name__)

#: (guild, game, players) -> each player's rating in that game (players without one left out)
RatingsOf = Callable[[int, str, Sequence[int]], Awaitable[Mapping[int, float]]]
#: (game id, seconds per turn or None) -> the game's turn clock is set
ConfigureClock = Callable[[int, int | None], Awaitable[None]]

MAX_ROUNDS = 20
MIN_ROUND_SECONDS = 60
MAX_WINDOW_SECONDS = 60 * 86400


async def no_ratings(guild_id: int, engine: str, users: Sequence[int]) -> Mapping[int, float]:
    """Before ratings are known: every player unrated (standings then tie-break by name)."""
    return {}


def ratings_from(store: RatingStore) -> RatingsOf:
    """The league's tie-break read from the ratings' tables: each player's shown rating in
    the game in the league's server, among people (:mod:`bot.ratings`)."""

    async def read(guild_id: int, engine: str, users: Sequence[int]) -> Mapping[int, float]:
        if not users:
            return {}
        return await store.read(shown_ratings, guild_id, engine, "people", list(users))

    return read


async def no_clock(game_id: int, turn_seconds: int | None) -> None:
    """Games without a turn clock (tests of the league alone)."""


class NoLeague(TableError):
    default = say(
        "There is no such league in this server. `/league info` lists this server's leagues."
    )


class LeagueNotifier(Protocol):
    """The league's way out (Discord's in the bot, a recorder in tests). What the league says
    (a thread's name, a closing, an announcement) is kept as data (:mod:`bot.leagues.texts`):
    the notifier words it for the channel's readers (:func:`bot.leagues.texts.worded`)."""

    async def open_thread(self, league: LeagueRow, name: str) -> int:
        """A new thread of the league's channel for one game; its id."""

    async def publish(self, outcome: Outcome) -> None:
        """A league game's first turn message (or a concession's), in its thread."""

    async def game_closed(self, game: GameInfo, text: str) -> None:
        """A league game closed by the league (its round ended), said in its thread."""

    async def announce(self, league: LeagueRow, text: str, table: list[Standing]) -> None:
        """A new round, the end or a change of the league, with the standings, in its channel."""


@dataclass(eq=False)
class Leagues:
    table: Table
    store: LeagueStore
    notifier: LeagueNotifier
    now: Callable[[], float]
    ratings: RatingsOf = no_ratings
    configure_clock: ConfigureClock = no_clock
    shards: Shards | None = None
    #: rung when the next league moment may have moved (the leagues' scheduler waits on it)
    wake: Callable[[], None] = lambda: None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    # -- the game master's -------------------------------------------------------------------
    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        engine: str,
        table_size: int,
        rounds: int,
        turn_seconds: int | None,
        round_seconds: int,
        signup_seconds: int,
    ) -> LeagueRow:
        """Open a league's sign-up; every number checked before anything is written."""
        try:
            eng = engines.get_engine(engine)
        except engines.UnknownGame as exc:
            raise UnknownGameName(str(exc)) from None
        if not eng.min_players <= table_size <= eng.max_players:
            raise BadOptions(
                say(
                    "{game} is played by {low} to {high} players: choose a table size in that "
                    "range.",
                    game=eng.title,
                    low=eng.min_players,
                    high=eng.max_players,
                )
            )
        if not 1 <= rounds <= MAX_ROUNDS:
            raise BadOptions(say("A league plays from 1 to {most} rounds.", most=MAX_ROUNDS))
        if not MIN_ROUND_SECONDS <= round_seconds <= MAX_WINDOW_SECONDS:
            raise BadOptions(say("A round lasts from a minute to 60 days."))
        if not MIN_ROUND_SECONDS <= signup_seconds <= MAX_WINDOW_SECONDS:
            raise BadOptions(say("The sign-up window lasts from a minute to 60 days."))
        if turn_seconds is not None and turn_seconds > round_seconds:
            raise BadOptions(say("The turn clock cannot be longer than a round."))
        now = self.now()
        league = await self.store.create(
            guild_id=guild_id,
            channel_id=channel_id,
            engine=eng.name,
            table_size=table_size,
            rounds=rounds,
            turn_seconds=turn_seconds,
            round_seconds=round_seconds,
            host_id=host_id,
            signup_until=now + signup_seconds,
            now=now,
        )
        self.wake()
        return league

    async def get(self, league_id: int, guild_id: int | None = None) -> LeagueRow:
        """The league (refused when it is not this server's)."""
        league = await self.store.get(league_id)
        if league is None or (guild_id is not None and league.guild_id != guild_id):
            raise NoLeague()
        return league

    async def start_now(self, league_id: int, guild_id: int) -> LeagueRow:
        """End sign-up early and seat round 1 (or close the league, with too few players)."""
        league = await self.get(league_id, guild_id)
        if league.status != "signup":
            raise WrongStage(say("That league's sign-up is over already."))
        if not await self.advance(league):
            raise WrongStage(say("The league moved on meanwhile; look again."))
        return await self.get(league.id)

    async def pause(self, league_id: int, guild_id: int) -> LeagueRow:
        """Stop the round's clock (the games go on; no round starts while paused)."""
        league = await self.get(league_id, guild_id)
        if league.status != "running":
            raise WrongStage(
                say(
                    "Only a running league can be paused; this one is {status}.",
                    status=texts.status(league),
                )
            )
        left = max(0.0, (league.due_at or self.now()) - self.now())
        if not await self.store.set_status(
            league.id, "paused", expected=("running",), due_at=None, left_s=left
        ):
            raise WrongStage(say("The league moved on meanwhile; look again."))
        self.wake()
        return await self.get(league.id)

    async def resume(self, league_id: int, guild_id: int) -> LeagueRow:
        """Start the round's clock again with the time it had left (a round whose games all
        ended while paused moves on at once)."""
        league = await self.get(league_id, guild_id)
        if league.status != "paused":
            raise WrongStage(say("That league is not paused."))
        due = self.now() + (league.left_s or 0.0)
        if not await self.store.set_status(league.id, "running", expected=("paused",), due_at=due):
            raise WrongStage(say("The league moved on meanwhile; look again."))
        league = await self.get(league.id)
        if await self._round_over(league):
            await self.advance(league)
        self.wake()
        return await self.get(league.id)

    async def close(self, league_id: int, guild_id: int) -> LeagueRow:
        """End the league now: its running games are closed unscored, and the standings are
        final as they are."""
        league = await self.get(league_id, guild_id)
        if not await self.store.set_status(
            league.id, "closed", expected=("signup", "running", "paused"), due_at=None
        ):
            raise WrongStage(
                say("That league has already ended ({status}).", status=texts.status(league))
            )
        await self._close_games(league, texts.CLOSED_GAME)
        self.wake()
        league = await self.get(league.id)
        await self.notifier.announce(league, texts.closed(league), await self.standings(league))
        return league

    # -- the players' ------------------------------------------------------------------------
    async def sign_up(self, league_id: int, user_id: int, name: str) -> LeagueRow:
        league = await self.get(league_id)
        if league.status != "signup":
            raise WrongStage(say("Sign-up for this league is over."))
        if not await self.store.sign_up(league.id, user_id, player_name(name), self.now()):
            raise WrongStage(say("You have already signed up for this league."))
        return league

    async def withdraw(self, league_id: int, user_id: int) -> LeagueRow:
        league = await self.get(league_id)
        if league.status != "signup":
            raise WrongStage(
                say("This league has begun: to stop playing in it, use /league leave.")
            )
        if not await self.store.withdraw(league.id, user_id):
            raise WrongStage(say("You have not signed up for this league."))
        return league

    async def leave(self, league_id: int, guild_id: int, user_id: int) -> LeagueRow:
        """Drop out: before the start a withdrawal; after, the player is not seated again and
        their running game of this round is conceded."""
        league = await self.get(league_id, guild_id)
        if league.status == "signup":
            return await self.withdraw(league.id, user_id)
        if league.status not in ("running", "paused"):
            raise WrongStage(say("That league has ended."))
        if not await self.store.drop(league.id, user_id):
            raise NotAllowed(say("You are not playing in that league (or you left it already)."))
        for t in await self.store.tables(league.id, league.round):
            if user_id in t.users and t.game_id is not None:
                game = await self.table.game_by_id(t.game_id)
                if game.status == "running" and game.active_seat_of(user_id) is not None:
                    try:
                        outcome = await self.table.remove_player(
                            game_id=t.game_id, user_id=user_id, reason="left the league"
                        )
                    except TableError as exc:
                        log.info("league %s: a leaver's game went on: %s", league.id, exc)
                        continue
                    await self.notifier.publish(outcome)
        return league

    # -- standings ---------------------------------------------------------------------------
    async def standings(self, league: LeagueRow) -> list[Standing]:
        players = await self.store.players(league.id)
        ratings = await self._ratings(league, [p.user_id for p in players])
        return standings(players, await self.store.results(league.id), ratings)

    async def _ratings(self, league: LeagueRow, users: Sequence[int]) -> Mapping[int, float]:
        try:
            return await self.ratings(league.guild_id, league.engine, users)
        except Exception as exc:  # the standings still show, tie-broken by name
            log.error("league %s: ratings unavailable: %s", league.id, failure(exc))
            return {}

    # -- the clock's -------------------------------------------------------------------------
    async def next_due_at(self) -> float | None:
        """When the scheduler must next look: a table left unopened is due now."""
        if await self.store.unopened(self.shards):
            return self.now()
        return await self.store.next_due_at(self.shards)

    async def fire_due(self) -> int:
        """Open tables left unopened, then move on every league whose moment has come."""
        fired = 0
        for league_id, round_, _ in await self.store.unopened(self.shards):
            league = await self.get(league_id)
            if league.round == round_:
                fired += await self.open_tables(league)
        for league in await self.store.due(self.now(), self.shards):
            try:
                fired += await self.advance(league)
            except Exception as exc:
                log.error("league %s could not move on: %s", league.id, failure(exc))
        return fired

    async def on_change(self, change: object) -> None:
        """A table listener: a league game that ended may end its round (looked at in a task
        of its own, so the move that ended it is answered first)."""
        game = getattr(change, "game", None)
        if not isinstance(game, GameInfo) or game.status in ("lobby", "running"):
            return
        if self.shards is not None and not self.shards.owns(game.guild_id):
            return
        task = asyncio.create_task(self._game_ended(game.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait for the round changes games' endings started (tests, and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _game_ended(self, game_id: int) -> None:
        try:
            found = await self.store.league_of_game(game_id)
            if found is None:
                return
            league = await self.get(found[0])
            current = league.round == found[1] and league.status == "running"
            if current and await self._round_over(league):
                await self.advance(league)
        except Exception as exc:
            log.error("after league game %s ended: %s", game_id, failure(exc))

    async def _round_over(self, league: LeagueRow) -> bool:
        """Every table of the league's round has a game, and every one of them has ended."""
        tables = [t for t in await self.store.tables(league.id, league.round) if not t.bye]
        for t in tables:
            if t.game_id is None:
                return False
            if (await self.table.game_by_id(t.game_id)).status in ("lobby", "running"):
                return False
        return league.round > 0

    # -- moving on ---------------------------------------------------------------------------
    async def advance(self, league: LeagueRow) -> int:
        """Score the league's round, seat the next (or finish), once: 1 if this call did it."""
        eng = engines.get_engine(league.engine)
        if league.status == "signup":
            players = await self.store.players(league.id)
            if len(players) < eng.min_players:
                if await self.store.set_status(
                    league.id, "closed", expected=("signup",), due_at=None
                ):
                    league = await self.get(league.id)
                    await self.notifier.announce(league, texts.too_few(league, eng), [])
                    return 1
                return 0
        scores = await self._scores(league)
        done = league.round >= league.rounds
        seating = None if done else await self._seating(league, scores, eng)
        due = None if seating is None else self.now() + league.round_seconds
        if not await self.store.claim_round(
            league, scores=scores, seating=seating, due_at=due, now=self.now()
        ):
            return 0
        await self._close_games(league, texts.SCORED_GAME)
        self.wake()
        league = await self.get(league.id)
        if seating is not None:
            await self.open_tables(league)
        table = await self.standings(league)
        tables = await self.store.tables(league.id, league.round)
        names = {p.user_id: p.name for p in await self.store.players(league.id)}
        text = (
            texts.round_started(league, tables, names)
            if league.status == "running"
            else texts.finished(league)
        )
        await self.notifier.announce(league, text, table)
        return 1

    async def _scores(self, league: LeagueRow) -> list[SeatResult]:
        """The places and points of the league's current round (none before round 1)."""
        out: list[SeatResult] = []
        if league.round == 0:
            return out
        for t in await self.store.tables(league.id, league.round):
            if t.bye or t.game_id is None:
                continue
            try:
                groups = await self.table.placing(t.game_id)
            except TableError:
                groups = [list(t.users)]
            for user, (place, points) in placement_points(groups).items():
                out.append(SeatResult(league.round, t.table_no, user, place, points))
        return out

    async def _seating(
        self, league: LeagueRow, scores: Sequence[SeatResult], eng: engines.Engine[Any]
    ) -> Seating | None:
        """The next round's tables from the standings after ``scores`` (None: too few players
        are left for a table, and the league ends)."""
        players = await self.store.players(league.id)
        results = [*(r for r in await self.store.results(league.id) if r.points is not None)]
        results += scores
        ratings = await self._ratings(league, [p.user_id for p in players])
        order = [s.user_id for s in standings(players, results, ratings) if not s.dropped]
        if len(order) < eng.min_players:
            return None
        met: set[pairing.Pair] = set()
        byes: dict[int, int] = {}
        for t in await self.store.tables(league.id):
            if t.bye:
                byes[t.users[0]] = byes.get(t.users[0], 0) + 1
            for i, a in enumerate(t.users):
                for b in t.users[i + 1 :]:
                    met.add(pairing.pair_key(a, b))
        if league.table_size == 2:
            paired = pairing.swiss(order, met, byes)
            tables = [tuple(p) for p in paired.pairs]
            out = [] if paired.bye is None else [paired.bye]
        else:
            tables, out = pairing.similar_tables(
                order, league.table_size, eng.min_players, eng.max_players
            )
        return Seating(
            [*tables, *((u,) for u in out)], frozenset(out), bye_points(league.table_size)
        )

    async def open_tables(self, league: LeagueRow) -> int:
        """Open the game of every table of the round not opened yet (each under its lease)."""
        opened = 0
        names = {p.user_id: p.name for p in await self.store.players(league.id)}
        for t in await self.store.tables(league.id, league.round):
            if t.bye or t.game_id is not None:
                continue
            if not await self.store.claim_table(league.id, t.round, t.table_no, self.now()):
                continue
            try:
                await self._open_table(league, t.table_no, t.users, names)
            except Exception as exc:
                log.error(
                    "league %s: table %s could not open (tried again later): %s",
                    league.id,
                    t.table_no,
                    failure(exc),
                )
                continue
            opened += 1
        return opened

    async def _open_table(
        self, league: LeagueRow, table_no: int, users: Sequence[int], names: Mapping[int, str]
    ) -> None:
        eng = engines.get_engine(league.engine)
        players = [(u, names.get(u, "Player")) for u in users]
        thread = await self.notifier.open_thread(
            league, texts.thread_name(league, eng.title, table_no, [n for _, n in players])
        )
        outcome = await self.table.open_seated(
            guild_id=league.guild_id, channel_id=thread, engine=league.engine, players=players
        )
        await self.store.table_opened(league.id, league.round, table_no, outcome.game.id)
        await self.configure_clock(outcome.game.id, league.turn_seconds)
        await self.notifier.publish(outcome)

    async def _close_games(self, league: LeagueRow, text: str) -> None:
        """Close the league's games of ``league.round`` still being played."""
        for t in await self.store.tables(league.id, league.round):
            if t.game_id is None:
                continue
            closed = await self.table.close(game_id=t.game_id, reason=text, text=text)
            if closed is not None:
                try:
                    await self.notifier.game_closed(closed, text)
                except Exception as exc:
                    log.info("league game %s closed unannounced: %s", t.game_id, failure(exc))
