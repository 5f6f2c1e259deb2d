"""Pillow renderers: a game's view -> PNG bytes.

Each game has a module ``rendering/<engine name>.py`` with ``render_board(view) -> bytes`` and,
where the game has private information, ``render_hand(view) -> bytes``. Renderers receive views
(``engine.view(state, viewer)``), never raw state, so hidden information cannot leak by accident.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pydantic import BaseModel


class NoRenderer(LookupError):
    """The game has no renderer for that kind of image."""


_extra: dict[str, ModuleType] = {}


def register(name: str, module: ModuleType) -> None:
    """Use ``module`` as the renderer of ``name`` (tests register their own engines' renderers)."""
    _extra[name] = module


def registered_at_run_time(name: str) -> bool:
    """Whether ``name``'s renderer was registered by :func:`register` (so it exists only in
    this process, not in a fresh worker process)."""
    return name in _extra


def _module(name: str) -> ModuleType:
    if name in _extra:
        return _extra[name]
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":
            raise NoRenderer(f"No renderer for '{name}'.") from None
        raise


def render_board(name: str, view: BaseModel) -> bytes:
    """The public board image (PNG) of game ``name`` for ``view``."""
    png: bytes = _module(name).render_board(view)
    return png


def render_hand(name: str, view: BaseModel) -> bytes | None:
    """A private image of the viewer's hand, or ``None`` if the game has none."""
    fn = getattr(_module(name), "render_hand", None)
    png: bytes | None = fn(view) if fn else None
    return png
