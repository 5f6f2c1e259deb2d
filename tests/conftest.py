"""Shared fixtures: the test-only engine is registered for every test."""

from __future__ import annotations

import sys

import engines
import rendering
from tests.engines import toy

engines.register(toy.ENGINE)
rendering.register("toy", sys.modules[toy.__name__])
