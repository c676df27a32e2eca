"""Fixtures of the web tests: an app over the fixture corpus.

The app gets its services injected, so no build directory is read or written:
the real ``Corpus`` over the fixture corpus, a real search index built from it
in a temporary directory, and fixture scenarios run by the real runner and
engine, so pages show real transcripts without depending on the shipped
scenario files.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_fixtures import FixtureScenarios, load_fixture_corpus

from rulings_service.app import create_app
from rulings_service.corpus_store import Corpus
from rulings_service.search import Searcher, build_index
from rulings_service.web.services import Services


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    return load_fixture_corpus()


@pytest.fixture(scope="session")
def app(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    index_dir = tmp_path_factory.mktemp("index")
    build_index(corpus, index_dir)
    services = Services(
        corpus=corpus,
        searcher=Searcher.open(index_dir, corpus),
        scenarios=FixtureScenarios(),
    )
    services.index_scenarios()
    return create_app({"TESTING": True}, services=services)


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    return app.test_client()
