"""Fixtures for the parser tests: the shipped catalogue as a name index."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# pytest puts tests/ on sys.path, where tests/engine and tests/parsers would shadow the real
# packages of the same names (as namespace packages); the repository root must come first.
_ROOT = str(Path(__file__).resolve().parents[2])
if sys.path[0] != _ROOT:
    sys.path.insert(0, _ROOT)

from parsers.catalogue import load_catalogue  # noqa: E402
from parsers.names import NameIndex  # noqa: E402
from rulings_service.paths import CATALOGUE_DIR  # noqa: E402


@pytest.fixture(scope="session")
def names() -> NameIndex:
    return NameIndex(load_catalogue(CATALOGUE_DIR))
