"""Component data files (JSON), a package so that they ship as package data."""
