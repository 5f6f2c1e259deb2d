-- 0190: standing answers (issue 30): what a player answers once, privately, to a question a
-- game asks them again and again ("decline every trade offer"), per game. Never in the game's
-- row or log: nobody else may learn of it.
CREATE TABLE standing_answers (
    game_id  INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    answers  TEXT    NOT NULL,  -- a JSON list of the engine's answer ids, in the order set
    PRIMARY KEY (game_id, user_id)
);
