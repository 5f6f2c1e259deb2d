"""``./tabletop local``: start the local Discord, the real bot against it, and the page.

Everything listens on 127.0.0.1 only and nothing reaches the internet. The bot runs as its own
process exactly as in production (``python -m bot`` with a database of its own, here in a
temporary folder unless ``--db`` is given), with its spectator pages on (``--web-port``) so
``/game watch`` works. Ctrl-C stops all three.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:  # imported where used, so that ``python -m bot --help`` needs no aiohttp
    from localdiscord.web.page import LocalPage

SEAT_NAMES = ("Ada", "Bruno", "Chiara", "Dev", "Emeka", "Freya")
CHANNEL_NAMES = ("general", "games", "more-games")
GUILD_NAME = "Tabletop (local)"
DEFAULT_PORT = 8700
ROOT = Path(__file__).resolve().parents[2]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seats",
        type=int,
        default=4,
        metavar="N",
        help=f"how many players you can act as, 2-{len(SEAT_NAMES)} (default 4)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="PORT",
        help=f"the page's port on 127.0.0.1 (default {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--keep-db",
        type=Path,
        metavar="PATH",
        help="keep the bot's SQLite file (and its bot.log) here (default: a temporary one, "
        "removed at the end)",
    )


class LocalSession:
    """The three parts, started and stopped together (also what the browser tests use)."""

    def __init__(
        self,
        *,
        seats: int = 4,
        port: int = DEFAULT_PORT,
        db: Path | None = None,
        preload: tuple[str, ...] = (),
    ):
        if not 2 <= seats <= len(SEAT_NAMES):
            raise ValueError(f"--seats must be 2 to {len(SEAT_NAMES)}, not {seats}")
        self.seat_count = seats
        self.preload = preload  # modules the bot imports first (extra engines)
        self.port = port
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if db is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="tabletop-local-")
            folder = Path(self._tmp.name)
        else:
            folder = db.parent
        folder.mkdir(parents=True, exist_ok=True)
        self.db_path = db or folder / "tabletop.sqlite3"
        self.log_path = folder / "bot.log"
        # imported here so that ``python -m bot --help`` does not need aiohttp
        from localdiscord.server import LocalDiscord

        self.server = LocalDiscord()
        self.page: LocalPage | None = None  # once started
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None  # the bot's output, while it runs
        self.watch_port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.page.port}/" if self.page else ""

    def start(self, timeout: float = 60.0) -> LocalSession:
        from localdiscord.protocol import DEFAULT_PERMISSIONS
        from localdiscord.web.page import LocalPage

        server = self.server
        server.state.guild_name = GUILD_NAME
        server.start()
        seats = [
            server.add_user(name, permissions=DEFAULT_PERMISSIONS)
            for name in SEAT_NAMES[: self.seat_count]
        ]
        channels = [server.add_channel(name) for name in CHANNEL_NAMES]
        self.watch_port = _free_port()
        self._start_bot(timeout)
        self.page = page = LocalPage(server, seats, channels)
        future = asyncio.run_coroutine_threadsafe(
            page.start("127.0.0.1", self.port), server.running_loop
        )
        future.result(10)
        return self

    def _start_bot(self, timeout: float) -> None:
        cmd = [
            sys.executable,
            "-m",
            "bot.playground.botentry",
            "--api",
            self.server.api_base,
            "--gateway",
            self.server.gateway_url,
            *[arg for module in self.preload for arg in ("--preload", module)],
            "--",
            "--db",
            str(self.db_path),
            "--sync",
            "always",
            "--dev-guild",  # the local server (also overrides a TABLETOP_DEV_GUILD from .env)
            str(self.server.state.guild_id),
            "--web-port",
            str(self.watch_port),
        ]
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.server.state.token,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "PYTHONUNBUFFERED": "1",
        }
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop)
        # a session of its own: Ctrl-C reaches the launcher, which then stops the bot in order
        self.proc = proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        deadline = time.monotonic() + timeout
        while not (self.server.bot_connected() and self.server.commands()):
            if proc.poll() is not None:
                raise RuntimeError(f"the bot stopped at its start:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"the bot did not connect in {timeout:.0f} s:\n{self.log_tail()}"
                )
            time.sleep(0.05)

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    def bot_running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        if self.page is not None and self.server.loop is not None:
            asyncio.run_coroutine_threadsafe(self.page.stop(), self.server.loop).result(10)
            self.page = None
        proc = self.proc
        if proc is not None and proc.poll() is None:  # the bot is running
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        if self._log is not None:
            self._log.close()
            self._log = None
        self.server.stop()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None


def _die_with_parent() -> None:
    """In the bot's process: end it if the launcher dies without stopping it (``kill -9``), so
    no bot is left trying to reach a local Discord that is gone (Linux; elsewhere a no-op)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]  # (host, port)
        return port


def run(args: argparse.Namespace) -> int:
    """``python -m bot local``: run until Ctrl-C (or until the bot stops by itself)."""
    try:
        session = LocalSession(seats=args.seats, port=args.port, db=args.keep_db)
    except ValueError as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        return 2
    print("Starting the local Discord and the bot (a few seconds)...", flush=True)
    try:
        session.start()
    except KeyboardInterrupt:
        session.stop()
        return 130
    except OSError as exc:
        print(
            f"tabletop: cannot open the page on 127.0.0.1:{args.port} ({exc.strerror or exc}). "
            "Pick another port with --port.",
            file=sys.stderr,
        )
        session.stop()
        return 2
    except (RuntimeError, TimeoutError) as exc:
        print(f"tabletop: {exc}", file=sys.stderr)
        session.stop()
        return 1
    # Ctrl-C and SIGTERM only set a flag, from before the address is printed: a Ctrl-C the
    # moment the page opens stops the bot as cleanly as one a minute later
    stopped = threading.Event()
    previous = {
        sig: signal.signal(sig, lambda *_: stopped.set()) for sig in (signal.SIGINT, signal.SIGTERM)
    }
    seats = ", ".join(SEAT_NAMES[: args.seats])
    print(
        f"\nTabletop is running locally. Open {session.url} in your browser.\n"
        f"Play every seat ({seats}) from there: start with /game new in #games.\n"
        "Press Ctrl-C to stop.",
        flush=True,
    )
    status = 0
    try:
        while not stopped.wait(0.5):
            if not session.bot_running():
                print(f"tabletop: the bot stopped:\n{session.log_tail()}", file=sys.stderr)
                status = 1
                break
    finally:
        print("Stopping...", flush=True)
        session.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status
