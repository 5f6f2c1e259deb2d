-- 0180: leagues in a server (issue 32). A league plays one game over numbered rounds; each
-- round seats its players at tables, each table one game in its own thread.

-- status: signup | running | paused | closed | finished. due_at: when the scheduler must next
-- act on the league (the sign-up window's end, then the current round's deadline; NULL while
-- paused or over). left_s: what a paused round had left of its time. round: the round being
-- played (0 during sign-up), bumped once per round by a claim (UPDATE ... WHERE round = ?).
CREATE TABLE leagues (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    message_id     INTEGER,
    engine         TEXT    NOT NULL,
    table_size     INTEGER NOT NULL,
    rounds         INTEGER NOT NULL,
    turn_seconds   INTEGER,
    round_seconds  INTEGER NOT NULL,
    host_id        INTEGER NOT NULL,
    status         TEXT    NOT NULL,
    round          INTEGER NOT NULL DEFAULT 0,
    due_at         REAL,
    left_s         REAL,
    created_at     REAL    NOT NULL
);
-- the scheduler's next league (and the due ones) through an index, never a scan
CREATE INDEX leagues_due ON leagues (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX leagues_guild ON leagues (guild_id, status);

CREATE TABLE league_players (
    league_id  INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    joined_at  REAL    NOT NULL,
    dropped    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (league_id, user_id)
);

-- One row per table of a round: its game once opened (game_id NULL: not opened yet, or a
-- bye), and a lease so that two processes never open the same table.
CREATE TABLE league_tables (
    league_id      INTEGER NOT NULL,
    round          INTEGER NOT NULL,
    table_no       INTEGER NOT NULL,
    bye            INTEGER NOT NULL DEFAULT 0,
    game_id        INTEGER,
    opening_until  REAL,
    PRIMARY KEY (league_id, round, table_no)
);
CREATE INDEX league_tables_game ON league_tables (game_id);

-- Who sat at which table, and (once the round is scored) their place and points. (No foreign
-- keys to leagues: `tabletop db copy` copies tables by name, games first, then the rest.)
CREATE TABLE league_seats (
    league_id  INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    table_no   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    place      INTEGER,
    points     REAL,
    PRIMARY KEY (league_id, round, user_id)
);
