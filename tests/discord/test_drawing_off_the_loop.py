"""Pillow never runs on the event loop: a click's board, and the public notes written under it,
are drawn where the boards are drawn (worker threads here, worker processes in the bot)."""

from __future__ import annotations

import asyncio

from PIL import Image, ImageDraw

#: Pillow's entry points that reading, drawing and writing a picture go through
WATCHED = [
    (Image, "open"),
    (Image, "new"),
    (Image.Image, "save"),
    (Image.Image, "paste"),
    (ImageDraw.ImageDraw, "text"),
]


async def test_a_click_draws_no_image_on_the_event_loop(h, ada, running, monkeypatch):
    async def kept_seat(game):
        return ["A stand-in plays for Bob."]

    h.table.note_sources.append(kept_seat)
    on_the_loop: list[str] = []
    for owner, name in WATCHED:
        original = getattr(owner, name)

        def watched(*args, _name=name, _original=original, **kwargs):
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # a worker thread: no loop runs here
                return _original(*args, **kwargs)
            on_the_loop.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(owner, name, watched)
    await h.click(ada, running, label="Take 1")
    turn = h.last_public()
    assert "A stand-in plays for Bob." in turn.content and turn.attachments
    assert on_the_loop == []
