"""End-to-end scenarios: the real bot (``python -m bot`` as a subprocess, via
``tests.localdiscord.launch_bot``) against the local Discord, played by simulated users only
through slash commands, buttons and select menus.

- ``test_whole_games``: a whole game of every registered engine (parametrized over
  ``engines.names()``, so new games join by themselves), with the checks of ``session``.
- ``test_refusals``, ``test_leaving``: private refusals that change nothing; concede, abort.
- ``test_restart``: ``kill -9`` between moves, during a click, after a save before its
  announcement; the game goes on from the saved move, nothing lost or applied twice.
- ``test_bench`` (``-m bench -s``): action to turn message, per engine.

``observe`` reads the bot's SQLite file and asks the engines directly (the independent
witness); ``secret_toy`` is a test-only engine with private move labels.
"""
