"""``python -m bot tournament``: bots of two levels play each other, seats alternating.

The last line of the output is always
``tournament GAME: A won W of N, B won L of N, draws D`` (a game two levels share the win of,
or that nobody wins, is a draw). With ``--sprt P0,P1`` the games stop as soon as Wald's
sequential test (``engines.ai.sprt``) decides whether A wins with probability P0 or P1, and the
line ends ``, sprt=H1|H0|undecided`` (undecided: ``--games`` ran out first). The test reads the
games in seed order, also when ``--jobs`` plays several at once, so its decision and N depend
only on the seeds.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult
from typing import Any

from engines.ai.levels import Budget
from engines.ai.matches import Match, play_match, wilson
from engines.ai.sprt import UNDECIDED, Sprt


@dataclass
class Tally:
    a: str
    b: str
    games: int = 0
    a_won: int = 0
    b_won: int = 0
    draws: int = 0
    sprt: Sprt | None = None
    #: the run was interrupted (Ctrl-C, SIGTERM) before its test decided or its cap came
    stopped: bool = False

    @property
    def decision(self) -> str:
        """The sequential test's answer so far (:data:`UNDECIDED` without a test)."""
        if self.sprt is None:
            return UNDECIDED
        return self.sprt.decide(self.a_won, self.b_won)

    def add(self, match: Match) -> None:
        self.games += 1
        won = {match.levels[w] for w in match.winners}
        if won == {self.a}:
            self.a_won += 1
        elif won == {self.b}:
            self.b_won += 1
        else:
            self.draws += 1

    def lines(self, game: str) -> list[str]:
        out = []
        for name, won in ((self.a, self.a_won), (self.b, self.b_won)):
            lo, hi = wilson(won, self.games)
            out.append(
                f"{name}: {won}/{self.games} = {won / max(self.games, 1):.0%} "
                f"(95% interval {lo:.0%}-{hi:.0%})"
            )
        last = (
            f"tournament {game}: {self.a} won {self.a_won} of {self.games}, "
            f"{self.b} won {self.b_won} of {self.games}, draws {self.draws}"
        )
        if self.sprt is not None:
            ratio = self.sprt.llr(self.a_won, self.b_won)
            out.append(
                f"sprt {self.sprt.p0},{self.sprt.p1} (alpha=beta={self.sprt.alpha}): "
                f"llr={ratio:.2f} bounds [{self.sprt.lower:.2f}, {self.sprt.upper:.2f}]"
            )
            last += f", sprt={self.decision}"
        out.append(last)
        return out


def seatings(levels: tuple[str, str], players: int, games: int) -> list[list[str]]:
    """Game ``i``'s levels by seat: the two levels take turns, and the first seat alternates."""
    out = []
    for i in range(games):
        first, second = levels if i % 2 == 0 else levels[::-1]
        out.append([first if k % 2 == 0 else second for k in range(players)])
    return out


#: one game to play: the game, the levels by seat, the seed, the options, the budgets
Work = tuple[str, list[str], int, dict[str, Any], dict[str, Budget]]


def _play(args: Work) -> Match:
    return play_match(*args)


def run(
    game: str,
    levels: tuple[str, str],
    players: int,
    games: int,
    seed: int,
    options: dict[str, Any],
    budgets: dict[str, Budget],
    jobs: int = 1,
    progress: Callable[[Match, Tally], None] | None = None,
    sprt: Sprt | None = None,
) -> Tally:
    """Play up to ``games`` games; with ``sprt``, stop at the first game after which the test
    decides (games still being played then are dropped: their seeds come later). Interrupted
    (Ctrl-C, or SIGTERM in :func:`main`), it returns the games finished so far."""
    tally = Tally(*levels, sprt=sprt)
    work = [
        (game, seats, seed + i, options, budgets)
        for i, seats in enumerate(seatings(levels, players, games))
    ]
    try:
        for match in matches_in_order(work, jobs):
            tally.add(match)
            if progress is not None:
                progress(match, tally)
            if tally.decision != UNDECIDED:
                break
    except KeyboardInterrupt:  # stopped by hand: the games counted so far are the result
        tally.stopped = True
    return tally


def matches_in_order(
    work: list[Work], jobs: int, play: Callable[[Work], Match] | None = None
) -> Iterator[Match]:
    """The games of ``work`` played, yielded in order; with ``jobs`` > 1 that many at once,
    never more than ``2 * jobs`` started ahead of the one awaited (so a decided test wastes
    little). When the caller stops early (a decision, Ctrl-C) the games still being played
    are stopped at once: their seeds come later, so they could not count."""
    play = play or _play
    if jobs <= 1:
        yield from map(play, work)
        return
    # the workers leave Ctrl-C to this process, which stops them (the pool's exit terminates)
    with multiprocessing.Pool(jobs, initializer=_leave_interrupts) as pool:
        started: dict[int, AsyncResult[Match]] = {}
        for i in range(len(work)):
            for k in range(i, min(len(work), i + 2 * jobs)):
                if k not in started:
                    started[k] = pool.apply_async(play, (work[k],))
            yield started.pop(i).get()


def _leave_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM stops a tournament as Ctrl-C does: with the tally of the games played so far."""
    raise KeyboardInterrupt


def parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"'{pair}' is not key=value")
        out[key.strip()] = value.strip()
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2, metavar="N")
    parser.add_argument("--games", type=int, default=200, metavar="N")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument(
        "--levels",
        default="hard,easy",
        metavar="A,B",
        help="two levels (default hard,easy); a baseline of engines.ai.levels.BASELINES "
        "(normal-h60: normal before search was made cheaper) may be one of them",
    )
    parser.add_argument(
        "--options", nargs="*", default=[], metavar="K=V", help="game options, e.g. mode=quick"
    )
    parser.add_argument(
        "--iterations",
        type=int,
        metavar="K",
        help="search budget per decision in iterations (replaces the levels' own iteration "
        "budgets for normal and hard)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        metavar="T",
        help="search budget per decision in wall seconds (not reproducible: for experiments)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        metavar="J",
        help="games played at once (processes; default: every core)",
    )
    parser.add_argument(
        "--sprt",
        metavar="P0,P1",
        help="stop as soon as Wald's sequential test (alpha = beta = 0.05) decides between "
        "'A wins with probability P0' and 'with probability P1'; --games is the cap",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the totals")


def main(args: argparse.Namespace) -> int:
    """Run the tournament the parsed ``args`` describe; 2 on a usage problem."""
    import sys

    import engines
    from engines.ai.levels import level_named
    from engines.ai.sprt import parse
    from engines.core import IllegalAction

    def fail(message: str) -> int:
        print(f"tabletop: {message}", file=sys.stderr)
        return 2

    try:
        engine = engines.get_engine(args.game)
        levels = tuple(x.strip() for x in args.levels.split(","))
        if len(levels) != 2:
            return fail("--levels takes two levels, e.g. hard,easy.")
        for lv in levels:
            level_named(lv, baselines=True)
        sprt = parse(args.sprt) if args.sprt else None
        options = engine.validate_options(
            [f"p{i}" for i in range(args.players)], parse_options(args.options)
        )
    except (engines.UnknownGame, IllegalAction, ValueError) as exc:
        return fail(getattr(exc, "reason", None) or str(exc))
    if not engine.min_players <= args.players <= engine.max_players:
        return fail(
            f"{engine.title} takes {engine.min_players}-{engine.max_players} players, "
            f"not {args.players}."
        )
    if args.games < 1 or args.jobs < 1:
        return fail("--games and --jobs must be at least 1.")
    budget = None
    if args.iterations is not None or args.seconds is not None:
        if (args.iterations or 1) < 1 or (args.seconds or 1) <= 0:
            return fail("--iterations and --seconds must be positive.")
        budget = Budget(iterations=args.iterations, seconds=args.seconds)
    budgets = {lv: budget for lv in levels if lv != "easy" and budget is not None}
    options = {k: v for k, v in options.items() if not isinstance(v, dict)}

    previous = signal.signal(signal.SIGTERM, _interrupt)

    def progress(match: Match, tally: Tally) -> None:
        if not args.quiet:
            won = ", ".join(f"{w} [{match.levels[w]}]" for w in match.winners) or "nobody"
            print(
                f"game {tally.games}: seed {match.seed}, {match.moves} moves, {won} "
                f"({match.ending})",
                flush=True,
            )

    try:
        tally = run(
            engine.name,
            (levels[0], levels[1]),
            args.players,
            args.games,
            args.seed,
            options,
            budgets,
            jobs=args.jobs,
            progress=progress,
            sprt=sprt,
        )
    finally:
        signal.signal(signal.SIGTERM, previous)
    budget_words = (
        f"{budget.iterations} iterations"
        if budget and budget.iterations
        else f"{budget.seconds} s"
        if budget
        else "the levels' own budgets"
    )
    print(f"{engine.title}, {args.players} players, search budget: {budget_words}")
    if tally.stopped:
        print(f"stopped by hand after {tally.games} games")
    print("\n".join(tally.lines(engine.name)))
    return 0
