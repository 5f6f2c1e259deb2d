-- 0140 (PostgreSQL): the level a game's stand-ins play at, set by its host with
-- `/game clock standin:` (no row: the default level).
CREATE TABLE IF NOT EXISTS days_standin_levels (
    game_id  BIGINT PRIMARY KEY,
    level    TEXT NOT NULL
);
