-- 0150 (PostgreSQL): a player's own settings, one row per user for every server (no row: the
-- defaults), the games they muted, and the turn notices held during their quiet hours.
CREATE TABLE IF NOT EXISTS player_settings (
    user_id             BIGINT PRIMARY KEY,
    zone                TEXT,
    quiet_start         INTEGER,
    quiet_end           INTEGER,
    notify              TEXT    NOT NULL DEFAULT 'mention',
    reminders_per_turn  INTEGER NOT NULL DEFAULT 2,
    digest_at           INTEGER
);

-- Today's direct-message switch becomes the new setting: DM on is "both".
INSERT INTO player_settings (user_id, notify)
    SELECT user_id, 'both' FROM days_notify WHERE dm_on = 1
    ON CONFLICT (user_id) DO NOTHING;

CREATE TABLE IF NOT EXISTS player_mutes (
    user_id  BIGINT NOT NULL,
    game_id  BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
-- who muted a game is read with each of its turns
CREATE INDEX IF NOT EXISTS player_mutes_game ON player_mutes (game_id);

CREATE TABLE IF NOT EXISTS player_held (
    user_id     BIGINT NOT NULL,
    game_id     BIGINT NOT NULL,
    release_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game_id)
);
CREATE INDEX IF NOT EXISTS player_held_release ON player_held (release_at);
