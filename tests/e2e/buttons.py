"""How many buttons the players saw at once on a public message: the conversation bench's
``max_public_buttons`` (issue #29: "At most 5 buttons on a public message")."""

from __future__ import annotations

from localdiscord.records import Channel, Message
from tests.localdiscord.driver import Driver

#: the most buttons a public message may show
MAX_PUBLIC_BUTTONS = 5


def buttons_shown(message: Message) -> int:
    """The most buttons ``message`` showed in any of its versions (a select menu is not one)."""
    return max(
        sum(c.get("type") == 2 for row in v["components"] for c in row.get("components") or [])
        for v in [*message.history, message.snapshot()]
    )


def max_public_buttons(d: Driver, channel: Channel, first: int) -> int:
    """The most buttons any public message of ``channel`` from message ``first`` on showed."""

    def most() -> int:
        return max(
            (
                buttons_shown(m)
                for m in d.server.state.messages.values()
                if m.id >= first and m.channel_id == channel.id and m.public
            ),
            default=0,
        )

    return d.server.call(most)
