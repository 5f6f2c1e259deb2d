"""Test tools around the local Discord (`localdiscord`): drive users, run the real bot.

- ``localdiscord.server.LocalDiscord``: REST under ``/api/v10`` and the gateway websocket on 127.0.0.1, recording
  everything the bot sends and enforcing Discord's limits (``bot.discord_limits``, checked by ``localdiscord.validate``).
- ``driver.Driver``: the users' side ("Ada runs /game new toy", "clicks Take 1", "types /play").
- ``localdiscord.patch.point_discord_at``: aims an unmodified discord.py at the local Discord.
- ``launch_bot`` / ``botprocess.BotProcess``: the product's ``python -m bot`` as a real
  subprocess (killable with ``kill -9``); ``clientthread.ClientThread``: a client in a thread.
- ``demo_bot``: a tiny bot that the local Discord's own tests run.

The scenarios that use it are in ``tests/e2e``.
"""
