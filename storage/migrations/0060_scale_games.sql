-- 0060: store-wide reads that read only what they return, at a hundred thousand games.

-- "/game mine", away and back: the games a player sits in, without reading every game.
CREATE INDEX IF NOT EXISTS seats_by_user ON seats (user_id, game_id);

-- History and stats: a server's ended games, newest first, without touching live ones.
CREATE INDEX IF NOT EXISTS games_ended_by_guild ON games (guild_id, updated_at, id)
    WHERE status IN ('finished', 'aborted');

-- Start-up: which running games moved on (ids and versions only, straight from the index).
CREATE INDEX IF NOT EXISTS games_versions_by_status ON games (status, id, version);
DROP INDEX IF EXISTS games_by_status;
