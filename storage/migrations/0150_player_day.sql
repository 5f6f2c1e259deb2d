-- 0150: a player's own settings, one row per user for every server (no row: the defaults),
-- the games they muted, and the turn notices held during their quiet hours until those end.
-- Every statement is IF NOT EXISTS or conflict-free: the clock store runs this file too, on a
-- file the platform has not opened yet.
CREATE TABLE IF NOT EXISTS player_settings (
    user_id             INTEGER PRIMARY KEY,
    zone                TEXT,                 -- an IANA name; NULL: never assumed
    quiet_start         INTEGER,              -- minutes after local midnight
    quiet_end           INTEGER,
    notify              TEXT    NOT NULL DEFAULT 'mention',  -- mention | dm | both | none
    reminders_per_turn  INTEGER NOT NULL DEFAULT 2,
    digest_at           INTEGER               -- minutes after local midnight
);

-- Today's direct-message switch becomes the new setting: DM on is "both" (the channel
-- mention was always sent too); DM off is the default, "mention", which needs no row.
INSERT INTO player_settings (user_id, notify)
    SELECT user_id, 'both' FROM days_notify WHERE dm_on = 1
    ON CONFLICT (user_id) DO NOTHING;

CREATE TABLE IF NOT EXISTS player_mutes (
    user_id  INTEGER NOT NULL,
    game_id  INTEGER NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
-- who muted a game is read with each of its turns
CREATE INDEX IF NOT EXISTS player_mutes_game ON player_mutes (game_id);

-- A turn notice held while its player sleeps: released (once, covering all their games) at
-- release_at, the end of their quiet hours, unless they moved meanwhile.
CREATE TABLE IF NOT EXISTS player_held (
    user_id     INTEGER NOT NULL,
    game_id     INTEGER NOT NULL,
    release_at  REAL    NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX IF NOT EXISTS player_held_release ON player_held (release_at);
