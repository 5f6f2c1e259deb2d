-- 0200 (PostgreSQL): the language a player reads, one row per user for every server (no row:
-- they follow their Discord client); ``seen``: their client's locale at their latest
-- interaction, kept only when it changes.
CREATE TABLE IF NOT EXISTS player_languages (
    user_id   BIGINT PRIMARY KEY,
    language  TEXT,
    seen      TEXT
);
