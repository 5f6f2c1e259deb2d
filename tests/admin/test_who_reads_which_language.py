"""Who reads which language, through discord.py's own objects: a private answer in the player's
``/me language`` (else their Discord client's), a channel post in the server's ``/tabletop
settings`` language (else the guild's preferred locale), a direct message sent with no
interaction in the player's choice, else the locale their client last sent, else the server's.
And every answer of ``/me`` and ``/tabletop`` reads fully pseudo-localized in ``qps-ploc``."""

from __future__ import annotations

import discord
import pytest

from bot.discord_app.clock_runtime import DiscordNotifier
from bot.discord_app.locales import player_locale, private_locale, public_locale
from bot.server_settings import LANGUAGES
from i18n import PSEUDO_CODE
from i18n.pseudo import english_left
from tests.clock.conftest import FakeTime
from tests.discord import harness

CHANNEL, GUILD = harness.CHANNEL_ID, harness.GUILD_ID
OTHER_GUILD = GUILD + 1
MANAGE_SERVER = harness.DEFAULT_PERMISSIONS | discord.Permissions(manage_guild=True)
#: what stays English in every language: the toy game's title, the players' names, the
#: languages' own names, typed words and zone names shown as they are
NAMES = [
    "Race to 21 (test game)",
    "Ada",
    "Bob",
    "Admin",
    "Europe/Berlin",
    "off",
    *LANGUAGES.values(),
]


class Speaking(harness.Harness):
    """The harness, with each user's client locale and the servers' preferred locales sent as
    Discord sends them; ``guild`` picks the server the next interactions come from."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.locales: dict[int, str] = {}
        self.guild = GUILD

    def speaks(self, user: harness.User, locale: str) -> harness.User:
        self.locales[user.id] = locale
        return user

    def server(self, guild_id: int, preferred_locale: str) -> None:
        """A server the bot is in (in its cache, as after GUILD_CREATE), in that language."""
        state = self.client._connection
        data = {"id": str(guild_id), "name": f"server {guild_id}", "features": [], "roles": []}
        guild = discord.Guild(data={**data, "preferred_locale": preferred_locale}, state=state)
        state._add_guild(guild)

    def _base(self, kind, user, channel_id, data):
        payload, record = super()._base(kind, user, channel_id, data)
        payload["locale"] = self.locales.get(user.id, "en-US")
        if self.guild != GUILD:
            payload["guild_id"] = payload["channel"]["guild_id"] = str(self.guild)
            payload["authorizing_integration_owners"] = {"0": str(self.guild)}
        guild = self.client.get_guild(self.guild)
        if guild is not None:
            payload["guild_locale"] = guild.preferred_locale.value
        return payload, record


@pytest.fixture
async def h(tmp_path):
    async with Speaking.open(tmp_path / "tabletop.sqlite", now=FakeTime()) as h:
        h.server(GUILD, "en-US")
        h.server(OTHER_GUILD, "en-US")
        yield h
        assert h.world.violations == [], "the bot broke a Discord limit"


def admin(h) -> harness.User:
    if "Admin" not in h.users:
        h.users["Admin"] = harness.User(next(harness._user_ids), "Admin", MANAGE_SERVER)
    return h.users["Admin"]


async def answer(h, user, command: str, **options) -> str:
    return (await h.slash(user, command, **options)).only_ephemeral().content


async def a_game(h):
    """A running toy game in the first server: Ada to move."""
    ada, bob = h.user("Ada"), h.user("Bob")
    await h.slash(ada, "game new", game="toy", options="pile=11")
    await h.slash(bob, "game join")
    await h.slash(ada, "game start")
    return await h.table.game_by_id((await h.store.live_game(CHANNEL)).id)


# -- private answers ------------------------------------------------------------------------------
async def test_me_language_words_the_players_answers_in_every_server_and_in_direct_messages(h):
    ada = h.user("Ada")  # her Discord app is in English
    said = await answer(h, ada, "me language", language="de")
    assert (
        said
        == "Deine privaten Antworten und Direktnachrichten sind jetzt auf **Deutsch**, auf allen Servern."
    )
    assert (await answer(h, ada, "me quiet", hours="off")).startswith("Du hast keine Ruhezeiten.")
    h.guild = OTHER_GUILD
    assert (await answer(h, ada, "me quiet", hours="off")).startswith("Du hast keine Ruhezeiten.")
    dm = (await h.slash(ada, "me quiet", dm=True, hours="off")).only_ephemeral().content
    assert dm.startswith("Du hast keine Ruhezeiten.")


async def test_with_no_choice_the_players_discord_app_words_their_answers(h):
    bia = h.speaks(h.user("Bia"), "pt-BR")
    assert (await answer(h, bia, "me quiet", hours="off")).startswith(
        "Você não tem horas de silêncio."
    )
    said = await answer(h, bia, "me language")
    assert "seguem o idioma do seu app do Discord (agora **Português do Brasil**)" in said


async def test_following_the_discord_app_again_drops_the_choice(h):
    bia = h.speaks(h.user("Bia"), "pt-BR")
    await h.slash(bia, "me language", language="es")
    assert (await answer(h, bia, "me quiet", hours="off")).startswith(
        "No tienes horas de silencio."
    )
    await h.slash(bia, "me language", language="discord")
    assert (await answer(h, bia, "me quiet", hours="off")).startswith(
        "Você não tem horas de silêncio."
    )


async def test_a_chosen_language_keeps_the_numbers_of_the_players_own_region(h):
    """Spanish chosen, an ``es-419`` app: Latin American numbers (the locale is the app's)."""
    ada = h.speaks(h.user("Ada"), "es-419")
    await h.slash(ada, "me language", language="es")
    interaction = type("Asked", (), {"client": h.client, "locale": "es-419", "user": ada})()
    assert await private_locale(interaction) == "es-419"


async def test_english_chosen_in_a_german_app_answers_in_english(h):
    ada = h.speaks(h.user("Ada"), "de")
    await h.slash(ada, "me language", language="en-US")
    assert (await answer(h, ada, "me quiet", hours="off")).startswith("You have no quiet hours.")


async def test_a_refusal_is_worded_in_the_players_language(h):
    ada = h.speaks(h.user("Ada"), "de")
    said = await answer(h, ada, "me quiet", hours="23:00-07:00")
    assert said == "Ruhezeiten gelten in deiner Ortszeit: Stell zuerst deine Zeitzone ein."
    said = await answer(h, ada, "me away", duration="soon")
    assert said.startswith("„soon“ ist keine Dauer.")


# -- the server's language -----------------------------------------------------------------------
async def test_the_servers_language_in_discord_words_its_public_posts(h):
    h.server(GUILD, "de")
    game = await a_game(h)
    await DiscordNotifier(h.client).remind(
        game, game.seats[0].user_id, kind="near", due_at=0, left=1
    )
    assert h.last_public().content.startswith(
        f"⏰ <@{game.seats[0].user_id}>, du bist in **Race to 21 (test game)** am Zug"
    )


async def test_the_servers_choice_under_tabletop_settings_comes_first(h):
    h.server(GUILD, "de")
    game = await a_game(h)
    said = await answer(h, admin(h), "tabletop settings", language="es")
    assert said.startswith("Saved: language -> Español.")  # the admin's own app: English
    await DiscordNotifier(h.client).vote_opened(game, player="Bob", missed=3, voters=[])
    assert h.last_public().content.startswith("🗳️ Bob ha perdido 3 turnos seguidos.")
    await h.slash(admin(h), "tabletop settings", language="server")
    await DiscordNotifier(h.client).vote_opened(game, player="Bob", missed=3, voters=[])
    assert h.last_public().content.startswith("🗳️ Bob hat 3 Züge in Folge verpasst.")


async def test_the_server_language_is_shown_in_the_settings(h):
    h.server(GUILD, "pt-BR")
    said = await answer(h, h.user("Ada"), "tabletop settings")
    assert (
        "🗣️ Language of the games' messages: the server's language in Discord (**Português do Brasil**)"
        in said
    )
    await h.slash(admin(h), "tabletop settings", language="de")
    said = await answer(h, h.user("Ada"), "tabletop settings")
    assert "🗣️ Language of the games' messages: **Deutsch**" in said
    assert "language -> Deutsch" in said  # the latest changes


async def test_a_private_answer_follows_the_player_not_the_server(h):
    h.server(GUILD, "de")
    await h.slash(admin(h), "tabletop settings", language="es")
    said = await answer(h, h.user("Ada"), "me quiet", hours="off")
    assert said.startswith("You have no quiet hours.")


# -- messages sent with no interaction -----------------------------------------------------------
async def test_a_direct_message_reads_in_the_players_choice_else_their_app_else_the_server(h):
    h.server(GUILD, "de")
    game = await a_game(h)
    sent: list[str] = []
    notifier = DiscordNotifier(h.client)

    async def dm(user_id: int, text: str) -> None:
        sent.append(text)

    notifier._dm = dm  # type: ignore[method-assign]
    cy = 900_000_000_000_000_001  # never used the bot: the server's language
    await notifier.turn_dm(cy, game)
    assert sent[-1] == f"Du bist in **Race to 21 (test game)** in <#{CHANNEL}> am Zug."
    bia = h.speaks(h.user("Bia"), "pt-BR")
    await h.slash(bia, "me quiet", hours="off")  # her app's locale, seen
    await notifier.turn_dm(bia.id, game)
    assert sent[-1] == f"É a sua vez em **Race to 21 (test game)** em <#{CHANNEL}>."
    await h.slash(bia, "me language", language="es")
    await notifier.turn_dm(bia.id, game, nudged=True)
    assert (
        sent[-1]
        == f"Te toca en **Race to 21 (test game)** en <#{CHANNEL}>. Los otros jugadores te avisaron."
    )


async def test_the_locale_a_client_sends_is_written_only_when_it_changes(h):
    bia = h.speaks(h.user("Bia"), "pt-BR")
    store = h.client.server_settings.store
    writes: list[str] = []
    real = store.put_seen_locale

    async def counted(user_id: int, locale: str) -> None:
        writes.append(locale)
        await real(user_id, locale)

    store.put_seen_locale = counted
    for _ in range(3):
        await h.slash(bia, "me quiet", hours="off")
    h.speaks(bia, "de")
    await h.slash(bia, "me quiet", hours="off")
    assert writes == ["pt-BR", "de"]
    assert await player_locale(h.client, bia.id) == "de"


async def test_outside_a_server_a_message_with_no_known_reader_is_in_english(h):
    assert await player_locale(h.client, 900_000_000_000_000_002) == "en-US"
    assert await public_locale(h.client, None) == "en-US"


# -- the pseudo-locale ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("me language", {}),
        ("me language", {"language": "discord"}),
        ("me zone", {"zone": "Europe/Berlin"}),
        ("me zone", {"zone": "Atlantis/Capital"}),
        ("me quiet", {"hours": "23:00-07:00"}),
        ("me quiet", {"hours": "late"}),
        ("me quiet", {"hours": "off"}),
        ("me notifications", {}),
        ("me notifications", {"how": "both", "reminders": 1}),
        ("me digest", {"time": "08:00"}),
        ("me digest", {"time": "25:00"}),
        ("me digest", {"time": "off"}),
        ("me away", {"duration": "soon"}),
        ("me away", {"duration": "2d"}),
        ("me away", {"duration": "back"}),
        ("me away", {"duration": "back"}),
        ("me turns", {}),
        ("me turns", {"show": "all"}),
        ("me mute", {}),
        ("me unmute", {}),
        ("tabletop settings", {}),
        ("tabletop check", {}),
    ],
)
async def test_every_answer_of_me_reads_fully_pseudo_localized(h, command, options):
    await a_game(h)
    ada = h.speaks(h.user("Ada"), PSEUDO_CODE)
    shown = await answer(h, ada, command, **options)
    assert english_left(shown, NAMES) == [], shown


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"clock": "12h", "missed": 5, "thread": True, "pings": "name", "language": "pt-BR"},
        {"disable": "toy", "game_master": None},
        {"clock": "soon"},
        {"enable": "toy", "disable": "toy"},
        {"reset": "all"},
    ],
)
async def test_every_answer_of_tabletop_settings_reads_fully_pseudo_localized(h, options):
    boss = h.speaks(admin(h), PSEUDO_CODE)
    await h.slash(boss, "tabletop settings", clock="6h")  # a change in the log, read back
    shown = await answer(h, boss, "tabletop settings", **options)
    assert english_left(shown, [*NAMES, "toy", "Toy"]) == [], shown


async def test_the_check_and_its_refusal_read_fully_pseudo_localized(h):
    ada = h.speaks(h.user("Ada"), PSEUDO_CODE)
    refused = await answer(h, ada, "tabletop check")
    assert english_left(refused, NAMES) == [], refused
    shown = await answer(h, h.speaks(admin(h), PSEUDO_CODE), "tabletop check")
    assert english_left(shown, NAMES) == [], shown
