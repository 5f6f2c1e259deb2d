"""Moves: a player's own (checked, applied and saved from one load) and a stand-in's."""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Concatenate, ParamSpec, cast

from pydantic import BaseModel

from bot.errors import (
    BoardChanged,
    EngineFailure,
    IllegalMove,
    NothingToUndo,
    NotSeated,
    NotYourTurn,
    TableError,
)
from bot.logsafe import failure
from bot.ops import context
from bot.ops.metrics import MADE
from bot.table import offers, typed
from bot.table.core import (
    AnyEngine,
    log,
)
from bot.table.results import Outcome
from bot.table.standing import Standing
from bot.table.texts import (
    not_your_turn,
)
from engines import Action, Event, IllegalAction, undo
from engines.core import GameState, Takeback, move_with_amount
from i18n.say import say
from storage import (
    GameRow,
    MoveEntry,
    SeatRow,
)

P = ParamSpec("P")
Act = Callable[Concatenate["Playing", P], Coroutine[Any, Any, Outcome]]


def _measured(act: Act[P]) -> Act[P]:
    """Count a player's move, made or refused (by the refusal's kind), and time a made one,
    by the game it was for (``none`` when the channel has none)."""

    @functools.wraps(act)
    async def measured(self: Playing, /, *args: P.args, **kwargs: P.kwargs) -> Outcome:
        started = time.perf_counter()
        context.forget_game()
        try:
            outcome = await act(self, *args, **kwargs)
        except TableError as refused:
            game = context.current()
            kind = game.engine if game is not None else "none"
            self.metrics.move(kind, type(refused).__name__, time.perf_counter() - started)
            raise
        self.metrics.move(outcome.game.engine, MADE, time.perf_counter() - started)
        return outcome

    return measured


class Playing(Standing):
    @_measured
    async def act(
        self,
        *,
        channel_id: int,
        user_id: int,
        action_id: str | None = None,
        offered: int | None = None,
        own: bool = False,
        amount: str | None = None,
        expected_version: int | None = None,
        expected_game_id: int | None = None,
    ) -> Outcome:
        """Make a move: checked, applied and saved in one transaction, then rendered.

        ``action_id`` is one of the player's action ids, or what they typed: text that names
        exactly one of their moves stands for it (:func:`bot.table.typed.read`, which refuses
        the rest saying the range or the nearest moves).
        ``offered`` instead (from a component) is the index of the move among those the turn
        message offers (:func:`bot.table.offers.board_moves`), or with ``own`` among the
        player's own (their private panel). ``expected_version`` / ``expected_game_id`` refuse
        the move with :class:`BoardChanged` if the position changed since the component was
        drawn (a host's note or pause in between does not count). ``amount`` is the number
        the player typed for a move that takes one (an auction bid), checked against its range;
        ``action_id`` may also carry it as ``<id>:<n>``.
        """
        row = await self._live(channel_id)
        if expected_game_id is not None and expected_game_id != row.id:
            raise BoardChanged(say("That button belongs to an earlier game in this channel."))
        eng, state, seat = self._running_seat(row, user_id)
        if expected_version is not None and not await self._unmoved_since(row, expected_version):
            raise BoardChanged()
        board_click = offered is not None and not own  # needs every awaited player's moves
        awaited = self._awaited_moves(row, eng, state) if board_click else {}
        legal = awaited.get(seat.user_id)
        if legal is None:  # not awaited, or not needed: the player's own moves, asked once
            legal = self._moves(eng, state, seat.name)
        if offered is not None:
            action = self._offered(eng, awaited, legal, offered, own=own)
        elif legal:
            action = self._engine_call(typed.read, action_id or "", legal)
        else:  # nothing to do now: said as for any move that is not theirs
            action = None
        if action is not None and action.amount is not None:
            if amount is None:
                raise IllegalMove(
                    say("That move needs an amount. {how}", how=action.amount.refusal())
                )
            action = self._engine_call(move_with_amount, action, amount)
        elif action is not None and amount is not None:
            raise IllegalMove(say("That move takes no amount; the board has changed since."))
        if action is None:
            raise self._not_a_move(eng, state, seat.name, legal)
        return await self._move(row, eng, state, seat, action, by_standin=False)

    async def offered(
        self,
        *,
        channel_id: int,
        user_id: int,
        index: int,
        own: bool = False,
        expected_version: int,
        expected_game_id: int,
    ) -> Action:
        """The move a component drawn at ``expected_version`` offers the clicker at ``index``,
        refused exactly as :meth:`act` would refuse the click, without making it (a move whose
        amount is typed is checked before its form opens)."""
        row = await self._live(channel_id)
        if expected_game_id != row.id:
            raise BoardChanged(say("That button belongs to an earlier game in this channel."))
        eng, state, seat = self._running_seat(row, user_id)
        if not await self._unmoved_since(row, expected_version):
            raise BoardChanged()
        awaited = {} if own else self._awaited_moves(row, eng, state)
        legal = awaited.get(seat.user_id)
        if legal is None:
            legal = self._moves(eng, state, seat.name)
        action = self._offered(eng, awaited, legal, index, own=own)
        if action is None:
            raise self._not_a_move(eng, state, seat.name, legal)
        return action

    def _not_a_move(
        self, eng: AnyEngine, state: BaseModel, name: str, legal: Sequence[Action]
    ) -> TableError:
        """Why a seated player's click or typed move is none of theirs: they are out of the game
        (bankrupt), it is not their turn, or it is not one of the moves they have."""
        if not self._engine_call(eng.seated, state, name):
            return NotSeated(self._engine_call(eng.not_playing, state, name))
        waiting = self._engine_call(eng.to_act, state)
        if not legal and name not in waiting:
            return NotYourTurn(not_your_turn(waiting))
        return IllegalMove(
            say("That is not one of your moves right now. Use /play to see the moves you have.")
        )

    def _awaited_moves(
        self, row: GameRow, eng: AnyEngine, state: BaseModel
    ) -> dict[int, list[Action]]:
        """Each awaited user's moves in ``state``, in the order the game awaits them: asked of
        the engine once per player, then used both to find the clicked move and to check it."""
        return {
            user: self._moves(eng, state, name)
            for user, name in self._awaited_in(row, eng, state).items()
        }

    def _offered(
        self,
        eng: AnyEngine,
        awaited: dict[int, list[Action]],
        legal: Sequence[Action],
        index: int,
        *,
        own: bool,
    ) -> Action | None:
        """The move at ``index`` of the list the component was drawn from, if it is one of the
        clicker's (another awaited player's button is refused like any move not theirs)."""
        if own:
            return offers.pick(offers.panel_moves(legal), index)
        chosen = offers.pick(offers.board_moves(awaited, eng.public_action_labels), index)
        return next((a for a in legal if chosen is not None and a.id == chosen.id), None)

    async def play_for(
        self, *, game_id: int, user_id: int, rng: random.Random, expected_version: int
    ) -> Outcome:
        """A stand-in's move for an absent player: the engine's suggestion, made through the
        same checks and save as the player's own move (refused if the board moved on)."""
        row = await self._by_id(game_id)
        if row.status != "running" or row.version != expected_version:
            raise BoardChanged()
        eng, state, seat = self._running_seat(row, user_id)
        try:
            action_id = eng.suggest(state, seat.name, rng)
        except IllegalAction as exc:
            raise NotYourTurn(exc.reason) from None
        legal = self._engine_call(eng.legal_actions, state, seat.name)
        action = next((a for a in legal if a.id == action_id), None)
        if action is None:
            raise IllegalMove(say("The stand-in's suggestion is not a legal move."))
        return await self._move(row, eng, state, seat, action, by_standin=True)

    async def _move(
        self,
        row: GameRow,
        eng: AnyEngine,
        state: BaseModel,
        seat: SeatRow,
        action: Action,
        *,
        by_standin: bool,
    ) -> Outcome:
        """Apply ``action``, taken from the engine's own list of ``seat``'s moves in ``state``
        (legal already), through the engine's trusting path (:meth:`engines.Engine.play`):
        checking it again would ask the engine for the same moves a second time."""
        try:
            if by_standin:  # a stand-in's step is nobody's to take back
                new_state, events = eng.play(state, seat.name, action)
            else:
                new_state, events = undo.play(eng, cast(GameState, state), seat.name, action)
        except IllegalAction as exc:
            raise IllegalMove(exc.reason) from None
        except Exception as exc:  # the move itself stays out of the log: it may be secret
            log.error("%s: apply failed in game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        entry = MoveEntry("move", seat.user_id, seat.name, action.id)
        made = await self._commit(
            row, eng, new_state, events, entry, action=action, by_standin=by_standin
        )
        return await self._follow_standing(made, eng, new_state)

    async def undo(
        self,
        *,
        channel_id: int,
        user_id: int,
        expected_version: int | None = None,
        expected_game_id: int | None = None,
    ) -> Outcome:
        """Take back the caller's latest step of this turn (:mod:`engines.undo`'s policy):
        saved, logged as its own entry ("Ada took back: Buy ...") and described like a move,
        so the turn message is drawn again from the state before the step. A panel drawn at
        ``expected_version`` is refused with :class:`BoardChanged` once anything moved since
        (a clock's stand-in, another player), exactly as a move would be."""
        row = await self._live(channel_id)
        if expected_game_id is not None and expected_game_id != row.id:
            raise BoardChanged(say("That button belongs to an earlier game in this channel."))
        eng, state, seat = self._running_seat(row, user_id)
        if expected_version is not None and not await self._unmoved_since(row, expected_version):
            raise BoardChanged()
        try:
            restored, step = undo.take_back(eng, cast(GameState, state), seat.name)
        except IllegalAction as exc:
            raise NothingToUndo(exc.reason) from None
        except Exception as exc:
            log.error("%s: undo failed in game %s: %s", eng.name, row.id, failure(exc))
            raise EngineFailure() from None
        said = Event(
            text=say(
                "{player} took back: {move}",
                player=seat.name,
                move=self._move_words(eng, restored, step),
            )
        )
        entry = MoveEntry("undo", seat.user_id, seat.name, step.action)
        return await self._commit(row, eng, restored, [said], entry)

    async def can_undo(self, *, channel_id: int, user_id: int) -> bool:
        """Whether the caller has a step they may take back now (for their panel's button)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        return undo.last(cast(GameState, state), seat.name) is not None

    def _move_words(self, eng: AnyEngine, restored: BaseModel, step: Takeback) -> str:
        """The undone move in public words: its label, unless the label is private (then
        "a move"), read from the moves offered in the state it was made from."""
        moves = self._moves(eng, restored, step.player)
        move = next((a for a in moves if a.id == step.action), None)
        if move is None or move.private:
            return say("a move")
        return move.label

    async def legal_actions(self, *, channel_id: int, user_id: int) -> list[Action]:
        """The caller's moves now (empty when they have nothing to do), typed-amount moves
        included (made with :meth:`act`'s ``amount``)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        return self._moves(eng, state, seat.name)

    async def suggest(self, *, channel_id: int, user_id: int, rng: random.Random) -> str:
        """A reasonable legal action id for this player (simulations)."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        try:
            return eng.suggest(state, seat.name, rng)
        except IllegalAction as exc:
            raise NotYourTurn(exc.reason) from None

    async def waiting_for(self, *, channel_id: int) -> list[int]:
        """User ids whose decision the channel's running game awaits (empty otherwise)."""
        row = await self._live(channel_id)
        return list(self._awaited(row))

    async def awaited(self, game_id: int, *, damaged_ok: bool = True) -> dict[int, str]:
        """User id -> player name of everyone the game awaits (empty unless it runs).

        A game whose state does not load, or whose engine fails to say who acts (whatever it
        raises), awaits no one, so clocks leave it alone; with ``damaged_ok=False`` that is
        :class:`DamagedGame` or :class:`EngineFailure` instead, for a caller that marks it."""
        row = await self._by_id(game_id)
        try:
            return self._awaited(row)
        except TableError:
            if not damaged_ok:
                raise
        except Exception as exc:
            log.error("game %s: who acts cannot be worked out: %s", row.id, failure(exc))
            if not damaged_ok:
                raise EngineFailure() from None
        log.warning("game %s cannot be loaded; it awaits no one", row.id)
        return {}
