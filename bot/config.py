"""The operator's configuration, from command-line flags, the environment and a ``.env`` file (in that order).

The ``.env`` file sits in the working directory and holds ``NAME=value`` lines, so the token
need not be typed on the command line or kept in a shell profile. A variable set in the real
environment wins over the same one in ``.env``; a command-line flag wins over both. The reading
is pydantic-settings' (its ``.env`` reader allows ``#`` comments, quotes and ``export``); the
checks and their messages are ours.

:data:`VARIABLES` is the one list of the variables: ``python -m bot --help`` prints it, and a test
holds the README's table of them to it (names, flags, defaults).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from storage.shards import Shards
from storage.sql import is_postgres
from storage.sql import shown as without_password

DEFAULT_DB = "tabletop.sqlite3"
SYNC_MODES = ("auto", "always", "never")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
DEFAULT_METRICS_HOST = "127.0.0.1"
ENV_FILE = ".env"
TOKEN_HELP = (
    "Set DISCORD_TOKEN in the environment or in a .env file in the working directory "
    "(a line DISCORD_TOKEN=your-token). To get a token: "
    "https://discord.com/developers/applications → your app → Bot → Reset Token."
)


@dataclass(frozen=True)
class Variable:
    """One setting read from the environment (or ``.env``), and how ``--help`` explains it."""

    name: str
    flag: str  # the command-line flag that wins over it, "" for none
    default: str  # as the README's table says it
    meaning: str


VARIABLES = (
    Variable("DISCORD_TOKEN", "", "(none)", "the bot's token (required to run the bot)"),
    Variable(
        "TABLETOP_DB",
        "--db PATH",
        "./tabletop.sqlite3",
        "SQLite database file (default ./tabletop.sqlite3), or a PostgreSQL database's URL "
        "(postgresql://user:password@host/dbname)",
    ),
    Variable(
        "TABLETOP_SYNC",
        "--sync",
        "auto",
        "auto | always | never: when to sync slash commands (default auto: only when they "
        "changed since the last sync)",
    ),
    Variable(
        "TABLETOP_DEV_GUILD",
        "--dev-guild ID",
        "(none)",
        "server id to sync commands to instead of globally (they appear there at once; for "
        "development)",
    ),
    Variable(
        "TABLETOP_LOG_LEVEL", "--log-level", "INFO", "DEBUG | INFO | WARNING | ERROR (default INFO)"
    ),
    Variable(
        "TABLETOP_LOG_FORMAT",
        "--log-format",
        "text",
        "text | json (default text): json writes one JSON object a line, for a log shipper",
    ),
    Variable(
        "TABLETOP_MEMBERS_INTENT",
        "--members-intent",
        "off",
        "on | off (default off): use the privileged server members intent (enable it in the "
        "Developer Portal first)",
    ),
    Variable(
        "TABLETOP_SHARD_COUNT",
        "--shard-count N",
        "(unsharded)",
        "how many shards the bot runs in all, over one or more processes",
    ),
    Variable(
        "TABLETOP_SHARD_IDS",
        "--shard-ids IDS",
        "all N",
        "the shards this process runs (0-3, 0,2,5 or 0-3,7; default all)",
    ),
    Variable(
        "TABLETOP_METRICS_PORT",
        "--metrics-port PORT",
        "off",
        "serve /metrics (Prometheus), /healthz and /readyz on this port (default off)",
    ),
    Variable(
        "TABLETOP_METRICS_HOST",
        "--metrics-host HOST",
        "127.0.0.1",
        "the address the metrics port listens on (default 127.0.0.1: this machine only)",
    ),
)


class ConfigError(ValueError):
    """A setting with a value that cannot work; the message says which and why."""


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path | str  # a SQLite file, or a postgresql:// URL
    sync: str = "auto"
    dev_guild: int | None = None
    log_level: str = "INFO"
    members_intent: bool = False
    env_file: Path | None = None  # the .env file that was read, if there was one
    #: the shards this process runs, when sharding was asked for (None: one unsharded client)
    shards: Shards | None = None
    log_format: str = "text"
    #: where /metrics, /healthz and /readyz are served (None: not at all)
    metrics_port: int | None = None
    metrics_host: str = DEFAULT_METRICS_HOST

    def __repr__(self) -> str:  # never print the token
        shown = "set" if self.token else "missing"
        return (
            f"Config(token={shown}, db_path={without_password(self.db_path)!r}, "
            f"sync={self.sync!r}, "
            f"dev_guild={self.dev_guild!r}, log_level={self.log_level!r}, "
            f"shards={str(self.shards) if self.shards else None!r}, "
            f"log_format={self.log_format!r}, metrics_port={self.metrics_port!r}, "
            f"metrics_host={self.metrics_host!r})"
        )


class _Sources(BaseSettings):
    """The raw values, as pydantic-settings finds them: keyword arguments (the flags), then
    the environment, then the ``.env`` file. Empty values count as unset."""

    model_config = SettingsConfigDict(
        env_ignore_empty=True, extra="ignore", str_strip_whitespace=True, frozen=True
    )

    token: str | None = Field(default=None, alias="DISCORD_TOKEN", repr=False)
    db: str | None = Field(default=None, alias="TABLETOP_DB")
    sync: str | None = Field(default=None, alias="TABLETOP_SYNC")
    dev_guild: str | None = Field(default=None, alias="TABLETOP_DEV_GUILD")
    log_level: str | None = Field(default=None, alias="TABLETOP_LOG_LEVEL")
    members_intent: str | None = Field(default=None, alias="TABLETOP_MEMBERS_INTENT")
    shard_count: str | None = Field(default=None, alias="TABLETOP_SHARD_COUNT")
    shard_ids: str | None = Field(default=None, alias="TABLETOP_SHARD_IDS")
    log_format: str | None = Field(default=None, alias="TABLETOP_LOG_FORMAT")
    metrics_port: str | None = Field(default=None, alias="TABLETOP_METRICS_PORT")
    metrics_host: str | None = Field(default=None, alias="TABLETOP_METRICS_HOST")


def _read(env_file: Path, flags: dict[str, str | int | None]) -> _Sources:
    given = {name: str(v).strip() for name, v in flags.items() if v is not None and str(v).strip()}
    try:
        return _Sources(_env_file=env_file, _env_file_encoding="utf-8", **given)  # type: ignore[call-arg]  # pydantic-settings' own arguments
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"Could not read {env_file}: {exc}") from None


def load_config(
    *,
    cwd: Path | None = None,
    db: str | None = None,
    sync: str | None = None,
    dev_guild: str | int | None = None,
    log_level: str | None = None,
    members_intent: bool | None = None,
    shard_count: str | int | None = None,
    shard_ids: str | None = None,
    log_format: str | None = None,
    metrics_port: str | int | None = None,
    metrics_host: str | None = None,
) -> Config:
    """The settings: flags (the keyword arguments) > environment > ``.env`` in ``cwd`` (the
    working directory by default) > defaults."""
    cwd = Path.cwd() if cwd is None else Path(cwd)
    env_path = cwd / ENV_FILE
    found = _read(
        env_path,
        {
            "TABLETOP_DB": db,
            "TABLETOP_SYNC": sync,
            "TABLETOP_DEV_GUILD": dev_guild,
            "TABLETOP_LOG_LEVEL": log_level,
            "TABLETOP_MEMBERS_INTENT": "on" if members_intent else None,
            "TABLETOP_SHARD_COUNT": shard_count,
            "TABLETOP_SHARD_IDS": shard_ids,
            "TABLETOP_LOG_FORMAT": log_format,
            "TABLETOP_METRICS_PORT": metrics_port,
            "TABLETOP_METRICS_HOST": metrics_host,
        },
    )
    sync_mode = (found.sync or "auto").lower()
    if sync_mode not in SYNC_MODES:
        raise ConfigError(
            f"TABLETOP_SYNC must be one of {', '.join(SYNC_MODES)}, not '{sync_mode}'."
        )
    level = (found.log_level or "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"TABLETOP_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not '{level}'."
        )
    log_format = (found.log_format or "text").lower()
    if log_format not in LOG_FORMATS:
        raise ConfigError(
            f"TABLETOP_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not '{log_format}'."
        )
    port = found.metrics_port
    if port is not None and not (port.isdigit() and 1 <= int(port) <= 65535):
        raise ConfigError(f"TABLETOP_METRICS_PORT must be a port number (1-65535), not '{port}'.")
    guild_raw = found.dev_guild
    guild = None
    if guild_raw is not None:
        if not guild_raw.isdigit():
            raise ConfigError(
                "TABLETOP_DEV_GUILD must be a server id (a number such as 123456789012345678; "
                f"right-click the server with Developer Mode on → Copy Server ID), not '{guild_raw}'."
            )
        guild = int(guild_raw)
    members = (found.members_intent or "off").lower()
    if members not in ("on", "off"):
        raise ConfigError(f"TABLETOP_MEMBERS_INTENT must be on or off, not '{members}'.")
    db_path: Path | str
    if found.db and is_postgres(found.db):
        db_path = found.db
    else:
        db_path = Path(found.db or DEFAULT_DB).expanduser()
        if not db_path.is_absolute():
            db_path = cwd / db_path
    return Config(
        token=found.token,
        db_path=db_path,
        sync=sync_mode,
        dev_guild=guild,
        log_level=level,
        members_intent=members == "on",
        env_file=env_path if env_path.is_file() else None,
        shards=parse_shards(found.shard_count, found.shard_ids),
        log_format=log_format,
        metrics_port=int(port) if port is not None else None,
        metrics_host=found.metrics_host or DEFAULT_METRICS_HOST,
    )


def parse_shards(count: str | None, ids: str | None) -> Shards | None:
    """The shards of ``--shard-count N --shard-ids a-b`` (or ``a,b,c``, or both: ``0-3,7``);
    ids without a count are refused, a count without ids means every shard."""
    if count is None:
        if ids is not None:
            raise ConfigError(
                "TABLETOP_SHARD_IDS needs TABLETOP_SHARD_COUNT (--shard-count): the ids only "
                "mean something out of a known number of shards."
            )
        return None
    if not count.isdigit() or int(count) < 1:
        raise ConfigError(f"TABLETOP_SHARD_COUNT must be a whole number from 1 up, not '{count}'.")
    total = int(count)
    wanted = set(range(total)) if ids is None else _shard_ids(ids)
    try:
        return Shards(total, wanted)
    except ValueError as exc:
        raise ConfigError(f"TABLETOP_SHARD_IDS: {exc}.") from None


def _shard_ids(text: str) -> set[int]:
    wanted: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(
                "TABLETOP_SHARD_IDS must be shard numbers: a range such as 0-3, a list such "
                f"as 0,2,5, or both (0-3,7), not '{text}'."
            )
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ConfigError(f"TABLETOP_SHARD_IDS: the range {part} runs backwards.")
        wanted.update(range(first, last + 1))
    return wanted
