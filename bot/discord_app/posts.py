"""The public messages of a game: the turn message after every move, lobby notices, the end.

A turn message is a NEW channel message with the board image, the public events, a line naming
who must act now (the only users it may mention) and components for their legal actions.
Builders here are pure (no Discord calls) so the clock's scheduler can post the same message
without an interaction; :mod:`bot.discord_app.turns` sends them.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

import discord

import engines
from bot.discord_app.components import action_layout
from bot.discord_app.text import MAX_MESSAGE, clip, fit_lines, join_message
from bot.table import GameInfo, Outcome
from engines import Action
from rendering.kit import with_banner

BOARD_FILENAME = "board.png"
PLAY_HINT = "More moves: use `/play` (it lists yours as you type)."
PRIVATE_HINT = "Your options are private: click **Choose your move**, or use `/play`."


@dataclass
class Post:
    """A message ready to send: text, an optional PNG, components and whom it may ping."""

    content: str
    png: bytes | None = None
    view: discord.ui.View | None = None
    mention_ids: list[int] = field(default_factory=list)

    @property
    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(id=i) for i in self.mention_ids],
        )

    def send_kwargs(self) -> dict:
        """Keyword arguments for ``Messageable.send`` / ``Webhook.send`` (a fresh File each time)."""
        kwargs: dict = {"content": self.content, "allowed_mentions": self.allowed_mentions}
        if self.png is not None:
            kwargs["file"] = discord.File(io.BytesIO(self.png), filename=BOARD_FILENAME)
        if self.view is not None:
            kwargs["view"] = self.view
        return kwargs


def title_of(game: GameInfo) -> str:
    return game.title or engines.get_engine(game.engine).title


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def seat_names(game: GameInfo) -> str:
    return ", ".join(s.name for s in game.seats) or "nobody yet"


def result_lines(game: GameInfo, result: engines.Result) -> list[str]:
    winners = ", ".join(result.winners) or "nobody"
    lines = [f"🏁 **Game over.** Winner{'s' if len(result.winners) > 1 else ''}: {winners}"]
    if result.reason:
        lines.append(f"Why: {clip(result.reason, 200)}")
    if result.scores:
        ranked = sorted(result.scores.items(), key=lambda kv: -kv[1])
        scores = " · ".join(f"{name} {score:g}" for name, score in ranked)
        lines.append(clip(f"Scores: {scores}", 400))
    return lines


def awaited_line(game: GameInfo, to_act: list[int]) -> str:
    if not to_act:
        return ""
    who = ", ".join(mention(u) for u in to_act)
    return f"➡️ Your move: {who}" if len(to_act) == 1 else f"➡️ Waiting for: {who}"


def turn_post(
    outcome: Outcome,
    awaited_actions: dict[int, list[Action]] | None = None,
    *,
    headline: str = "",
    notes: Sequence[str] | None = None,
    ping: bool = True,
) -> Post:
    """The message after a move (or the start, or a concession).

    ``awaited_actions`` (by default the outcome's) maps each awaited user to their legal
    actions; their union becomes the components (only awaited players' actions: anyone else is
    refused on click). ``notes`` (by default the outcome's): public lines about the game (e.g.
    the seats a stand-in plays), shown above who acts next. ``ping``: whether the awaited
    players are pinged or only named.
    """
    if awaited_actions is None:
        awaited_actions = outcome.awaited
    if notes is None:
        notes = outcome.notes
    game = outcome.game
    head = f"**{title_of(game)}**" + (f" — {headline}" if headline else "")
    if outcome.result is not None:
        tail_lines = result_lines(game, outcome.result)
        view, needs_play, mention_ids = None, False, []
    else:
        actions = [a for user in outcome.to_act for a in awaited_actions.get(user, [])]
        private = not outcome.labels_public
        layout = action_layout(game.id, game.version, actions, private=private)
        view, needs_play = layout.view, layout.needs_play
        mention_ids = list(outcome.to_act) if ping else []
        tail_lines = [*notes, awaited_line(game, outcome.to_act)]
        if needs_play:
            tail_lines.append(PLAY_HINT)
        if private and view is not None:
            tail_lines.append(PRIVATE_HINT)
    head = clip(head, 300)
    tail = clip("\n".join(t for t in tail_lines if t), 900)
    budget = MAX_MESSAGE - len(head) - len(tail) - 2
    events = fit_lines(
        [e.text for e in outcome.events if e.private_to is None],
        budget,
        more="… and {n} more (see `/game log`)",
    )
    content = join_message(head, "\n".join(events), tail)
    return Post(
        content=content, png=noted(outcome.board_png, notes), view=view, mention_ids=mention_ids
    )


def lobby_post(game: GameInfo, headline: str) -> Post:
    """A public lobby notice (opened, joined, left): who is in and what to do next."""
    engine = engines.get_engine(game.engine)
    head = f"**{title_of(game)}** — {clip(headline, 300)}"
    if game.status != "lobby":
        return Post(
            content=join_message(head, "The lobby is closed. Start a game with `/game new`.")
        )
    seats = f"Players ({len(game.seats)}/{engine.max_players}): {seat_names(game)}"
    if len(game.seats) < engine.min_players:
        more = engine.min_players - len(game.seats)
        nxt = f"Join with `/game join`; {more} more needed before the host can `/game start`."
    else:
        nxt = f"Join with `/game join`, or the host (<@{game.host_id}>) can `/game start`."
    return Post(content=join_message(head, seats, nxt))


def board_post(
    game: GameInfo, png: bytes | None, summary: str, headline: str = "", notes: Sequence[str] = ()
) -> Post:
    """The current board on request (it pings nobody; callers may add components)."""
    head = f"**{title_of(game)}**" + (f" — {headline}" if headline else "")
    return Post(content=join_message(head, clip(summary, 1500), *notes), png=noted(png, notes))


def noted(png: bytes | None, notes: Sequence[str]) -> bytes | None:
    """The board image with the public notes (e.g. a stand-in's kept seat) written under it, so
    the image itself says who is played by a stand-in."""
    return with_banner(png, list(notes)) if png is not None and notes else png


def private_lines(outcome: Outcome, user_id: int) -> list[str]:
    return list(outcome.private_events.get(user_id, []))
