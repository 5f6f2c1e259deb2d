"""Numbered schema migrations: ``NNNN_what_it_does.sql``, applied in order at open."""
