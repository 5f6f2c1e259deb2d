"""Monopoly: Rick and Morty (classic and quick rules)."""
