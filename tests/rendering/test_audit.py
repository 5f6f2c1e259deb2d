"""``python -m rendering.audit`` (``./tabletop audit``): every image of the recorded games,
measured, one line per game in the issue's format (#31)."""

from __future__ import annotations

import json
import re
import sys
import types
from functools import lru_cache, partial

import pytest
from PIL import Image

from i18n import SHIPPED
from rendering import audit
from rendering.audit import Report, Shot
from rendering.kit import INK, font, new_canvas, to_png

LINE = re.compile(
    r"^legibility (\w+): images=(\d+) min_text_px_at_400=(\d+\.\d) "
    r"confusable_colour_pairs=(\d+) largest_kb=(\d+)$"
)


def report(*shots: Shot, pairs: int = 0, declared: bool = True) -> Report:
    return Report("toy", list(shots), pairs, declared, 0.0)


def test_the_line_is_in_the_issues_format():
    shots = (Shot("board", 1000, 900, 23, 150_000), Shot("hand", 800, 900, 18, 20_000))
    assert report(*shots, pairs=2).line() == (
        "legibility toy: images=2 min_text_px_at_400=9.0 confusable_colour_pairs=2 largest_kb=147"
    )


def test_the_smallest_text_is_rounded_down_so_a_miss_never_shows_as_9():
    nearly = report(Shot("board", 980, 700, 22, 1000))  # 22 * 400 / 980 = 8.98
    assert "min_text_px_at_400=8.9 " in nearly.line() and not nearly.passes


def test_the_largest_file_is_rounded_up():
    assert report(Shot("board", 1000, 700, 30, 300 * 1024 + 1)).largest_kb == 301


def test_a_game_passes_only_when_every_target_is_met():
    good = Shot("board", 1000, 900, 23, 1000)
    assert report(good).passes
    assert not report(good, pairs=1).passes
    assert not report(good, declared=False).passes
    assert not report(good, Shot("board", 1000, 900, 23, 301 * 1024)).passes


def test_a_game_is_audited_whole_every_position_every_hand_and_the_legend(capsys):
    [path] = audit.golden_games("cemetery")
    recorded = json.loads(path.read_text())
    positions = len(recorded["actions"]) + 1
    audit.main(["cemetery"])
    [line] = capsys.readouterr().out.splitlines()
    match = LINE.match(line)
    assert match is not None, line
    game, images = match.group(1), int(match.group(2))
    # the board at every position, every seat's hand at every position, the legend
    assert game == "cemetery" and images == positions * (1 + len(recorded["players"])) + 1


def test_an_unknown_game_is_refused_with_the_known_ones(capsys):
    assert audit.main(["chess"]) == 2
    assert "cemetery" in capsys.readouterr().err


def test_a_layer_cached_on_one_width_is_measured_again_on_another(monkeypatch):
    """Boards reuse cached layers (drawn once, pasted on every board): the audit counts a
    layer's text where it was drawn, and draws it afresh when the image width changes, so a
    20 px label measures 8 px at 400 on a 1000 px board even if an 800 px board cached it."""
    module = types.ModuleType("tests.rendering.render_layers")

    @lru_cache(maxsize=4)
    def label() -> Image.Image:
        image, draw = new_canvas(120, 30)
        draw.text((0, 0), "score", font=font(20), fill=INK)
        return image

    def board(width: int) -> bytes:
        image, _ = new_canvas(width, width // 2)
        image.paste(label(), (0, 0))
        return to_png(image)

    module.label = label  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    with audit.Recorder() as recorder:
        shots = [recorder.shot("board", partial(board, w)) for w in (800, 800, 1000)]
    assert [s.smallest for s in shots if s is not None] == [20, None, 20]
    assert report(*[s for s in shots if s is not None]).least_text == 8.0


#: German has the longest words, so CI draws every picture in it; the others (about 35 s of
#: CPU each) run with ``-m bench``
LANGUAGES = [
    pytest.param(lang.code, marks=() if lang.code == "de" else pytest.mark.bench)
    for lang in SHIPPED
]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_picture_stays_legible_in_every_language(code):
    """Translations are longer than the English (German most): every board, hand and legend of
    the recorded games still keeps its text at least 9 px on a phone, in each language."""
    for game in audit.recorded_games():
        report = audit.audit(game, code)
        assert report.passes, report.line()
