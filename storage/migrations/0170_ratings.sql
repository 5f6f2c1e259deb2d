-- 0170: ratings (issue 32). A rating per player per game, in one server (scope: its guild id)
-- and across all servers (scope 0), in one of two pools: games among people, and games with
-- bots (a bot's strength is its level, so bots themselves have no row).

-- Every game rated, once: the claim that makes rating a game idempotent (its end processed
-- twice, or again after a restart, finds its row and changes nothing). A finished game that
-- cannot be rated (one player, only bots) is claimed with pool 'none', so it is looked at once.
CREATE TABLE IF NOT EXISTS rating_games (
    game_id   INTEGER PRIMARY KEY,
    engine    TEXT    NOT NULL,
    guild_id  INTEGER,
    pool      TEXT    NOT NULL CHECK (pool IN ('people', 'bots', 'none')),
    ended_at  REAL    NOT NULL
);

CREATE TABLE IF NOT EXISTS ratings (
    scope       INTEGER NOT NULL,             -- a guild id; 0: across all servers
    engine      TEXT    NOT NULL,
    pool        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    shown       REAL    NOT NULL,             -- mu - 3 sigma: what players see and boards sort by
    games       INTEGER NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (scope, engine, pool, user_id)
);
-- a leaderboard's top and a player's place walk this index, never the table
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (scope, engine, pool, shown);

-- A player's rated games: their place, the rating across all servers after it (the line on
-- their page) and whether they finished it reliably (no time run out, not removed, no
-- concession).
CREATE TABLE IF NOT EXISTS rating_results (
    game_id   INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    engine    TEXT    NOT NULL,
    pool      TEXT    NOT NULL,
    guild_id  INTEGER,
    place     INTEGER NOT NULL,               -- 1: first; tied players share a place
    players   INTEGER NOT NULL,
    shown     REAL    NOT NULL,
    reliable  INTEGER NOT NULL,
    ended_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX IF NOT EXISTS rating_results_by_user ON rating_results (user_id, ended_at);

-- Per player: rated games and those finished reliably (their reliability), and whether they
-- hide from the leaderboards of servers where they have not played.
CREATE TABLE IF NOT EXISTS rating_players (
    user_id         INTEGER PRIMARY KEY,
    games           INTEGER NOT NULL DEFAULT 0,
    reliable        INTEGER NOT NULL DEFAULT 0,
    hide_elsewhere  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rating_players_hidden ON rating_players (user_id)
    WHERE hide_elsewhere = 1;
