"""A whole game as one animation: one frame per turn, small enough to upload.

Frames are the public boards (PNG bytes, already drawn from the spectator's view), so nothing
hidden can reach the animation. Each frame is captioned (the move and whose turn it is: public
words the caller passes) on a strip in the board's own paper colour, which also pads a board
lower than the tallest one.

The format is an animated GIF: Discord's desktop app plays animated WebP attachments, but its
phone apps are not known to (Discord rolled WebP out to desktop first, discord/lilliput#159),
while every client plays a GIF inline. Our boards are flat colours, so each frame takes its
own palette of 256 colours without dithering and loses nothing visible; frames are scaled
down, and then thinned out evenly (the last one always kept), until the file fits
``max_bytes``.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence

from PIL import Image

from rendering.kit import Draw, contrast_ink, ellipsize, font, min_text, text_size

#: Discord's upload limit for a bot without boosts, with room for the message around it
MAX_BYTES = 8 * 1024 * 1024
#: output widths tried in turn; never below the 400 px a phone shows
WIDTHS = (720, 600, 500, 400)
FRAME_MS = 900
LAST_FRAME_MS = 4000
#: the caption's size in px at 400 px wide (the phone rule's least is 9)
CAPTION_AT_400 = 12
RGB = tuple[int, int, int]
#: colours in the animation's palette (one index stays free: Pillow marks unchanged pixels
#: with it), and how many of them are the frames' commonest colours exactly
COLOURS = 255
EXACT_COLOURS = 96


def animate(
    frames: Sequence[bytes],
    captions: Sequence[str] = (),
    *,
    max_bytes: int = MAX_BYTES,
    frame_ms: int = FRAME_MS,
) -> bytes:
    """An animated GIF of ``frames`` (PNG bytes, in order), each with its caption from
    ``captions`` (none without), that fits ``max_bytes``."""
    if not frames:
        raise ValueError("no frames to animate")
    if captions and len(captions) != len(frames):
        raise ValueError("one caption per frame")
    images = [Image.open(io.BytesIO(f)).convert("RGB") for f in frames]
    words = list(captions) or [""] * len(images)
    chosen = list(range(len(images)))
    widest = max(im.width for im in images)
    widths = dict.fromkeys(min(w, widest) for w in WIDTHS)  # each output width once
    while True:
        for width in widths:
            data = _encode([images[i] for i in chosen], [words[i] for i in chosen], width, frame_ms)
            if len(data) <= max_bytes:
                return data
        if len(chosen) <= 2:
            return data
        last = chosen[-1]
        chosen = chosen[::2]
        if chosen[-1] != last:  # the final position always stays
            chosen.append(last)


def paper_of(image: Image.Image) -> RGB:
    """The board's paper: the commonest colour of its left, right and bottom edges (its top
    may be a header band)."""
    width, height = image.size
    counts: Counter[RGB] = Counter()
    for box in ((0, 0, 1, height), (width - 1, 0, width, height), (0, height - 1, width, height)):
        for n, colour in image.crop(box).getcolors(maxcolors=width + height) or []:
            counts[_rgb(colour)] += n
    return counts.most_common(1)[0][0] if counts else (255, 255, 255)


def caption_size(width: int) -> int:
    """The caption's font size on a frame ``width`` px wide: above the phone rule."""
    return max(min_text(width), -(-width * CAPTION_AT_400 // 400))


def _encode(images: list[Image.Image], captions: list[str], width: int, frame_ms: int) -> bytes:
    """Every frame on one canvas (the largest board's size, boards differ in height, and a
    caption strip below when there are captions), scaled to ``width`` at most."""
    board = (max(im.width for im in images), max(im.height for im in images))
    scale = min(1.0, width / board[0])
    inner = (max(1, round(board[0] * scale)), max(1, round(board[1] * scale)))
    size = caption_size(inner[0])
    strip = round(size * 1.8) if any(captions) else 0
    frames = []
    for im, caption in zip(images, captions, strict=True):
        paper = paper_of(im)
        if scale < 1.0:
            im = im.resize(
                (max(1, round(im.width * scale)), max(1, round(im.height * scale))),
                Image.Resampling.LANCZOS,
            )
        frame = Image.new("RGB", (inner[0], inner[1] + strip), paper)
        frame.paste(im, ((inner[0] - im.width) // 2, 0))
        if strip:
            _caption(Draw(frame), caption, paper, top=inner[1], height=strip, size=size)
        frames.append(frame)
    palette = _palette(frames)
    frames = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    out = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=True,
    )
    return out.getvalue()


def _palette(frames: list[Image.Image]) -> Image.Image:
    """One palette for every frame, from a few of them side by side (the first, the last and
    some between): a pixel that stays the same keeps its index, so each frame after the first
    stores only what changed. The commonest colours (paper, tiles, ink) are kept exactly; the
    rest (text's soft edges) are a median cut."""
    picked = frames[:: max(1, len(frames) // 6)] + frames[-1:]
    width, height = frames[0].size
    sheet = Image.new("RGB", (width * len(picked), height))
    for k, f in enumerate(picked):
        sheet.paste(f, (k * width, 0))
    # Pillow maps a pixel to a palette's nearest colour only roughly (through a cache of
    # cells), so near twins in a palette may swap: a small cell of colour space holds one
    # colour of the palette, the commonest of its colours, or else the median cut's
    cells: dict[tuple[int, int, int], RGB] = {}
    counts = sheet.getcolors(maxcolors=sheet.width * sheet.height) or []
    for _, colour in sorted(counts, key=lambda pair: pair[0], reverse=True):
        if len(cells) == EXACT_COLOURS:
            break
        cells.setdefault(_cell(_rgb(colour)), _rgb(colour))
    exact = list(cells.values())
    rest = COLOURS - len(exact)
    cut = sheet.quantize(rest, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    edges = (cut.getpalette() or [])[: 3 * rest]
    soft = [tuple(edges[k : k + 3]) for k in range(0, len(edges), 3)]
    soft = [colour for colour in soft if _cell(colour) not in cells]
    flat = [v for colour in exact + soft for v in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat)
    return palette


def _rgb(colour: object) -> RGB:
    """A pixel as Pillow gives it (a tuple for an RGB image) as an RGB triple."""
    assert isinstance(colour, tuple)
    r, g, b = colour[:3]
    return int(r), int(g), int(b)


def _cell(colour: Sequence[int]) -> tuple[int, int, int]:
    r, g, b = colour[:3]
    return r >> 3, g >> 2, b >> 3


def _caption(draw: Draw, text: str, paper: RGB, *, top: int, height: int, size: int) -> None:
    """``text`` centred on the strip (the frame's paper colour) from ``top``: characters the
    bundled font cannot draw (emoji) are dropped."""
    text = "".join(ch for ch in text if ord(ch) <= 0xFFFF).strip()
    if not text:
        return
    width = draw.im.size[0]
    f = font(size, bold=True)
    text = ellipsize(text, f, width - 2 * size)
    w = text_size(text, f)[0]
    draw.text(
        ((width - w) // 2, top + height // 2), text, font=f, fill=contrast_ink(paper), anchor="lm"
    )
