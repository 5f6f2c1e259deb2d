"""Text on the Monopoly board's spaces: measured word by word (cached, as the same words come
back on every render), wrapped, and condensed sideways rather than shrunk where a line is
too wide for its space, so it stays legible."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from rendering.kit import Ink
from rendering.kit import text_size as _kit_text_size

Font = ImageFont.FreeTypeFont
#: how far a line may be condensed sideways (rather than shrunk) to fit its space
SQUEEZE = 0.74


@lru_cache(maxsize=16384)
def text_size(text: str, f: Font) -> tuple[int, int]:
    return _kit_text_size(text, f)


@lru_cache(maxsize=16384)
def width_of(word: str, f: Font) -> float:
    return f.getlength(word)


def ellipsize(text: str, f: Font, max_width: int) -> str:
    if width_of(text, f) <= max_width:
        return text
    while text and width_of(text + "\u2026", f) > max_width:
        text = text[:-1]
    return text + "\u2026"


def _hyphenate(word: str, f: Font, max_width: float) -> list[str]:
    """A word too long for any line, cut into pieces that each fit (all but the last with a
    hyphen)."""
    pieces = []
    while width_of(word, f) > max_width and len(word) > 6:
        k = len(word) - 3
        while k > 3 and width_of(word[:k] + "-", f) > max_width:
            k -= 1
        pieces.append(word[:k] + "-")
        word = word[k:]
    return [*pieces, word]


def squeezed_wrap(text: str, f: Font, max_width: int) -> list[str]:
    """Word wrap for a space's printed text: a line may run up to ``1 / SQUEEZE`` of the width
    (it is then drawn condensed, never in a smaller size) and a longer word is hyphenated."""
    budget = max_width / SQUEEZE
    words = [piece for word in text.split() for piece in _hyphenate(word, f, budget)]
    lines: list[str] = []
    for word in words:
        if lines and not lines[-1].endswith("-") and width_of(f"{lines[-1]} {word}", f) <= budget:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@lru_cache(maxsize=2048)
def _condensed(text: str, f: Font, width: int) -> Image.Image:
    """``text`` as a mask drawn at its full size and condensed sideways to ``width``."""
    _l, _t, right, bottom = f.getbbox(text)
    mask = Image.new("L", (max(1, int(right) + 1), max(1, int(bottom) + 1)), 0)
    ImageDraw.Draw(mask).text((0, 0), text, font=f, fill=255)
    return mask.resize((width, mask.height), Image.Resampling.LANCZOS)


def draw_fitted(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: Font,
    fill: Ink,
    max_width: float,
    *,
    centre: bool = False,
) -> None:
    """Draw ``text`` at ``xy``; if it is wider than ``max_width`` it is condensed sideways to
    fit (the letters keep their height, so the size stays legible). ``centre``: ``xy`` is the
    middle of the top edge."""
    x, y = xy
    w = width_of(text, f)
    if w <= max_width:
        draw.text((x - w / 2 if centre else x, y), text, font=f, fill=fill)
        return
    mask = _condensed(text, f, int(max_width))
    image.paste(fill, (int(x - max_width / 2 if centre else x), int(y)), mask)


def wrap(text: str, f: Font, max_width: int, max_lines: int = 3) -> list[str]:
    """Greedy word wrap measured word by word (cached); the last line is ellipsized when the
    text does not fit in ``max_lines``."""
    space = width_of(" ", f)
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    for word in text.split():
        w = width_of(word, f)
        if line and used + space + w > max_width:
            lines.append(" ".join(line))
            line, used = [word], w
        else:
            used = used + space + w if line else w
            line.append(word)
    if line:
        lines.append(" ".join(line))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1] + " \u2026"
    return [ellipsize(ln, f, max_width) for ln in lines]
