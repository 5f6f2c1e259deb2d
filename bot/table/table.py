"""The Table: the one gateway to games, assembled from its parts over
:class:`~bot.table.core.TableCore` (loading, saving, describing): :mod:`~bot.table.lobby`,
:mod:`~bot.table.playing`, :mod:`~bot.table.lifecycle`, :mod:`~bot.table.looking`,
:mod:`~bot.table.watching` and :mod:`~bot.table.placings`."""

from __future__ import annotations

from bot.table.ai_seats import AiSeats
from bot.table.core import ChangeListener, NoteSource
from bot.table.lifecycle import Lifecycle
from bot.table.lobby import Lobby
from bot.table.looking import Looking
from bot.table.placings import Placings
from bot.table.playing import Playing
from bot.table.watching import Watching

__all__ = ["ChangeListener", "NoteSource", "Table"]


class Table(Placings, Lobby, Playing, Lifecycle, Looking, Watching, AiSeats):
    """Load the channel's game, check who may do what, let the engine apply it, save it in
    one transaction (with the optimistic version check), render the public board, and say
    who acts next, all from one load. The only code that loads game states and writes game
    rows; every refusal is a :class:`bot.errors.TableError` meant for the user.

    Subscribers (:meth:`subscribe`) are awaited with a :class:`Change` after every saved
    change, in order; a failing one is logged and neither undoes the change nor stops the
    others. Note sources (:attr:`note_sources`) add public lines about a running game to every
    outcome, board and status (e.g. which seats a stand-in keeps).
    """
