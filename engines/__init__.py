"""Game engines and their registry.

Every subpackage of ``engines`` that exposes ``ENGINE`` (an :class:`engines.core.Engine`
instance) in its ``engine`` module is registered by its ``name``, so a new game needs no glue.
Tests may :func:`register` engines of their own.

Every game package has the same files for the same roles, so a reader of one knows where to
look in another:

    engine.py   the Engine subclass: the contract, and the ``step``, ``leave`` and ``pick`` that
                the template in ``core.py`` calls
    state.py    the whole game as one pydantic model (``over`` once it has ended)
    data.py     the component data, loaded from ``data/*.json`` and validated
    setup.py    a new game
    flow.py     whose decision the game awaits (``awaited``) and moving on
    actions.py  the legal actions and what each one does
    views.py    what a player or a spectator sees (``view``)
    policy.py   the stand-in's choice (``suggest``)

Rules that fill more than these live in modules named after them (``auction.py``,
``behaviours.py``, ``movement.py``).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from engines.core import (
    Action,
    ActionRole,
    Amount,
    Engine,
    Event,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
    UnreadableState,
)

__all__ = [
    "Action",
    "ActionRole",
    "Amount",
    "Engine",
    "Event",
    "IllegalAction",
    "OptionSpec",
    "Result",
    "Rng",
    "UnknownGame",
    "UnreadableState",
    "get_engine",
    "names",
    "register",
]


class UnknownGame(LookupError):
    """No engine has that name; the message lists the valid ones."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


_registry: dict[str, Engine[Any]] = {}
_discovered = False


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}.engine")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{info.name}.engine":
                continue
            raise
        engine = getattr(module, "ENGINE", None)
        if engine is not None:
            _registry.setdefault(engine.name, engine)


def register(engine: Engine[Any]) -> Engine[Any]:
    """Register an engine (used by tests for their own engines)."""
    _discover()
    _registry[engine.name] = engine
    return engine


def unregister(name: str) -> None:
    _registry.pop(name, None)


def names() -> list[str]:
    """The registered engine names, sorted."""
    _discover()
    return sorted(_registry)


def get_engine(name: str) -> Engine[Any]:
    """The engine called ``name``; a clear error listing the valid names otherwise."""
    _discover()
    try:
        return _registry[name]
    except KeyError:
        valid = ", ".join(sorted(_registry)) or "none"
        raise UnknownGame(f"Unknown game '{name}'. Valid games: {valid}.") from None
