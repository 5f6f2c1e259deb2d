-- 0160: the player's day, clock side (issue 28). Every statement may run again: the clock
-- store runs this file too, on a file the platform has not opened yet.

-- One away per player, covering every game in every server: the per-server periods of
-- 0002's days_away move here (the same period taken in two servers is kept once; periods
-- that overlap are counted once by the limit, which merges them), and that table goes.
CREATE TABLE IF NOT EXISTS days_player_away (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   INTEGER NOT NULL,
    start_at  REAL    NOT NULL,
    until_at  REAL    NOT NULL
);
CREATE INDEX IF NOT EXISTS days_player_away_user ON days_player_away (user_id, until_at);
-- (made empty here if the clock store already moved and dropped it, so this file runs again)
CREATE TABLE IF NOT EXISTS days_away (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    start_at  REAL    NOT NULL,
    until_at  REAL    NOT NULL
);
INSERT INTO days_player_away (user_id, start_at, until_at)
    SELECT DISTINCT user_id, start_at, until_at FROM days_away ORDER BY user_id, start_at;
DROP TABLE IF EXISTS days_away;

-- A game's clock rules beyond the time per turn (no row: none of them): a time bank of
-- bank_seconds per player that overruns are taken from; weekends_off, so a player's clock
-- does not run on their own Saturday and Sunday; away_standin, so a stand-in plays for an
-- away player when their time runs out instead of their clock stopping while they are away.
CREATE TABLE IF NOT EXISTS days_clock_rules (
    game_id       INTEGER PRIMARY KEY,
    bank_seconds  INTEGER,
    weekends_off  INTEGER NOT NULL DEFAULT 0,
    away_standin  INTEGER NOT NULL DEFAULT 0
);

-- What is left of each player's time bank (no row: the whole bank).
CREATE TABLE IF NOT EXISTS days_banks (
    game_id  INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    left_s   REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- The local day of each player's latest daily digest ('2026-10-25'), so a restart neither
-- skips nor repeats one.
CREATE TABLE IF NOT EXISTS days_digests (
    user_id   INTEGER PRIMARY KEY,
    last_day  TEXT    NOT NULL
);
