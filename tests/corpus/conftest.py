"""A corpus built once per test session into a temporary directory."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# pytest puts tests/ on sys.path, where tests/engine and tests/parsers would shadow the real
# packages of the same names (as namespace packages); the repository root must come first.
_ROOT = str(Path(__file__).resolve().parents[2])
if sys.path[0] != _ROOT:
    sys.path.insert(0, _ROOT)

from rulings_service.build import build, write_corpus_json  # noqa: E402
from rulings_service.corpus_store import Corpus, load_corpus  # noqa: E402

#: These tests are about the corpus; the search index step has its own tests.
CORPUS_ONLY = [("corpus", write_corpus_json)]


@pytest.fixture(scope="session")
def built_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("corpus-build")
    build(directory, steps=CORPUS_ONLY)
    return directory


@pytest.fixture(scope="session")
def corpus(built_dir: Path) -> Corpus:
    return load_corpus(built_dir)
