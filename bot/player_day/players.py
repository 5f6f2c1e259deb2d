"""A player's own settings changed through the ``/me`` commands: each change is checked whole
and kept, or refused with a sentence and nothing changed (:class:`~bot.errors.TableError`).

The settings are one set per user for every server and direct messages; a mute is per game
(the game of the channel it is asked in).
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

from bot.clock.common import Now, Wake, running
from bot.errors import NotSeated, TableError
from bot.player_day.settings import BadSetting, PlayerSettings, find_zone, parse_window
from bot.table import GameInfo, Table
from storage.clock import ClockStore


class RefusedSetting(TableError):
    """A setting that cannot be kept; the player is told why and nothing changes."""


@dataclass(eq=False, repr=False)
class Players:
    table: Table
    clocks: ClockStore
    _: KW_ONLY
    now: Now
    wake: Wake

    async def settings(self, user_id: int) -> PlayerSettings:
        return await self.clocks.player_settings(user_id)

    async def _change(self, user_id: int, **fields: object) -> PlayerSettings:
        try:
            changed = (await self.settings(user_id)).changed(**fields)
        except BadSetting as refused:
            raise RefusedSetting(refused.args[0]) from None
        await self.clocks.set_player_settings(user_id, changed)
        self.wake()  # a held notice may now be due at another time
        return changed

    async def set_zone(self, *, user_id: int, zone: str | None) -> PlayerSettings:
        """Set (or, with None, clear) the player's zone; clearing it clears what needs it."""
        if zone is None:
            return await self._change(
                user_id, zone=None, quiet_start=None, quiet_end=None, digest_at=None
            )
        try:
            name = find_zone(zone)
        except BadSetting as refused:
            raise RefusedSetting(refused.args[0]) from None
        return await self._change(user_id, zone=name)

    async def set_quiet(self, *, user_id: int, window: str) -> PlayerSettings:
        """Quiet hours from text like ``23:00-07:00`` (or ``off``), in the player's zone."""
        try:
            parsed = parse_window(window)
        except BadSetting as refused:
            raise RefusedSetting(refused.args[0]) from None
        start, end = parsed if parsed is not None else (None, None)
        return await self._change(user_id, quiet_start=start, quiet_end=end)

    async def set_notifications(
        self, *, user_id: int, how: str | None = None, reminders: int | None = None
    ) -> PlayerSettings:
        """How the player is told of their turns, and how many reminders each turn."""
        fields: dict[str, object] = {}
        if how is not None:
            fields["notify"] = how
        if reminders is not None:
            fields["reminders_per_turn"] = reminders
        return await self._change(user_id, **fields)

    async def mute(self, *, channel_id: int, user_id: int, muted: bool) -> GameInfo:
        """Mute (or unmute) the channel's running game for a player seated in it."""
        game = await running(self.table, channel_id)
        if game.active_seat_of(user_id) is None:
            raise NotSeated("Only the players of this game can mute it.")
        await self.clocks.set_muted(user_id, game.id, muted)
        if muted:
            await self.clocks.drop_held(game_id=game.id, user_id=user_id)
        return game
