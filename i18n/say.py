"""Words made now and read later, in the reader's language: :class:`Say`.

An engine words what happened when a move is made, and a table refuses a command before anyone
knows who will read the refusal; the move log is read for days, by players of several languages.
So a message is kept as data (its English msgid, a count, its values) and worded when shown:
``say(...).word(locale)``.

A :class:`Say` *is* its English (a ``str`` subclass): every reader that takes it as a string
(a test, a log line, a golden game, a search that never shows it) sees exactly the English it
saw before, and a front end words it for its reader with :func:`word`. A value that is itself a
:class:`Say` (an animal's kind, a card's part) is worded in the same language; a number is
written for the reader's locale; any other value (a player's name, a card's printed name, which
stays English where no published translation is known) is shown as it is.

Saved (an event in the move log), a :class:`Say` is :meth:`Say.data`, plain JSON, and read back
with :meth:`Say.from_data`, which refuses anything that is not one (:class:`ValueError`).

``say`` and ``say_n`` take literal English, so ``python -m bot languages update`` finds every
message the games and the table may say (Babel's extractor, like ``t`` and ``tn``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

from i18n.catalogs import said, said_n, shown_value
from i18n.placeholders import parse

#: a value a message may carry: words of its own, a number, or text shown as it is
Value = "Say | str | int | float | bool"
_SCALARS = (str, int, float, bool)
#: the locale of a message's English (the source)
ENGLISH = "en-US"


class Say(str):
    """A message kept as data until its reader is known; as a ``str``, its English."""

    msgid: str
    plural: str | None
    n: int | None
    values: Mapping[str, Any]
    #: the package that said it (a game's): its own catalogs are read first, as two games may
    #: word the same English differently
    origin: str | None

    def __new__(
        cls,
        msgid: str,
        values: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        n: int | None = None,
        origin: str | None = None,
    ) -> Say:
        values = dict(values or {})
        if (plural is None) != (n is None):
            raise ValueError("a plural message needs both its plural and its count")
        for key, value in values.items():
            if not isinstance(value, _SCALARS):
                raise TypeError(f"{msgid!r}: {key} is a {type(value).__name__}, not words")
        english = _english(msgid, plural, n, values)
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.n, self.values = msgid, plural, n, values
        self.origin = origin
        return self

    def word(self, locale: str) -> str:
        """The message in ``locale``'s language (English where it has no translation)."""
        return _word(self.msgid, self.plural, self.n, self.values, locale, self.origin)

    def counted(self, n: int) -> Say:
        """The same message for a count of ``n`` (a recap folds a run of like events into one
        line: "Bruno stitches 3 Parts")."""
        return Say(
            self.msgid,
            self.values,
            plural=self.plural,
            n=n if self.plural else None,
            origin=self.origin,
        )

    def data(self) -> dict[str, Any]:
        """Plain JSON that :meth:`from_data` reads back (made once: a message never changes,
        and an engine's events ask for it at every move; the caller must not change it)."""
        made: dict[str, Any] | None = self.__dict__.get("_data")
        if made is None:
            made = self.__dict__["_data"] = self._data()
        return made

    def _data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"say": self.msgid}
        if self.origin is not None:
            out["from"] = self.origin
        if self.plural is not None:
            out["plural"], out["n"] = self.plural, self.n
        if self.values:
            out["values"] = {
                k: (v.data() if isinstance(v, Say) else v) for k, v in self.values.items()
            }
        return out

    @classmethod
    def from_data(cls, data: object) -> Say:
        """A message saved with :meth:`data`; :class:`ValueError` for anything else (a damaged
        row is the caller's to answer, with the English it saved beside it)."""
        if not isinstance(data, dict) or not isinstance(data.get("say"), str):
            raise ValueError("not a saved message")
        plural, n, origin = data.get("plural"), data.get("n"), data.get("from")
        if origin is not None and not isinstance(origin, str):
            raise ValueError("a saved message's origin is not a package")
        if plural is not None and not (isinstance(plural, str) and type(n) is int):
            raise ValueError("a saved plural message needs its plural and count")
        raw = data.get("values", {})
        if not isinstance(raw, dict):
            raise ValueError("a saved message's values are not an object")
        values: dict[str, Any] = {}
        for key, value in raw.items():
            if isinstance(value, dict):
                values[key] = cls.from_data(value)
            elif isinstance(value, _SCALARS):
                values[key] = value
            else:
                raise ValueError(f"a saved message's {key} is not a value")
        try:
            return cls(data["say"], values, plural=plural, n=n, origin=origin)
        except (KeyError, ValueError, TypeError) as exc:  # a value its English needs is missing
            raise ValueError(f"a saved message cannot be worded: {exc}") from None

    # a str subclass pickles as its English unless told otherwise (a bot's thinker process
    # receives states and events by pickle)
    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.msgid, dict(self.values), self.plural, self.n, self.origin))

    def __repr__(self) -> str:
        return f"say({str.__repr__(self)})"


def _rebuilt(
    msgid: str,
    values: dict[str, Any],
    plural: str | None,
    n: int | None,
    origin: str | None = None,
) -> Say:
    return Say(msgid, values, plural=plural, n=n, origin=origin)


def _english(msgid: str, plural: str | None, n: int | None, values: dict[str, Any]) -> str:
    """The English, filled: the source needs no lookup (engines say a message at every move,
    bots' playouts included, so this is the fast path)."""
    if plural is not None and n is not None:
        return _word(msgid, plural, n, values, ENGLISH)
    pieces = parse(msgid)
    if pieces is None or any(field is not None and field not in values for _, field in pieces):
        return _word(msgid, plural, n, values, ENGLISH)  # the slow path says what is wrong
    return "".join(
        literal + ("" if field is None else _shown_english(values[field]))
        for literal, field in pieces
    )


def _shown_english(value: Any) -> str:
    if type(value) is int and -1000 < value < 1000 or type(value) is str:
        return str(value)
    if isinstance(value, Say):
        return str.__str__(value)
    return shown_value(value, ENGLISH)


def _word(
    msgid: str,
    plural: str | None,
    n: int | None,
    values: Mapping[str, Any],
    locale: str,
    origin: str | None = None,
) -> str:
    shown = {k: (v.word(locale) if isinstance(v, Say) else v) for k, v in values.items()}
    if plural is not None and n is not None:
        return said_n(locale, msgid, plural, n, shown, origin)
    return said(locale, msgid, shown, origin)


def caller_package(depth: int = 2) -> str | None:
    """The package of the module that called the caller: where a message was said."""
    module_globals = sys._getframe(depth).f_globals
    package = module_globals.get("__package__") or module_globals.get("__name__")
    return package if isinstance(package, str) and package.startswith(_GAME_ROOTS) else None


#: where games live (their own packages, their own catalogs); a message said anywhere else is
#: the shared catalogs' and carries no origin
_GAME_ROOTS = ("engines.", "tests.")


#: messages said lately, by what they say: an engine says the same few things over and over
#: (a bot's playouts make thousands a second), and a message is never changed once made
_SAID: dict[tuple[Any, ...], Say] = {}
_SAID_MOST = 4096


def _remembered(key: tuple[Any, ...], make: Callable[[], Say]) -> Say:
    try:
        return _SAID[key]
    except KeyError:
        pass
    except TypeError:  # a value that is not hashable: the message itself refuses it
        return make()
    made = make()
    if len(_SAID) >= _SAID_MOST:
        _SAID.clear()
    _SAID[key] = made
    made.__dict__["_identity"] = key
    return made


def _identity(values: Mapping[str, Any]) -> tuple[Any, ...]:
    """What tells two messages' values apart: each value's type with it (``True`` is not ``1``,
    a name is not the word that reads like it) and a message value by what it says."""
    return tuple(
        (k, v.__class__, identity(v) if v.__class__ is Say else v) for k, v in values.items()
    )


def identity(message: Say) -> tuple[Any, ...]:
    """A message as a key: everything it says, not only its English."""
    known = message.__dict__.get("_identity")
    if known is None:
        known = (
            message.msgid,
            message.plural,
            message.n,
            message.origin,
            _identity(message.values),
        )
        message.__dict__["_identity"] = known
    return known


def say(msgid: str, /, **values: Any) -> Say:
    """A message worded when shown: ``say("{player} passes.", player=name)``."""
    origin = caller_package()
    key = (msgid, None, None, origin, _identity(values))
    return _remembered(key, lambda: Say(msgid, values, origin=origin))


def say_n(singular: str, plural: str, n: int, /, **values: Any) -> Say:
    """A message with a count, worded by the reader's plural rule; ``{n}`` is the count."""
    origin = caller_package()
    key = (singular, plural, n, origin, _identity(values))
    return _remembered(key, lambda: Say(singular, values, plural=plural, n=n, origin=origin))


def word(text: str, locale: str) -> str:
    """``text`` for a reader of ``locale``: a :class:`Say` in their language, any other string
    as it is (a name, or words not yet made translatable, which the pseudo-locale test finds)."""
    return text.word(locale) if isinstance(text, Say) else text


def _saved(event: Any, key: str) -> Any:
    return event.get(key) if isinstance(event, Mapping) else getattr(event, key, None)


def event_text(event: Any, locale: str, *, count: int = 1) -> str:
    """What an event (an engine's ``Event``, or one read back from the move log as a dict) says
    to a reader of ``locale``; with ``count`` over 1, the line for a run of that many like
    events (its fold). An event saved before it carried its message, or whose saved message is
    damaged, reads as the English it saved."""
    if count > 1:
        fold = _saved(event, "fold_said")
        if fold is not None:
            try:
                return Say.from_data(fold).counted(count).word(locale)
            except ValueError:
                pass
        english = _saved(event, "fold")
        if isinstance(english, Say):
            return english.counted(count).word(locale)
        if isinstance(english, str) and english:
            return english.replace("{n}", str(count))
    text = _saved(event, "text")
    if isinstance(text, Say):
        return text.word(locale)
    said = _saved(event, "said")
    if said is not None:
        try:
            return Say.from_data(said).word(locale)
        except ValueError:
            pass
    return str(text or "")


def marked(msgid: str, /) -> str:
    """``msgid`` itself, marked for the catalogs: a template whose values only the front end
    knows (``Amount.made``, "Bid {n}", is worded with the number typed:
    ``t(locale, made, n=typed)``)."""
    return msgid
