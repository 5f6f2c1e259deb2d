"""The drawing kit and the renderers' registry: a game's view -> PNG bytes.

A game draws itself: its package's ``render`` module (``engines/<game>/render.py``, found
through ``engines.package_of``) has ``render_board(view) -> bytes`` and, where the game has
private information, ``render_hand(view) -> bytes``, drawn with the shared kit
(``rendering.kit``, ``rendering.palettes``). Renderers receive views (``engine.view(state,
viewer)``), never raw state, so hidden information cannot leak by accident.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pydantic import BaseModel

import engines
from i18n.speaking import speaking

#: the language of a picture whose caller names none
DEFAULT_LOCALE = "en-US"


class NoRenderer(LookupError):
    """The game has no renderer for that kind of image."""


_extra: dict[str, ModuleType] = {}


def register(name: str, module: ModuleType) -> None:
    """Use ``module`` as the renderer of ``name`` (tests register their own engines' renderers)."""
    _extra[name] = module


def registered_at_run_time(name: str) -> bool:
    """Whether ``name``'s renderer was registered in this process (by :func:`register`, or with
    its game by ``engines.register_package``), so a fresh worker process does not have it."""
    return name in _extra or (name in engines.names() and engines.registered_at_run_time(name))


def game_module(name: str, module: str) -> ModuleType | None:
    """Game ``name``'s own module ``module`` (``render``, ``legend``), or None when the game
    (or its package) has none."""
    try:
        package = engines.package_of(name)
    except engines.UnknownGame:
        return None
    if package is None:
        return None
    try:
        return importlib.import_module(f"{package}.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{package}.{module}":
            return None
        raise


def renderer(name: str) -> ModuleType:
    """Game ``name``'s renderer module; :class:`NoRenderer` when it has none."""
    if name in _extra:
        return _extra[name]
    module = game_module(name, "render")
    if module is None:
        raise NoRenderer(f"No renderer for '{name}'.")
    return module


def render_board(name: str, view: BaseModel, locale: str = DEFAULT_LOCALE) -> bytes:
    """The public board image (PNG) of game ``name`` for ``view``, its words in ``locale``'s
    language (the server's: everyone in the channel reads it)."""
    with speaking(locale):
        png: bytes = renderer(name).render_board(view)
    return png


def render_hand(name: str, view: BaseModel, locale: str = DEFAULT_LOCALE) -> bytes | None:
    """A private image of the viewer's hand, its words in ``locale``'s language (the owner's),
    or ``None`` if the game has none."""
    fn = getattr(renderer(name), "render_hand", None)
    with speaking(locale):
        png: bytes | None = fn(view) if fn else None
    return png
