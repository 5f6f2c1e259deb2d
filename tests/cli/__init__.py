"""Tests of `python -m bot` and its simulate command."""
