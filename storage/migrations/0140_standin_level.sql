-- 0140: the level a game's stand-ins play at, set by its host with `/game clock standin:`
-- (no row: the default level). A table of its own, IF NOT EXISTS: the clock store runs this
-- file too, on a file the platform has not opened yet.
CREATE TABLE IF NOT EXISTS days_standin_levels (
    game_id  INTEGER PRIMARY KEY,
    level    TEXT NOT NULL
);
