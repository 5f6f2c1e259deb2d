"""A whole game as one animation: one frame per turn, small enough to upload.

Frames are the public boards (PNG bytes, already drawn from the spectator's view), so nothing
hidden can reach the animation. Animated WebP keeps full colour in a fraction of a GIF's size;
frames are scaled down, and then thinned out evenly, until the file fits ``max_bytes``.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

#: Discord's upload limit for a bot without boosts, with room for the message around it
MAX_BYTES = 8 * 1024 * 1024
WIDTHS = (720, 550, 420, 320)
FRAME_MS = 900
LAST_FRAME_MS = 4000


def animate(
    frames: Sequence[bytes], *, max_bytes: int = MAX_BYTES, frame_ms: int = FRAME_MS
) -> bytes:
    """An animated WebP of ``frames`` (PNG bytes, in order) that fits ``max_bytes``."""
    if not frames:
        raise ValueError("no frames to animate")
    images = [Image.open(io.BytesIO(f)).convert("RGB") for f in frames]
    chosen = list(range(len(images)))
    while True:
        for width in WIDTHS:
            data = _encode([images[i] for i in chosen], width, frame_ms)
            if len(data) <= max_bytes:
                return data
        if len(chosen) <= 2:
            return data
        last = chosen[-1]
        chosen = chosen[::2]
        if chosen[-1] != last:  # the final position always stays
            chosen.append(last)


def _encode(images: list[Image.Image], width: int, frame_ms: int) -> bytes:
    """Every frame on one canvas (the largest frame's size, boards differ in height), scaled
    to ``width`` at most."""
    canvas = (max(im.width for im in images), max(im.height for im in images))
    scale = min(1.0, width / canvas[0])
    size = (max(1, round(canvas[0] * scale)), max(1, round(canvas[1] * scale)))
    scaled = []
    for im in images:
        if im.size != canvas:
            padded = Image.new("RGB", canvas, (255, 255, 255))
            padded.paste(im, (0, 0))
            im = padded
        scaled.append(im.resize(size, Image.Resampling.LANCZOS) if size != canvas else im)
    out = io.BytesIO()
    durations = [frame_ms] * (len(scaled) - 1) + [LAST_FRAME_MS]
    scaled[0].save(
        out,
        format="WEBP",
        save_all=True,
        append_images=scaled[1:],
        duration=durations,
        loop=0,
        quality=70,
        method=4,
    )
    return out.getvalue()
