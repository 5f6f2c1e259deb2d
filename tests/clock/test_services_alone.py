"""Each clock service made alone, with plain fakes for the table, the clock store and the other
services it is given: no database, no other real service. What each one does with the whole
set is tested through :class:`~bot.clock.service.ClockServices` in the other files here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.clock.away import Away
from bot.clock.closing import Closing
from bot.clock.common import ClockConfig
from bot.clock.deadlines import Deadlines
from bot.clock.endings import Removals
from bot.clock.firing import Firing
from bot.clock.host import HostPowers
from bot.clock.nights import Reach
from bot.clock.outbox import Outbox
from bot.clock.ports import ChannelGone
from bot.clock.reminders import Reminders
from bot.clock.results import Removal
from bot.clock.standins import StandIns
from bot.clock.votes import Votes
from bot.discord_app import clock_texts as words
from bot.errors import NotAllowed, TableError
from bot.table import Change
from storage.clock import ClockGame, ClockSeat, Deadline
from tests.clock.conftest import Notifier
from tests.discord.game_info import game

NOW = 1_000.0
ADA, BOB = 11, 22  # the players of tests.discord.game_info.game()
GAME = game()


def now() -> float:
    return NOW


class Calls:
    """Records every call made to it as ``(name, args, kwargs)``; each method answers what
    :attr:`answers` holds for its name (None by default)."""

    def __init__(self, **answers: Any) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.answers = answers

    def __getattr__(self, name: str) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            answer = self.answers.get(name)
            return answer(*args, **kwargs) if callable(answer) else answer

        return call

    def names(self) -> list[str]:
        return [name for name, _, _ in self.calls]


@dataclass
class Rings:
    count: int = 0

    def __call__(self) -> None:
        self.count += 1


@dataclass
class Tables:
    """The clock tables inside one ``ClockStore.run``: records the statements run."""

    done: list[str] = field(default_factory=list)

    def drop_deadlines(self, game_id: int) -> None:
        self.done.append(f"drop_deadlines {game_id}")

    def forget_synced(self, game_id: int) -> None:
        self.done.append(f"forget_synced {game_id}")

    def drop_held(self, *, game_id: int) -> None:
        self.done.append(f"drop_held {game_id}")


def deadline(user_id: int = ADA, **kw: Any) -> Deadline:
    base = dict(
        game_id=GAME.id,
        user_id=user_id,
        version=GAME.version,
        started_at=0.0,
        due_at=NOW - 1,
        half_sent=True,
        near_sent=True,
        fired_at=None,
    )
    return Deadline(**{**base, **kw})


async def test_closing_a_game_drops_its_clock_wakes_the_scheduler_and_tells_the_channel():
    clocks, table, notifier, wake = Calls(), Calls(close=GAME), Notifier(), Rings()
    closing = Closing(table, clocks, notifier, wake)
    assert await closing.close(GAME.id, "all players left")
    assert clocks.names() == ["update_game", "drop_deadlines"]
    assert wake.count == 1
    assert [text for _, text, _ in notifier.texts] == [words.closed(GAME, "all players left")]


async def test_the_outbox_closes_the_game_of_a_channel_that_is_gone_instead_of_failing():
    closing = Calls()

    async def gone() -> None:
        raise ChannelGone("its channel was deleted")

    outbox = Outbox(Calls(), closing)
    assert not await outbox.notify(GAME, gone())
    assert closing.calls == [("close", (GAME.id, "its channel was deleted"), {"tell": False})]


async def test_a_removal_the_table_cannot_play_closes_the_game():
    def refuse(**_: Any) -> None:
        raise TableError("the engine failed")

    table, closing, outbox = Calls(remove_player=refuse), Calls(), Calls()
    removals = Removals(table, Notifier(), outbox, closing)
    assert await removals.remove(GAME, BOB, "Bob was removed") == Removal.CLOSED
    assert closing.calls == [("close", (GAME.id, "Bob was removed; the engine failed"), {})]
    assert outbox.calls == []


async def test_a_turn_message_goes_only_to_players_the_nights_let_it_reach_by_dm():
    notifier = Notifier()
    nights = Calls(reach=Reach(mention=(ADA,), dm=(BOB,)))
    reminders = Reminders(
        Calls(), Calls(), notifier, Calls(), nights, now=now, config=ClockConfig()
    )
    await reminders.dm_turn(GAME, [ADA, BOB])
    assert [user for user, _ in notifier.dms] == [BOB]


async def test_a_game_that_ended_loses_its_deadlines_at_once_and_wakes_the_scheduler():
    tables, wake = Tables(), Rings()
    clocks = Calls(run=lambda work, atomic: work(tables))
    deadlines = Deadlines(
        Calls(), clocks, Notifier(), Calls(), Calls(), Calls(), now=now, wake=wake
    )
    finished = game(status="finished")
    await deadlines.on_change(Change(finished, "move", ADA, to_act=[]))
    assert tables.done == [
        f"drop_deadlines {GAME.id}",
        f"forget_synced {GAME.id}",
        f"drop_held {GAME.id}",
    ]
    assert wake.count == 1


async def test_a_seat_kept_by_a_stand_in_is_named_in_the_game_s_public_note():
    clocks = Calls(kept_seats={BOB})
    standins = StandIns(
        Calls(),
        clocks,
        Notifier(),
        Calls(),
        Calls(),
        Calls(),
        Calls(),
        now=now,
        config=ClockConfig(),
    )
    assert await standins.note(GAME) == [
        "🤖 A stand-in plays for Bob (kept seat; moving again takes a seat back)."
    ]


async def test_firing_hands_a_passed_deadline_to_the_stand_ins_once_it_is_claimed():
    passed = deadline()
    clocks = Calls(due_deadlines=[passed], claim=True)
    standins, reminders = Calls(), Calls()
    firing = Firing(clocks, reminders, standins, Calls(release_due=0), now=now)
    assert await firing.fire_due() == 1
    assert standins.calls == [("deadline_passed", (passed,), {})]
    assert reminders.calls == []


async def test_a_vote_about_a_player_with_no_vote_open_is_refused():
    table = Calls(live_game=GAME)
    clocks = Calls(game=ClockGame(GAME.id), seat=ClockSeat(GAME.id, BOB))
    votes = Votes(table, clocks, Calls(), Calls())
    with pytest.raises(TableError, match="No vote is open about Bob"):
        await votes.vote(channel_id=GAME.channel_id, user_id=ADA, target_id=BOB, choice="kick")
    assert "cast_vote" not in clocks.names()


async def test_coming_back_when_not_away_is_refused_and_moves_no_clock():
    clocks, wake = Calls(end_away=0.0), Rings()
    away = Away(Calls(player_games=[]), clocks, now=now, wake=wake, config=ClockConfig())
    with pytest.raises(TableError, match="You are not away"):
        await away.back(user_id=ADA)
    assert "shift_deadlines" not in clocks.names()
    assert wake.count == 0


async def test_only_the_host_or_a_moderator_may_pause_the_clock():
    clocks, wake = Calls(game=ClockGame(GAME.id)), Rings()
    host = HostPowers(Calls(live_game=GAME), clocks, Calls(), Calls(), now=now, wake=wake)
    with pytest.raises(NotAllowed):
        await host.pause(channel_id=GAME.channel_id, user_id=BOB, can_manage=False)
    assert clocks.calls == [] and wake.count == 0
    await host.pause(channel_id=GAME.channel_id, user_id=ADA, can_manage=False)
    assert ("update_game", (GAME.id,), {"paused_at": NOW}) in clocks.calls
    assert wake.count == 1
