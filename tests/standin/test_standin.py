"""The stand-in against a real, minimal discord.py client: log in, commands, responses, limits."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import urllib.request

import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.standin.clientthread import ClientThread
from tests.standin.driver import Driver, DriverError
from tests.standin.server import StandIn


def _png(size: int = 8) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (size, size), (200, 30, 30)).save(buf, format="PNG")
    return buf.getvalue()


class Counter(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Plus one", custom_id="demo:plus")
    async def plus(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        n = int(interaction.message.content.split()[-1]) + 1
        await interaction.response.edit_message(content=f"count {n}", view=self)

    @discord.ui.button(label="Secret", custom_id="demo:secret")
    async def secret(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)


def make_client() -> discord.Client:
    client = discord.Client(intents=discord.Intents.default())
    tree = app_commands.CommandTree(client)
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="hello", description="Say hello")
    async def hello(interaction: discord.Interaction, who: discord.Member) -> None:
        await interaction.response.send_message(
            f"hello {who.mention}", allowed_mentions=discord.AllowedMentions(users=[who])
        )

    @demo.command(name="picture", description="Think, then post a picture")
    async def picture(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.1)
        await interaction.followup.send("here", file=discord.File(io.BytesIO(_png()), "board.png"))

    @demo.command(name="edit", description="Defer, then edit the original with a mention")
    async def edit(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"done {interaction.user.mention}")

    @demo.command(name="counter", description="A message with buttons")
    async def counter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=Counter())

    @demo.command(name="late", description="Answers too late")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.6)
        with contextlib.suppress(discord.NotFound):
            await interaction.response.send_message("sorry")

    @demo.command(name="long", description="Too long a message")
    async def long(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException:
            await interaction.response.send_message("could not", ephemeral=True)

    @demo.command(name="pick", description="Autocomplete")
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"you picked {fruit}", ephemeral=True)

    @pick.autocomplete("fruit")
    async def pick_fruit(interaction: discord.Interaction, current: str):
        names = [f"fruit{i}" for i in range(40)]
        many = current == "many"  # a deliberate breach of the 25-choice limit
        found = names if many else [n for n in names if n.startswith(current)]
        return [app_commands.Choice(name=n, value=n) for n in (found if many else found[:25])]

    @demo.command(name="channel", description="Post in the channel and open a thread")
    async def channel_post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        message = await interaction.channel.send(
            "in the channel", file=discord.File(io.BytesIO(_png()), "b.png")
        )
        await message.edit(content="edited in the channel")
        await message.create_thread(name="game chat")

    tree.add_command(demo)

    async def setup_hook() -> None:
        client.add_view(Counter())
        await tree.sync()

    client.setup_hook = setup_hook
    return client


@pytest.fixture(scope="module")
def world():
    server = StandIn().start()
    driver = Driver(server)
    chan = driver.channel("games")
    ada, bob = driver.user("Ada"), driver.user("Bob")
    bot = ClientThread(server, make_client).start()
    yield server, driver, chan, ada, bob
    bot.stop()
    server.stop()


@pytest.fixture()
def clean(world):
    server = world[0]
    server.call(server.errors.clear)
    yield world


def test_client_logs_in_and_syncs_its_commands(clean):
    server, *_ = clean
    assert server.identifies == 1
    assert [c["name"] for c in server.commands()] == ["demo"]
    assert server.unhandled == []


def test_slash_command_reply_pings_only_the_allowed_user(clean):
    server, d, chan, ada, bob = clean
    reply = d.run(ada, chan, "/demo hello", who=bob)
    assert reply.interaction.response_type == 4
    message = reply.messages[0]
    assert message.content == f"hello <@{bob.id}>" and message.public
    assert message.pinged == [bob.id]
    assert server.errors == []


def test_deferred_answer_with_a_file_keeps_its_bytes(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo picture")
    assert reply.interaction.response_type == 5
    follow = [m for m in reply.messages if m.attachments]
    assert follow and follow[0].images()[0].data == _png()
    assert follow[0].attachments[0].filename == "board.png"
    assert server.errors == []


def test_editing_a_deferred_answer_does_not_ping(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo edit")
    original = reply.messages[0]
    assert original.content == f"done <@{ada.id}>" and not original.loading
    assert original.pinged == []


def test_clicking_a_button_updates_the_message(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo counter")
    reply = d.click(bob, chan, "Plus one")
    assert reply.interaction.response_type == 7
    assert d.latest_public(chan).content == "count 1"
    assert d.latest_public(chan).history[-1]["content"] == "count 0"


def test_ephemeral_answer_is_seen_only_by_the_clicker(clean):
    server, d, chan, ada, bob = clean
    d.run(ada, chan, "/demo counter")
    reply = d.click(bob, chan, "Secret")
    assert reply.ephemeral
    assert any(m.content == "only you see this" for m in d.ephemeral_to(bob))
    assert all(m.content != "only you see this" for m in d.ephemeral_to(ada))
    assert all(m.content != "only you see this" for m in d.public_messages(chan))


def test_autocomplete_choices_come_back(clean):
    server, d, chan, ada, _ = clean
    choices = d.autocomplete(ada, chan, "/demo pick", "fruit", "fruit1")
    assert [c["value"] for c in choices][:3] == ["fruit1", "fruit10", "fruit11"]
    assert len(choices) == 11


def test_more_than_25_autocomplete_choices_is_an_error(clean):
    server, d, chan, ada, _ = clean
    # typing "many" makes the demo ignore the limit; the refused answer leaves the user waiting
    server.response_deadline = 0.3
    try:
        with pytest.raises(DriverError):
            d.autocomplete(ada, chan, "/demo pick", "fruit", "many")
    finally:
        server.response_deadline = 3.0
    assert any("autocomplete choices" in e for e in server.errors)


def test_answer_after_the_deadline_fails_the_interaction(clean):
    server, d, chan, ada, _ = clean
    server.response_deadline = 0.3
    try:
        reply = d.run(ada, chan, "/demo late")
    finally:
        server.response_deadline = 3.0
    assert reply.failed and reply.messages == []
    assert any("not acknowledged" in e for e in server.errors)


def test_message_over_2000_characters_is_refused(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo long")
    assert reply.ephemeral and reply.messages[0].content == "could not"
    assert any("content of 2001 chars" in e for e in server.errors)


def test_channel_message_edit_and_thread(clean):
    server, d, chan, ada, _ = clean
    d.run(ada, chan, "/demo channel")
    message = d.latest_public(chan)
    assert message.content == "edited in the channel" and message.images()
    assert any(c.parent_id == chan.id for c in server.channels.values())
    url = server._message_payload(message)["attachments"][0]["url"]
    assert urllib.request.urlopen(url).read() == message.attachments[0].data


def test_second_answer_to_an_interaction_is_an_error(clean):
    server, d, chan, ada, _ = clean
    reply = d.run(ada, chan, "/demo counter")
    record = reply.interaction
    req = urllib.request.Request(
        f"{server.api_base}/interactions/{record.id}/{record.token}/callback",
        data=json.dumps({"type": 4, "data": {"content": "again"}}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req)
    assert err.value.code == 400
    assert any("answered twice" in e for e in server.errors)


def test_unknown_command_cannot_be_run(clean):
    _, d, chan, ada, _ = clean
    with pytest.raises(DriverError):
        d.run(ada, chan, "/nope")
    with pytest.raises(DriverError):
        d.run(ada, chan, "/demo hello")  # required option missing


def test_reconnect_request_resumes_the_session(clean):
    server, d, chan, ada, bob = clean
    server.disconnect_bot(reconnect_op=True)
    server.wait_until(lambda: server.resumes >= 1 and server._active.ws is not None, what="resume")
    reply = d.run(ada, chan, "/demo hello", who=bob)
    assert reply.messages[0].content == f"hello <@{bob.id}>"
