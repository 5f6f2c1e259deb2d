"""Discord's REST API under ``/api/v10``, as far as the bot uses it: the dispatcher
(:mod:`~localdiscord.rest.dispatch`: authorization, the spec check of every body, holding
requests) and the routes by resource: users and the application (``users``), slash commands
(``commands``), interaction responses and their webhooks (``callbacks``), channels, messages
and threads (``channels``), guilds and members (``guilds``)."""
