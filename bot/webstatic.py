"""The web pages' static files (``localdiscord/web/static``, ``bot/watch/static``), served as package
data, so that an installed bot (a wheel, not only a checkout) has them. Read at each request: a
page edited in a checkout shows on reload."""

from __future__ import annotations

import mimetypes
from importlib import resources

from aiohttp import web


def static_file(package: str, name: str, headers: dict[str, str] | None = None) -> web.Response:
    """The file ``name`` of ``package``'s ``static`` folder, or 404 for any other name."""
    page = resources.files(package) / "static" / name
    if name.startswith(".") or "/" in name or not page.is_file():
        raise web.HTTPNotFound()
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return web.Response(body=page.read_bytes(), content_type=kind, headers=headers)
