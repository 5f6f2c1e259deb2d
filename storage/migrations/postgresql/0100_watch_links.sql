-- 0100 (PostgreSQL): the unguessable token of each game's public spectator page (bot/watch).

CREATE TABLE watch_links (
    game_id     BIGINT  PRIMARY KEY REFERENCES games (id),
    token       TEXT    NOT NULL UNIQUE,        -- secrets.token_urlsafe(16): 128 random bits
    created_at  DOUBLE PRECISION NOT NULL
);
