"""``python -m bot``: run the Discord bot, play locally, simulate a game, and the other tools.

An installed copy (``pip install .``) names it ``tabletop``, and the checkout's ``./tabletop``
script runs it too, so ``tabletop X`` and ``./tabletop X`` are the same command for every X
here (``bot`` included: the bot, as with no command). The script adds only what needs a
checkout: ``test``, ``check``, ``mutate`` and ``audit``.

Exit status: 0 done, 1 a failure while running, 2 a usage or configuration problem (such as a
missing token).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import sys
import textwrap
from pathlib import Path
from typing import Any

from bot import logsafe
from bot.config import (
    LOG_FORMATS,
    LOG_LEVELS,
    SYNC_MODES,
    TOKEN_HELP,
    VARIABLES,
    ConfigError,
    load_config,
)
from storage.sql import shown

EPILOG = """\
environment (or a .env file in the working directory; flags win over both):
{variables}

games: {games}

examples:
  python -m bot                                   run the bot (token from env or .env)
  python -m bot --sync always --dev-guild 1234    run, and sync commands to one server only, now
  python -m bot --shard-count 4 --shard-ids 0-1   run shards 0 and 1 of 4 (another process: 2-3)
  python -m bot simulate {example} --players 2 --seed 1 --out out/demo
  python -m bot invite                            print the link that adds the bot to a server
  python -m bot tournament {example} --players 2 --games 200 --seed 1 --levels hard,easy
  python -m bot balance --level normal --games 1000
  python -m bot db copy tabletop.sqlite3 postgresql://tabletop@db.example/tabletop
  python -m bot backup backups/tabletop-2026-12-03.sqlite3   a copy while the bot runs
  python -m bot --db new.sqlite3 restore backups/tabletop-2026-12-03.sqlite3
"""


def _games() -> list[str]:
    import engines

    try:
        return [n for n in engines.names()]
    except Exception as exc:  # a broken engine must not break --help
        return [f"(could not list the games: {exc})"]


def _variables() -> str:
    """The environment's variables (:data:`bot.config.VARIABLES`) as ``--help`` lists them."""
    lines = []
    for var in VARIABLES:
        head = f"  {var.name:<20} " if len(var.name) < 21 else f"  {var.name}  "
        lines += textwrap.wrap(
            var.meaning, width=96, initial_indent=head, subsequent_indent=" " * 23
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    games = _games()
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description=(
            "Tabletop: board games played in Discord channels. Without a subcommand this runs "
            "the Discord bot."
        ),
        epilog=EPILOG.format(
            variables=_variables(),
            games=", ".join(games) or "none registered yet",
            example=games[0] if games and not games[0].startswith("(") else "GAME",
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="SQLite database file, or postgresql://... for a PostgreSQL database "
        "(TABLETOP_DB; default ./tabletop.sqlite3)",
    )
    parser.add_argument(
        "--sync",
        choices=SYNC_MODES,
        help="sync slash commands: auto = only when they changed since the last sync "
        "(default), always = at this start, never = not at all (TABLETOP_SYNC)",
    )
    parser.add_argument(
        "--dev-guild",
        metavar="ID",
        help="sync the commands to this server id only, instead of globally; they appear "
        "there at once (TABLETOP_DEV_GUILD; for development)",
    )
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        type=str.upper,
        help="logging detail (TABLETOP_LOG_LEVEL; default INFO)",
    )
    parser.add_argument(
        "--log-format",
        choices=LOG_FORMATS,
        type=str.lower,
        help="text (default) or json: one JSON object a line with time, level, logger, message "
        "and the game and guild ids where known (TABLETOP_LOG_FORMAT)",
    )
    parser.add_argument(
        "--metrics-port",
        metavar="PORT",
        help="serve /metrics (Prometheus' text format), /healthz and /readyz on this port "
        "(TABLETOP_METRICS_PORT); off by default",
    )
    parser.add_argument(
        "--metrics-host",
        metavar="HOST",
        help="the address the metrics port listens on (TABLETOP_METRICS_HOST; default "
        "127.0.0.1, this machine only)",
    )
    parser.add_argument(
        "--members-intent",
        action="store_true",
        default=None,
        help="use the privileged server members intent: a player who leaves the server leaves "
        "their games at once (TABLETOP_MEMBERS_INTENT=on; enable it in the Developer Portal)",
    )
    parser.add_argument(
        "--shard-count",
        metavar="N",
        help="run the bot as N shards in all, shared by one or more processes on one database "
        "(TABLETOP_SHARD_COUNT; Discord requires shards past 2,500 servers)",
    )
    parser.add_argument(
        "--shard-ids",
        metavar="IDS",
        help="the shards this process runs: a range 0-1, a list 0,2,5, or both (0-3,7); "
        "default all of --shard-count (TABLETOP_SHARD_IDS)",
    )
    parser.add_argument(
        "--web-port",
        type=int,
        metavar="PORT",
        help="serve public spectator pages of the games on this port (/game watch gives the "
        "link); off by default",
    )
    parser.add_argument(
        "--web-url",
        metavar="URL",
        help="the address the spectator links start with (default http://127.0.0.1:PORT)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser(
        "bot",
        help="run the Discord bot (the default; its options go after it or before it)",
        description="Run the Discord bot: the same as no command (see python -m bot --help).",
    )
    from bot.playground.launcher import add_arguments as add_local_arguments

    add_local_arguments(
        sub.add_parser(
            "local",
            help="play in your browser, without Discord (a local Discord, the bot, a web page)",
            description="Start a local Discord, the real bot against it, and a web "
            "page on 127.0.0.1 where you play every seat. Nothing reaches the internet.",
        )
    )
    languages = sub.add_parser(
        "languages",
        help="the languages' catalogs: check them (as CI does) or update them from the code",
        description="check: each shipped language's catalog, complete and matching the code "
        "(exit 1 otherwise). update: write i18n/locales/messages.pot from the strings the code "
        "asks for and bring every language's catalog up to it. See docs/languages.md.",
    )
    languages.add_argument("languages_command", choices=("check", "update"), metavar="check|update")
    sim = sub.add_parser(
        "simulate",
        help="play a whole game with random legal moves, without Discord",
        description=(
            "Play a whole game with random legal moves through the same table code and a real "
            "SQLite file in OUT, writing every board image (move-0000.png is the opening board) "
            "and the move log (log.txt) to OUT, then print a summary."
        ),
    )
    sim.add_argument("game", help=f"the game to play ({', '.join(games) or 'none registered'})")
    sim.add_argument(
        "--players", type=int, metavar="N", help="number of players (default: the game's minimum)"
    )
    sim.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    sim.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="output folder (default ./simulation-GAME); earlier output there is replaced",
    )
    sim.add_argument(
        "--max-moves",
        type=int,
        metavar="M",
        help="stop after M moves (default: the game's own limit, reaching which is an error)",
    )
    sim.add_argument(
        "--no-images",
        action="store_true",
        help="skip rendering (a faster soak test of the rules and the storage)",
    )
    from bot import balance, tournament

    tournament.add_arguments(
        sub.add_parser(
            "tournament",
            help="bots of two levels play each other, seats alternating",
            description=(
                "Play N games between bots of two levels (seats alternate), without Discord, "
                "and end with: tournament GAME: A won W of N, B won L of N, draws D"
            ),
        )
    )
    balance.add_arguments(
        sub.add_parser(
            "balance",
            help="bots play many games; write the balance report (docs/balance.md)",
            description="Bots play every game at each player count and the report is written.",
        )
    )
    inv = sub.add_parser(
        "invite",
        help="print the link that adds the bot to a server (scopes and permissions it needs)",
        description=(
            "Print the OAuth2 URL that adds the bot to a server, with the bot and "
            "applications.commands scopes and exactly the permissions the bot uses. The "
            "application id is read from DISCORD_TOKEN unless given."
        ),
    )
    inv.add_argument("--app-id", metavar="ID", help="the application id (default: from the token)")
    for name in ("backup", "restore"):  # `tabletop backup PATH` is `tabletop db backup PATH`
        _add_backup_tool(sub, name, alias=True)
    db = sub.add_parser(
        "db", help="database tools (copy, backup, restore)", description="Database tools."
    )
    db_sub = db.add_subparsers(dest="db_command", metavar="TOOL", required=True)
    copy = db_sub.add_parser(
        "copy",
        help="copy everything from one database into an empty one (SQLite ⇄ PostgreSQL)",
        description=(
            "Copy every game, seat, move log, clock, vote, away period, setting, watch link and "
            "the rest from SRC into DST, which must be empty, then compare the row counts of "
            "every table. Each is a SQLite file or a postgresql:// URL. Stop the bot first."
        ),
    )
    copy.add_argument("src", help="the database to copy from")
    copy.add_argument("dst", help="the empty database to copy into (made if it is a new file)")
    for name in ("backup", "restore"):
        _add_backup_tool(db_sub, name)
    return parser


_BACKUP_HELP = {
    "backup": (
        "write a consistent copy of the database to PATH while the bot runs",
        "Write a consistent copy of the database (--db, TABLETOP_DB) to the file PATH while "
        "the bot runs: SQLite's online backup, or one snapshot of a PostgreSQL database, "
        "always as one SQLite file. PATH is replaced only once the copy is whole and checked.",
    ),
    "restore": (
        "put the backup PATH into the empty database",
        "Check the backup file PATH (whole, and of a schema this program knows), then copy it "
        "into the database (--db, TABLETOP_DB), which must be empty; the migrations bring an "
        "older backup up to date. Stop the bot first.",
    ),
}


def _add_backup_tool(sub: Any, name: str, *, alias: bool = False) -> None:
    short, long = _BACKUP_HELP[name]
    tool = sub.add_parser(
        name,
        help=f"{short} (the same as db {name})" if alias else short,
        description=long,
    )
    tool.add_argument("path", type=Path, metavar="PATH", help="the backup file")
    tool.add_argument(
        "--db",
        metavar="DB",
        default=argparse.SUPPRESS,  # the option given before the command stays, if any
        help="the database: a SQLite file or postgresql://... (TABLETOP_DB; default "
        "./tabletop.sqlite3)",
    )


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["bot"]:  # `tabletop bot --db x` is `tabletop --db x`, as ./tabletop says it
        argv = argv[1:]
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return _simulate(args)
    if args.command in ("tournament", "balance", "languages"):
        code: int = importlib.import_module(f"bot.{args.command}").main(args)  # imported late
        return code
    if args.command == "invite":
        return _invite(args)
    if args.command in ("backup", "restore"):
        return _backup_tool(args.command, args)
    if args.command == "db":
        if args.db_command in ("backup", "restore"):
            return _backup_tool(args.db_command, args)
        return _db_copy(args)
    if args.command == "local":
        from bot.playground.launcher import run as run_local

        return run_local(args)
    return _run_bot(args)


def _invite(args: argparse.Namespace) -> int:
    from bot.invite import InviteError, application_id, invite_url
    from bot.permissions import NEEDS

    token = None
    if not args.app_id:
        try:
            token = load_config().token
        except ConfigError as exc:
            print(f"tabletop: {exc}", file=sys.stderr)
            return 2
    try:
        app_id = application_id(args.app_id, token)
    except InviteError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    print(invite_url(app_id))
    print("Permissions asked for: " + ", ".join(need.label for need in NEEDS) + ".")
    return 0


def _run_bot(args: argparse.Namespace) -> int:
    try:
        config = load_config(
            db=args.db,
            sync=args.sync,
            dev_guild=args.dev_guild,
            log_level=args.log_level,
            members_intent=args.members_intent,
            shard_count=args.shard_count,
            shard_ids=args.shard_ids,
            log_format=args.log_format,
            metrics_port=args.metrics_port,
            metrics_host=args.metrics_host,
        )
    except ConfigError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    if not config.token:
        print(f"tabletop: no Discord bot token. {TOKEN_HELP}", file=sys.stderr)
        return 2
    problem = asyncio.run(_check_database(config.db_path))
    if problem:
        print(
            f"tabletop: cannot use the database {shown(config.db_path)}: {problem}", file=sys.stderr
        )
        return 2
    logsafe.configure(config.log_level, log_format=config.log_format)
    ops_socket = None
    if config.metrics_port is not None:
        from bot.ops.server import claim_port as claim_metrics_port

        claimed = claim_metrics_port(config.metrics_host, config.metrics_port)
        if isinstance(claimed, str):
            print(f"tabletop: {claimed}", file=sys.stderr)
            return 2
        ops_socket = claimed
    if args.web_port is not None:
        from bot.watch.start import claim_port

        problem = claim_port(args.web_port, args.web_url)
        if problem:
            print(f"tabletop: {problem}", file=sys.stderr)
            return 2
    try:
        discord_app = importlib.import_module("bot.discord_app")
    except ModuleNotFoundError as exc:
        if exc.name not in ("bot.discord_app", "discord"):
            raise
        print(
            "tabletop: the Discord part of the bot is not available in this installation "
            f"({exc.name} is missing). Reinstall with: ./tabletop bot",
            file=sys.stderr,
        )
        return 1
    status = discord_app.run(config, sync=config.sync, ops_socket=ops_socket)
    return status if isinstance(status, int) else 0


def _db_copy(args: argparse.Namespace) -> int:
    from storage import DatabaseError, MigrationError
    from storage.copy import CopyRefused, copy_database

    try:
        copied = asyncio.run(copy_database(args.src, args.dst, say=print))
    except CopyRefused as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    except (OSError, MigrationError, RuntimeError, *DatabaseError) as exc:
        # the admin's own tool on their own data: the database's reason helps, no channel sees it
        print(f"tabletop: the copy failed, no rows were copied: {exc}", file=sys.stderr)
        return 1
    print(
        f"Copied {copied.rows} rows in {len(copied.counts)} tables from {shown(args.src)} to "
        f"{shown(args.dst)}; every table's count matches."
    )
    return 0


def _backup_tool(name: str, args: argparse.Namespace) -> int:
    from storage import DatabaseError, MigrationError
    from storage.backup import BackupRefused, backup, restore
    from storage.copy import CopyRefused

    try:
        db = load_config(db=args.db).db_path
    except ConfigError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    try:
        if name == "backup":
            done = backup(db, args.path)
            print(
                f"Backed up {shown(db)} to {done.path} ({done.size:,} bytes, schema version "
                f"{done.version})."
            )
        else:
            put = asyncio.run(restore(args.path, db))
            print(
                f"Restored {put.copied.rows} rows in {len(put.copied.counts)} tables from "
                f"{args.path} (schema version {put.version}) into {shown(db)}; every table's "
                "count matches."
            )
    except (BackupRefused, CopyRefused) as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    except (OSError, MigrationError, RuntimeError, *DatabaseError) as exc:
        # the host's own tool on their own data: the database's reason helps, no channel sees it
        print(f"tabletop: the {name} failed: {exc}", file=sys.stderr)
        return 1
    return 0


async def _check_database(path: Path | str) -> str | None:
    """Open (creating and migrating) the database once and try a write, so a bad path, a
    read-only file or an unreachable server fails here, clearly, not at every move."""
    from storage import DatabaseError, MigrationError, Store, is_postgres

    try:
        store = await Store.open(path)
    except (OSError, MigrationError, *DatabaseError) as exc:
        return str(exc)
    try:
        await store.check_writable()
    except DatabaseError as exc:
        if is_postgres(path):
            return f"{exc} (the bot's role must be able to create tables and write them)"
        return f"{exc} (the bot must be able to write the file and its folder)"
    finally:
        await store.close()
    return None


def _simulate(args: argparse.Namespace) -> int:
    import engines
    from bot.simulate import SimulationError, simulate

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        engine = engines.get_engine(args.game)
    except engines.UnknownGame as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    players = engine.min_players if args.players is None else args.players
    if not engine.min_players <= players <= engine.max_players:
        print(
            f"tabletop: {engine.title} takes {engine.min_players}-{engine.max_players} "
            f"players, not {players}.",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.seed < 2**63:
        print("tabletop: --seed must be a whole number from 0 up.", file=sys.stderr)
        return 2
    if args.max_moves is not None and args.max_moves < 0:
        print("tabletop: --max-moves must be 0 or more.", file=sys.stderr)
        return 2
    out = args.out or Path(f"simulation-{engine.name}")
    try:
        sim = asyncio.run(
            simulate(
                engine.name,
                players=players,
                seed=args.seed,
                out=out,
                max_moves=args.max_moves,
                images=not args.no_images,
            )
        )
    except SimulationError as exc:
        print(f"tabletop: simulation failed: {exc}", file=sys.stderr)
        return 1
    print(sim.summary())
    if sim.stopped_early and args.max_moves is None:
        print(
            f"tabletop: {engine.title} did not end within {engine.max_playout_steps} moves "
            "(its own limit), which points to a bug in the engine.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
