-- 0060 (PostgreSQL): store-wide reads that read only what they return, as SQLite's.

CREATE INDEX IF NOT EXISTS seats_by_user ON seats (user_id, game_id);

CREATE INDEX IF NOT EXISTS games_ended_by_guild ON games (guild_id, updated_at, id)
    WHERE status IN ('finished', 'aborted');

CREATE INDEX IF NOT EXISTS games_versions_by_status ON games (status, id, version);
DROP INDEX IF EXISTS games_by_status;
