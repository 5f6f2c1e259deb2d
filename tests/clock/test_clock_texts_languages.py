"""The clock's words for each reader: every notice and answer of :mod:`bot.discord_app.clock_texts`
reads fully pseudo-localized in ``qps-ploc`` and in the reader's language in German; durations are
written in the reader's own units; the clock as the log says it is worded when read."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.clock.common import require_host
from bot.clock.durations import format_duration
from bot.clock.host import described
from bot.clock.records import MineEntry
from bot.clock.results import (
    AwayPeriod,
    ClockInfo,
    ClockSetting,
    Nudge,
    PlayerClock,
    Removal,
    Vote,
)
from bot.discord_app import clock_texts as words
from bot.errors import NotAllowed
from bot.permissions import NEEDS
from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from i18n.say import word
from storage.clock import ClockRules

GAME = SimpleNamespace(title="Race to 21", channel_id=10, guild_id=1)
#: shown as they are in every language: the game's title, players' names, a bot level
NAMES = ["Race to 21", "Ada", "Bob", "normal"]
ALL_RULES = ClockSetting(86400, 3, "normal", ClockRules(7200, True, True))
MINE = [
    MineEntry(1, 10, "Race to 21", "running", 1, True, [], 9e8, True, 10, 55, 30.0),
    MineEntry(2, 11, "Race to 21", "running", 1, True, [], 9e8, False, None, None, 7200.0),
    MineEntry(3, 12, "Race to 21", "running", None, False, ["Bob"], None, False, None, None),
    MineEntry(4, 13, "Race to 21", "lobby", 1, False, [], None, False, None, None),
    MineEntry(5, 14, "Race to 21", "running", 1, False, [], None, False, None, None),
]


def every_text(locale: str) -> list[str]:
    """Every notice and answer the clock words, for a reader of ``locale``."""
    out = [
        words.reminder(GAME, 5, "half", 9e8, locale),
        words.reminder(GAME, 5, "near", 9e8, locale),
        words.turn_dm(GAME, locale=locale),
        words.turn_dm(GAME, due_at=9e8, locale=locale),
        words.turn_dm(GAME, nudged=True, locale=locale),
        words.woke(GAME, 5, locale),
        words.woke_dm([GAME], locale),
        words.woke_dm([GAME, GAME], locale),
        words.dm_failed(5, locale),
        words.standin_headline("Ada", kept=True, locale=locale),
        words.standin_headline("Ada", kept=False, locale=locale),
        words.vote_opened("Ada", 3, locale),
        words.closed(GAME, words.say("its thread was deleted"), locale),
        words.damaged(GAME, locale),
        words.nudge(Nudge(5, "Race to 21", ((6, 9e8), (7, None))), locale).text,
        words.vote(Vote(5, "Ada", "kick", 1, 0, 2), locale).text,
        words.vote(Vote(5, "Ada", "keep", 2, 0, 2, decided="keep"), locale).text,
        words.vote(
            Vote(5, "Ada", "kick", 0, 2, 2, decided="kick", removal=Removal.ENDED), locale
        ).text,
        words.away(AwayPeriod(9e8, 1, 0), locale),
        words.away(AwayPeriod(9e8, 3, 2), locale),
        words.bank_left(10, locale),
        words.clock_set(ALL_RULES, locale),
        words.clock_info(ClockInfo(ALL_RULES, 9e8, (PlayerClock("Ada", 9e8, 60.0),)), locale),
        words.clock_info(
            ClockInfo(ClockSetting(None, 3), None, (PlayerClock("Bob", 9e8),)), locale
        ),
        words.new_host("Ada", locale),
        words.digest(MINE, locale),
        words.digest_set(None, locale),
        words.digest_set(480, locale),
        *(r.word(locale) for r in words.REMOVAL.values()),
        *(s.word(locale) for s in (words.NO_TURNS, words.NO_GAMES, words.BACK)),
        *(s.word(locale) for s in (words.PAUSED, words.RESUMED)),
        *(word(n.label, locale) + word(n.breaks, locale) for n in NEEDS),
    ]
    return out


@pytest.mark.parametrize("index", range(len(every_text("en-US"))))
def test_every_clock_text_reads_fully_pseudo_localized(index):
    shown = every_text(PSEUDO_CODE)[index]
    assert english_left(shown, NAMES) == [], shown


def test_the_clock_texts_english_is_as_it_was():
    assert words.reminder(GAME, 5, "near", 9e8) == (
        "⏰ <@5>, it is your turn in **Race to 21** and time is nearly up: it runs out "
        "<t:900000000:f> (<t:900000000:R>), then a stand-in plays for you."
    )
    assert words.bank_left(7200) == "time bank 2h left"
    assert words.setting(ALL_RULES) == (
        "1d a turn and a time bank of 2h each, weekends off; a vote after 3 missed turns in a "
        "row; a stand-in plays at normal, also for away players"
    )


def test_a_reminder_reads_in_german_for_a_german_channel():
    assert words.reminder(GAME, 5, "half", 9e8, "de").startswith(
        "⏰ <@5>, du bist in **Race to 21** am Zug und die Hälfte deiner Zeit ist um"
    )


def test_the_clock_in_the_log_is_worded_when_read():
    said = described(ALL_RULES)
    assert said == words.setting(ALL_RULES)  # its English, as logged before
    assert said.word("pt-BR").startswith("1d por turno e uma reserva de tempo de 2h")


def test_the_clock_in_an_answer_writes_durations_in_the_readers_units():
    assert words.setting(ALL_RULES, "pt-BR").startswith(
        "1 dia por turno e uma reserva de tempo de 2 h"
    )


@pytest.mark.parametrize(
    ("locale", "shown"),
    [
        ("en-US", "1d 12h"),
        ("de", "1 Tg. 12 Std."),
        ("pt-BR", "1 dia 12 h"),
        ("es-ES", "1 d 12 h"),
    ],
)
def test_a_duration_is_written_in_the_readers_units(locale, shown):
    assert format_duration(36 * 3600, locale) == shown


def test_under_a_minute_is_said_in_the_readers_language():
    assert format_duration(20, "es-419") == "menos de un minuto"
    assert format_duration(20) == "under a minute"


def test_a_host_power_refusal_names_who_else_has_host_powers_in_the_readers_language():
    game = SimpleNamespace(host_id=5, active_seat_of=lambda user_id: None)
    with pytest.raises(NotAllowed) as refused:
        require_host(game, 6, can_manage=False)
    assert word(refused.value.message, "de") == (
        "Nur der Gastgeber (<@5>), ein Mitglied mit „Nachrichten verwalten“ oder ein Mitglied "
        "mit der Spielleitungsrolle des Servers kann das."
    )
