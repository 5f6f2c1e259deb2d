"""A player's own day: their time zone, quiet hours and how they are told, valid in every
server and in direct messages (:mod:`.settings`), and the pure time arithmetic of their
nights (:mod:`.quiet`)."""
