"""Benchmarks (run with: python -m pytest -m bench -s tests/bench)."""
