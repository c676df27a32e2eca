"""Fixtures for the parser tests: the shipped catalogue as a name index."""

from __future__ import annotations

import pytest

from parsers.catalogue import load_catalogue
from parsers.names import NameIndex
from rulings_service.paths import CATALOGUE_DIR


@pytest.fixture(scope="session")
def names() -> NameIndex:
    return NameIndex(load_catalogue(CATALOGUE_DIR))
