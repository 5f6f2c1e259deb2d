"""Tests of the table (bot/table.py), through real SQLite files."""
