"""Leagues in a server (issue 32), without Discord: a game master opens one for one game; the
players who sign up play it over rounds, seated by standing (:mod:`.pairing`), scored by
placement (:mod:`.standings`), each round opened, scored and moved on by the clock
(:mod:`.service`). :mod:`bot.discord_app.commands.league` is its ``/league``."""
