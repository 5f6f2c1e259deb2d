-- 0190 (PostgreSQL): standing answers (issue 30): what a player answers once, privately, to a
-- question a game asks them again and again, per game; never in the game's row or log.
CREATE TABLE standing_answers (
    game_id  BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    answers  TEXT   NOT NULL,  -- a JSON list of the engine's answer ids, in the order set
    PRIMARY KEY (game_id, user_id)
);
