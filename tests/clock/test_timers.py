"""When reminders and deadlines fall due."""

from bot.clock import timers
from storage.clock import Deadline

H = 3600


def deadline(start=0.0, span=24 * H, **kw) -> Deadline:
    fields = dict(
        game_id=1,
        user_id=10,
        version=1,
        started_at=start,
        due_at=start + span,
        half_sent=False,
        near_sent=False,
        fired_at=None,
    )
    fields.update(kw)
    return Deadline(**fields)


def test_a_day_long_turn_is_reminded_at_half_time_and_an_hour_before_the_end():
    kinds = [(t.kind, t.at) for t in timers.timers_of(deadline())]
    assert kinds == [("half", 12 * H), ("near", 23 * H), ("deadline", 24 * H)]


def test_a_short_turn_is_reminded_in_its_last_quarter():
    near = [t.at for t in timers.timers_of(deadline(span=2 * H)) if t.kind == "near"]
    assert near == [1.5 * H]


def test_reminders_that_would_come_after_the_deadline_are_dropped_quietly():
    fire, stale = timers.due([deadline()], now=30 * H)
    assert [t.kind for t in fire] == ["deadline"]
    assert sorted(t.kind for t in stale) == ["half", "near"]


def test_only_the_latest_reminder_is_sent_when_two_came_due_together():
    fire, stale = timers.due([deadline()], now=23.5 * H)
    assert [t.kind for t in fire] == ["near"]
    assert [t.kind for t in stale] == ["half"]


def test_due_timers_fire_in_time_order_across_games():
    late = deadline(game_id=1, start=0)
    early = deadline(game_id=2, start=-5 * H)
    fire, _ = timers.due([late, early], now=25 * H)
    assert [t.deadline.game_id for t in fire] == [2, 1]


def test_a_fired_deadline_has_nothing_left_to_wait_for():
    assert timers.next_at([deadline(fired_at=5.0)]) is None
    assert timers.next_at([deadline(half_sent=True)]) == 23 * H
