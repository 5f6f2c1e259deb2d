"""How long a player's turn may run under the game's clock rules: the time per turn, plus
what is left of their time bank, on a clock that stands still through their weekends when the
game has weekends off; and what an overrun takes from the bank when the turn ends.

Everything here runs inside one trip to the clock tables (:meth:`ClockStore.run`).
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from bot.clock import weekends
from storage.clock import ClockRules, ClockTables, Deadline


def zone_in(t: ClockTables, user_id: int) -> ZoneInfo | None:
    """The player's own time zone (None: they set none, and their weekend is UTC's)."""
    name = t.player_settings(user_id).zone
    return ZoneInfo(name) if name else None


def due_at(
    t: ClockTables, game_id: int, user_id: int, start: float, turn: int, rules: ClockRules
) -> float:
    """When a turn that starts at ``start`` runs out: ``turn`` seconds and the player's bank,
    counted on their running clock."""
    budget = float(turn)
    if rules.bank_seconds is not None:
        budget += t.bank_left(game_id, user_id, rules.bank_seconds)
    if rules.weekends_off:
        return weekends.advance(start, budget, zone_in(t, user_id))
    return start + budget


def running_time(t: ClockTables, d: Deadline, rules: ClockRules, now: float) -> float:
    """How long the player's clock ran on this turn so far."""
    if rules.weekends_off:
        return weekends.running(d.started_at, now, zone_in(t, d.user_id))
    return max(0.0, now - d.started_at)


def draw_bank(
    t: ClockTables, game_id: int, d: Deadline, turn: int, rules: ClockRules, now: float
) -> None:
    """The turn of ``d`` ended: its overrun past ``turn`` comes out of the player's bank (all
    of it when the deadline passed and a stand-in played)."""
    assert rules.bank_seconds is not None
    if d.fired_at is not None:
        t.set_bank_left(game_id, d.user_id, 0.0)
        return
    over = running_time(t, d, rules, now) - turn
    if over > 0:
        left = t.bank_left(game_id, d.user_id, rules.bank_seconds)
        t.set_bank_left(game_id, d.user_id, left - over)
