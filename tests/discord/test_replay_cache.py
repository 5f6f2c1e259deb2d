"""The memory of ended games' replays: which request a kept replay answers, and its bound."""

from __future__ import annotations

from bot.discord_app.replay_cache import Drawn, ReplayCache


def drawn(size: int, frames: int = 10, most: int = 120) -> Drawn:
    return Drawn(b"x" * size, frames, most)


def test_a_kept_replay_answers_the_same_request():
    cache = ReplayCache()
    cache.put(7, drawn(10))
    assert cache.get(7, 120) == drawn(10)
    assert cache.get(8, 120) is None


def test_a_replay_with_every_turn_answers_a_request_for_more_or_as_many_frames():
    short = drawn(10, frames=12, most=60)  # 12 turns: all of them, under either budget
    assert short.serves(120) and short.serves(12)
    assert not short.serves(11)


def test_a_thinned_replay_does_not_answer_a_request_for_more_frames():
    thinned = drawn(10, frames=60, most=60)  # 60 of perhaps many more turns
    assert not thinned.serves(120)
    assert not drawn(10, frames=120, most=120).serves(60)


def test_the_least_recently_used_replay_goes_first_past_the_byte_budget():
    cache = ReplayCache(max_bytes=100)
    cache.put(1, drawn(40))
    cache.put(2, drawn(40))
    cache.get(1, 120)  # 1 is now the most recently used
    cache.put(3, drawn(40))
    assert cache.get(2, 120) is None
    assert cache.get(1, 120) is not None and cache.get(3, 120) is not None
    assert cache.size == 80


def test_a_replay_larger_than_the_budget_is_not_kept():
    cache = ReplayCache(max_bytes=100)
    cache.put(1, drawn(40))
    cache.put(2, drawn(101))
    assert cache.get(2, 120) is None and len(cache) == 1 and cache.size == 40


def test_drawing_a_game_again_replaces_its_replay():
    cache = ReplayCache(max_bytes=100)
    cache.put(1, drawn(40, frames=60, most=60))
    cache.put(1, drawn(50, frames=120, most=120))
    assert len(cache) == 1 and cache.size == 50
    assert cache.get(1, 120) == drawn(50, frames=120, most=120)


def test_a_replay_drawn_in_one_language_does_not_serve_another():
    cache = ReplayCache()
    cache.put(7, Drawn(b"x" * 10, 10, 120, "de"))
    assert cache.get(7, 120, "de") is not None
    assert cache.get(7, 120, "pt-BR") is None
