"""Cemetery Creatures: a two-player creature-stitching card game (see ``engine.py``)."""
