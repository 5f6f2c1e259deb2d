"""The components of a turn, drawn: buttons and select menus for its moves, the private
question a losing move asks, the amount form, Rematch and the log's pages.

Each item is a :class:`discord.ui.DynamicItem` whose custom id (:mod:`bot.discord_app.custom_ids`)
says everything a click needs, so clicks keep working after a restart with no view kept in
memory. This module only draws them: what a click does is :mod:`bot.discord_app.clicks`, whose
subclasses of these items the client registers. Every view made here is finished before it is
sent (:func:`finished`), so sending it stores nothing and registers none of these drawing
classes in place of the client's: dependencies go one way, clicks -> turns -> posts -> here.

Every label, placeholder and form is worded for the ``locale`` it is drawn for: the server's on
a public message, the clicker's own on a private panel; the engines' words (a move's label, its
kind, its menu) with :func:`i18n.say.word`. A click is never read from those words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Self

import discord

from bot.discord_app.custom_ids import (
    AMOUNT_FIELD,
    AMOUNT_TEMPLATE,
    BUTTON_TEMPLATE,
    CONFIRM_TEMPLATE,
    GAME_IDS,
    LEAGUE_IDS,
    LEAGUE_TEMPLATE,
    LOG_PAGES,
    LOG_PER_PAGE,
    LOG_TEMPLATE,
    MENU_INDEXES,
    MOVES_TEMPLATE,
    PLACEHOLDER,
    REMATCH_TEMPLATE,
    SELECT_TEMPLATE,
    UNDO_TEMPLATE,
    VERSIONS,
    Checked,
    button_id,
    checked,
    move_numbers,
    moves_id,
    numbers,
    select_id,
)
from bot.discord_app.locales import DEFAULT_LOCALE
from bot.discord_app.text import clip
from bot.discord_limits import (
    MAX_BUTTON_LABEL,
    MAX_FIELD_DESCRIPTION,
    MAX_FORM_TITLE,
    MAX_OPTION_LABEL,
    MAX_PLACEHOLDER,
    MAX_ROWS,
    MAX_SELECT_OPTIONS,
)
from bot.table.offers import unique
from engines import Action, ActionRole
from engines.core import role_shown
from i18n import PSEUDO_CODE, discord_locales, t
from i18n.say import marked, word

#: the button a dynamic item wraps (in a plain view)
Button = discord.ui.Button[discord.ui.View]
AMOUNT_FIELD_LABEL = marked("Amount (a whole number)")
REMATCH_LABEL = marked("Rematch")
LEAGUE_SIGN_UP = marked("Sign up")
LEAGUE_WITHDRAW = marked("Withdraw")
MOVES_LABEL = marked("Choose your move (privately)")
#: (a symbol beside the words is no word: it stays out of the catalogs, whose letters the
#: pictures' fonts must all have)
UNDO_WORD = marked("Undo")
UNDO_LABEL = f"↩ {UNDO_WORD}"
CONFIRM_LABEL = marked("Yes, do it")
#: the label of a move with no words, and of a typed-amount move with none
MOVE_LABEL = marked("Move")
TYPE_AN_AMOUNT = marked("Type an amount")
#: the menu of moves whose engine gives them no kind, and of kinds too small for a menu
OTHER_MOVES = marked("More moves")


def finished(view: discord.ui.View) -> discord.ui.View:
    """``view`` stopped before it is sent: discord.py then keeps no copy of it and registers
    none of its items' classes; the client's registered classes answer every click."""
    view.stop()
    return view


#: under a select option whose move loses something (it asks for confirmation, like a red button)
LOSING_NOTE = marked("Loses something: you will be asked to confirm")


def losing_note(locale: str = DEFAULT_LOCALE) -> str:
    """:data:`LOSING_NOTE` for a reader of ``locale``."""
    return t(locale, LOSING_NOTE)


def is_losing_note(description: str | None) -> bool:
    """Whether a select option's description is :data:`LOSING_NOTE` in any language a menu is
    drawn in (a public menu is in the server's language, its clicker may read another)."""
    if not description:
        return False
    readers = {DEFAULT_LOCALE, PSEUDO_CODE, *discord_locales()}
    return any(description == losing_note(code) for code in readers)


def loses_something(action: Action) -> bool:
    """Whether a move asks "are you sure?" first: its engine declares it destructive (or
    declares nothing, see :func:`engines.core.role_shown`). Never read from its words."""
    return role_shown(action) is ActionRole.DESTRUCTIVE


def style_of(action: Action, *, main: bool) -> discord.ButtonStyle:
    """Red for a move that loses something, blue for the step's main action, grey otherwise."""
    if loses_something(action):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.primary if main else discord.ButtonStyle.secondary


def main_index(actions: Sequence[Action]) -> int:
    """The step's main action: the first its engine declares main, else the first move."""
    for i, a in enumerate(actions):
        if a.role is ActionRole.MAIN:
            return i
    return 0


class ActionButton(Checked, discord.ui.DynamicItem[Button], template=BUTTON_TEMPLATE):
    """One offered move as a button; survives restarts through its custom id."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        label: str = "",
        *,
        own: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        locale: str = DEFAULT_LOCALE,
    ):
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Button(
                label=clip(label or t(locale, MOVE_LABEL), MAX_BUTTON_LABEL),
                style=style,
                custom_id=button_id(game_id, version, index, own=own),
            ),
            row=row,
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        label = getattr(item, "label", None) or ""
        style = getattr(item, "style", None) or discord.ButtonStyle.secondary
        read = move_numbers(match)
        made = cls(*(read or PLACEHOLDER), label, own=bool(match["own"]), style=style)
        return checked(made, read)


class ConfirmButton(Checked, discord.ui.DynamicItem[Button], template=CONFIRM_TEMPLATE):
    """ "Yes, do it" under the private question a red (losing) move asks first."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        *,
        own: bool = False,
        locale: str = DEFAULT_LOCALE,
    ):
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Button(
                label=clip(t(locale, CONFIRM_LABEL), MAX_BUTTON_LABEL),
                style=discord.ButtonStyle.danger,
                custom_id=f"ttc{'p' if own else ''}:{game_id}:{version}:{index}",
            )
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = move_numbers(match)
        return checked(cls(*(read or PLACEHOLDER), own=bool(match["own"])), read)


class AmountButton(Checked, discord.ui.DynamicItem[Button], template=AMOUNT_TEMPLATE):
    """A move whose number the player types: opens a form with one text field for it."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        label: str = "",
        *,
        own: bool = False,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        locale: str = DEFAULT_LOCALE,
    ):
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Button(
                label=clip(label or t(locale, TYPE_AN_AMOUNT), MAX_BUTTON_LABEL),
                style=style,
                custom_id=f"tta{'p' if own else ''}:{game_id}:{version}:{index}",
            ),
            row=row,
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = move_numbers(match)
        made = cls(
            *(read or PLACEHOLDER),
            getattr(item, "label", None) or "",
            own=bool(match["own"]),
            style=getattr(item, "style", None) or discord.ButtonStyle.secondary,
        )
        return checked(made, read)


def amount_form(
    game_id: int,
    version: int,
    index: int,
    move: Action,
    *,
    own: bool = False,
    locale: str = DEFAULT_LOCALE,
) -> discord.ui.Modal:
    """The form a typed-amount move opens: titled with the move ("Bid"), its field saying the
    range, in the clicker's language (``locale``). It is stopped before it is sent, so no view
    store keeps it: every submission is read by its custom id
    (:func:`bot.discord_app.clicks.amount_submitted`)."""
    label = word(move.label, locale)
    title = label.split(" (")[0].strip() or t(locale, TYPE_AN_AMOUNT)
    amount = move.amount
    if amount is not None:
        words = t(locale, "From {low} to {high}.", low=amount.low, high=amount.high)
    else:
        words = label
    form = discord.ui.Modal(
        title=clip(title, MAX_FORM_TITLE),
        custom_id=f"ttn{'p' if own else ''}:{game_id}:{version}:{index}",
        timeout=None,
    )
    form.add_item(
        discord.ui.Label(
            text=t(locale, AMOUNT_FIELD_LABEL),
            description=clip(words, MAX_FIELD_DESCRIPTION),
            component=discord.ui.TextInput(
                custom_id=AMOUNT_FIELD, min_length=1, max_length=12, required=True
            ),
        )
    )
    form.stop()  # as :func:`finished` does for a view
    return form


class ActionSelect(
    Checked, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=SELECT_TEMPLATE
):
    """Up to 25 offered moves in a select menu; an option's value is the move's index."""

    def __init__(
        self,
        game_id: int,
        version: int,
        index: int,
        options: Iterable[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        *,
        own: bool = False,
    ) -> None:
        self.game_id = game_id
        self.version = version
        self.index = index
        self.own = own
        super().__init__(
            discord.ui.Select(
                custom_id=select_id(game_id, version, index, own=own),
                options=list(options or []),
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = move_numbers(match, MENU_INDEXES)
        made = cls(
            *(read or PLACEHOLDER),
            options=getattr(item, "options", None),
            placeholder=getattr(item, "placeholder", None),
            own=match["kind"] == "q",
        )
        return checked(made, read)


class MovesButton(Checked, discord.ui.DynamicItem[Button], template=MOVES_TEMPLATE):
    """Opens the clicker's private move panel (labels there stay private)."""

    def __init__(
        self, game_id: int, version: int, *, primary: bool = True, locale: str = DEFAULT_LOCALE
    ):
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=clip(t(locale, MOVES_LABEL), MAX_BUTTON_LABEL),
                style=discord.ButtonStyle.primary if primary else discord.ButtonStyle.secondary,
                custom_id=moves_id(game_id, version),
            )
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = numbers(match, game=GAME_IDS, version=VERSIONS)
        return checked(cls(*(read or PLACEHOLDER[:2])), read)


class UndoButton(Checked, discord.ui.DynamicItem[Button], template=UNDO_TEMPLATE):
    """On the acting player's private panel only (never the public message): takes back
    their last step, for the board drawn at ``version``."""

    def __init__(self, game_id: int, version: int, *, locale: str = DEFAULT_LOCALE):
        self.game_id = game_id
        self.version = version
        super().__init__(
            discord.ui.Button(
                label=clip(f"↩ {t(locale, UNDO_WORD)}", MAX_BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ttu:{game_id}:{version}",
            ),
            row=0,
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = numbers(match, game=GAME_IDS, version=VERSIONS)
        return checked(cls(*(read or PLACEHOLDER[:2])), read)


class RematchButton(Checked, discord.ui.DynamicItem[Button], template=REMATCH_TEMPLATE):
    """On a final message: opens a lobby with the players still seated and the same options."""

    def __init__(self, game_id: int, *, locale: str = DEFAULT_LOCALE):
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=clip(t(locale, REMATCH_LABEL), MAX_BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=f"ttr:{game_id}",
            )
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = numbers(match, game=GAME_IDS)
        return checked(cls(*(read or PLACEHOLDER[:1])), read)


class LeagueButton(Checked, discord.ui.DynamicItem[Button], template=LEAGUE_TEMPLATE):
    """On a league's message during sign-up: sign up (``j``) or withdraw (``w``)."""

    def __init__(self, kind: str, league_id: int, *, locale: str = DEFAULT_LOCALE):
        self.kind = kind
        self.league_id = league_id
        join = kind == "j"
        super().__init__(
            discord.ui.Button(
                label=clip(
                    t(locale, LEAGUE_SIGN_UP if join else LEAGUE_WITHDRAW), MAX_BUTTON_LABEL
                ),
                style=discord.ButtonStyle.primary if join else discord.ButtonStyle.secondary,
                custom_id=f"ttl{kind}:{league_id}",
            )
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = numbers(match, league=LEAGUE_IDS)
        return checked(cls(match["kind"], *(read or PLACEHOLDER[:1])), read)


def undo_view(game_id: int, version: int, locale: str = DEFAULT_LOCALE) -> discord.ui.View:
    """A private message's one component: "↩ Undo" (after a move made on the public message)."""
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, version, locale=locale))
    return finished(view)


def league_view(league_id: int, locale: str = DEFAULT_LOCALE) -> discord.ui.View:
    """Sign up and Withdraw under a league's message while its sign-up is open (``locale``:
    the server's, everyone reads them)."""
    view = discord.ui.View(timeout=None)
    view.add_item(LeagueButton("j", league_id, locale=locale))
    view.add_item(LeagueButton("w", league_id, locale=locale))
    return finished(view)


class LogPageButton(Checked, discord.ui.DynamicItem[Button], template=LOG_TEMPLATE):
    """Pages back and forth through ``/game log`` (on the private answer)."""

    def __init__(self, page: int, per: int, label: str = "Older", *, disabled: bool = False):
        self.page = page
        self.per = per
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"ttg:{page}:{per}",
                disabled=disabled,
            )
        )

    @classmethod
    def remade(cls, item: discord.ui.Item[Any], match: re.Match[str]) -> Self:
        read = numbers(match, page=LOG_PAGES, per=LOG_PER_PAGE)
        page, per = read or (1, 1)
        return checked(cls(page, per, getattr(item, "label", "") or ""), read)


def log_view(
    page: int, pages: int, per: int, locale: str = DEFAULT_LOCALE
) -> discord.ui.View | None:
    """ "Older" and "Newer" under a page of the log (page 1 is the newest), in the reader's
    language (``locale``)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    older = "◀ " + t(locale, "Older")  # a call inside an f-string is not seen by the extractor
    newer = t(locale, "Newer") + " ▶"
    view.add_item(LogPageButton(min(pages, page + 1), per, older, disabled=page >= pages))
    view.add_item(LogPageButton(max(1, page - 1), per, newer, disabled=page <= 1))
    return finished(view)


def rematch_view(game_id: int, locale: str = DEFAULT_LOCALE) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, locale=locale))
    return finished(view)


@dataclass
class ActionLayout:
    """The components for a set of moves and whether some had to be left to /play."""

    view: discord.ui.View | None
    needs_play: bool


#: the most buttons one message shows: a phone shows every button to everyone who scrolls
#: past, so the rest of the moves wait behind a select menu
MAX_SHOWN_BUTTONS = 5


def action_layout(
    game_id: int,
    version: int,
    actions: list[Action],
    *,
    private: bool = False,
    own: bool = False,
    undo: bool = False,
    locale: str = DEFAULT_LOCALE,
) -> ActionLayout:
    """Components for ``actions`` (already in the order the table offers them).

    At most :data:`MAX_SHOWN_BUTTONS` buttons, the step's main action first. When every move
    fits, each is a button; else the main action, the moves whose amount is typed (a form
    opens from a button) and whole small kinds of moves that fit (:func:`whole_groups`) are
    buttons, and the rest wait in one select menu, grouped by the menu their engine declares
    (more than 25: one menu per group, at most four).
    ``private``: a "Choose your move" button opens the player's panel (for moves only it may
    show; with no public moves it is the only component). ``own``: the components of that
    private panel; ``undo`` (on it alone) adds "↩ Undo" beside its buttons, taking one's room.
    ``locale``: the language of every label and placeholder (the server's on a public message,
    the player's own on their panel).
    """
    actions = unique(actions)
    if not actions and not private:
        return ActionLayout(None, False)
    view = discord.ui.View(timeout=None)
    undo = undo and own
    room = MAX_SHOWN_BUTTONS - (1 if private else 0) - (1 if undo else 0)
    main = main_index(actions) if actions else 0
    if len(actions) <= room:
        on_buttons = [main, *(i for i in range(len(actions)) if i != main)] if actions else []
    else:
        typed = [i for i, a in enumerate(actions) if a.amount is not None and i != main]
        on_buttons = [main, *typed][:room]
        on_buttons += whole_groups(actions, on_buttons, room - len(on_buttons))
        on_buttons = [main, *sorted(i for i in on_buttons if i != main)]
    for i in on_buttons:
        style = style_of(actions[i], main=i == main)
        view.add_item(
            button_for(game_id, version, i, actions[i], own=own, style=style, row=0, locale=locale)
        )
    if private:
        view.add_item(MovesButton(game_id, version, primary=not actions, locale=locale))
    if undo:
        view.add_item(UndoButton(game_id, version, locale=locale))
    rest = [(i, a) for i, a in enumerate(actions) if i not in on_buttons and a.amount is None]
    menus = grouped(rest, locale)[: MAX_ROWS - 1]
    shown = len(on_buttons)
    for k, (kind, chunk) in enumerate(menus):
        options = [
            discord.SelectOption(
                label=clip(word(a.label, locale) or t(locale, MOVE_LABEL), MAX_OPTION_LABEL),
                value=str(i),
                description=losing_note(locale) if loses_something(a) else None,
            )
            for i, a in chunk
        ]
        shown += len(chunk)
        placeholder = clip(f"{kind} ({len(chunk)})", MAX_PLACEHOLDER)
        view.add_item(ActionSelect(game_id, version, k, options, placeholder, own=own))
    return ActionLayout(finished(view), shown < len(actions))


def whole_groups(actions: Sequence[Action], taken: Sequence[int], room: int) -> list[int]:
    """Moves that may be buttons beside those ``taken``, at most ``room`` of them: whole kinds
    of moves, the smallest first, so the menu holds the big ones (a kind is never split
    between buttons and a menu); never a move its engine puts behind a menu entry
    ("Manage"), nor one of no declared kind."""
    kinds: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        if i not in taken and a.amount is None and a.menu is None and a.kind is not None:
            kinds.setdefault(a.kind, []).append(i)
    out: list[int] = []
    for moves in sorted(kinds.values(), key=len):
        if len(out) + len(moves) <= room:
            out += moves
    return out


def button_for(
    game_id: int,
    version: int,
    index: int,
    action: Action,
    *,
    own: bool,
    style: discord.ButtonStyle,
    row: int | None,
    locale: str = DEFAULT_LOCALE,
) -> discord.ui.DynamicItem[Button]:
    """A move's button: one that opens a form when the player types the move's amount."""
    kind = AmountButton if action.amount is not None else ActionButton
    label = word(action.label, locale)
    return kind(game_id, version, index, label, own=own, style=style, row=row, locale=locale)


def menu_of(action: Action) -> str | None:
    """The entry a move waits behind in a select menu: the menu its engine declares ("Manage"),
    else its kind ("Walk"); ``None``: neither."""
    return action.menu if action.menu is not None else action.kind


def grouped(
    moves: list[tuple[int, Action]], locale: str = DEFAULT_LOCALE
) -> list[tuple[str, list[tuple[int, Action]]]]:
    """Moves in select menus by the menu their engine declares (:func:`menu_of`), in first-seen
    order. Up to 25 share one menu, each group's moves together, headed by the group when
    there is one ("Manage") or by "More moves" and the groups it holds. More: one menu per
    group of at least 3, moves of no group and smaller groups sharing "More moves"; no menu
    holds more than 25. Headings are worded for ``locale``."""
    groups: dict[str | None, list[tuple[int, Action]]] = {}
    for i, a in moves:
        groups.setdefault(menu_of(a), []).append((i, a))
    if len(moves) <= MAX_SELECT_OPTIONS:
        named = [g for g in groups if g is not None]
        if not moves:
            return []
        if len(groups) == 1 and named:
            heading = word(named[0], locale)
        elif named:
            joined = ", ".join(word(g, locale) for g in named)
            heading = t(locale, "More moves: {menus}", menus=joined)
        else:
            heading = t(locale, OTHER_MOVES)
        return [(heading, [m for chunk in groups.values() for m in chunk])]
    big = [(k, v) for k, v in groups.items() if k is not None and len(v) >= 3]
    small = [m for k, v in groups.items() if k is None or len(v) < 3 for m in v]
    if len(big) > MAX_ROWS - 2:  # too many groups: the smallest join the rest
        big.sort(key=lambda kv: -len(kv[1]))
        small += [m for _, v in big[MAX_ROWS - 2 :] for m in v]
        big = big[: MAX_ROWS - 2]
        small.sort(key=lambda m: m[0])
    menus: list[tuple[str, list[tuple[int, Action]]]] = []
    for kind, chunk in [*((word(k, locale), v) for k, v in big), (t(locale, OTHER_MOVES), small)]:
        for start in range(0, len(chunk), MAX_SELECT_OPTIONS):
            part = chunk[start : start + MAX_SELECT_OPTIONS]
            if part:
                label = kind if start == 0 else t(locale, "{menu} (more)", menu=kind)
                menus.append((label, part))
    return menus
