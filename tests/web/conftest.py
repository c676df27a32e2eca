"""Fixtures of the web tests: an app over the fixture corpus.

The app gets its services injected, so no build directory is read or written.
The search index is the real one when ``rulings_service.search`` offers the
contract's ``build_index``/``Searcher``; otherwise a test double stands in.
Scenarios are fixture files run by the real runner and engine, so the pages
show real transcripts without depending on the shipped scenario files.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_doubles import FixtureCorpus, FixtureScenarios, FixtureSearcher

from rulings_service.app import create_app
from rulings_service.web.services import Services

# pytest puts tests/ on sys.path, where tests/engine/ would shadow the engine
# package as a namespace package; a regular package on sys.path wins, so add
# the repository root (the same fix as tests/engine/conftest.py).
ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.append(ROOT)


def _searcher(corpus, index_dir: Path):
    try:
        from rulings_service.search import Searcher, build_index
    except ImportError:
        return FixtureSearcher(corpus)
    build_index(corpus, index_dir)
    return Searcher.open(index_dir, corpus)


@pytest.fixture(scope="session")
def corpus():
    """The fixture corpus in the real ``Corpus`` class when it is installed.

    Built directly (not with ``from_dict``) so the fixture's own ``implemented``
    flags are kept rather than read from the engine registry of the day.
    """
    fixture = FixtureCorpus.load()
    try:
        from rulings_service.corpus_store import Corpus
    except ImportError:
        return fixture
    return Corpus(fixture.build_id, fixture.sources, fixture.cards, fixture.rulings,
                  fixture.kingdoms)


@pytest.fixture(scope="session")
def app(corpus, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    services = Services(
        corpus=corpus,
        searcher=_searcher(corpus, tmp_path_factory.mktemp("index")),
        scenarios=FixtureScenarios(),
    )
    services.index_scenarios()
    return create_app({"TESTING": True}, services=services)


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()
