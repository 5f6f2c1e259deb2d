"""The benchmark's ``cut_events``: events shown cut anywhere a player reads them.

Two ways an event can be shown cut: a line ending in (or holding) an ellipsis, in any version of
any public message or private answer a player received (the recap, this turn's events, the log
pages, a private note); and an event of the saved log missing, whole, from the log pages a player
reads page by page at the end (an entry cut, or a page that leaves one out).
"""

from __future__ import annotations

import re
import time

from localdiscord.records import Channel, Message, User
from tests.e2e.observe import GameDb
from tests.localdiscord.driver import Driver

CUT = "…"
#: a piece of a log entry split across pages (the product's ``bot.table.log_pages.CONTINUED``)
CONTINUED = re.compile(r"\n\d+\. \(continued\) ")
OLDER = "Older"
MOST_PAGES = 400


def cut_lines(messages: list[Message]) -> set[tuple[int, str]]:
    """Every (message, line) that shows an ellipsis, in any version of the messages."""
    out = set()
    for m in messages:
        for version in [*m.history, m.snapshot()]:
            for line in (version["content"] or "").split("\n"):
                if CUT in line:
                    out.add((m.id, line))
    return out


def read_log(d: Driver, user: User, channel: Channel, per: int = 50) -> list[str]:
    """Every page of ``user``'s ``/game log``, oldest first, paged back with "Older" (waiting
    out the log pages' allowance when the bot says "not so fast")."""
    answer = d.run(user, channel, "/game log", count=per)
    [message] = [m for m in answer.messages if m.ephemeral]
    pages = [message.content]
    while len(pages) < MOST_PAGES:
        older = [b for b in d.buttons(message) if OLDER in (b.get("label") or "")]
        if not older or older[0].get("disabled"):
            break
        reply = d.click(user, message, custom_id=older[0]["custom_id"])
        if not reply.updated or reply.clicked is None:  # over the allowance: wait, ask again
            time.sleep(3.5)
            continue
        message = reply.clicked
        pages.append(message.content)
    return pages[::-1]


def missing_from_log(db: GameDb, game_id: int, pages: list[str]) -> list[str]:
    """The saved public events not shown whole, in order, on the log pages (oldest first)."""
    bodies = [page.partition("\n")[2] for page in pages]  # each page's head line left out
    shown = " ".join(CONTINUED.sub(" ", "\n" + "\n".join(bodies)).split())
    missing, at = [], 0
    for move in db.moves(game_id):
        for event in move.events:
            text = " ".join(str(event.get("text") or "").split())
            if event.get("private_to") is not None or not text:
                continue
            found = shown.find(text, at)
            if found < 0:
                missing.append(f"{move.seq}: {text[:80]}")
            else:
                at = found + len(text)
    return missing


def cut_events(
    d: Driver, db: GameDb, channel: Channel, game_id: int, first: int, readers: list[User]
) -> tuple[int, list[str]]:
    """How many events were shown cut (and some of them, to report): ``readers`` read the
    whole log first, then every message they received from message ``first`` on is looked at."""
    missing = []
    for user in readers:
        missing += [
            f"{user.name}'s log lacks {m}"
            for m in missing_from_log(db, game_id, read_log(d, user, channel))
        ]
    ids = {u.id for u in readers}
    received = [
        m
        for m in d.server.all_messages()
        if m.channel_id == channel.id
        and m.id >= first
        and (m.public or (m.ephemeral and m.visible_to in ids))
    ]
    cuts = sorted(cut_lines(received))
    examples = [*missing, *(line[:120] for _, line in cuts)]
    return len(missing) + len(cuts), examples[:5]
