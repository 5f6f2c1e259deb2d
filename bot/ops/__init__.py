"""What a host needs to run the bot for real: metrics, health checks and machine-readable logs.

- ``metrics.py``      what is counted and timed (:class:`Metrics` records nothing: the default)
- ``context.py``      the game (and guild) a task is working on, for log lines and metric labels
- ``discord_http.py`` discord.py's requests counted by route template, status and rate-limit wait
- ``health.py``       the checks behind ``/healthz`` and ``/readyz``
- ``server.py``       the endpoint (``--metrics-port``), served from the bot's own event loop
- ``jsonlog.py``      ``--log-format json``: one JSON object a line
"""
