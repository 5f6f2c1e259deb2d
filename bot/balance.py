"""``python -m bot balance``: bots play every game at every player count, and the balance
report (``docs/balance.md``) is written from what happened.

For each game and player count: how often the first player to act wins, the win rate of each
species, character or figure against its fair share, the length of games in moves, and how
games end. A shared win counts as a share. Rates come with 95% (Wilson) intervals: a small
sample says little, and the report says how small it is.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import engines
from engines.ai.levels import LEVELS, Budget, level_named
from engines.ai.matches import Match, play_match, wilson
from engines.core import IllegalAction

DEFAULT_OUT = Path("docs/balance.md")
#: a pick surely (its whole interval) winning more than this times its fair share is flagged
FLAG = 1.5


def _play(args: tuple[str, list[str], int, dict[str, Any], dict[str, Budget]]) -> Match:
    return play_match(*args)


def play_all(
    game: str,
    players: int,
    level: str,
    games: int,
    seed: int,
    budgets: dict[str, Budget],
    options: dict[str, Any],
    jobs: int,
) -> list[Match]:
    work = [(game, [level] * players, seed + i, options, budgets) for i in range(games)]
    if jobs <= 1:
        return [_play(w) for w in work]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_play, work, chunksize=4))


def share(match: Match, player: str) -> float:
    return 1 / len(match.winners) if player in match.winners else 0.0


def _rate(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins / n:.0%} ({lo:.0%}-{hi:.0%})" if n else "-"


def section(title: str, players: int, matches: list[Match]) -> list[str]:
    n = len(matches)
    done = [m for m in matches if m.finished]
    fair = 1 / players
    out = [f"### {title}, {players} players ({n} games)", ""]
    if len(done) < n:
        out.append(f"{n - len(done)} game(s) hit the move limit without ending; left out below.")
        out.append("")
    first = sum(share(m, m.first) for m in done)
    out.append(f"- First player to act wins {_rate(first, len(done))}; fair share {fair:.0%}.")
    by_choice: dict[str, list[float]] = defaultdict(list)
    for m in done:
        for p, choice in m.choices.items():
            by_choice[choice].append(share(m, p))
    if by_choice:
        out += [
            "",
            "| pick | games | win rate (95% interval) | vs fair share |",
            "|---|---|---|---|",
        ]
        for choice, wins in sorted(by_choice.items(), key=lambda kv: -sum(kv[1]) / len(kv[1])):
            ratio = (sum(wins) / len(wins)) / fair
            flag = " ⚠" if wilson(sum(wins), len(wins))[0] > FLAG * fair else ""
            out.append(
                f"| {choice} | {len(wins)} | {_rate(sum(wins), len(wins))} | {ratio:.2f}×{flag} |"
            )
    lengths = sorted(m.moves for m in done)
    if lengths:
        q = (
            statistics.quantiles(lengths, n=10, method="inclusive")
            if len(lengths) > 1
            else [lengths[0]] * 9
        )
        out += [
            "",
            f"- Length in moves: min {lengths[0]}, 10% {q[0]:.0f}, median "
            f"{statistics.median(lengths):.0f}, 90% {q[8]:.0f}, max {lengths[-1]}.",
        ]
    endings = Counter(m.ending for m in done)
    out += ["", "| how the game ended | games | share |", "|---|---|---|"]
    for kind in engines.get_engine(matches[0].game).endings if matches else ():
        endings.setdefault(kind, 0)  # an ending that never happened shows as 0
    for ending, count in endings.most_common():
        out.append(f"| {ending} | {count} | {count / max(len(done), 1):.0%} |")
    out.append("")
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", default="normal", help="the bots' level (default normal)")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="per game and count")
    parser.add_argument("--seed", type=int, default=1, metavar="S")
    parser.add_argument("--games-only", nargs="*", default=None, metavar="GAME", dest="only")
    parser.add_argument(
        "--max-players",
        type=int,
        default=None,
        metavar="N",
        help="play counts up to N only (default each game's maximum)",
    )
    parser.add_argument(
        "--iterations", type=int, metavar="K", help="search iterations per decision"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="games at once (processes)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar="FILE")


def main(args: argparse.Namespace) -> int:
    try:
        level_named(args.level)
        names = args.only or [n for n in engines.names() if not engines.registered_at_run_time(n)]
        for name in names:
            engines.get_engine(name)
    except (IllegalAction, engines.UnknownGame) as exc:
        print(f"tabletop: {getattr(exc, 'reason', None) or exc}", file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("tabletop: --games and --jobs must be at least 1.", file=sys.stderr)
        return 2
    budgets = {}
    if args.iterations is not None:
        budgets[args.level] = Budget(iterations=args.iterations)
    level = LEVELS[args.level.strip().lower()].name
    budget_words = (
        f"{args.iterations} search iterations per decision"
        if args.iterations
        else "the engine's stand-in heuristic"
        if level == "easy"
        else "its own iteration budget"
    )
    body: list[str] = []
    started = time.monotonic()
    for name in names:
        engine = engines.get_engine(name)
        options = dict(engine.report_options)
        top = (
            engine.max_players
            if args.max_players is None
            else min(args.max_players, engine.max_players)
        )
        for players in range(engine.min_players, top + 1):
            matches = play_all(
                name, players, level, args.games, args.seed, budgets, options, args.jobs
            )
            title = engine.title + (
                f" ({', '.join(f'{k} {v}' for k, v in options.items())})" if options else ""
            )
            body += section(title, players, matches)
            print(f"{name} {players}p: {len(matches)} games", file=sys.stderr, flush=True)
    command = (
        " ".join(["python -m bot balance"] + sys.argv[2:])
        if sys.argv[1:2] == ["balance"]
        else "python -m bot balance"
    )
    head = [
        "# Balance report",
        "",
        f"Written by `{command}` in {time.monotonic() - started:.0f} s: every game and player "
        f"count played {args.games} times by `{level}` bots ({budget_words}), seeds "
        f"{args.seed} to {args.seed + args.games - 1}. A shared win counts as a share; rates "
        "carry 95% (Wilson) intervals, and a pick whose whole interval lies above "
        f"{FLAG}× its fair share is flagged ⚠. Small samples say little: read the intervals.",
        "",
        "The full run the design calls for (`normal` bots, 1,000 games per game and count) is "
        "`python -m bot balance --level normal --games 1000 --jobs 2` (hours of CPU).",
        "",
        "What designed data was tuned after a report, and its figures before and after: "
        "[tuning.md](tuning.md).",
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(head + body))
    print(f"wrote {args.out}")
    return 0
