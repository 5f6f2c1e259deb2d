"""The clock's services: playing over days (turn clocks, reminders, stand-ins, votes, away, host
powers, bad endings) and the records of a server's games.

Discord-free: each service asks the table for every change to a game, and the deadlines listen
to the table's changes; :mod:`bot.clock.service` assembles them. Their Discord commands are
``/host``, ``/me`` and ``/game nudge|vote|history|stats`` (``bot.discord_app.commands``).
"""
