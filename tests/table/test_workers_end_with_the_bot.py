"""Render and thinker workers end with the bot, even when it is killed with ``kill -9``: a
restarted bot never finds the last one's workers still holding their memory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: a stand-in for the bot: a pool of workers, their process ids printed, then it waits
BOT = textwrap.dedent(
    """
    import os, sys, time
    from bot.workers import worker_pool

    if __name__ == "__main__":
        pool = worker_pool(2)
        pids = set()
        while len(pids) < 2:
            pids |= set(pool.map(_pid, range(8)))
        print(" ".join(map(str, sorted(pids))), flush=True)
        time.sleep(600)
    """
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone in all but name (reaped by whoever adopted it)
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ")[-1].startswith("Z"))


def test_workers_leave_when_the_bot_is_killed(tmp_path):
    script = tmp_path / "bot_with_workers.py"
    script.write_text(
        "def _pid(_):\n    import os, time\n    time.sleep(0.05)\n    return os.getpid()\n" + BOT
    )
    bot = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = bot.stdout.readline() if bot.stdout else ""
        workers = [int(p) for p in line.split()]
        assert len(workers) == 2, f"the workers did not start: {line!r}"
        bot.send_signal(signal.SIGKILL)
        bot.wait(10)
        give_up = time.monotonic() + 15
        while any(_alive(p) for p in workers) and time.monotonic() < give_up:
            time.sleep(0.1)
        left = [p for p in workers if _alive(p)]
        for p in left:  # never leave them behind, even when the test fails
            os.kill(p, signal.SIGKILL)
        assert left == [], "workers outlived the killed bot"
    finally:
        if bot.poll() is None:
            bot.kill()
