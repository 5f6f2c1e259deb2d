"""A minimal discord.py bot used to test the local Discord itself (not the product).

``make_client()`` builds it for an in-process thread; ``main(argv)`` runs it as a process
(``--entry tests.localdiscord.demo_bot:main``) with the token from ``DISCORD_TOKEN``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os

import discord
from discord import app_commands
from PIL import Image


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


class NameForm(discord.ui.Modal, title="Name the counter"):
    name = discord.ui.Label(
        text="Its new name",
        description="1 to 20 letters",
        component=discord.ui.TextInput(custom_id="name", min_length=1, max_length=20),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        typed = self.name.component.value  # type: ignore[attr-defined]
        await interaction.response.edit_message(content=f"{typed} 0")


class Naming(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Name it", custom_id="demo:name")
    async def name(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(NameForm(custom_id="demo:nameform"))


class Flavours(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="demo:flavour",
        placeholder="Pick a flavour",
        options=[discord.SelectOption(label=f, value=f.lower()) for f in ("Lemon", "Mint", "Plum")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.defer()
        await interaction.followup.send(
            f"{interaction.user.display_name} picked {select.values[0]}"
        )


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
        sent = await interaction.followup.send(
            "here", file=discord.File(io.BytesIO(_png()), "board.png"), wait=True
        )
        await sent.edit(content="here it is")

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
        fetched = await interaction.channel.fetch_message(message.id)
        assert fetched.attachments[0].filename == "b.png"
        await message.create_thread(name="game chat")

    @demo.command(name="quiet", description="Defer privately, then follow up")
    async def quiet(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("meant for everyone")
        await interaction.followup.send("second follow-up")

    @demo.command(name="naming", description="A button that opens a form")
    async def naming(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("unnamed 0", view=Naming())

    @demo.command(name="flavours", description="A select menu")
    async def flavours(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose", view=Flavours())

    @demo.command(name="dm", description="Send me a direct message")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("a private hello")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"could not ({exc.code})", ephemeral=True)
            return
        await interaction.response.send_message("sent", ephemeral=True)

    tree.add_command(demo)

    async def setup_hook() -> None:
        client.add_view(Counter())
        client.add_view(Flavours())
        client.add_view(Naming())
        await tree.sync()

    client.setup_hook = setup_hook
    return client


def main(argv: list[str] | None = None) -> int:
    client = make_client()
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)
    return 0
