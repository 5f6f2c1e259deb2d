"""The rating model: who placed where in a finished game, and their new ratings.

Plackett-Luce (``openskill``; ``docs/ratings.md`` says why): a game's final order is one
observation, however many players, ties allowed. Places come from the game's standings as the
end of game message ranks them (:func:`bot.table.texts.standings`: score, then winning); a
player who conceded or was removed places last. Games with bots are rated in a pool of their
own, where each bot stands at its level's fixed strength and is never rated itself.
"""

from __future__ import annotations

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.ai_seats.seats import ai_seat_level, is_ai_seat
from storage.ratings import Placing, Rate, RatedGame, Rating
from storage.rows import GameRow

MODEL = PlackettLuce()
#: a bot's fixed strength at each level (mu, sigma): the easy heuristic below a new player's
#: 25, the searching levels above it; a small sigma, so a game barely moves them in the model
#: (and they are never stored)
LEVEL_STRENGTH: dict[str, tuple[float, float]] = {
    "easy": (18.0, 1.0),
    "normal": (27.0, 1.0),
    "hard": (32.0, 1.0),
}
#: a standing no player of the game has: conceded and removed players share it, last
_OUT = (float("inf"), True)


def shown(mu: float, sigma: float) -> float:
    """The number players see: the conservative estimate mu - 3 sigma (openskill's
    ``ordinal``), so a newcomer's few lucky wins do not top a board."""
    return mu - 3.0 * sigma


def ranks(row: GameRow) -> dict[int, int]:
    """Each seated user's place (1 first; equal standings share a place; those who conceded
    or were removed share the last)."""
    result = row.result or {}
    scores = result.get("scores") or {}
    winners = set(result.get("winners") or [])

    def standing(name: str, active: bool) -> tuple[float, bool]:
        if not active:
            return _OUT
        return (-float(scores.get(name, 0.0)), name not in winners)

    keys = {s.user_id: standing(s.name, s.active) for s in row.seats}
    order = sorted(set(keys.values()))
    places: dict[tuple[float, bool], int] = {}
    seen = 0
    for key in order:
        places[key] = seen + 1
        seen += sum(1 for k in keys.values() if k == key)
    return {user: places[key] for user, key in keys.items()}


def rated_game(row: GameRow, timed_out: set[int]) -> RatedGame | None:
    """What rating finished game ``row`` means, or None when it is not rated (fewer than two
    players, or no person at all). ``timed_out``: the players a stand-in played for."""
    if len(row.seats) < 2:
        return None
    places = ranks(row)
    people = [s for s in row.seats if not is_ai_seat(s.user_id)]
    if not people:
        return None
    placings = tuple(
        Placing(s.user_id, places[s.user_id], s.active and s.user_id not in timed_out)
        for s in people
    )
    pool = "bots" if len(people) < len(row.seats) else "people"
    return RatedGame(
        row.id, row.engine, row.guild_id, pool, row.updated_at, placings, len(row.seats)
    )


def rater(row: GameRow, game: RatedGame) -> Rate:
    """The ``rate`` function for :func:`storage.ratings.record`: the people at their ratings
    and the bots at their levels' strengths, all in one Plackett-Luce update."""
    places = ranks(row)
    ai_seats = [s for s in row.seats if is_ai_seat(s.user_id)]

    def rate(priors: list[Rating | None]) -> list[tuple[float, float]]:
        teams = [
            [MODEL.rating() if p is None else MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in priors
        ]
        teams += [[MODEL.rating(*LEVEL_STRENGTH[ai_seat_level(b.user_id)])] for b in ai_seats]
        order = [p.place for p in game.placings] + [places[b.user_id] for b in ai_seats]
        new: list[list[PlackettLuceRating]] = MODEL.rate(teams, ranks=[float(r) for r in order])
        return [(t[0].mu, t[0].sigma) for t in new[: len(priors)]]

    return rate
