"""``./tabletop local`` tested as a player uses it: in a real (headless) browser."""
