"""Tests of the table (bot/table/), through real SQLite files."""
