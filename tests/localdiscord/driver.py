"""Plays the users' side against the local Discord, the way Discord's client would.

    d = Driver(server)
    ada = d.user("Ada")
    d.run(ada, chan, "/game new monopoly")          # positional values fill options in order
    d.run(ada, chan, "/game new", game="toy")        # or by name
    d.autocomplete(ada, chan, "/play", "action", "ta")   # -> the choices the bot offers
    d.click(ada, chan, "Take 1")                     # the button labelled so on the latest message
    d.submit(ada, d.click(ada, chan, "Bid"), amount="75")   # fill in and send the form it opened
    d.latest_public(chan); d.ephemeral_to(ada)

Interaction payloads are built from the commands the bot synced, so a command or option the bot
did not register cannot be used, just as on Discord. Every call waits until the bot's answer has
settled (acknowledged, a deferred answer completed, then a short quiet spell) and returns a
:class:`Reply`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from localdiscord import forms, slash
from localdiscord.protocol import DEFAULT_PERMISSIONS, MANAGE_MESSAGES
from localdiscord.records import Channel, Interaction, Message, User
from localdiscord.server import LocalDiscord


class DriverError(AssertionError):
    """The simulated user cannot do that (Discord's client would not let them)."""


@dataclass
class Reply:
    """The bot's answer to one interaction."""

    interaction: Interaction
    messages: list[Message] = field(default_factory=list)  # responses and follow-ups
    new_public: list[Message] = field(default_factory=list)  # public messages posted meanwhile
    clicked: Message | None = None  # the message whose component was used

    @property
    def updated(self) -> bool:
        """The clicked message itself was changed in answer (response type 7)."""
        return self.interaction.response_type == 7

    @property
    def failed(self) -> str | None:
        return self.interaction.failed

    @property
    def ephemeral(self) -> bool:
        """The answer the user saw was only for them (and there was one)."""
        shown = [m for m in self.messages if not m.deleted]
        return bool(shown) and all(m.ephemeral for m in shown) and not self.updated

    @property
    def text(self) -> str:
        return "\n".join(t for m in self.messages for t in m.texts())

    def __repr__(self) -> str:
        return (
            f"Reply(type={self.interaction.response_type}, failed={self.failed!r}, "
            f"messages={[(m.ephemeral, m.content[:80]) for m in self.messages]})"
        )


class Driver:
    def __init__(self, server: LocalDiscord, *, quiet: float = 0.05):
        self.server = server
        self.quiet = quiet
        self._users: dict[str, User] = {}
        self._channels: dict[str, Channel] = {}

    # -- the world ------------------------------------------------------------------------------
    def user(
        self, name: str, *, moderator: bool = False, dms_open: bool = True, locale: str = "en-US"
    ) -> User:
        """A guild member (``dms_open=False``: one who refuses direct messages from bots;
        ``locale``: their Discord client's language)."""
        if name not in self._users:
            perms = DEFAULT_PERMISSIONS | (MANAGE_MESSAGES if moderator else 0)
            self._users[name] = self.server.add_user(
                name, permissions=perms, dms_open=dms_open, locale=locale
            )
        return self._users[name]

    def dm(self, user: User) -> Channel:
        """``user``'s direct messages with the bot, where they may use the commands offered
        there."""
        return self.server.dm_channel(user)

    def channel(self, name: str) -> Channel:
        if name not in self._channels:
            self._channels[name] = self.server.add_channel(name)
        return self._channels[name]

    # -- what users see -----------------------------------------------------------------------
    def public_messages(self, channel: Channel) -> list[Message]:
        return self.server.channel_messages(channel.id)

    def latest_public(self, channel: Channel, *, with_components: bool = False) -> Message:
        msgs = [m for m in self.public_messages(channel) if not with_components or m.components]
        if not msgs:
            raise DriverError(f"no public message in #{channel.name}")
        return msgs[-1]

    def ephemeral_to(self, user: User) -> list[Message]:
        return self.server.ephemeral_to(user.id)

    def dms_to(self, user: User) -> list[Message]:
        """The direct messages the bot delivered to ``user``."""
        return self.server.dms_to(user.id)

    # -- slash commands -------------------------------------------------------------------------
    def run(self, user: User, channel: Channel, command: str, **options) -> Reply:
        """``user`` runs ``command`` ("/game new toy", "/play action:take:1") in ``channel``."""
        data = self._command_data(command, options, channel=channel, focused=None, typed=None)
        return self._interact(2, user, channel, data)

    def run_nowait(self, user: User, channel: Channel, command: str, **options) -> int:
        """Run ``command`` and return at once (the interaction id): for many users at once."""
        data = self._command_data(command, options, channel=channel, focused=None, typed=None)
        return self.server.create_interaction(type=2, user=user, channel_id=channel.id, data=data)

    def autocomplete(
        self, user: User, channel: Channel, command: str, focused: str, typed: str = "", **options
    ) -> list[dict]:
        """The choices the bot offers while ``user`` types ``typed`` into option ``focused``."""
        data = self._command_data(command, options, channel=channel, focused=focused, typed=typed)
        iid = self.server.create_interaction(type=4, user=user, channel_id=channel.id, data=data)
        self.server.wait_until(
            lambda: (
                self.server.state.interactions[iid].acknowledged
                or self.server.state.interactions[iid].failed
            ),
            what=f"autocomplete of {command} {focused}",
        )
        record = self.server.interaction(iid)
        if record.failed:
            raise DriverError(f"autocomplete failed: {record.failed}")
        return list(record.choices or [])

    def _command_data(
        self, command: str, options: dict, *, channel: Channel, focused, typed
    ) -> dict:
        """What Discord's client sends for ``command`` typed in ``channel`` (read by the same
        :mod:`localdiscord.slash` as the page), with ``options`` given by name: text, numbers,
        or the :class:`User` / :class:`Channel` meant."""
        text = command if command.startswith("/") else "/" + command
        given = {name: self._as_text(value) for name, value in options.items()}
        try:
            parsed = slash.read(text, self.server.commands(channel.guild_id))
            resolver = self.server.call(lambda: slash.resolver(self.server.state, channel.guild_id))
            data = slash.interaction_data(
                parsed, resolver, focused=focused, typed=typed or "", given=given
            )
        except slash.SlashError as exc:
            raise DriverError(f"{command}: {exc}") from None
        if focused is not None:
            param = next((p for p in parsed.params if p["name"] == focused), None)
            if param is None:
                raise DriverError(f"no option {focused!r} to autocomplete")
            if not param.get("autocomplete"):
                raise DriverError(f"option {focused!r} has no autocomplete")
        return data

    @staticmethod
    def _as_text(value) -> str:
        """An option's value as the user would type it."""
        if isinstance(value, User | Channel):
            return value.name
        return str(value)

    # -- components -----------------------------------------------------------------------------
    def buttons(self, message: Message) -> list[dict]:
        return [b for b in message.buttons() if b.get("style") != 5]

    def click(
        self,
        user: User,
        where: Channel | Message,
        label: str | None = None,
        *,
        custom_id: str | None = None,
    ) -> Reply:
        """``user`` clicks the button labelled ``label`` (or with ``custom_id``) on ``where``
        (a message, or the latest public message with components in a channel).

        Only components on the message as it is now can be clicked: clients redraw a message
        when it is edited, and discord.py drops a click on a component its message lacks."""
        message = self._message(where)
        offered = self.buttons(message)
        match = [
            b
            for b in offered
            if (label is None or b.get("label") == label)
            and (custom_id is None or b.get("custom_id") == custom_id)
        ]
        if not match:
            labels = [b.get("label") for b in offered]
            raise DriverError(f"no button {label or custom_id!r} on the message; it has {labels}")
        button = match[0]
        if button.get("disabled"):
            raise DriverError(f"the button {label!r} is disabled")
        if message.ephemeral and message.visible_to != user.id:
            raise DriverError("that ephemeral message is not visible to this user")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return self._interact(
            3, user, self.server.state.channels[message.channel_id], data, message
        )

    def click_nowait(self, user: User, message: Message, custom_id: str) -> int:
        """Dispatch a click and return at once (the interaction id): for killing the bot while
        it handles the click, or for many clicks at once."""
        if not any(b.get("custom_id") == custom_id for b in self.buttons(message)):
            raise DriverError(f"no button {custom_id!r} on the message")
        data = {"custom_id": custom_id, "component_type": 2}
        return self.server.create_interaction(
            type=3, user=user, channel_id=message.channel_id, data=data, message=message
        )

    def select(
        self,
        user: User,
        where: Channel | Message,
        values: list[str],
        *,
        custom_id: str | None = None,
    ) -> Reply:
        """``user`` picks ``values`` in the (first, or ``custom_id``) select menu on ``where``."""
        message = self._message(where)
        menus = [
            s for s in message.selects() if custom_id is None or s.get("custom_id") == custom_id
        ]
        if not menus:
            raise DriverError("no select menu on the message")
        menu = menus[0]
        if menu.get("disabled"):
            raise DriverError("the select menu is disabled")
        offered = [o["value"] for o in menu.get("options") or []]
        bad = [v for v in values if v not in offered]
        if bad:
            raise DriverError(f"{bad} are not options of the menu ({offered})")
        lo, hi = menu.get("min_values", 1), menu.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise DriverError(f"pick between {lo} and {hi} values")
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": list(values)}
        return self._interact(
            3, user, self.server.state.channels[message.channel_id], data, message
        )

    def submit(self, user: User, opened: Reply, **values: str) -> Reply:
        """``user`` fills in the form (modal) the bot opened in answer to ``opened`` (each
        text field by its custom id; one left out keeps its pre-filled value) and sends it.
        Discord's client lets only the user it opened for send it, and refuses a required
        field left empty or a value shorter or longer than the field allows."""
        form = opened.interaction.modal
        if form is None:
            raise DriverError("the bot opened no form in that answer")
        if opened.interaction.user_id != user.id:
            raise DriverError("a form is shown only to the user whose click opened it")
        try:
            data = forms.submission(form, values)
        except forms.FormError as exc:
            raise DriverError(str(exc)) from None
        channel = self.server.state.channels[opened.interaction.channel_id]
        return self._interact(5, user, channel, data, opened.clicked)

    def _message(self, where: Channel | Message) -> Message:
        if isinstance(where, Message):
            return where
        return self.latest_public(where, with_components=True)

    # -- plumbing -------------------------------------------------------------------------------
    def _last_id(self) -> int:
        return self.server.call(lambda: max(self.server.state.messages, default=0))

    def _interact(
        self, kind: int, user: User, channel: Channel, data: dict, message: Message | None = None
    ) -> Reply:
        before = self._last_id()
        edits = self._edits(channel)
        iid = self.server.create_interaction(
            type=kind, user=user, channel_id=channel.id, data=data, message=message
        )
        self.settle(iid)
        server = self.server

        def answered() -> bool:
            # a click acknowledged with type 6 shows nothing yet: wait for what follows it (a
            # new message, or an edit of the clicked message or of a turn message)
            record = server.state.interactions[iid]
            if record.failed or record.response_type in (4, 7, 9) or record.original_edited:
                return True
            if self._edits(channel) != edits:
                return True
            own = [
                m
                for m in server.state.messages.values()
                if m.interaction_id == iid and not m.loading
            ]
            new = [
                m
                for mid, m in server.state.messages.items()
                if mid > before and m.public and m.channel_id == channel.id
            ]
            return bool(own or new)

        if not self.server.call(answered):
            self.server.wait_until(answered, 20.0, f"an answer to interaction {iid}")
            self.settle(iid)
        record = self.server.interaction(iid)

        def collect() -> tuple[list[Message], list[Message], Message | None]:
            own = [m for m in server.state.messages.values() if m.interaction_id == iid]
            clicked = server.state.messages.get(record.message_id or 0)
            new = [
                m
                for mid, m in server.state.messages.items()
                if mid > before and m.public and m.channel_id == channel.id
            ]
            return own, new, clicked

        own, new, clicked = self.server.call(collect)
        return Reply(interaction=record, messages=own, new_public=new, clicked=clicked)

    def _edits(self, channel: Channel) -> int:
        """How many edits the channel's public messages have seen (an answer may be one)."""
        return self.server.call(
            lambda: sum(
                len(m.history)
                for m in self.server.state.messages.values()
                if m.channel_id == channel.id and m.public
            )
        )

    def settle(self, iid: int | None = None, timeout: float = 20.0) -> None:
        """Wait for interaction ``iid`` (or all) to be answered, then for a quiet spell."""
        server = self.server

        def done() -> bool:
            pending = (
                [server.state.interactions[iid]]
                if iid
                else list(server.state.interactions.values())
            )
            if not all(i.finished for i in pending):
                return False
            return server.rest.idle_for() >= self.quiet

        server.wait_until(done, timeout, "the bot to answer")

    def wait_for_public(
        self, channel: Channel, after: int, predicate=lambda m: True, timeout: float = 20.0
    ) -> Message:
        """The first public message in ``channel`` newer than id ``after`` that fits ``predicate``."""

        def find():
            for mid, m in self.server.state.messages.items():
                if mid > after and m.public and m.channel_id == channel.id and predicate(m):
                    return m
            return None

        return self.server.wait_until(find, timeout, f"a new public message in #{channel.name}")

    def last_message_id(self) -> int:
        return self._last_id()
