"""Boards drawn in worker processes are the boards the renderers draw, and a worker that dies
costs no image; until the workers are ready, a board waits for them."""

from __future__ import annotations

import asyncio
import os
import signal

import engines
import rendering
from bot.table import renders
from bot.table.renders import ProcessRenderer
from rendering.kit import with_banner

GAME = "run_animals"


def opening_view():
    eng = engines.get_engine(GAME)
    return eng.view(eng.setup(["Ada", "Bo", "Cy"], seed=4), None)


async def until_ready(renderer: ProcessRenderer) -> None:
    for _ in range(600):
        if renderer.ready:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the render workers never got ready")


async def test_a_worker_process_draws_the_same_board_as_the_renderer():
    renderer = ProcessRenderer(workers=1)
    renderer.start()
    try:
        await until_ready(renderer)
        view = opening_view()
        assert await renderer.board(GAME, view) == rendering.render_board(GAME, view)
    finally:
        renderer.close()


async def test_a_killed_worker_is_replaced_and_the_board_still_drawn():
    renderer = ProcessRenderer(workers=1)
    renderer.start()
    try:
        await until_ready(renderer)
        assert renderer._pool is not None
        for pid in list(renderer._pool._processes):
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        view = opening_view()
        assert await renderer.board(GAME, view) == rendering.render_board(GAME, view)
        await until_ready(renderer)
        assert renderer.ready
    finally:
        renderer.close()


async def test_a_board_asked_for_before_the_workers_are_ready_waits_for_them(monkeypatch):
    """Drawing it in this process instead would hold the interpreter, so the event loop."""
    drawn_here = []
    in_a_thread = asyncio.to_thread

    async def recorded(draw, *args):
        drawn_here.append(draw)
        return await in_a_thread(draw, *args)

    monkeypatch.setattr(renders.asyncio, "to_thread", recorded)
    view = opening_view()
    renderer = ProcessRenderer(workers=1)
    renderer.start()
    try:
        assert not renderer.ready
        assert await renderer.board(GAME, view) == rendering.render_board(GAME, view)
        assert drawn_here == []
        assert renderer.ready
    finally:
        renderer.close()


async def test_a_worker_process_writes_the_public_notes_under_the_board():
    renderer = ProcessRenderer(workers=1)
    renderer.start()
    try:
        await until_ready(renderer)
        view = opening_view()
        noted = await renderer.board(GAME, view, ["A stand-in plays for Ada."])
        plain = rendering.render_board(GAME, view)
        assert noted == with_banner(plain, ["A stand-in plays for Ada."]) != plain
    finally:
        renderer.close()
