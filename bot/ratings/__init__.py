"""Ratings (issue 32): each player's rating per game, per server and across all servers, kept
up to date as games end (:mod:`bot.ratings.service`), from a model of the ``openskill``
library (:mod:`bot.ratings.model`); see ``docs/ratings.md``."""
