"""A game's clock rules as the host chooses them (``/game new`` and ``/host clock``): a time
bank, weekends off, and what happens to an away player's clock. Read and checked before
anything changes, so an option out of range is refused and changes nothing."""

from __future__ import annotations

import dataclasses

from bot.clock.durations import DAY, MINUTE, BadDuration, format_duration, parse_duration
from bot.errors import TableError
from i18n.say import say
from storage.clock import ClockRules

#: the largest time bank a game may give each player
MAX_BANK = 30 * DAY
#: the smallest (a bank shorter than a minute would only show as "empty")
MIN_BANK = MINUTE
NO_BANK_WORDS = {"none", "off", "no", "0"}
#: what ``away:`` takes: the clock stops (the default), or a stand-in plays when time is up
AWAY_CHOICES = {"stop": False, "standin": True}


def parse_bank(text: str) -> int | None:
    """A time bank per player in seconds (None: no bank); refused outside 1m..30d."""
    if text.strip().lower() in NO_BANK_WORDS:
        return None
    try:
        seconds = parse_duration(text)
    except BadDuration as exc:
        raise TableError(exc.args[0]) from None
    if not MIN_BANK <= seconds <= MAX_BANK:
        raise TableError(
            say(
                "A time bank runs from {least} to {most}.",
                least=format_duration(MIN_BANK),
                most=format_duration(MAX_BANK),
            )
        )
    return seconds


def chosen(
    current: ClockRules,
    *,
    turn_seconds: int | None,
    bank: str | None = None,
    weekends: bool | None = None,
    away: str | None = None,
) -> ClockRules:
    """``current`` with what the host gave (None: unchanged), checked against the clock: a
    bank or weekends off asked for without a turn clock is refused; a game whose clock is
    turned off loses the ones it had."""
    rules = current
    if turn_seconds is None:
        rules = dataclasses.replace(rules, bank_seconds=None, weekends_off=False)
    if bank is not None:
        rules = dataclasses.replace(rules, bank_seconds=parse_bank(bank))
    if weekends is not None:
        rules = dataclasses.replace(rules, weekends_off=weekends)
    if away is not None:
        if away not in AWAY_CHOICES:
            raise TableError(say("Choose what an away player's clock does: stop or standin."))
        rules = dataclasses.replace(rules, away_standin=AWAY_CHOICES[away])
    if turn_seconds is None and (rules.bank_seconds is not None or rules.weekends_off):
        # only what was asked for just now can be here
        raise TableError(
            say(
                "A time bank and weekends off need a turn clock: give one with `clock:` "
                "(or `turn:`), e.g. 24h."
            )
        )
    return rules
