"""The spectator pages' words, in the watcher's language.

A spectator is anyone with the link, signed in nowhere: their browser's ``Accept-Language`` is
the web's way of saying which language they read (as a Discord client's locale is Discord's).
The page's first language that Tabletop ships is used, else English. The page itself is static;
its words come with the game's data (``game.json``'s ``words``) and its script puts them in.
"""

from __future__ import annotations

from i18n import SHIPPED, language_of, t
from i18n.languages import PSEUDO_CODE

ENGLISH = "en-US"


def reader_locale(accept_language: str | None) -> str:
    """The locale a watcher reads, from their browser's ``Accept-Language`` (``de-DE,de;q=0.9,
    en;q=0.8``): the first listed tag whose language is shipped (the tag itself, or its
    language: ``es-MX`` reads Spanish), English when English comes first or none is shipped."""
    tags: list[tuple[float, int, str]] = []
    for part in (accept_language or "").split(","):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and quality > 0:
            tags.append((-quality, len(tags), tag.strip()))
    for _, _, tag in sorted(tags):
        if tag.split("-")[0].casefold() == "en":
            return ENGLISH
        language = language_of(tag)
        if language is not None and (language in SHIPPED or tag == PSEUDO_CODE):
            return tag
        language = language_of(tag.split("-")[0])
        if language is not None and language in SHIPPED:
            return language.code
    return ENGLISH


def page_words(locale: str) -> dict[str, str]:
    """Every word the page's script shows, by where it goes. ``{n}``, ``{total}`` and
    ``{text}`` in ``turn_of`` are filled by the script."""
    return {
        "board": t(locale, "The board"),
        "previous": t(locale, "Previous turn"),
        "turn": t(locale, "Turn"),
        "next": t(locale, "Next turn"),
        "latest": t(locale, "Latest"),
        "log": t(locale, "Log"),
        "turn_of": t(
            locale, "Turn {n} of {total}: {text}", n="{n}", total="{total}", text="{text}"
        ),
        "latest_board": t(locale, "The latest board."),
        "only_latest": t(locale, "Only the latest board can be shown for this game."),
        "not_started": t(locale, "The game has not started yet."),
    }


def status_words(status: str, locale: str) -> str:
    """A game's stage, as the page's header says it."""
    stages = {
        "lobby": t(locale, "Waiting for players to join."),
        "running": t(locale, "Being played now; this page follows it."),
        "finished": t(locale, "Finished."),
        "aborted": t(locale, "Aborted."),
    }
    return stages.get(status, status)


def players_line(players: list[str], locale: str) -> str:
    return t(locale, "Players: {players}", players=", ".join(players)) if players else ""
