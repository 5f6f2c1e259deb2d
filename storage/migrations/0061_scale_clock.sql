-- 0061: the clock scheduler's next firing is an indexed query, and start-up reads only the
-- games whose clocks may be out of line. Every statement is IF NOT EXISTS: the clock store
-- runs this file too, on a file the platform has not opened yet.

-- The earliest unfired timer of a deadline (half-time reminder, near-the-end reminder, the
-- deadline itself). The expression mirrors bot/clock/timers.py and must stay written exactly
-- so in storage/clock.py (NEXT_AT), or SQLite will not use the index.
CREATE INDEX IF NOT EXISTS days_deadlines_next ON days_deadlines (
    fired_at,
    (CASE WHEN half_sent = 0 THEN started_at + (due_at - started_at) / 2.0
          WHEN near_sent = 0 THEN due_at - min(3600, (due_at - started_at) / 4.0)
          ELSE due_at END)
);

-- The game version the clocks were last brought in line with: at start, only games that
-- moved on since (a crash between a save and its clock update) are looked at again.
CREATE TABLE IF NOT EXISTS days_synced (
    game_id  INTEGER PRIMARY KEY,
    version  INTEGER NOT NULL
);

-- The few games whose clocks stand still (paused by the host, or closed), which the scheduler
-- leaves out, and the few deadlines that fired (stand-ins at work), which start-up looks at.
CREATE INDEX IF NOT EXISTS days_games_stopped ON days_games (game_id)
    WHERE paused_at IS NOT NULL OR closed_reason IS NOT NULL;
CREATE INDEX IF NOT EXISTS days_deadlines_fired ON days_deadlines (game_id, user_id)
    WHERE fired_at IS NOT NULL;
