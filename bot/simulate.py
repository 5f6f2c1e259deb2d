"""``python -m bot simulate``: a whole game with random legal moves, without Discord.

Every move goes through the same Table the Discord commands use, into a real SQLite file in the
output folder, and every board image is written next to it (``move-0000.png`` is the opening
board), with the public move log in ``log.txt``. It is the demo, and a soak test: an engine that
suggests an illegal move, crashes, or never ends shows up here.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import engines
from bot.errors import TableError
from bot.table import Outcome, Table
from engines import Result
from storage import Store

DB_NAME = "simulation.sqlite3"
LOG_NAME = "log.txt"
CHANNEL = 1
GUILD = 1
NAMES = ["Ada", "Bruno", "Chidi", "Dana", "Emeka", "Fatima", "Gus", "Hana", "Ivo", "Jun"]


class SimulationError(Exception):
    """The simulation could not go on; the message says at which move and why."""


@dataclass
class Simulation:
    game: str
    title: str
    players: list[str]
    seed: int
    out: Path
    moves: int = 0
    images: int = 0
    result: Result | None = None
    seconds: float = 0.0
    stopped_early: bool = False
    rendered: bool = True  # images were asked for
    lines: list[str] = field(default_factory=list)

    def summary(self) -> str:
        lines = [
            f"{self.title}: {len(self.players)} players ({', '.join(self.players)}), "
            f"seed {self.seed}"
        ]
        if self.result is None:
            lines.append(f"Stopped after {self.moves} moves without a result.")
        elif self.result.winners:
            word = "Winner" if len(self.result.winners) == 1 else "Winners"
            lines.append(f"{word}: {', '.join(self.result.winners)} ({self.result.reason})")
        else:
            lines.append(f"No winner ({self.result.reason})")
        per_move = 1000 * self.seconds / self.moves if self.moves else 0.0
        lines.append(
            f"Moves: {self.moves} in {self.seconds:.2f} s ({per_move:.1f} ms per move"
            f"{', rendering included' if self.images else ''})"
        )
        if self.images or not self.rendered:
            lines.append(f"Wrote {self.images} board images and {LOG_NAME} to {self.out}")
        else:
            lines.append(f"Wrote {LOG_NAME} to {self.out} (this game has no board renderer yet)")
        return "\n".join(lines)


def player_names(n: int) -> list[str]:
    return [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(n)]


def _clear_outputs(out: Path) -> None:
    """Remove what an earlier simulation wrote here (only our own file names)."""
    for path in [*out.glob("move-*.png"), out / LOG_NAME]:
        path.unlink(missing_ok=True)
    for suffix in ("", "-wal", "-shm"):
        (out / f"{DB_NAME}{suffix}").unlink(missing_ok=True)


async def simulate(
    game: str,
    *,
    players: int,
    seed: int,
    out: Path,
    max_moves: int | None = None,
    images: bool = True,
) -> Simulation:
    """Play one game to its end (or ``max_moves``) and write its boards and log to ``out``."""
    engine = engines.get_engine(game)
    if not engine.min_players <= players <= engine.max_players:
        raise SimulationError(
            f"{engine.title} takes {engine.min_players}-{engine.max_players} players, "
            f"not {players}."
        )
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    _clear_outputs(out)
    names = player_names(players)
    sim = Simulation(
        game=engine.name, title=engine.title, players=names, seed=seed, out=out, rendered=images
    )
    limit = engine.max_playout_steps if max_moves is None else max_moves
    rng = random.Random(seed)
    store = await Store.open(out / DB_NAME)
    started = time.perf_counter()
    try:
        table = Table(store, render=images)
        try:
            outcome = await _seat_and_start(table, engine.name, names, seed)
        except TableError as exc:
            raise SimulationError(f"The game could not start: {exc.message}") from None
        sim.images += _write_board(out, 0, outcome)
        while outcome.result is None:
            if sim.moves >= limit:
                sim.stopped_early = True
                break
            if not outcome.to_act:
                raise SimulationError(
                    f"After move {sim.moves} the game is running but waits for no one."
                )
            user = rng.choice(sorted(outcome.to_act))
            try:
                action = await table.suggest(channel_id=CHANNEL, user_id=user, rng=rng)
                outcome = await table.act(
                    channel_id=CHANNEL,
                    user_id=user,
                    action_id=action,
                    expected_version=outcome.game.version,
                )
            except TableError as exc:
                raise SimulationError(f"Move {sim.moves + 1} failed: {exc.message}") from None
            sim.moves += 1
            sim.images += _write_board(out, sim.moves, outcome)
        sim.result = outcome.result
    finally:
        sim.seconds = time.perf_counter() - started
        try:
            sim.lines = await Table(store).log(channel_id=CHANNEL, limit=None)
        except TableError:
            sim.lines = []
        (out / LOG_NAME).write_text("".join(line + "\n" for line in sim.lines), encoding="utf-8")
        await store.close()
    return sim


async def _seat_and_start(table: Table, game: str, names: list[str], seed: int) -> Outcome:
    await table.new_game(
        guild_id=GUILD, channel_id=CHANNEL, user_id=1, user_name=names[0], engine=game, seed=seed
    )
    for user_id, name in enumerate(names[1:], start=2):
        await table.join(channel_id=CHANNEL, user_id=user_id, user_name=name)
    return await table.start(channel_id=CHANNEL, user_id=1)


def _write_board(out: Path, number: int, outcome: Outcome) -> int:
    if outcome.board_png is None:
        return 0
    (out / f"move-{number:04d}.png").write_bytes(outcome.board_png)
    return 1
