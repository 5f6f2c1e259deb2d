"""A local Discord: the part of Discord's REST API and gateway the bot uses, on 127.0.0.1.

The end-to-end tests run the real bot against it, and ``./tabletop local`` lets people play
without a Discord account. Nothing here reaches the internet.
"""
