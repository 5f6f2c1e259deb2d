"""Start the real bot process against the local Discord.

    DISCORD_TOKEN=<local Discord token> python -m tests.localdiscord.launch_bot \\
        --api http://127.0.0.1:PORT/api/v10 --gateway ws://127.0.0.1:PORT/gateway -- [bot args]

It points discord.py at the local Discord (``localdiscord.patch``), registers the test-only toy
engine like ``tests/conftest.py`` does (so scenarios can play it), then hands over to the
product's own entry point, ``bot.__main__.main`` (or ``--entry module:function``), with the
remaining arguments. Nothing else of the product is replaced.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import sys


def _register_toy() -> None:
    import engines
    import rendering
    from tests.engines import toy

    engines.register(toy.ENGINE)
    rendering.register("toy", sys.modules[toy.__name__])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", required=True, help="the local Discord's REST base (…/api/v10)")
    parser.add_argument("--gateway", required=True, help="the local Discord's websocket URL")
    parser.add_argument("--entry", default="bot.__main__:main", help="module:function to run")
    parser.add_argument("--no-toy", action="store_true", help="do not register the toy engine")
    parser.add_argument(
        "--preload",
        action="append",
        default=[],
        metavar="MODULE",
        help="import MODULE first (e.g. one that registers a test-only engine); repeatable",
    )
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the bot (after --)")
    args = parser.parse_args(argv)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest

    from localdiscord.patch import point_discord_at

    point_discord_at(args.api, args.gateway)
    if not args.no_toy:
        _register_toy()
    for module in args.preload:
        importlib.import_module(module)
    module_name, _, func_name = args.entry.partition(":")
    entry = getattr(importlib.import_module(module_name), func_name or "main")
    sys.argv = [module_name, *rest]
    params = inspect.signature(entry).parameters
    result = entry(rest) if params else entry()
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
