"""What a player typed into ``/play``, read as one of their moves.

People type what they read ("bid 50", "2 take", "roll"), not ids: a text stands for a move
when it names exactly one (case and word order do not matter; a number in it is the amount of
a move whose amount is typed, checked against the range the engine gives). A text that names
none is answered with what is wrong (the number out of range, the amount missing) or with the
three moves nearest to it, never with a pointer back to ``/play`` alone.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence

from bot.errors import IllegalMove
from bot.table.texts import listed
from engines import Action, IllegalAction
from engines.core import move_with_amount, typed_move
from engines.moves import ActionRole, Amount, role_shown
from i18n.say import Say, say, say_n

#: how many moves a refusal names as nearest to what was typed
NEAREST = 3

_TOKEN = re.compile(r"-?[0-9][0-9,_]*|[^\W\d_]+")


def _tokens(text: str) -> list[str]:
    """Words and whole numbers (a sign kept, "1,500" read as 1500), case-folded."""
    out = []
    for t in _TOKEN.findall(text.casefold()):
        out.append(t.replace(",", "").replace("_", "") if t[-1].isdigit() else t)
    return out


def _is_number(token: str) -> bool:
    return token.lstrip("-").isdigit()


def _made(amount: Amount, n: int) -> str:
    """The move made with ``n``, said: ``made`` is a template the engine marked for the
    catalogs ("Bid {n}"); the number is what the player types back, so it is never grouped."""
    return Say(amount.made, {"n": str(n)})


def _range_of(amount: Amount) -> str:
    # Translators: the range of a typed amount: "Bid 11 to Bid 150"
    return say("{low} to {high}", low=_made(amount, amount.low), high=_made(amount, amount.high))


def _quoted(text: str) -> str:
    # Translators: a move's name, or what a player typed, quoted
    return say("“{text}”", text=text)


class _Reading:
    """The moves a typed text names, and the most telling reason when it names none."""

    def __init__(self) -> None:
        self.exact: dict[str, Action] = {}  # by the move they make (a step is its amount's)
        self.partial: dict[str, Action] = {}
        self.reason: str | None = None

    def add(self, found: dict[str, Action], action: Action) -> None:
        found.setdefault(action.step_of or action.id, action)


def _read_amount(typed: list[str], move: Action, amount: Amount, reading: _Reading) -> None:
    """``move`` made with the one number typed beside its words ("50 bid"), or why not."""
    words = Counter(t for t in _tokens(amount.made.replace("{n}", " ")) if not _is_number(t))
    numbers = [t for t in typed if _is_number(t)]
    rest = Counter(t for t in typed if not _is_number(t))
    if not rest or not rest <= words:
        return
    if not numbers:
        reading.reason = say("Say how much: {range}.", range=_range_of(amount))
        return
    if len(numbers) > 1:
        return
    try:
        made = move_with_amount(move, numbers[0])
    except IllegalAction:  # out of range or not a whole number: say the range
        reading.reason = say(
            "{typed} is out of range: {range}.", typed=numbers[0], range=_range_of(amount)
        )
        return
    reading.add(reading.exact if rest == words else reading.partial, made)


def read(typed_text: str, legal: Sequence[Action]) -> Action:
    """The move ``typed_text`` names among ``legal`` (the player's moves, not empty): an action
    id as is, ``<id>:<n>`` for a typed amount, else a label matched word for word in any order;
    failing that the one move whose label holds every typed word (never a destructive move,
    which is made only when named in full). IllegalMove otherwise, saying the range of an
    amount out of range, or the moves it could be, or the nearest ones."""
    text = typed_text.strip()
    exact = next((a for a in legal if a.id == text), None)
    if exact is not None:
        return exact
    try:
        made = typed_move(legal, text)
    except IllegalAction as exc:  # "<id>:<n>" with n out of the move's range
        raise IllegalMove(exc.reason) from None
    if made is not None:
        return made
    typed = _tokens(text)
    reading = _Reading()
    wanted = Counter(typed)
    for a in legal:
        if a.amount is not None:
            _read_amount(typed, a, a.amount, reading)
            continue
        have = Counter(_tokens(a.label))
        if typed and have == wanted:
            reading.add(reading.exact, a)
        elif typed and wanted <= have and a.step_of is None and not _destructive(a):
            reading.add(reading.partial, a)
    if len(reading.exact) == 1:
        return next(iter(reading.exact.values()))
    if reading.exact:
        raise _several(text, reading.exact)
    if len(reading.partial) == 1:
        return next(iter(reading.partial.values()))
    if reading.reason is not None:
        raise IllegalMove(reading.reason)
    if reading.partial:
        raise _several(text, reading.partial)
    raise IllegalMove(
        say(
            "{typed} is not one of your moves right now. The nearest: {moves}.",
            typed=_quoted(text),
            moves=_nearest(text, legal),
        )
    )


def _destructive(action: Action) -> bool:
    return role_shown(action) is ActionRole.DESTRUCTIVE


def _several(text: str, found: dict[str, Action]) -> IllegalMove:
    labels = listed([_quoted(a.label) for a in list(found.values())[:NEAREST]])
    more = len(found) - NEAREST
    if more > 0:
        return IllegalMove(
            say_n(
                "{typed} could be several of your moves: {moves} and {n} more. Name one.",
                "{typed} could be several of your moves: {moves} and {n} more. Name one.",
                more,
                typed=_quoted(text),
                moves=labels,
            )
        )
    return IllegalMove(
        say(
            "{typed} could be several of your moves: {moves}. Name one.",
            typed=_quoted(text),
            moves=labels,
        )
    )


def _nearest(text: str, legal: Sequence[Action]) -> str:
    """The :data:`NEAREST` moves most like ``text``: most typed words shared, then spelling."""
    typed = set(_tokens(text))
    folded = text.casefold()

    def likeness(a: Action) -> tuple[int, float]:
        label = a.label.casefold()
        shared = len(typed & set(_tokens(a.label)))
        return shared, difflib.SequenceMatcher(None, folded, label).ratio()

    ranked = sorted(legal, key=likeness, reverse=True)
    seen: list[str] = []
    for a in ranked:
        if a.label not in seen:
            seen.append(a.label)
        if len(seen) == NEAREST:
            break
    return listed([_quoted(label) for label in seen])
