-- Playing over days: turn clocks, deadlines, reminders, stand-ins, away, votes.
-- Keyed by the platform's games.id and Discord user ids; no foreign keys so these rows never
-- block the platform's own writes.

-- One row per game that has been seen by the clock: its settings and clock state.
CREATE TABLE IF NOT EXISTS days_games (
    game_id          INTEGER PRIMARY KEY,
    turn_seconds     INTEGER,                 -- NULL: no clock
    missed_limit     INTEGER NOT NULL DEFAULT 3,   -- missed turns in a row before a vote
    paused_at        REAL,                    -- host pause in force since
    last_nudge_at    REAL,
    board_channel_id INTEGER,
    board_message_id INTEGER,
    closed_reason    TEXT
);

-- A deadline per awaited player; reminders are flags on it, marked sent atomically.
CREATE TABLE IF NOT EXISTS days_deadlines (
    game_id     INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL,             -- game version when this turn began
    started_at  REAL    NOT NULL,
    due_at      REAL    NOT NULL,
    half_sent   INTEGER NOT NULL DEFAULT 0,
    near_sent   INTEGER NOT NULL DEFAULT 0,
    fired_at    REAL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX IF NOT EXISTS days_deadlines_due ON days_deadlines (fired_at, due_at);

-- Per seat: missed turns in a row, a stand-in kept for good, an open vote.
CREATE TABLE IF NOT EXISTS days_seats (
    game_id          INTEGER NOT NULL,
    user_id          INTEGER NOT NULL,
    missed           INTEGER NOT NULL DEFAULT 0,
    standin_for_good INTEGER NOT NULL DEFAULT 0,
    vote_open        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE IF NOT EXISTS days_votes (
    game_id   INTEGER NOT NULL,
    target_id INTEGER NOT NULL,
    voter_id  INTEGER NOT NULL,
    choice    TEXT    NOT NULL,               -- 'keep' | 'kick'
    PRIMARY KEY (game_id, target_id, voter_id)
);

-- Direct-message "your turn" notices, off by default.
CREATE TABLE IF NOT EXISTS days_notify (
    user_id         INTEGER PRIMARY KEY,
    dm_on           INTEGER NOT NULL DEFAULT 0,
    failure_told    INTEGER NOT NULL DEFAULT 0
);

-- Away periods, kept as history so the monthly limit can be counted.
CREATE TABLE IF NOT EXISTS days_away (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    start_at  REAL    NOT NULL,
    until_at  REAL    NOT NULL
);
CREATE INDEX IF NOT EXISTS days_away_user ON days_away (guild_id, user_id, start_at);

-- Which moves a stand-in made, and what the clock and the host did, for the log and history.
CREATE TABLE IF NOT EXISTS days_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id  INTEGER NOT NULL,
    at       REAL    NOT NULL,
    kind     TEXT    NOT NULL,                -- 'standin' | 'host' | 'vote' | 'closed' | ...
    user_id  INTEGER,
    version  INTEGER,                         -- game version a stand-in move produced
    text     TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS days_log_game ON days_log (game_id, id);
