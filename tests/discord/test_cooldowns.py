"""The per-user allowance of expensive requests (boards, log pages, replays), on its own."""

from __future__ import annotations

import pytest

from bot.discord_app.cooldowns import LIMITS, Cooldowns, Limit, TooSoon

ADA, BOB = 1, 2
THREE_IN_30 = {"board": Limit(3, 30.0, LIMITS["board"].refusal)}


class FakeTime:
    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_the_allowance_is_granted_then_the_next_request_is_refused():
    limiter = Cooldowns(THREE_IN_30, now=FakeTime())
    for _ in range(3):
        limiter.take("board", ADA)
    with pytest.raises(TooSoon):
        limiter.take("board", ADA)


def test_the_refusal_says_when_to_ask_again_as_a_discord_timestamp():
    now = FakeTime(1000.0)
    limiter = Cooldowns(THREE_IN_30, now=now)
    for _ in range(3):
        limiter.take("board", ADA)
    with pytest.raises(TooSoon) as refused:
        limiter.take("board", ADA)
    assert refused.value.at == 1010.0  # one of three regained every 10 s
    assert "<t:1010:R>" in refused.value.message


def test_a_refused_request_spends_nothing():
    now = FakeTime()
    limiter = Cooldowns(THREE_IN_30, now=now)
    for _ in range(3):
        limiter.take("board", ADA)
    for _ in range(5):
        with pytest.raises(TooSoon):
            limiter.take("board", ADA)
    now.advance(10.0)
    limiter.take("board", ADA)  # exactly when the first refusal said


def test_the_allowance_comes_back_evenly_over_the_window():
    now = FakeTime()
    limiter = Cooldowns(THREE_IN_30, now=now)
    for _ in range(3):
        limiter.take("board", ADA)
    now.advance(9.9)
    with pytest.raises(TooSoon):
        limiter.take("board", ADA)
    now.advance(0.1)
    limiter.take("board", ADA)


def test_users_and_kinds_have_allowances_of_their_own():
    limiter = Cooldowns(
        {**THREE_IN_30, "log": Limit(1, 30.0, LIMITS["log"].refusal)},
        now=FakeTime(),
        prune_every=1e9,
    )
    for _ in range(3):
        limiter.take("board", ADA)
    limiter.take("board", BOB)
    limiter.take("log", ADA)


def test_a_kind_without_a_limit_is_always_allowed():
    limiter = Cooldowns(THREE_IN_30, now=FakeTime())
    for _ in range(100):
        limiter.take("status", ADA)
    assert len(limiter) == 0


def test_refilled_buckets_are_dropped_so_the_limiter_does_not_grow():
    now = FakeTime()
    limiter = Cooldowns(THREE_IN_30, now=now, prune_every=60.0)
    for user in range(1000):
        limiter.take("board", user)
    assert len(limiter) == 1000
    now.advance(60.0)  # every bucket has refilled (30 s) and the pruning is due
    limiter.take("board", ADA)
    assert len(limiter) == 1


def test_a_bucket_still_refilling_is_kept_by_the_pruning():
    now = FakeTime()
    limiter = Cooldowns(THREE_IN_30, now=now, prune_every=5.0)
    for _ in range(3):
        limiter.take("board", ADA)
    now.advance(5.0)
    limiter.prune()
    with pytest.raises(TooSoon):
        limiter.take("board", ADA)


def test_the_shipped_limits_cover_boards_log_pages_and_replays():
    assert set(LIMITS) == {"board", "log", "replay"}
    assert all(limit.count >= 1 and limit.per > 0 for limit in LIMITS.values())
