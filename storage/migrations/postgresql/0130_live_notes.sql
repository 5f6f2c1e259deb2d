-- 0130 (PostgreSQL): start-up reads the notes still in use (a turn message with live
-- buttons), without reading the emptied ones every ended game leaves behind.
CREATE INDEX IF NOT EXISTS meta_live_notes ON meta (key) WHERE value <> '';
