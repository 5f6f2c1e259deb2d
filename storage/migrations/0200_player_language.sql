-- 0200: the language a player reads (issue 34), one row per user for every server (no row: they
-- follow their Discord client). ``language`` is their own choice under ``/me language`` (a
-- Discord locale such as 'de' or 'pt-BR'; NULL: their client's); ``seen`` is the locale their
-- client sent with their latest interaction, kept only when it changes, so a reminder or direct
-- message sent with no interaction still reads in their language.
CREATE TABLE IF NOT EXISTS player_languages (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT,
    seen      TEXT
);
