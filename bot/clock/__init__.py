"""The clock service: playing over days (turn clocks, reminders, stand-ins, votes, away, host
powers, bad endings) and the records of a server's games.

Discord-free: it asks the table for every change to a game and listens to the table's
changes; its Discord commands are ``/host``, ``/me`` and ``/game nudge|vote|history|stats``
(``bot.discord_app.commands``).
"""
