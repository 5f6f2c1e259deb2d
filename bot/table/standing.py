"""Standing answers (:mod:`engines.standing`): a player answers a recurring question once,
privately, and the table makes that move for them each time the game asks them it.

The choice lives outside the game's row and log (``Store.standing_answers``), so nobody else
can learn of it: not in the log, the board, the watch page or the move's public events (the
move itself is told as the player's own; only they read "Ada's standing answer: ...").
Stand-ins and bots never set or honour one.
"""

from __future__ import annotations

from dataclasses import replace

from pydantic import BaseModel

from bot.errors import IllegalMove, TableError
from bot.logsafe import failure
from bot.table.core import AnyEngine, TableCore, log
from bot.table.results import GameInfo, Outcome
from engines import Action, Event
from engines.standing import StandingAnswer
from i18n.say import say
from storage import GameRow, MoveEntry, SeatRow

#: moves a chain of standing answers may make after one move (each is a real move; a game whose
#: answers answered each other forever would be a bug, stopped here)
MAX_FOLLOWING = 20


def standing_lines(offered: list[StandingAnswer], chosen: list[str]) -> list[str]:
    """The player's standing answers in words, for their own eyes (``/game hand``)."""
    words = {a.id: a.words for a in offered}
    mine = [words[i] for i in chosen if i in words]
    if not mine:
        return []
    head: list[str] = [say("Your standing answers (only you see them; /game standing to change):")]
    # Translators: one of a list's items
    return head + [say("- {item}", item=w) for w in mine]


class Standing(TableCore):
    async def standing_answers(
        self, *, channel_id: int, user_id: int
    ) -> tuple[GameInfo, list[StandingAnswer], list[str]]:
        """What the caller may answer once in the channel's running game, and what they have."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        offered = self._engine_call(eng.standing_answers, state, seat.name)
        chosen = (await self.store.standing_answers(row.id)).get(user_id, [])
        return self._info(row), offered, chosen

    async def set_standing(
        self, *, channel_id: int, user_id: int, answer_id: str, on: bool
    ) -> tuple[str, Outcome | None]:
        """Set (``on``) or remove one of the caller's standing answers; the words to tell them,
        and the outcome of the move it made at once if its question is being asked now."""
        row = await self._live(channel_id)
        eng, state, seat = self._running_seat(row, user_id)
        offered = {a.id: a for a in self._engine_call(eng.standing_answers, state, seat.name)}
        answer = offered.get(answer_id)
        if answer is None:
            raise IllegalMove(
                say("That is not a standing answer of this game. Pick one of the suggestions.")
            )
        chosen = (await self.store.standing_answers(row.id)).get(user_id, [])
        if on and answer_id in chosen:
            return say(
                "**{answer}** is already one of your standing answers.", answer=answer.words
            ), None
        if not on and answer_id not in chosen:
            return say(
                "**{answer}** is not one of your standing answers.", answer=answer.words
            ), None
        chosen = [*chosen, answer_id] if on else [a for a in chosen if a != answer_id]
        await self.store.set_standing_answers(row.id, user_id, chosen)
        if not on:
            return say("Removed: **{answer}**. You will be asked again.", answer=answer.words), None
        said = say("Set: **{answer}**. Only you know; remove it any time.", answer=answer.words)
        found = self._standing_move(row, eng, state, {user_id: chosen})
        if found is None:
            return said, None
        return said, await self._answer(row, eng, state, *found, first=None)

    async def _follow_standing(self, outcome: Outcome, eng: AnyEngine, state: BaseModel) -> Outcome:
        """After a move (``state``, the position it left): make the moves the awaited players'
        standing answers give, one at a time, each saved as theirs; the outcome tells all of it,
        ending on the last position. A game whose awaited players are offered no standing
        answer costs no read (a move's round trips stay four)."""
        for _ in range(MAX_FOLLOWING):
            if outcome.result is not None or not outcome.to_act:
                return outcome
            names = self._engine_call(eng.to_act, state)
            if not any(self._engine_call(eng.standing_answers, state, n) for n in names):
                return outcome
            chosen = await self.store.standing_answers(outcome.game.id)
            if not any(u in chosen for u in outcome.to_act):
                return outcome
            row = await self._by_id(outcome.game.id)
            if row.status != "running":
                return outcome
            eng = self._engine(row)
            state = self._state(eng, row)
            found = self._standing_move(row, eng, state, chosen)
            if found is None:
                return outcome
            try:
                outcome = await self._answer(row, eng, state, *found, first=outcome)
            except TableError:  # someone else moved meanwhile: their move follows up
                return outcome
            state = self._state(eng, await self._by_id(outcome.game.id))
        return outcome

    def _standing_move(
        self, row: GameRow, eng: AnyEngine, state: BaseModel, chosen: dict[int, list[str]]
    ) -> tuple[SeatRow, StandingAnswer, Action] | None:
        """The first awaited human player whose standing answer answers what they are asked."""
        for user, name in self._awaited_in(row, eng, state).items():
            mine = chosen.get(user)
            seat = next((s for s in row.seats if s.user_id == user), None)
            if not mine or seat is None:
                continue
            offered = {a.id: a for a in self._engine_call(eng.standing_answers, state, name)}
            for answer_id in mine:
                move = self._engine_call(eng.standing_move, state, name, answer_id)
                action = next((a for a in self._moves(eng, state, name) if a.id == move), None)
                if move is not None and action is not None and answer_id in offered:
                    return seat, offered[answer_id], action
        return None

    async def _answer(
        self,
        row: GameRow,
        eng: AnyEngine,
        state: BaseModel,
        seat: SeatRow,
        answer: StandingAnswer,
        action: Action,
        *,
        first: Outcome | None,
    ) -> Outcome:
        """Make ``action`` for ``seat`` as their standing ``answer`` (told to them alone), the
        outcome following on from ``first`` (the move that led to it) when there was one."""
        try:
            new_state, events = eng.play(state, seat.name, action)
        except Exception as exc:
            log.error("%s: a standing answer failed in game %s: %s", eng.name, row.id, failure(exc))
            raise IllegalMove(
                say("Your standing answer could not be made; you will be asked.")
            ) from None
        note = Event(
            text=say(
                "{player}'s standing answer: {answer}.", player=seat.name, answer=answer.words
            ),
            private_to=seat.name,
        )
        entry = MoveEntry("move", seat.user_id, seat.name, action.id)
        made = await self._commit(row, eng, new_state, [note, *events], entry, action=action)
        if first is None:
            return made
        private = dict(first.private_events)
        for user, texts in made.private_events.items():
            private[user] = [*private.get(user, []), *texts]
        return replace(
            made,
            events=[*first.events, *made.events],
            private_events=private,
            action=first.action,
            by_standin=first.by_standin,
        )
