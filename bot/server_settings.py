"""Server settings: what a server's admins choose for every game opened there.

Discord-free. :class:`ServerSettings` is the validated value (defaults for a server nobody
configured); :class:`SettingsKeeper` reads and writes it through :mod:`storage.server_settings`, keeps
every server's settings in memory (a handful of small rows, read once at start, so permission
checks need no database call), logs each change, and remembers the settings each game opened
with: a game keeps its turn clock, missed-turn limit, ping style and board colours when the
server's settings change later. Where games may open, which games are enabled and the game
master role are checked when they matter (at ``/game new`` and at each host power), against the
server's current settings.

The server's language (``language``: what its channels read) and each player's own language
(:class:`PlayerLanguages`) are read on every interaction, so they are kept in memory too; several
processes (shards) may share the database, so a process looks again at what it keeps once it is
:data:`FRESH_SECONDS` old: a change made in another process shows here within that time, one
made here at once.

What changed is logged as data (:class:`i18n.say.Say`), so the log reads in each reader's
language; a line logged before it was kept as data reads as the English it was written in.
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

import engines
from bot.clock.durations import format_duration
from bot.errors import NotAllowed, TableError
from i18n import SHIPPED, language_of, t
from i18n.say import Say, say, word
from storage.clock import DEFAULT_MISSED_LIMIT, DEFAULT_TURN_SECONDS
from storage.server_settings import SettingsChange, SettingsStore

log = logging.getLogger(__name__)

MISSED_RANGE = (1, 20)
#: Discord's limit on a message keeps the list readable; more channels than this is a mistake
MAX_CHANNELS = 25
#: games whose opening settings are kept in memory (the rest are read again when needed)
GAMES_CACHED = 4096
#: how long a process trusts the server settings and player languages it keeps in memory before
#: it reads them again (another process may have changed them): the bound on their staleness
FRESH_SECONDS = 60.0
#: players whose language is kept in memory (the least recently seen are forgotten first)
PLAYERS_CACHED = 10_000
#: English, the source, as a choice: the Discord locale it is stored as
ENGLISH = "en-US"
#: every language a server or a player may choose (a Discord locale each) -> its own name
LANGUAGES: dict[str, str] = {ENGLISH: "English", **{lang.code: lang.name for lang in SHIPPED}}


def language_name(code: str | None) -> str:
    """A chosen language in its own words ("Deutsch"); the code itself for one not offered."""
    return LANGUAGES.get(code or "", code or "")


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
    #: the language of the games' public messages here (a key of :data:`LANGUAGES`); None:
    #: Discord's preferred locale of the server
    language: str | None = None

    @field_validator("language")
    @classmethod
    def _offered_language(cls, language: str | None) -> str | None:
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"no language {language!r}")
        return language

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
                say(
                    "{game} is turned off on this server by its admins. "
                    "Games you can open here: {games}.",
                    game=title_of(engine),
                    games=", ".join(enabled) or say("none"),
                )
            )
        if not self.channel_allowed(channel_id, parent_id):
            where = ", ".join(f"<#{c}>" for c in self.channels)
            raise NotAllowed(
                say("Games can be opened only in {where} on this server.", where=where)
            )

    def lines(self, locale: str = ENGLISH, *, server_language: str = ENGLISH) -> list[str]:
        """The settings in words for a reader of ``locale``, one per line (for ``/tabletop
        settings``); ``server_language``: the server's preferred locale in Discord, which its
        games follow unless a language is chosen here."""
        clock = clock_words(self.turn_seconds, locale)
        games = ", ".join(title_of(n) for n in engines.names() if self.game_enabled(n))
        off = ", ".join(title_of(n) for n in self.disabled_games)
        role = f"<@&{self.game_master_role}>" if self.game_master_role else t(locale, "none")
        where = ", ".join(f"<#{c}>" for c in self.channels) or t(locale, "every channel")
        lines = [
            t(
                locale,
                "⏱️ Turn clock for new games: **{clock}**; a vote after **{n}** missed turns in "
                "a row",
                clock=clock,
                n=self.missed_limit,
            ),
            t(locale, "🧵 New games open in their own thread: **yes**")
            if self.thread_default
            else t(locale, "🧵 New games open in their own thread: **no**"),
            t(locale, "🎲 Games enabled: {games} (turned off: {off})", games=games, off=off)
            if off
            else t(locale, "🎲 Games enabled: {games}", games=games or t(locale, "none")),
            t(
                locale,
                "👑 Game master role: {role} (host powers in every game, like Manage Messages)",
                role=role,
            ),
            t(locale, "📍 Games may open in: {where}", where=where),
            t(locale, "🔔 Turn pings: **mention** the player")
            if self.pings == "mention"
            else t(locale, "🔔 Turn pings: **name** only, no ping"),
        ]
        if self.language is not None:
            lines.append(
                t(
                    locale,
                    "🗣️ Language of the games' messages: **{language}**",
                    language=language_name(self.language),
                )
            )
        else:
            lines.append(
                t(
                    locale,
                    "🗣️ Language of the games' messages: the server's language in Discord "
                    "(**{language}**)",
                    language=language_name(offered_language(server_language)),
                )
            )
        return lines


def offered_language(locale: str) -> str:
    """The choice a Discord locale reads as (``es-419`` reads Spanish; ``fr``, English)."""
    language = language_of(locale)
    return language.code if language is not None and language.code in LANGUAGES else ENGLISH


def title_of(engine: str) -> str:
    try:
        return engines.get_engine(engine).title
    except engines.UnknownGame:
        return engine


def clock_words(seconds: int | None, locale: str = ENGLISH) -> str:
    return t(locale, "no clock") if seconds is None else format_duration(seconds, locale)


def _clock_said(seconds: int | None) -> str:
    """A clock in a logged line: "no clock" worded for each reader; a duration in the short
    form people type it in ("1d 12h"), which reads in every language."""
    return say("no clock") if seconds is None else format_duration(seconds)


def describe_changes(old: ServerSettings, new: ServerSettings) -> list[Say]:
    """What changed, one line per setting, worded for each reader (empty when nothing did)."""
    out: list[Say] = []
    if old.turn_seconds != new.turn_seconds:
        out.append(
            say(
                "turn clock {old} -> {new}",
                old=_clock_said(old.turn_seconds),
                new=_clock_said(new.turn_seconds),
            )
        )
    if old.missed_limit != new.missed_limit:
        out.append(
            say(
                "missed-turn limit {old} -> {new}",
                old=str(old.missed_limit),
                new=str(new.missed_limit),
            )
        )
    if old.thread_default != new.thread_default:
        out.append(
            say("thread by default on") if new.thread_default else say("thread by default off")
        )
    for name in sorted(set(old.disabled_games) ^ set(new.disabled_games)):
        if name in new.disabled_games:
            out.append(say("{game} turned off", game=title_of(name)))
        else:
            out.append(say("{game} turned on", game=title_of(name)))
    if old.game_master_role != new.game_master_role:
        role = f"<@&{new.game_master_role}>" if new.game_master_role else say("none")
        out.append(say("game master role -> {role}", role=role))
    if old.channels != new.channels:
        where = ", ".join(f"<#{c}>" for c in new.channels) or say("every channel")
        out.append(say("game channels -> {where}", where=where))
    if old.pings != new.pings:
        # Translators: "mention" and "name" are the two ping styles of /tabletop settings pings
        pings = say("mention") if new.pings == "mention" else say("name")
        out.append(say("turn pings -> {pings}", pings=pings))
    if old.language != new.language:
        if new.language is None:
            out.append(say("language -> the server's language in Discord"))
        else:
            out.append(say("language -> {language}", language=language_name(new.language)))
    return out


def logged(text: str) -> str:
    """A change as the settings log keeps it: its data, so each reader reads it in their
    language (see :func:`log_line`)."""
    return json.dumps(text.data(), ensure_ascii=False) if isinstance(text, Say) else text


def log_line(kept: str, locale: str) -> str:
    """A settings log line for a reader of ``locale``: one kept as data, worded; one written
    before lines were kept as data, its English as it is."""
    if kept.startswith("{"):
        try:
            return Say.from_data(json.loads(kept)).word(locale)
        except ValueError:
            pass
    return word(kept, locale)


def validated(settings: ServerSettings, **changes: object) -> ServerSettings:
    """``settings`` with ``changes`` applied, refusing (:class:`BadSetting`) values that
    cannot work: a missed-turn limit out of range, every game turned off, unknown games, too
    many channels."""
    data = settings.model_dump()
    data.update(changes)
    lo, hi = MISSED_RANGE
    if not lo <= data["missed_limit"] <= hi:
        raise BadSetting(
            say("The missed-turn limit must be from {lo} to {hi}.", lo=str(lo), hi=str(hi))
        )
    unknown = [g for g in data["disabled_games"] if g not in engines.names()]
    if unknown:
        raise BadSetting(say("There is no game called {game}.", game=unknown[0]))
    if not any(n not in data["disabled_games"] for n in engines.names()):
        raise BadSetting(say("At least one game must stay enabled; turn another one on first."))
    if len(data["channels"]) > MAX_CHANNELS:
        raise BadSetting(
            say("At most {n} game channels; clear the list and start again.", n=str(MAX_CHANNELS))
        )
    data["disabled_games"] = tuple(sorted(set(data["disabled_games"])))
    data["channels"] = tuple(dict.fromkeys(data["channels"]))
    try:
        return ServerSettings.model_validate(data)
    except ValidationError as exc:  # a bug in the caller: the checks above cover users
        raise BadSetting(
            say("That setting cannot be stored: {why}.", why=str(exc.errors()[0]["msg"]))
        ) from None


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

    def __init__(
        self,
        store: SettingsStore,
        *,
        now: Callable[[], float] = time.time,
        steady_now: Callable[[], float] = time.monotonic,
    ):
        self.store = store
        self.now = now
        #: what measures the age of what is kept in memory (:data:`FRESH_SECONDS`)
        self.steady_now = steady_now
        self._servers: dict[int, ServerSettings] = {}
        self._read_at: dict[int, float] = {}
        self._games: dict[int, ServerSettings] = {}
        self.players = PlayerLanguages(store, steady_now=steady_now)

    @classmethod
    async def open(
        cls,
        store: SettingsStore,
        *,
        now: Callable[[], float] = time.time,
        steady_now: Callable[[], float] = time.monotonic,
    ) -> SettingsKeeper:
        keeper = cls(store, now=now, steady_now=steady_now)
        for guild_id, raw in (await store.all_servers()).items():
            keeper._servers[guild_id] = parse(raw, f"server {guild_id}")
        keeper._opened_at = steady_now()
        return keeper

    _opened_at = float("-inf")

    def server(self, guild_id: int | None) -> ServerSettings:
        """The server's settings as this process keeps them (the defaults outside a server or
        if never set)."""
        return self._servers.get(guild_id or 0, ServerSettings())

    async def fresh(self, guild_id: int | None) -> ServerSettings:
        """The server's settings, read again from the store when what this process keeps is
        older than :data:`FRESH_SECONDS` (another process may have changed them)."""
        if guild_id is None:
            return ServerSettings()
        read_at = self._read_at.get(guild_id, self._opened_at)
        asked = self.steady_now()
        if asked - read_at < FRESH_SECONDS:
            return self.server(guild_id)
        raw = await self.store.server(guild_id)
        if self._read_at.get(guild_id, self._opened_at) == read_at:  # not changed here meanwhile
            if raw is None:
                self._servers.pop(guild_id, None)
            else:
                self._servers[guild_id] = parse(raw, f"server {guild_id}")
            self._read_at[guild_id] = asked
        return self.server(guild_id)

    async def change(self, guild_id: int, user_id: int, new: ServerSettings) -> list[Say]:
        """Store ``new`` as the server's settings and log what changed; returns the changes
        in words, worded for each reader (nothing is written when nothing changed)."""
        old = self.server(guild_id)
        changes = describe_changes(old, new)
        if not changes:
            return []
        await self.store.put_server(
            guild_id,
            new.model_dump_json(),
            user_id=user_id,
            now=self.now(),
            log=[logged(c) for c in changes],
        )
        self._servers[guild_id] = new
        self._read_at[guild_id] = self.steady_now()
        log.info("Server %s settings changed by user %s: %s", guild_id, user_id, "; ".join(changes))
        return changes

    async def history(self, guild_id: int, *, limit: int = 5) -> list[SettingsChange]:
        """The latest changes, as kept (word each line with :func:`log_line`)."""
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


@dataclass
class _Known:
    language: str | None  # their choice (None: their Discord client's)
    seen: str | None  # their client's locale at their latest interaction
    read_at: float


class PlayerLanguages:
    """Each player's language, one for every server: their choice under ``/me language`` and
    the locale their Discord client last sent, kept in memory for :data:`FRESH_SECONDS` (the
    :data:`PLAYERS_CACHED` most recently seen players). A change made in this process counts
    at once; one made in another, within :data:`FRESH_SECONDS`. The client's locale is written
    only when it differs from the one kept, so an interaction costs no write."""

    def __init__(self, store: SettingsStore, *, steady_now: Callable[[], float] = time.monotonic):
        self.store = store
        self.steady_now = steady_now
        self._known: OrderedDict[int, _Known] = OrderedDict()

    async def _read(self, user_id: int) -> _Known:
        known = self._known.get(user_id)
        now = self.steady_now()
        if known is None or now - known.read_at >= FRESH_SECONDS:
            language, seen = await self.store.player_language(user_id)
            known = _Known(language, seen, now)
            self._keep(user_id, known)
        else:
            self._known.move_to_end(user_id)
        return known

    def _keep(self, user_id: int, known: _Known) -> None:
        self._known[user_id] = known
        self._known.move_to_end(user_id)
        while len(self._known) > PLAYERS_CACHED:
            self._known.popitem(last=False)

    async def chosen(self, user_id: int) -> str | None:
        """The language the player chose (None: they follow their Discord client)."""
        return (await self._read(user_id)).language

    async def seen(self, user_id: int, locale: str) -> str | None:
        """Note the locale the player's client sent now; returns the language they chose."""
        known = await self._read(user_id)
        if known.seen != locale:
            await self.store.put_seen_locale(user_id, locale)
            known.seen = locale
        return known.language

    async def known(self, user_id: int) -> tuple[str | None, str | None]:
        """(the language they chose, their client's locale at their latest interaction), for a
        message sent with no interaction; None where unknown."""
        known = await self._read(user_id)
        return known.language, known.seen

    async def choose(self, user_id: int, language: str | None) -> None:
        """Keep the player's choice (None: follow their Discord client)."""
        if language is not None and language not in LANGUAGES:
            raise BadSetting(say("There is no language {language} to choose.", language=language))
        await self.store.put_player_language(user_id, language)
        known = await self._read(user_id)
        known.language = language
