"""A real PostgreSQL server for the tests and benchmarks: the one ``TABLETOP_TEST_POSTGRES``
names (a ``postgresql://`` URL whose role may create databases), or a throwaway one started
here with Debian's ``initdb``/``pg_ctl`` on a free loopback port in a temporary folder (as the
``postgres`` system user when running as root: ``initdb`` refuses root), stopped at the end.

Each test gets a database of its own, made fresh and dropped after.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

ENV = "TABLETOP_TEST_POSTGRES"
_BIN_GLOBS = ("/usr/lib/postgresql/*/bin",)
_counter = itertools.count(1)


class NoServer(RuntimeError):
    """No PostgreSQL server could be found or started (the reason says why)."""


def binaries() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``: on the PATH, else Debian's newest."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    folders = sorted(glob.glob(_BIN_GLOBS[0]), key=lambda p: int(Path(p).parent.name), reverse=True)
    for folder in folders:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


class Server:
    """A server to make databases on: ``admin_url`` connects to its maintenance database."""

    def __init__(self, admin_url: str, stop: Callable[[], None] | None = None):
        self.admin_url = admin_url
        self._stop = stop
        self.root: Path | None = None  # the folder of a throwaway server

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        name = f"tabletop_test_{os.getpid()}_{next(_counter)}"
        with psycopg.connect(self.admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
            admin.execute(f'CREATE DATABASE "{name}"')
        return _with_database(self.admin_url, name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        with psycopg.connect(self.admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self._stop is not None:
            self._stop()
            self._stop = None


def _with_database(url: str, name: str) -> str:
    head, _, tail = url.partition("?")
    base = head.rsplit("/", 1)[0] if head.count("/") >= 3 else head
    return f"{base}/{name}" + (f"?{tail}" if tail else "")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _as_postgres_user() -> list[str]:
    """The command prefix that runs the server's tools as a user ``initdb`` accepts."""
    if os.geteuid() != 0:
        return []
    runuser = shutil.which("runuser")
    if runuser is None:
        raise NoServer(
            "running as root, and there is no runuser to start PostgreSQL as another user"
        )
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        raise NoServer("running as root, and there is no 'postgres' system user") from None
    return [runuser, "-u", "postgres", "--"]


def start_server() -> Server:
    """A throwaway server in a temporary folder (no fsync: test data only)."""
    folder = binaries()
    if folder is None:
        raise NoServer(
            "no PostgreSQL server binaries (initdb, pg_ctl): install Debian's postgresql "
            f"package, or set {ENV} to a server's URL"
        )
    prefix = _as_postgres_user()
    root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    data = root / "data"
    if prefix:
        shutil.chown(root, "postgres", "postgres")
    port = _free_port()
    log = root / "server.log"

    def run(*args: str) -> None:
        done = subprocess.run([*prefix, *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise NoServer(f"{Path(args[0]).name} failed: {(done.stderr or done.stdout).strip()}")

    run(
        str(folder / "initdb"),
        "-D",
        str(data),
        "-U",
        "postgres",
        "--auth=trust",
        "-E",
        "UTF8",
        "--no-sync",
    )
    options = (
        f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    run(str(folder / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start")

    def stop() -> None:
        stop_server(root)

    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    deadline = time.monotonic() + 30
    while True:
        try:
            psycopg.connect(url).close()
            break
        except psycopg.OperationalError as exc:
            if time.monotonic() > deadline:
                stop()
                raise NoServer(f"the server started but does not answer: {exc}") from None
            time.sleep(0.1)
    started = Server(url, stop)
    started.root = root
    return started


def stop_server(root: Path) -> None:
    """Stop the throwaway server kept in ``root`` (made by :func:`start_server`), and remove it."""
    folder = binaries()
    if folder is not None and (root / "data").exists():
        subprocess.run(
            [*_as_postgres_user(), str(folder / "pg_ctl"), "-D", str(root / "data")]
            + ["-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
    shutil.rmtree(root, ignore_errors=True)


def server() -> Server:
    """The server ``TABLETOP_TEST_POSTGRES`` names, else a throwaway one."""
    url = os.environ.get(ENV, "").strip()
    if url:
        try:
            psycopg.connect(url).close()
        except psycopg.Error as exc:
            raise NoServer(f"{ENV} is set but the server cannot be reached: {exc}") from None
        return Server(url)
    return start_server()


def main(argv: list[str]) -> int:
    """``python -m tests.postgres start`` starts a throwaway server that outlives this command
    and prints ``URL FOLDER``; ``python -m tests.postgres stop FOLDER`` stops it (.ci/run)."""
    if argv[:1] == ["start"]:
        try:
            started = start_server()
        except NoServer as exc:
            print(f"no PostgreSQL server: {exc}", file=sys.stderr)
            return 1
        print(started.admin_url, started.root)
        return 0
    if len(argv) == 2 and argv[0] == "stop":
        stop_server(Path(argv[1]))
        return 0
    print("usage: python -m tests.postgres start | stop FOLDER", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
