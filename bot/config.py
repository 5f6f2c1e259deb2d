"""Settings, from command-line flags, the environment and a ``.env`` file (in that order).

The ``.env`` file sits in the working directory and holds ``NAME=value`` lines, so the token
need not be typed on the command line or kept in a shell profile. A variable set in the real
environment wins over the same one in ``.env``; a command-line flag wins over both.

    DISCORD_TOKEN        the bot's token (required to run the bot, not to simulate)
    TABLETOP_DB          SQLite file (default ./tabletop.sqlite3)
    TABLETOP_SYNC        auto | always | never (default auto: sync slash commands only when
                         they changed since the last sync)
    TABLETOP_DEV_GUILD   a server id to sync the commands to instead of globally (they appear
                         there at once; for development)
    TABLETOP_LOG_LEVEL   DEBUG | INFO | WARNING | ERROR (default INFO)
    TABLETOP_MEMBERS_INTENT  on | off (default off): ask Discord for the privileged server
                         members intent, so a player who leaves the server leaves their games
                         at once (turn it on in the Developer Portal first)
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DB = "tabletop.sqlite3"
SYNC_MODES = ("auto", "always", "never")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
ENV_FILE = ".env"
TOKEN_HELP = (
    "Set DISCORD_TOKEN in the environment or in a .env file in the working directory "
    "(a line DISCORD_TOKEN=your-token). To get a token: "
    "https://discord.com/developers/applications → your app → Bot → Reset Token."
)


class ConfigError(ValueError):
    """A setting with a value that cannot work; the message says which and why."""


@dataclass(frozen=True)
class Config:
    token: str | None
    db_path: Path
    sync: str = "auto"
    dev_guild: int | None = None
    log_level: str = "INFO"
    members_intent: bool = False
    env_file: Path | None = None  # the .env file that was read, if there was one

    def __repr__(self) -> str:  # never print the token
        shown = "set" if self.token else "missing"
        return (
            f"Config(token={shown}, db_path={str(self.db_path)!r}, sync={self.sync!r}, "
            f"dev_guild={self.dev_guild!r}, log_level={self.log_level!r})"
        )


_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$")


def parse_dotenv(text: str) -> dict[str, str]:
    """``NAME=value`` lines; ``#`` comments, blank lines, ``export`` and quotes allowed.

    Single-quoted values are taken literally; double-quoted ones understand ``\\n``, ``\\"``
    and ``\\\\``; an unquoted value ends at `` #``. Lines that are not assignments are ignored.
    """
    values: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _LINE.match(line)
        if not match:
            continue
        key, raw = match.groups()
        if len(raw) >= 2 and raw[0] == raw[-1] == "'":
            value = raw[1:-1]
        elif len(raw) >= 2 and raw[0] == raw[-1] == '"':
            value = re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), raw[1:-1])
        else:
            value = re.split(r"\s+#", raw, maxsplit=1)[0].strip()
        values[key] = value
    return values


def read_dotenv(path: Path) -> dict[str, str]:
    try:
        return parse_dotenv(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"Could not read {path}: {exc}") from None


def load_config(
    *,
    environ: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    db: str | None = None,
    sync: str | None = None,
    dev_guild: str | int | None = None,
    log_level: str | None = None,
    members_intent: bool | None = None,
) -> Config:
    """The settings: flags (the keyword arguments) > environment > ``.env`` > defaults."""
    cwd = Path.cwd() if cwd is None else Path(cwd)
    env_path = cwd / ENV_FILE
    from_file = read_dotenv(env_path)
    environ = os.environ if environ is None else environ

    def setting(name: str, flag=None, default=None):
        if flag is not None and str(flag) != "":
            return str(flag).strip()
        for source in (environ, from_file):
            value = source.get(name)
            if value is not None and value.strip() != "":
                return value.strip()
        return default

    sync_mode = setting("TABLETOP_SYNC", sync, "auto").lower()
    if sync_mode not in SYNC_MODES:
        raise ConfigError(
            f"TABLETOP_SYNC must be one of {', '.join(SYNC_MODES)}, not '{sync_mode}'."
        )
    level = setting("TABLETOP_LOG_LEVEL", log_level, "INFO").upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"TABLETOP_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not '{level}'."
        )
    guild_raw = setting("TABLETOP_DEV_GUILD", dev_guild)
    guild = None
    if guild_raw is not None:
        if not guild_raw.isdigit():
            raise ConfigError(
                "TABLETOP_DEV_GUILD must be a server id (a number such as 123456789012345678; "
                f"right-click the server with Developer Mode on → Copy Server ID), not '{guild_raw}'."
            )
        guild = int(guild_raw)
    members = setting("TABLETOP_MEMBERS_INTENT", "on" if members_intent else None, "off").lower()
    if members not in ("on", "off"):
        raise ConfigError(f"TABLETOP_MEMBERS_INTENT must be on or off, not '{members}'.")
    db_path = Path(setting("TABLETOP_DB", db, DEFAULT_DB)).expanduser()
    if not db_path.is_absolute():
        db_path = cwd / db_path
    return Config(
        token=setting("DISCORD_TOKEN"),
        db_path=db_path,
        sync=sync_mode,
        dev_guild=guild,
        log_level=level,
        members_intent=members == "on",
        env_file=env_path if env_path.is_file() else None,
    )
