"""Server settings: what a server's admins choose for every game opened there.

Discord-free. :class:`ServerSettings` is the validated value (defaults for a server nobody
configured); :class:`SettingsKeeper` reads and writes it through :mod:`storage.server_settings`, keeps
every server's settings in memory (a handful of small rows, read once at start, so permission
checks need no database call), logs each change, and remembers the settings each game opened
with: a game keeps its turn clock, missed-turn limit, ping style and board colours when the
server's settings change later. Where games may open, which games are enabled and the game
master role are checked when they matter (at ``/game new`` and at each host power), against the
server's current settings.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import engines
from bot.clock.durations import format_duration
from bot.errors import NotAllowed, TableError
from storage.clock import DEFAULT_MISSED_LIMIT, DEFAULT_TURN_SECONDS
from storage.server_settings import SettingsChange, SettingsStore

log = logging.getLogger(__name__)

MISSED_RANGE = (1, 20)
#: Discord's limit on a message keeps the list readable; more channels than this is a mistake
MAX_CHANNELS = 25
#: games whose opening settings are kept in memory (the rest are read again when needed)
GAMES_CACHED = 4096


class BadSetting(TableError):
    """A setting value that cannot be stored; the message says why and what would work."""


class ServerSettings(BaseModel):
    """One server's settings (the defaults are what a server that set nothing gets)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    #: seconds per turn for new games; None: new games have no clock
    turn_seconds: int | None = DEFAULT_TURN_SECONDS
    missed_limit: int = Field(default=DEFAULT_MISSED_LIMIT, ge=MISSED_RANGE[0], le=MISSED_RANGE[1])
    #: new games open in their own thread unless ``/game new thread:false``
    thread_default: bool = False
    #: games that may not be opened here (a newly installed game is enabled)
    disabled_games: tuple[str, ...] = ()
    #: members with this role have host powers in every game of the server
    game_master_role: int | None = None
    #: channels where games may be opened (and threads of them); empty: every channel
    channels: tuple[int, ...] = ()
    #: "mention": turn messages and reminders ping; "name": they name the player, no ping
    pings: Literal["mention", "name"] = "mention"

    # -- questions asked of them -----------------------------------------------------------------
    @property
    def pings_quietly(self) -> bool:
        return self.pings == "name"

    def game_enabled(self, engine: str) -> bool:
        return engine not in self.disabled_games

    def channel_allowed(self, channel_id: int, parent_id: int | None = None) -> bool:
        """Whether a game may open in this channel (a thread counts as its parent channel)."""
        if not self.channels:
            return True
        return channel_id in self.channels or (parent_id is not None and parent_id in self.channels)

    def check_new_game(self, engine: str, channel_id: int, parent_id: int | None = None) -> None:
        """Refuse (:class:`NotAllowed`) a game this server does not allow here."""
        if not self.game_enabled(engine):
            enabled = [title_of(n) for n in engines.names() if self.game_enabled(n)]
            raise NotAllowed(
                f"{title_of(engine)} is turned off on this server by its admins. "
                f"Games you can open here: {', '.join(enabled) or 'none'}."
            )
        if not self.channel_allowed(channel_id, parent_id):
            where = ", ".join(f"<#{c}>" for c in self.channels)
            raise NotAllowed(f"Games can be opened only in {where} on this server.")

    def lines(self) -> list[str]:
        """The settings in words, one per line (for ``/tabletop settings``)."""
        clock = "no clock" if self.turn_seconds is None else f"{format_duration(self.turn_seconds)}"
        games = [title_of(n) for n in engines.names() if self.game_enabled(n)]
        off = [title_of(n) for n in self.disabled_games]
        return [
            f"⏱️ Turn clock for new games: **{clock}**; a vote after "
            f"**{self.missed_limit}** missed turns in a row",
            f"🧵 New games open in their own thread: **{'yes' if self.thread_default else 'no'}**",
            f"🎲 Games enabled: {', '.join(games) or 'none'}"
            + (f" (turned off: {', '.join(off)})" if off else ""),
            "👑 Game master role: "
            + (f"<@&{self.game_master_role}>" if self.game_master_role else "none")
            + " (host powers in every game, like Manage Messages)",
            "📍 Games may open in: "
            + (", ".join(f"<#{c}>" for c in self.channels) if self.channels else "every channel"),
            "🔔 Turn pings: "
            + ("**mention** the player" if self.pings == "mention" else "**name** only, no ping"),
        ]


def title_of(engine: str) -> str:
    try:
        return engines.get_engine(engine).title
    except engines.UnknownGame:
        return engine


def clock_words(seconds: int | None) -> str:
    return "no clock" if seconds is None else format_duration(seconds)


def describe_changes(old: ServerSettings, new: ServerSettings) -> list[str]:
    """What changed, one readable line per setting (empty when nothing did)."""
    out: list[str] = []
    if old.turn_seconds != new.turn_seconds:
        out.append(f"turn clock {clock_words(old.turn_seconds)} -> {clock_words(new.turn_seconds)}")
    if old.missed_limit != new.missed_limit:
        out.append(f"missed-turn limit {old.missed_limit} -> {new.missed_limit}")
    if old.thread_default != new.thread_default:
        out.append(f"thread by default {'on' if new.thread_default else 'off'}")
    for name in sorted(set(old.disabled_games) ^ set(new.disabled_games)):
        state = "turned off" if name in new.disabled_games else "turned on"
        out.append(f"{title_of(name)} {state}")
    if old.game_master_role != new.game_master_role:
        role = f"<@&{new.game_master_role}>" if new.game_master_role else "none"
        out.append(f"game master role -> {role}")
    if old.channels != new.channels:
        where = ", ".join(f"<#{c}>" for c in new.channels) or "every channel"
        out.append(f"game channels -> {where}")
    if old.pings != new.pings:
        out.append(f"turn pings -> {new.pings}")
    return out


def validated(settings: ServerSettings, **changes: object) -> ServerSettings:
    """``settings`` with ``changes`` applied, refusing (:class:`BadSetting`) values that
    cannot work: a missed-turn limit out of range, every game turned off, unknown games, too
    many channels."""
    data = settings.model_dump()
    data.update(changes)
    lo, hi = MISSED_RANGE
    if not lo <= data["missed_limit"] <= hi:
        raise BadSetting(f"The missed-turn limit must be from {lo} to {hi}.")
    unknown = [g for g in data["disabled_games"] if g not in engines.names()]
    if unknown:
        raise BadSetting(f"There is no game called {unknown[0]}.")
    if not any(n not in data["disabled_games"] for n in engines.names()):
        raise BadSetting("At least one game must stay enabled; turn another one on first.")
    if len(data["channels"]) > MAX_CHANNELS:
        raise BadSetting(f"At most {MAX_CHANNELS} game channels; clear the list and start again.")
    data["disabled_games"] = tuple(sorted(set(data["disabled_games"])))
    data["channels"] = tuple(dict.fromkeys(data["channels"]))
    try:
        return ServerSettings.model_validate(data)
    except ValidationError as exc:  # a bug in the caller: the checks above cover users
        raise BadSetting(f"That setting cannot be stored: {exc.errors()[0]['msg']}.") from None


def parse(raw: str | None, what: str) -> ServerSettings:
    """Settings from stored JSON; damaged ones fall back to the defaults (and say so once)."""
    if raw is None:
        return ServerSettings()
    try:
        return ServerSettings.model_validate_json(raw)
    except ValidationError:
        log.warning("The stored settings of %s are damaged; using the defaults", what)
        return ServerSettings()


class SettingsKeeper:
    """Every server's settings in memory, written through to the store."""

    def __init__(self, store: SettingsStore, *, now: Callable[[], float] = time.time):
        self.store = store
        self.now = now
        self._servers: dict[int, ServerSettings] = {}
        self._games: dict[int, ServerSettings] = {}

    @classmethod
    async def open(
        cls, store: SettingsStore, *, now: Callable[[], float] = time.time
    ) -> SettingsKeeper:
        keeper = cls(store, now=now)
        for guild_id, raw in (await store.all_servers()).items():
            keeper._servers[guild_id] = parse(raw, f"server {guild_id}")
        return keeper

    def server(self, guild_id: int | None) -> ServerSettings:
        """The server's current settings (the defaults outside a server or if never set)."""
        return self._servers.get(guild_id or 0, ServerSettings())

    async def change(self, guild_id: int, user_id: int, new: ServerSettings) -> list[str]:
        """Store ``new`` as the server's settings and log what changed; returns the changes
        in words (nothing is written when nothing changed)."""
        old = self.server(guild_id)
        changes = describe_changes(old, new)
        if not changes:
            return []
        await self.store.put_server(
            guild_id, new.model_dump_json(), user_id=user_id, now=self.now(), log=changes
        )
        self._servers[guild_id] = new
        log.info("Server %s settings changed by user %s: %s", guild_id, user_id, "; ".join(changes))
        return changes

    async def history(self, guild_id: int, *, limit: int = 5) -> list[SettingsChange]:
        return await self.store.changes(guild_id, limit=limit)

    async def remember_game(
        self, game_id: int, guild_id: int | None, settings: ServerSettings
    ) -> None:
        """Keep the settings a game opened with."""
        await self.store.put_game(game_id, guild_id, settings.model_dump_json())
        self._keep(game_id, settings)

    async def of_game(self, game_id: int, guild_id: int | None) -> ServerSettings:
        """The settings a game opened with (a game older than settings: the server's now)."""
        kept = self._games.get(game_id)
        if kept is None:
            raw = await self.store.game(game_id)
            if raw is None:
                return self.server(guild_id)
            kept = parse(raw, f"game {game_id}")
            self._keep(game_id, kept)
        return kept

    def _keep(self, game_id: int, settings: ServerSettings) -> None:
        self._games[game_id] = settings
        while len(self._games) > GAMES_CACHED:  # the oldest first (dicts keep insertion order)
            del self._games[next(iter(self._games))]
