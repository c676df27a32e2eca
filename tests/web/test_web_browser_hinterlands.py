"""What a person sees of a covered set without FAQ (Hinterlands), in Debian's Chromium.

The real sources name Hinterlands in the FAQ dump's sets but hold no
Hinterlands FAQ. The fixture corpus does not name it (its Hinterlands cards
stand for an uncovered set, see ``test_web_browser_coverage``), so this
module serves the same fixture with the FAQ dump also naming Hinterlands,
as the shipped manifest does. Nothing else differs: the real app, index,
coverage and scenarios.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from flask import Flask
from test_web_browser import base_url, browser, page, pytestmark  # noqa: F401
from web_fixtures import FixtureScenarios

from rulings_service.app import create_app
from rulings_service.corpus_store import Corpus
from rulings_service.search import Searcher, build_index
from rulings_service.web.services import Services


@pytest.fixture(scope="module")
def app(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    sources = copy.deepcopy(corpus.sources)
    for source in sources:
        if source["id"] == "faq-dump":
            source["sets"] = [*source["sets"], "hinterlands"]
    named = Corpus(corpus.build_id, sources, corpus.cards, corpus.rulings, corpus.kingdoms)
    index_dir: Path = tmp_path_factory.mktemp("index-hinterlands")
    build_index(named, index_dir)
    services = Services(corpus=named, searcher=Searcher.open(index_dir, named),
                        scenarios=FixtureScenarios())
    services.index_scenarios()
    return create_app({"TESTING": True}, services=services)


def test_home_page_lists_hinterlands_as_covered_with_no_rulings(page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/")
    covered = page.locator("#covered-sets tbody tr[id] th").all_inner_texts()
    assert covered == ["Dominion", "Prosperity", "Hinterlands", "Plunder"]  # release order
    row = page.locator("#set-hinterlands td").all_inner_texts()
    assert row[0] == "2011" and row[2] == "0"  # released, cards, rulings
    assert page.locator("details#set-hinterlands").count() == 0  # not among the uncovered


def test_a_hinterlands_card_says_the_sources_hold_no_faq(page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/cards/margrave?utm_source=discord")
    assert page.locator("h1").inner_text() == "Margrave"
    no_faq = page.locator(".no-faq")
    assert no_faq.is_visible()
    assert "The sources hold no FAQ for this card's set" in no_faq.inner_text()
    assert page.locator(".coverage-note.outside").count() == 0  # not "not covered"
