"""``./tabletop local``: the game as players meet it, in a browser, without Discord.

The launcher (:mod:`bot.local.launcher`) starts the local Discord (:mod:`bot.localdiscord`), the
real bot as a subprocess pointed at it (:mod:`bot.local.botentry`), and a Discord look-alike
page (:mod:`bot.local.webapp`, with ``static/``) through which one person plays every seat.
"""
