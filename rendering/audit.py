"""``python -m rendering.audit [GAME ...]`` (``./tabletop audit``): is every picture readable on
a phone and for every eye?

Every recorded game under ``tests/golden/games`` is replayed with its engine, and every image a
player can be sent is drawn from it: the public board at every position (the final board
included), every seat's hand at every position, and the game's legend. Every text drawn is
recorded (:func:`rendering.kit.recording_text`), and one line per game is printed:

    legibility GAME: images=N min_text_px_at_400=X confusable_colour_pairs=N largest_kb=N

``min_text_px_at_400`` is the smallest ``font size * 400 / image width`` over all those images
(rounded down to one decimal): the smallest text in px once an image is shown 400 px wide, as a
phone shows it before it is tapped. ``confusable_colour_pairs`` counts the pairs
:func:`rendering.vision.confusable_pairs` finds in each palette of the game's ``RULE_COLOURS``
and in the kit's player colours (each with its seat letter). ``largest_kb`` is the largest PNG,
in KB rounded up. The targets: ``min_text_px_at_400 >= 9``, no confusable pair,
``largest_kb <= 300``; the exit status is 1 when a game misses one (or declares no
``RULE_COLOURS``), 2 for an unknown game. ``--detail`` adds, per game, the tallest aspect
(height / width) of each kind of image and the time taken.

It needs a checkout: the recorded games are the tests'.
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import engines
import rendering
from i18n import SHIPPED
from rendering import DEFAULT_LOCALE, vision
from rendering import legend as legends
from rendering.kit import PLAYER_COLOURS, recording_text

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "games"
PHONE_WIDTH = 400
#: the issue's targets (#31)
LEAST_TEXT = 9.0
MOST_KB = 300


@dataclass(frozen=True)
class Shot:
    """One image drawn for the audit: its kind (board, end, hand, legend), size and smallest
    text (None when every text on it came from a layer recorded on an earlier image)."""

    kind: str
    width: int
    height: int
    smallest: int | None
    size: int

    @property
    def text_at_phone(self) -> float | None:
        return None if self.smallest is None else self.smallest * PHONE_WIDTH / self.width


@dataclass(frozen=True)
class Report:
    game: str
    shots: list[Shot]
    pairs: int
    declared: bool  # whether the game's renderer declares RULE_COLOURS
    seconds: float

    @property
    def least_text(self) -> float:
        sizes = [s.text_at_phone for s in self.shots if s.text_at_phone is not None]
        return math.floor(min(sizes) * 10) / 10 if sizes else 0.0

    @property
    def largest_kb(self) -> int:
        return -(-max(s.size for s in self.shots) // 1024) if self.shots else 0

    @property
    def passes(self) -> bool:
        return (
            self.declared
            and self.least_text >= LEAST_TEXT
            and self.pairs == 0
            and self.largest_kb <= MOST_KB
        )

    def line(self) -> str:
        return (
            f"legibility {self.game}: images={len(self.shots)} "
            f"min_text_px_at_400={self.least_text:.1f} confusable_colour_pairs={self.pairs} "
            f"largest_kb={self.largest_kb}"
        )

    def detail(self) -> str:
        tallest: dict[str, float] = defaultdict(float)
        for s in self.shots:
            tallest[s.kind] = max(tallest[s.kind], s.height / s.width)
        kinds = " ".join(f"{kind}={ratio:.2f}" for kind, ratio in sorted(tallest.items()))
        return f"aspect {self.game}: tallest height/width {kinds} seconds={self.seconds:.1f}"


def golden_games(game: str) -> list[Path]:
    return sorted(GOLDEN.glob(f"{game}-*.json"))


def positions(path: Path) -> tuple[Any, list[str], list[Any]]:
    """(engine, players, every state) of a recorded game, from its setup to its last move."""
    recorded = json.loads(path.read_text())
    engine = engines.get_engine(recorded["game"])
    players = recorded["players"]
    state = engine.setup(players, seed=recorded["seed"], options=recorded["options"])
    states = [state]
    for actor, action in recorded["actions"]:
        state, _ = engine.apply(state, actor, action)
        states.append(state)
    return engine, players, states


def png_size(png: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's header."""
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


class Recorder:
    """Records the text of images drawn one after another, clearing the renderers' caches (a
    new :func:`recording_text`) only when the image width changes: a layer cached while
    recording was counted on the image that first drew it, at the same width, so the smallest
    text per width is exact while a game's hundreds of boards are drawn at cached speed."""

    def __init__(self) -> None:
        self._stack: ExitStack | None = None
        self._drawn: list[tuple[int, str]] = []
        self._width: int | None = None

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self._close()

    def _open(self) -> None:
        self._stack = ExitStack()
        self._drawn = self._stack.enter_context(recording_text())

    def _close(self) -> None:
        if self._stack is not None:
            self._stack.close()
            self._stack = None
        self._width = None

    def shot(self, kind: str, draw: Callable[[], bytes | None]) -> Shot | None:
        """Draw one image (None if ``draw`` gives none) and measure it."""
        while True:
            if self._stack is None:
                self._open()
            start = len(self._drawn)
            png = draw()
            if png is None:
                return None
            width, height = png_size(png)
            fresh = self._width is None
            if fresh or width == self._width:
                self._width = width
                sizes = [size for size, _ in self._drawn[start:]]
                return Shot(kind, width, height, min(sizes, default=None), len(png))
            self._close()  # a new width: draw it again with every cache empty


def shots(game: str, paths: Sequence[Path], locale: str = DEFAULT_LOCALE) -> Iterator[Shot]:
    """Every image of ``game``'s recorded games in ``locale``'s language: boards, then hands,
    then the legend (grouped by kind so that widths change seldom)."""
    replays = [positions(path) for path in paths]
    with Recorder() as recorder:
        for engine, _, states in replays:
            for state in states:
                kind = "end" if engine.is_over(state) else "board"
                view = engine.view(state, None)
                shot = recorder.shot(kind, partial(rendering.render_board, game, view, locale))
                if shot is not None:
                    yield shot
        for engine, players, states in replays:
            for state in states:
                for player in players:
                    view = engine.view(state, player)
                    shot = recorder.shot("hand", partial(rendering.render_hand, game, view, locale))
                    if shot is None:
                        break  # the game has no hand image
                    yield shot
    with Recorder() as recorder:
        try:
            shot = recorder.shot("legend", partial(legends.render_legend, game, locale))
        except LookupError:  # the game has no legend
            shot = None
        if shot is not None:
            yield shot


def player_palette() -> list[vision.RuleColour]:
    """The kit's player colours: a seat's token always carries its letter, unique at a table."""
    return [
        vision.RuleColour(f"player colour {k + 1}", rgb, f"letter of seat {k + 1}")
        for k, rgb in enumerate(PLAYER_COLOURS)
    ]


def palettes(game: str) -> tuple[list[list[vision.RuleColour]], bool]:
    """The palettes of ``game`` whose colours carry a rule (its renderer's ``RULE_COLOURS``
    and the player colours), and whether the renderer declares any."""
    declared: dict[str, list[vision.RuleColour]] | None = getattr(
        rendering.renderer(game), "RULE_COLOURS", None
    )
    return [*(declared or {}).values(), player_palette()], declared is not None


def confusable(game: str) -> tuple[int, bool]:
    """(the number of confusable pairs in ``game``'s palettes, whether it declares them)."""
    found, declared = palettes(game)
    return sum(len(vision.confusable_pairs(p)) for p in found), declared


def audit(game: str, locale: str = DEFAULT_LOCALE) -> Report:
    started = time.perf_counter()
    drawn = list(shots(game, golden_games(game), locale))
    pairs, declared = confusable(game)
    return Report(game, drawn, pairs, declared, time.perf_counter() - started)


def recorded_games() -> list[str]:
    """The games with a recorded game, in the registry's order."""
    return [name for name in engines.names() if golden_games(name)]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="the games to audit (default: every game)"
    )
    parser.add_argument(
        "--language",
        default="en",
        choices=["en", *(lang.code for lang in SHIPPED)],
        help="the language the pictures are drawn in (default: en, English)",
    )
    parser.add_argument(
        "--detail",
        action="store_true",
        help="also print each kind of image's tallest aspect and the time taken, per game",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rendering.audit",
        description="Draw every board, hand and legend of the recorded games and print, per "
        "game: legibility GAME: images=N min_text_px_at_400=X confusable_colour_pairs=N "
        "largest_kb=N. Exit status 1 when a game misses a target (text >= 9 px at 400 px "
        "wide, no confusable colours, no file over 300 KB).",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    known = recorded_games()
    if not known:
        print(
            f"tabletop: no recorded games in {GOLDEN} (the audit needs a checkout)", file=sys.stderr
        )
        return 2
    unknown = [g for g in args.games if g not in known]
    if unknown:
        print(
            f"tabletop: no recorded game of {', '.join(unknown)} (games: {', '.join(known)})",
            file=sys.stderr,
        )
        return 2
    ok = True
    for game in args.games or known:
        report = audit(game, DEFAULT_LOCALE if args.language == "en" else args.language)
        print(report.line(), flush=True)
        if args.detail:
            print(report.detail(), flush=True)
        if not report.declared:
            print(f"tabletop: {game}'s renderer declares no RULE_COLOURS", file=sys.stderr)
        ok = ok and report.passes
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
