"""What the bot and the local Discord send each other, typed as far as the shape is ours.

Discord's own objects (messages, embeds, components, interactions, commands) keep Discord's
shape, which the vendored spec checks (:mod:`localdiscord.spec`), not the type checker.
"""

from __future__ import annotations

from typing import Any

#: a JSON object: one of Discord's (in the shape its spec gives), or a part of the spec itself
JsonObject = dict[str, Any]
#: a file the bot uploaded: (its index in the form, file name, content type, bytes)
Upload = tuple[int, str, str | None, bytes]
