-- 0061 (PostgreSQL): the clock scheduler's next firing is an indexed query, as SQLite's. The
-- expression is storage/clock.py's NEXT_AT as storage/sql.py spells it for PostgreSQL (min of
-- two values is LEAST), so the planner matches it to this index. Unlike SQLite's, the index
-- holds only unfired deadlines (fired_at IS NULL): PostgreSQL walks it in order for the next
-- firing only when the condition is the index's own, not a leading IS NULL column.

CREATE INDEX IF NOT EXISTS days_deadlines_next ON days_deadlines (
    (CASE WHEN half_sent = 0 THEN started_at + (due_at - started_at) / 2.0
          WHEN near_sent = 0 THEN due_at - LEAST(3600, (due_at - started_at) / 4.0)
          ELSE due_at END)
) WHERE fired_at IS NULL;

CREATE TABLE IF NOT EXISTS days_synced (
    game_id  BIGINT PRIMARY KEY,
    version  BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS days_games_stopped ON days_games (game_id)
    WHERE paused_at IS NOT NULL OR closed_reason IS NOT NULL;
CREATE INDEX IF NOT EXISTS days_deadlines_fired ON days_deadlines (game_id, user_id)
    WHERE fired_at IS NOT NULL;
