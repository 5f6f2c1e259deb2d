"""A bot running as a real subprocess against the local Discord, that a test can ``kill -9``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from localdiscord.server import LocalDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    def __init__(
        self,
        server: LocalDiscord,
        args: list[str],
        *,
        env: dict[str, str] | None = None,
        entry: str | None = None,
        log_path: Path | None = None,
        preload: list[str] | None = None,
    ):
        self.server = server
        self.args = args
        self.env = env or {}
        self.entry = entry
        self.log_path = log_path
        self.preload = preload or []
        self.proc: subprocess.Popen | None = None
        self._log = None

    def start(self, timeout: float = 30.0, *, wait_for_commands: bool = True) -> BotProcess:
        """Start it and wait until it identified on the gateway (and, by default, until the
        local Discord holds synced commands)."""
        before = self.server.gateway.identifies
        cmd = [
            sys.executable,
            "-m",
            "tests.localdiscord.launch_bot",
            "--api",
            self.server.api_base,
            "--gateway",
            self.server.gateway_url,
        ]
        if self.entry:
            cmd += ["--entry", self.entry]
        for module in self.preload:
            cmd += ["--preload", module]
        cmd += ["--", *self.args]
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.server.state.token,
            # the checkout first; what the caller's path adds (installed elsewhere) after it
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "PYTHONUNBUFFERED": "1",
            **self.env,
        }
        self._log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"the bot exited with {self.proc.returncode}; log: {self.log_tail()}"
                )
            ready = self.server.gateway.identifies > before and self.server.bot_connected()
            if ready and (not wait_for_commands or self.server.commands()):
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot did not connect; log: {self.log_tail()}")
            time.sleep(0.05)
        time.sleep(0.3)  # let it finish handling READY / GUILD_CREATE
        return self

    def kill(self) -> None:
        """``kill -9``: no clean-up, no goodbye, exactly like a crash."""
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self._close_log()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._close_log()

    def _close_log(self) -> None:
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
        self._log = None

    def log_errors(self) -> list[str]:
        """The ERROR and CRITICAL lines the bot has logged so far."""
        if not (self.log_path and self.log_path.exists()):
            return []
        lines = self.log_path.read_text(errors="replace").splitlines()
        return [line for line in lines if " ERROR " in line or " CRITICAL " in line]

    def times_ready(self) -> int:
        """How often the bot has said it is ready (discord.py's ``on_ready``) in its log."""
        if self.log_path and self.log_path.exists():
            return self.log_path.read_text(errors="replace").count(" Connected as ")
        return 0

    def wait_ready(self, times: int, timeout: float = 30.0) -> None:
        """Wait until the bot has said it is ready ``times`` times in its log."""
        deadline = time.monotonic() + timeout
        while self.times_ready() < times:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot was not ready {times} times; log: {self.log_tail()}")
            time.sleep(0.05)

    def log_tail(self, chars: int = 4000) -> str:
        if self.log_path and self.log_path.exists():
            return self.log_path.read_text(errors="replace")[-chars:]
        return "(no log)"
