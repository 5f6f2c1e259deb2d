"""Tests of the SQLite store, against real files."""
