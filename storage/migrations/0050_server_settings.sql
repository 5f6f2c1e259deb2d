-- Per-server settings chosen by the server's admins, their change log, and the settings each
-- game started with (a game keeps them when the server's change later). Settings are one JSON
-- object per server: the bot validates it, the store only keeps it.

CREATE TABLE IF NOT EXISTS server_settings (
    guild_id    INTEGER PRIMARY KEY,
    settings    TEXT    NOT NULL,             -- JSON object (bot.settings.ServerSettings)
    updated_at  REAL    NOT NULL,
    updated_by  INTEGER NOT NULL
);

-- One row per changed setting, append-only: who changed what, when.
CREATE TABLE IF NOT EXISTS server_settings_log (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id  INTEGER NOT NULL,
    at        REAL    NOT NULL,
    user_id   INTEGER NOT NULL,
    text      TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS server_settings_log_guild ON server_settings_log (guild_id, id);

-- The server's settings as they were when the game was opened.
CREATE TABLE IF NOT EXISTS game_settings (
    game_id   INTEGER PRIMARY KEY,
    guild_id  INTEGER,
    settings  TEXT    NOT NULL
);
