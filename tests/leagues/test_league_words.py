"""What a league says is kept as data and worded for its reader: the server's language for
its posts, the asker's for ``/league info`` (bot/leagues/texts.py). As strings, its words are
the English they always were."""

from __future__ import annotations

import pytest

from bot.leagues import texts
from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from storage.leagues import LeagueRow, TableRow

TITLE = "Race to 21 (test game)"
NAMES = {TITLE, "Ada", "Bo", "Cy", "Dee"}


def league(**changes) -> LeagueRow:
    row = dict(
        id=3,
        guild_id=1,
        channel_id=500,
        engine="toy",
        table_size=2,
        rounds=2,
        turn_seconds=86_400,
        round_seconds=7 * 86_400,
        status="signup",
        round=0,
        due_at=1_000_000.0,
        host_id=9,
        message_id=None,
        left_s=None,
        created_at=1.0,
    )
    row.update(changes)
    return LeagueRow(**row)


def said(row: LeagueRow) -> dict[str, str]:
    """Everything a league says about ``row``, by what it is."""
    import engines

    tables = [TableRow(row.round, 1, False, None, (1, 2)), TableRow(row.round, 2, True, None, (3,))]
    names = {1: "Ada", 2: "Bo", 3: "Cy"}
    return {
        "signup": texts.signup(row, ["Ada", "Bo"]),
        "nobody": texts.signup(row, []),
        "info": texts.info(row, 2),
        "too few": texts.too_few(row, engines.get_engine("toy")),
        "closed": texts.closed(row),
        "finished": texts.finished(row),
        "round": texts.round_started(row, tables, names),
        "thread": texts.thread_name(row, TITLE, 1, ["Ada", "Bo"]),
        "scored": texts.SCORED_GAME,
        "closed game": texts.CLOSED_GAME,
    }


@pytest.mark.parametrize("stage", ["signup", "running"])
def test_everything_a_league_says_is_translatable(stage):
    row = league(status=stage, round=1 if stage == "running" else 0, table_size=3)
    for what, text in said(row).items():
        assert english_left(texts.worded(text, PSEUDO_CODE), NAMES) == [], what


def test_a_swiss_leagues_rules_are_translatable():
    assert english_left(texts.rules(league()).word(PSEUDO_CODE), NAMES) == []


def test_a_german_server_reads_its_league_in_german():
    row = league(status="running", round=1)
    assert texts.worded(texts.finished(row), "de") == (f"🏆 Liga #3: {TITLE} ist vorbei. Endstand:")
    assert texts.rules(row).word("de").startswith("2 Runden von je 7 Tg., Schweizer System")


def test_as_a_string_a_leagues_words_are_its_english():
    row = league()
    assert texts.title(row) == f"League #3: {TITLE}"
    assert str(texts.signup(row, [])).endswith("Signed up (0): nobody yet")
