"""A game's turn in the reader's language: what the channel reads (the turn message, its buttons
and menus, the recap, the end) in the server's, what only the clicker sees (their panel, a
confirmation, a form, ``/play``'s suggestions, a refusal) in theirs.

The pseudo-locale shows what skipped the catalogs: a word outside every ⟦…⟧ is English left
(:func:`i18n.pseudo.english_left`). The game here says all its words with ``i18n.say``
(:mod:`tests.discord.spoken`), as the shipped games will.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict

import pytest

import engines
import rendering
from bot.discord_app.components import amount_form
from bot.discord_app.cooldowns import LIMITS, TooSoon
from bot.discord_app.posts import turn_post
from bot.discord_app.recap import Line, earlier_line, folded
from bot.discord_app.turn_book import TurnRecord
from engines.core import Action, ActionRole, Amount
from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from i18n.say import marked, say, word
from tests.discord import spoken
from tests.discord.harness import CHANNEL_ID, GUILD_ID, Harness
from tests.discord.test_forged_ids import message_with

TITLE = spoken.ENGINE.title


@pytest.fixture
async def hs(tmp_path):
    """The bot, with the spoken game registered and its words in the pseudo-locale."""
    engines.register(spoken.ENGINE)
    rendering.register("spoken", sys.modules[spoken.__name__])
    try:
        with spoken.pseudo_catalog():
            async with Harness.open(tmp_path / "spoken.sqlite") as harness:
                yield harness
                assert harness.world.violations == []
    finally:
        spoken.ENGINE.losing_in_menu = False
        engines.unregister("spoken")


def speak(h: Harness, guild: str, users: dict[int, str] | None = None) -> None:
    """The server prefers ``guild``'s language; each user's client is set to theirs (``users``,
    by id; English otherwise), as Discord sends them with every interaction."""
    h.state._add_guild_from_data(
        {
            "id": str(GUILD_ID),
            "name": "Games",
            "preferred_locale": guild,
            "roles": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "owner_id": "1",
        }
    )
    base = h._base

    def with_locales(kind, user, channel_id, data):
        payload, record = base(kind, user, channel_id, data)
        payload["locale"] = (users or {}).get(user.id, "en-US")
        payload["guild_locale"] = guild
        return payload, record

    h._base = with_locales  # type: ignore[method-assign]


async def start(h: Harness):
    """Ada and Bob at a spoken game, started: Ada is to move."""
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="spoken")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return ada, bob, h.last_public()


def names(h: Harness) -> list[str]:
    return [*h.users, TITLE, *spoken.ENGINE.proper_names()]


def component_words(message) -> list[str]:
    """Every word a message's components show: labels, placeholders, options."""
    shown = []
    for row in message.components:
        for c in row.get("components", []):
            shown += [c.get("label") or "", c.get("placeholder") or ""]
            for option in c.get("options") or []:
                shown += [option["label"], option.get("description") or ""]
    return [s for s in shown if s]


def left(h: Harness, texts: list[str]) -> list[str]:
    return [w for text in texts for w in english_left(text, names(h))]


# -- the channel's messages: the server's language --------------------------------------------


async def test_a_turn_message_is_worded_whole_in_the_servers_language(hs):
    ada, _bob, _ = await start(hs)
    outcome = await hs.table.act(channel_id=CHANNEL_ID, user_id=ada.id, action_id="take:3")
    post = turn_post(outcome, locale=PSEUDO_CODE)
    assert "⟦" in post.content
    assert english_left(post.content, names(hs)) == []
    assert english_left(post.alt, names(hs)) == []


async def test_a_run_of_like_events_is_one_line_worded_with_its_count(hs):
    ada, _bob, _ = await start(hs)
    outcome = await hs.table.act(channel_id=CHANNEL_ID, user_id=ada.id, action_id="take:3")
    (line,) = folded(e for e in outcome.events)
    assert line.events == 2
    assert line.text == "Ada takes 2 handfuls."
    assert line.word(PSEUDO_CODE) == "⟦Åðå ţåķéš 2 ĥåñðƒûļš.⟧".replace("Åðå", "Ada")


async def test_the_turn_messages_buttons_and_menus_are_in_the_servers_language(hs):
    speak(hs, PSEUDO_CODE)
    *_, turn = await start(hs)
    shown = component_words(turn)
    assert turn.selects() and len(shown) > 5
    assert left(hs, shown) == []


async def test_the_turn_messages_own_lines_are_in_the_servers_language(hs):
    speak(hs, PSEUDO_CODE)
    *_, turn = await start(hs)
    ours = [line for line in turn.content.splitlines() if line.startswith("➡️")]
    assert ours and left(hs, ours) == []


async def test_a_german_server_reads_its_turn_message_in_german(hs):
    speak(hs, "de")
    ada, *_ = await start(hs)
    turn = hs.last_public()
    assert f"➡️ Du bist am Zug: {ada.mention}" in turn.content
    assert "Deinen Zug wählen (privat)" in [b["label"] for b in turn.buttons()]


async def test_the_end_and_its_rematch_button_are_in_the_servers_language(hs):
    speak(hs, "de")
    ada, _bob, turn = await start(hs)
    give_up = next(b for b in turn.buttons() if b["style"] == 4)
    question = (await hs.click(ada, turn, custom_id=give_up["custom_id"])).only_ephemeral()
    await hs.click(ada, question, custom_id=question.buttons()[0]["custom_id"])
    end = next(m for m in hs.public_messages() if "🏁" in m.content)
    assert "🏁 **Partie vorbei.** Sieger: Bob" in end.content
    assert "Nochmal mit denselben Spielern und Optionen: **Revanche**." in end.content
    assert [b["label"] for b in end.buttons()] == ["Revanche"]


async def test_a_rematchs_lobby_notice_is_in_the_servers_language(hs):
    speak(hs, PSEUDO_CODE, {hs.user("Ada").id: "de"})
    ada, _bob, turn = await start(hs)
    give_up = next(b for b in turn.buttons() if b["style"] == 4)
    question = (await hs.click(ada, turn, custom_id=give_up["custom_id"])).only_ephemeral()
    await hs.click(ada, question, custom_id=question.buttons()[0]["custom_id"])
    end = next(m for m in hs.public_messages() if m.buttons() and "🏁" in m.content)
    asked = await hs.click(ada, end, custom_id=end.buttons()[0]["custom_id"])
    (lobby,) = asked.public
    assert "⟦" in lobby.content and left(hs, [lobby.content]) == []
    assert [m.content for m in asked.ephemeral] == ["Die Revanche-Lobby ist offen."]


# -- what only the clicker sees: their own language --------------------------------------------


async def test_a_private_panel_is_in_the_clickers_language(hs):
    speak(hs, "en-US", {hs.user("Ada").id: PSEUDO_CODE})
    ada, _bob, turn = await start(hs)
    moves = next(b for b in turn.buttons() if b["custom_id"].startswith("ttm:"))
    panel = (await hs.click(ada, turn, custom_id=moves["custom_id"])).only_ephemeral()
    assert "⟦" in panel.content
    assert left(hs, [panel.content, *component_words(panel)]) == []


async def test_a_portuguese_player_in_a_german_server_gets_their_panel_in_portuguese(hs):
    speak(hs, "de", {hs.user("Ada").id: "pt-BR"})
    ada, _bob, turn = await start(hs)
    moves = next(b for b in turn.buttons() if b["label"] == "Deinen Zug wählen (privat)")
    panel = (await hs.click(ada, turn, custom_id=moves["custom_id"])).only_ephemeral()
    assert panel.content.startswith("Suas jogadas (só você as vê):")
    assert "Suas jogadas" not in hs.last_public().content


async def test_are_you_sure_is_asked_in_the_clickers_language(hs):
    speak(hs, "de", {hs.user("Ada").id: PSEUDO_CODE})
    ada, _bob, turn = await start(hs)
    give_up = next(b for b in turn.buttons() if b["style"] == 4)
    question = (await hs.click(ada, turn, custom_id=give_up["custom_id"])).only_ephemeral()
    assert left(hs, [question.content, *component_words(question)]) == []


async def test_a_losing_move_in_a_menu_of_the_servers_language_still_asks_first(hs):
    spoken.ENGINE.losing_in_menu = True
    speak(hs, "de", {hs.user("Ada").id: "pt-BR"})
    ada, _bob, turn = await start(hs)
    (menu,) = turn.selects()
    option = next(o for o in menu["options"] if o["label"] == "Give up")
    assert option["description"] == "Kostet etwas: du wirst um Bestätigung gebeten"
    question = (await hs.choose(ada, turn, option["value"])).only_ephemeral()
    assert question.content.startswith("Tem certeza? **Give up**")
    assert (await hs.table.game(channel_id=CHANNEL_ID)).status == "running"


async def test_a_private_event_is_told_in_the_movers_language(hs):
    speak(hs, "en-US", {hs.user("Ada").id: PSEUDO_CODE})
    ada, *_ = await start(hs)
    told = (await hs.slash(ada, "play", action="peek")).only_ephemeral()
    assert "⟦Åðå" not in told.content and "Ada" in told.content
    assert left(hs, [told.content]) == []


async def test_a_broken_buttons_answer_is_in_the_clickers_language(hs):
    speak(hs, "de", {hs.user("Ada").id: "es-419"})
    ada, _bob, turn = await start(hs)
    forged = message_with("tt:1:1:99999", menu=False)  # an index no move list reaches
    answer = (await hs.click(ada, forged, custom_id="tt:1:1:99999")).only_ephemeral()
    assert answer.content.startswith("Este botón ya no es válido")


async def test_play_suggests_moves_in_the_typing_players_language(hs):
    speak(hs, "de", {hs.user("Ada").id: PSEUDO_CODE})
    ada, *_ = await start(hs)
    choices = await hs.autocomplete(ada, "play", "action", "")
    assert len(choices) > 5
    assert left(hs, [c["name"] for c in choices]) == []


# -- pieces worded for their reader -------------------------------------------------------------


def test_a_saved_recap_line_is_worded_when_read_back():
    record = TurnRecord(1, 2, [3], 4, 4, [earlier_line(3)])
    again = TurnRecord(**json.loads(json.dumps(asdict(record))))  # as the turn book keeps it
    assert again.since[0].word("de") == "(3 frühere in `/spiel protokoll`)"
    assert again.since[0].text == "(3 earlier in `/game log`)"


def test_a_line_without_its_words_reads_as_saved():
    assert Line.of({"text": "Ada rolls.", "events": 1}).word("de") == "Ada rolls."


def test_the_amount_form_is_in_the_clickers_language():
    bid = Action(
        id="bid",
        label=say("Move"),
        role=ActionRole.MAIN,
        amount=Amount(low=1, high=1500, made=marked("Move")),
    )
    form = amount_form(1, 1, 0, bid, locale="de").to_dict()
    assert form["title"] == "Zug"
    (field,) = form["components"]
    assert field["label"] == "Betrag (eine ganze Zahl)"
    assert field["description"] == "Von 1 bis 1.500."


def test_a_cooldown_refusal_is_worded_for_its_reader():
    refusal = TooSoon(LIMITS["board"], 1010.2).message
    assert refusal.startswith("Not so fast: you can ask for the board again <t:1011:R>")
    assert word(refusal, "de").startswith("Nicht so schnell: Du kannst das Brett <t:1011:R>")
