"""The same numbered migrations, written for PostgreSQL (``TABLETOP_DB=postgresql://...``)."""
