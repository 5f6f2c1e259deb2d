"""``./tabletop local`` (``python -m bot local``): the game as players meet it, in a browser,
without Discord.

The launcher (:mod:`bot.playground.launcher`) starts the local Discord (:mod:`localdiscord`),
the real bot as a subprocess pointed at it (:mod:`bot.playground.botentry`), and the local
Discord's page (:mod:`localdiscord.web.page`) through which one person plays every seat.
"""
