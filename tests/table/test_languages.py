"""The table's words in the reader's language: every refusal and every event the table itself
logs is said (kept as data, a ``str`` of its English) and worded for whoever reads it.

The pseudo-locale (``qps-ploc``) shows which words went through the catalogs: a reader there
must find no English left but names (players', the games' titles and ids). German shows a real
translation; a stored event is worded when it is read, in the reader's language, and one stored
before events carried their words as data reads as the English it saved.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import discord
import pytest

import bot.errors
import engines
from bot.discord_app import replies
from bot.errors import NotYourTurn, TableError
from bot.table import Table
from bot.table.history import public_text
from bot.table.looking import entry_words
from i18n.pseudo import english_left
from i18n.say import word
from storage import MoveRow
from tests.table.conftest import ADA, BO, CHANNEL, CY, DEE, EVE, NAMES, lobby, running

PSEUDO = "qps-ploc"
TOY = "Race to 21 (test game)"
SECRET = "Secret race (test game)"
#: what stays as it is in every language: players' names, the games' titles and names
SHOWN_AS_IS = [*NAMES.values(), TOY, SECRET, *engines.names()]


async def refusal(attempt: Awaitable[object]) -> TableError:
    with pytest.raises(TableError) as refused:
        await attempt
    return refused.value


# -- every refusal kind, pseudo-localized ------------------------------------------------------
def _kinds() -> list[type[TableError]]:
    return [
        kind
        for _, kind in inspect.getmembers(bot.errors, inspect.isclass)
        if issubclass(kind, TableError)
    ]


@pytest.mark.parametrize("kind", _kinds(), ids=lambda k: k.__name__)
def test_every_refusal_kind_reads_in_the_readers_language(kind):
    shown = word(kind().message, PSEUDO)
    assert shown != kind().message
    assert english_left(shown, SHOWN_AS_IS) == []


Refuse = Callable[[Table], Awaitable[TableError]]


async def _no_game(table: Table) -> TableError:
    return await refusal(table.start(channel_id=CHANNEL, user_id=ADA))


async def _ended_game(table: Table) -> TableError:
    await lobby(table)
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    return await refusal(table.start(channel_id=CHANNEL, user_id=ADA))


async def _game_exists(table: Table) -> TableError:
    await lobby(table)
    return await refusal(
        table.new_game(
            guild_id=1, channel_id=CHANNEL, user_id=CY, user_name="Cy", engine="toy", seed=1
        )
    )


async def _unknown_game(table: Table) -> TableError:
    return await refusal(
        table.new_game(guild_id=1, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="zz")
    )


async def _bad_seed(table: Table) -> TableError:
    return await refusal(
        table.new_game(
            guild_id=1, channel_id=CHANNEL, user_id=ADA, user_name="Ada", engine="toy", seed=-1
        )
    )


async def _bad_option(table: Table) -> TableError:
    return await refusal(
        table.new_game(
            guild_id=1,
            channel_id=CHANNEL,
            user_id=ADA,
            user_name="Ada",
            engine="toy",
            choices={"colour": "red"},
        )
    )


async def _already_seated(table: Table) -> TableError:
    await lobby(table)
    return await refusal(table.join(channel_id=CHANNEL, user_id=BO, user_name="Bo"))


async def _full(table: Table) -> TableError:
    await lobby(table, users=(ADA, BO, CY, DEE))
    return await refusal(table.join(channel_id=CHANNEL, user_id=EVE, user_name="Eve"))


async def _not_the_host(table: Table) -> TableError:
    await lobby(table)
    return await refusal(table.start(channel_id=CHANNEL, user_id=BO))


async def _too_few(table: Table) -> TableError:
    await lobby(table, users=(ADA,))
    return await refusal(table.start(channel_id=CHANNEL, user_id=ADA))


async def _leave_unseated(table: Table) -> TableError:
    await lobby(table)
    return await refusal(table.leave(channel_id=CHANNEL, user_id=CY))


async def _join_running(table: Table) -> TableError:
    await running(table)
    return await refusal(table.join(channel_id=CHANNEL, user_id=CY, user_name="Cy"))


async def _not_started(table: Table) -> TableError:
    await lobby(table)
    return await refusal(table.act(channel_id=CHANNEL, user_id=ADA, action_id="take:1"))


async def _not_your_turn(table: Table) -> TableError:
    started = await running(table)
    idle = BO if started.to_act == [ADA] else ADA
    return await refusal(table.act(channel_id=CHANNEL, user_id=idle, action_id="take:1"))


async def _not_playing(table: Table) -> TableError:
    await running(table)
    return await refusal(table.act(channel_id=CHANNEL, user_id=CY, action_id="take:1"))


async def _abort_not_host(table: Table) -> TableError:
    await running(table)
    return await refusal(table.abort(channel_id=CHANNEL, user_id=CY, is_moderator=False))


async def _bots_not_host(table: Table) -> TableError:
    await lobby(table)
    return await refusal(table.add_ai_seats(channel_id=CHANNEL, user_id=BO, count=1, level="easy"))


async def _bots_too_many(table: Table) -> TableError:
    await lobby(table, users=(ADA, BO, CY))
    return await refusal(table.add_ai_seats(channel_id=CHANNEL, user_id=ADA, count=2, level="easy"))


async def _no_hand(table: Table) -> TableError:
    await running(table)
    return await refusal(table.hand(channel_id=CHANNEL, user_id=CY))


async def _stale_button(table: Table) -> TableError:
    started = await running(table)
    return await refusal(
        table.act(
            channel_id=CHANNEL,
            user_id=started.to_act[0],
            offered=0,
            expected_version=started.game.version,
            expected_game_id=started.game.id + 1,
        )
    )


REFUSALS: dict[str, Refuse] = {
    "no game": _no_game,
    "the game ended": _ended_game,
    "a game already": _game_exists,
    "an unknown game": _unknown_game,
    "a bad seed": _bad_seed,
    "a choice the game has not": _bad_option,
    "joined already": _already_seated,
    "the game is full": _full,
    "only the host starts": _not_the_host,
    "too few players": _too_few,
    "leaving a lobby one is not in": _leave_unseated,
    "joining a running game": _join_running,
    "a move before the start": _not_started,
    "not your turn": _not_your_turn,
    "not playing": _not_playing,
    "only the host aborts": _abort_not_host,
    "only the host seats bots": _bots_not_host,
    "no seat left for bots": _bots_too_many,
    "no hand to see": _no_hand,
    "a button of an earlier game": _stale_button,
}


@pytest.mark.parametrize("why", list(REFUSALS))
async def test_the_tables_refusals_read_in_the_readers_language(table, why):
    refused = await REFUSALS[why](table)
    shown = word(refused.message, PSEUDO)
    assert english_left(shown, SHOWN_AS_IS) == [], shown


async def test_a_typed_move_that_is_none_says_so_in_the_readers_language(table):
    started = await running(table)
    mover = started.to_act[0]
    labels = [a.label for a in started.awaited[mover]]  # the game's own words
    refused = await refusal(table.act(channel_id=CHANNEL, user_id=mover, action_id="fly away"))
    shown = word(refused.message, PSEUDO)
    assert english_left(shown, [*SHOWN_AS_IS, *labels, "fly away"]) == [], shown


async def test_a_refusal_reads_in_german_for_a_german_reader(table):
    started = await running(table)
    idle = BO if started.to_act == [ADA] else ADA
    refused = await refusal(table.act(channel_id=CHANNEL, user_id=idle, action_id="take:1"))
    assert isinstance(refused, NotYourTurn)
    mover = NAMES[started.to_act[0]]
    assert word(refused.message, "de") == f"Du bist nicht am Zug: Die Partie wartet auf {mover}."
    assert refused.message == f"It is not your turn: the game is waiting for {mover}."


# -- explain: a refusal worded for the one who reads it -------------------------------------------
def test_explain_words_a_refusal_in_the_given_language():
    assert replies.explain(bot.errors.NoGame(), "de") == (
        "In diesem Kanal gibt es keine Partie. Eröffne eine mit /spiel neu."
    )
    assert replies.explain(bot.errors.NoGame()) == (
        "There is no game in this channel. Start one with /game new."
    )


def test_explain_words_discords_refusals_in_the_given_language():
    shown = replies.explain(discord.app_commands.NoPrivateMessage(), "pt-BR")
    assert shown == "As partidas são jogadas em canais de servidor; use este comando em um deles."
    assert replies.explain(RuntimeError("a bug"), "de") is None


class _Response:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def is_done(self) -> bool:
        return False

    async def send_message(self, content: str, **kwargs: object) -> None:
        self.sent.append(content)


def _interaction(locale: str) -> SimpleNamespace:
    return SimpleNamespace(
        locale=discord.Locale(locale),
        response=_Response(),
        command=None,
        data={"custom_id": "tt:1:2"},
        type=discord.InteractionType.component,
        user=SimpleNamespace(id=ADA),
        channel_id=CHANNEL,
        client=SimpleNamespace(),  # a client with no stored choices: the app's language rules
    )


async def test_a_refusal_is_answered_in_the_clicking_users_language():
    clicked = _interaction("es-ES")
    await replies.answer_error(clicked, bot.errors.GameFull())  # type: ignore[arg-type]
    assert clicked.response.sent == ["Esta partida está llena."]


async def test_a_bug_is_answered_with_an_apology_in_the_clicking_users_language():
    clicked = _interaction("de")
    await replies.answer_error(clicked, RuntimeError("secret hand: ace"))  # type: ignore[arg-type]
    [said] = clicked.response.sent
    assert said == replies.apology("de") != replies.APOLOGY
    assert said.startswith("Entschuldigung") and "ace" not in said


# -- the table's own events, stored, read back in the reader's language ----------------------------
async def test_the_tables_own_events_read_in_the_readers_language(table):
    await lobby(table, users=(ADA, BO, CY))
    await table.leave(channel_id=CHANNEL, user_id=ADA)  # Bo becomes the host
    await table.start(channel_id=CHANNEL, user_id=BO)
    await table.abort(channel_id=CHANNEL, user_id=BO, is_moderator=False)
    lines = await table.log(channel_id=CHANNEL, limit=None, locale=PSEUDO)
    assert len(lines) == 6  # opens, 2 joins, leaves (the new host with it), begins, aborted
    for line in lines:
        assert english_left(line, SHOWN_AS_IS) == [], line


async def test_a_concession_and_the_end_it_brings_read_in_the_readers_language(table):
    await running(table, engine="secret_toy")
    await table.concede(channel_id=CHANNEL, user_id=ADA)
    [*_, last] = await table.history((await table.game(channel_id=CHANNEL)).id, locale=PSEUDO)
    assert english_left(last.text, SHOWN_AS_IS) == [], last.text
    assert "Ada" in last.text and "Bo" in last.text


async def test_stored_events_read_back_in_the_readers_language(table):
    info = await lobby(table)
    [opened, joined] = await table.history(info.id, locale="de")
    assert opened.text == f"Ada eröffnet eine Partie {TOY}."
    assert joined.text == "Bo tritt bei."
    _, page, _, _ = await table.log_page(channel_id=CHANNEL, page=1, locale="pt-BR")
    assert page == [f"1. Ada abre uma partida de {TOY}.", "2. Bo entra."]
    english = await table.history(info.id)
    assert english[0].text == f"Ada opens a game of {TOY}."


async def test_history_keeps_each_events_words_as_data_for_the_front_end(table):
    from i18n.say import event_text

    info = await lobby(table)
    [opened, _] = await table.history(info.id)
    [told] = opened.told
    assert told.text == f"Ada opens a game of {TOY}."
    assert event_text(told, "es-ES") == f"Ada abre una partida de {TOY}."


def _old_entry() -> MoveRow:
    """A log entry stored before events carried their words as data."""
    events = [{"text": "Ada opens a game of Race to 21 (test game).", "kind": "table"}]
    return MoveRow(1, 1, "new", ADA, "Ada", None, events, 1, 0.0)


def test_an_old_stored_event_reads_as_the_english_it_saved():
    old = _old_entry()
    assert entry_words(old, None, "de") == "Ada opens a game of Race to 21 (test game)."
    assert public_text(old, {}, "de") == "Ada opens a game of Race to 21 (test game)."


def test_a_damaged_entry_says_so_in_the_readers_language():
    damaged = MoveRow(1, 2, "move", ADA, "Ada", "x", [], 2, 0.0, readable=False)
    assert entry_words(damaged, None, "de") == "(dieser Protokolleintrag ist beschädigt)"
    assert english_left(public_text(damaged, {}, PSEUDO)) == []


# -- the table's other texts for a reader ----------------------------------------------------------
async def test_a_lobbys_status_reads_in_the_readers_language(table):
    await lobby(table)
    _, text = await table.status(channel_id=CHANNEL)
    shown = word(text, PSEUDO)
    assert english_left(shown, SHOWN_AS_IS) == [], shown
    assert word(text, "de").splitlines()[1] == "Spieler: Ada (Gastgeber), Bo"


async def test_the_hand_texts_words_read_in_the_readers_language(table):
    await running(table)
    _, png, text = await table.hand(channel_id=CHANNEL, user_id=ADA)
    assert png is not None
    assert word(text, "pt-BR") == f"Sua mão em {TOY} (só você pode ver isto)."


def test_a_replay_caption_reads_in_the_readers_language():
    from bot.table.looking import replay_caption

    eng = engines.get_engine("toy")
    state = eng.setup(["Ada", "Bo"], seed=5)
    for played in (0, 3):
        shown = word(replay_caption(eng, played, 9, state), PSEUDO)
        assert english_left(shown, SHOWN_AS_IS) == [], shown
    assert word(replay_caption(eng, 3, 9, state), "es-ES").startswith("Jugada 3 de 9 · turno de")


async def test_an_aborted_games_status_reads_in_the_readers_language(table):
    await lobby(table)
    await table.abort(channel_id=CHANNEL, user_id=ADA, is_moderator=False)
    _, text = await table.status(channel_id=CHANNEL)
    assert text.splitlines()[-1] == "Aborted (aborted by Ada)."
    assert english_left(word(text, PSEUDO), SHOWN_AS_IS) == []


async def test_a_conceded_games_status_reads_in_the_readers_language(table):
    await running(table, engine="secret_toy")
    await table.concede(channel_id=CHANNEL, user_id=ADA)
    _, text = await table.status(channel_id=CHANNEL)
    assert text.splitlines()[-1] == "The game is over: Bo wins (Ada conceded)."
    assert word(text, "de").splitlines()[-1] == (
        "Die Partie ist vorbei: Bo gewinnt (Ada hat aufgegeben)."
    )
