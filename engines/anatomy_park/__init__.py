"""Rick and Morty: Anatomy Park, 2-6 players: build a theme park inside Ruben before he dies."""
