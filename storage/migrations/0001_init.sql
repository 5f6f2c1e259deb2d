-- 0001: games, their seats and the append-only move log.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    engine      TEXT    NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'running', 'finished', 'aborted')),
    state       TEXT,                       -- engine state JSON; NULL while in the lobby
    version     INTEGER NOT NULL DEFAULT 0, -- bumps on every saved change
    host_id     INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seed        INTEGER NOT NULL,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    result      TEXT,                       -- engines.Result JSON once finished
    end_reason  TEXT
);

-- One live (lobby or running) game per channel.
CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,                 -- 0-based, in join order
    user_id   INTEGER NOT NULL,
    name      TEXT    NOT NULL,                 -- the engine's player name
    choices   TEXT    NOT NULL DEFAULT '{}',    -- per-player lobby options (JSON object)
    active    INTEGER NOT NULL DEFAULT 1,       -- 0 once the player conceded
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    UNIQUE (game_id, name)
);

CREATE TABLE moves (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,               -- 1, 2, ... per game
    kind        TEXT    NOT NULL,               -- move, new, join, leave, start, concede, abort
    user_id     INTEGER,
    player      TEXT,
    action_id   TEXT,
    events      TEXT    NOT NULL DEFAULT '[]',  -- [{text, kind, private_to}]; private_to set = private
    version     INTEGER NOT NULL,               -- the game's version after this entry
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TRIGGER moves_are_append_only_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

CREATE TRIGGER moves_are_append_only_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

-- Small settings the bot keeps between runs (e.g. the hash of the last synced command tree).
CREATE TABLE meta (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  REAL NOT NULL
);
