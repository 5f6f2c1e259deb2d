"""``python -m bot local`` as a newcomer runs it: it prints where to look, serves the page with
every seat, and Ctrl-C stops everything it started."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "bot", "local", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_it_prints_the_address_and_ctrl_c_stops_the_bot_too():
    proc = _run("--port", "0", "--seats", "2")
    try:
        address = None
        deadline = time.monotonic() + 60
        seen = []
        while address is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            seen.append(line)
            match = re.search(r"Open (http://127\.0\.0\.1:\d+/)", line)
            address = match.group(1) if match else None
        assert address, "".join(seen)
        world = json.load(urllib.request.urlopen(address + "api/world", timeout=10))
        assert [s["name"] for s in world["seats"]] == ["Ada", "Bruno"]
        assert "games" in [c["name"] for c in world["channels"]]
        page = urllib.request.urlopen(address, timeout=10).read().decode()
        assert "<title>Tabletop (local)</title>" in page
        mine = _bot_children(proc.pid)
        assert len(mine) == 1
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
        assert not Path(f"/proc/{mine[0]}").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def _bot_children(parent: int) -> list[str]:
    """The bot processes the launcher ``parent`` started (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            cmdline = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == parent and b"bot.playground.botentry" in cmdline:
            found.append(stat.parent.name)
    return found


def test_a_wrong_number_of_seats_is_refused_clearly():
    proc = _run("--seats", "9")
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "--seats must be 2 to 6, not 9" in out
