"""The bot process of ``./tabletop local``: the product's own entry point, talking to the local
Discord instead of discord.com.

    python -m bot.playground.botentry --api http://127.0.0.1:P/api/v10 --gateway ws://127.0.0.1:P/gateway -- [bot args]

Only where discord.py connects changes (:mod:`localdiscord.patch`); everything else is the
production code path, ``bot.__main__.main``.
"""

from __future__ import annotations

import argparse
import importlib
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--api", required=True, help="the local Discord's REST base (…/api/v10)")
    parser.add_argument("--gateway", required=True, help="the local Discord's websocket URL")
    parser.add_argument(
        "--preload",
        action="append",
        default=[],
        metavar="MODULE",
        help="import MODULE first (one that registers another engine); repeatable",
    )
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for the bot (after --)")
    args = parser.parse_args(argv)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest

    from localdiscord.patch import point_discord_at

    point_discord_at(args.api, args.gateway)
    for module in args.preload:
        importlib.import_module(module)
    from bot.__main__ import main as bot_main

    return int(bot_main(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
