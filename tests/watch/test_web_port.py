"""``--web-port``: a port that cannot be used stops the bot at once, saying why."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args, cwd) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TABLETOP_"))}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token")
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_port_in_use_is_refused_before_connecting(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _run("--web-port", str(port), cwd=tmp_path)
    assert done.returncode == 2
    assert f"cannot serve the spectator pages on port {port}" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_port_number_out_of_range_is_refused(tmp_path):
    done = _run("--web-port", "70000", cwd=tmp_path)
    assert done.returncode == 2
    assert "--web-port must be a port number" in done.stderr
