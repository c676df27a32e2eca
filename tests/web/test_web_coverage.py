"""Honest coverage, preview meta and the audit computed once, over the fixture corpus.

The fixture's sources cover base, Prosperity and Plunder; its one Hinterlands
card (Margrave) is therefore a known name we do not cover. The case of a set
the sources name without holding its FAQ (the real Hinterlands) is built
from the fixture with one more set on a source.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_fixtures import FixtureScenarios

from rulings_service.app import create_app
from rulings_service.corpus_store import Corpus
from rulings_service.coverage import build_coverage
from rulings_service.sets import set_facts
from rulings_service.web.services import Services


def test_cards_carry_covered_and_a_coverage_note(client: FlaskClient) -> None:
    feast = client.get("/api/v1/cards/feast").get_json()["card"]
    assert feast["covered"] is True
    assert feast["coverage_note"].startswith("Covered: rulings quoted from")
    margrave = client.get("/api/v1/cards/margrave").get_json()["card"]
    assert margrave["covered"] is False
    assert "from Hinterlands, which our sources do not cover" in margrave["coverage_note"]
    listed = {c["slug"]: c for c in client.get("/api/v1/cards").get_json()["cards"]}
    assert listed["margrave"]["covered"] is False and listed["feast"]["covered"] is True


def test_a_set_the_sources_name_without_its_faq_says_so(corpus: Corpus) -> None:
    sources = [dict(s) for s in corpus.sources]
    sources[0]["sets"] = [*sources[0]["sets"], "hinterlands"]
    with_hinterlands = dataclasses.replace(corpus, sources=sources)
    coverage = build_coverage(with_hinterlands, lambda _rid: None)
    entry = coverage.by_set["hinterlands"]
    assert entry["covered"] is True and entry["rulings"] == 0
    assert entry["coverage_note"] == ("The sources hold no FAQ for Hinterlands: its cards have "
                                      "their printed facts but no official rulings.")
    covered, note = coverage.card_facts(corpus.card_named("Margrave"))
    assert covered is True and note == entry["coverage_note"]
    assert [e["id"] for e in coverage.covered] == ["base", "prosperity", "hinterlands", "plunder"]


def test_set_facts_are_in_release_order() -> None:
    years = [e["released"] for e in set_facts() if e["released"] is not None]
    assert years == sorted(years)
    assert len({e["id"] for e in set_facts()}) == len(set_facts())


def test_home_page_lists_covered_sets_then_names_we_do_not_cover(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    table = html.split('id="covered-sets"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr id="set-([\w-]+)"><th scope="row">([^<]+)</th>', table)
    assert rows == [("base", "Dominion"), ("prosperity", "Prosperity"), ("plunder", "Plunder")]
    assert "hinterlands" not in table
    rest = html.split("Names we know but do not cover", 1)[1]
    assert "Hinterlands" in rest and 'href="/cards/margrave"' in rest
    # base: rulings, demonstrated, card-text demonstrations (the fixture's Village one)
    base_row = table.split('id="set-base"', 1)[1].split("</tr>", 1)[0]
    cells = re.findall(r"<td>([^<]*)</td>", base_row)
    assert cells[-1] == "1" and int(cells[-2]) > 0


def test_card_page_of_an_uncovered_card_says_so_and_why(client: FlaskClient) -> None:
    html = client.get("/cards/margrave").get_data(as_text=True)
    assert "Margrave is a card from Hinterlands, which our sources do not cover" in html
    feast = client.get("/cards/feast").get_data(as_text=True)
    assert "Covered: rulings quoted from" in feast


def _meta(html: str) -> dict[str, str]:
    return dict(re.findall(r'<meta (?:property|name)="((?:og|twitter):\w+)" content="([^"]*)"',
                           html))


@pytest.mark.parametrize(("url", "title"), [
    ("/cards/feast", "Feast"), ("/rulings/feast-53fe0b", "Ruling on Feast"),
    ("/search?q=feast", "Search: feast"),
])
def test_pages_have_open_graph_and_twitter_meta(client: FlaskClient, url: str, title: str) -> None:
    meta = _meta(client.get(url).get_data(as_text=True))
    assert meta["og:title"] == meta["twitter:title"] == title
    assert meta["og:description"] and meta["twitter:card"] == "summary"
    assert meta["og:url"].startswith("http://localhost/")


def test_preview_meta_is_escaped(client: FlaskClient) -> None:
    html = client.get('/search?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E').get_data(as_text=True)
    head = html.split("</head>", 1)[0]
    assert "<script>" not in head
    assert 'content="Search: &#34;&gt;&lt;script&gt;' in head


# ----------------------------------------------------------------- the audit, once
@pytest.fixture()
def fresh(app: Flask) -> tuple[Services, FlaskClient]:
    """Services of their own, so the memo and the per-scope cache start empty."""
    shared = app.extensions["rulings"]
    services = Services(corpus=shared.corpus, searcher=shared.searcher,
                        scenarios=FixtureScenarios())
    services.index_scenarios()
    return services, create_app({"TESTING": True}, services=services).test_client()


def test_scopes_after_the_first_audit_replay_nothing(fresh, monkeypatch) -> None:
    services, client = fresh
    assert client.get("/api/v1/audit").status_code == 200
    from rulings_service.scenarios import runner

    def refuse(*_a, **_k):
        raise AssertionError("a scenario was replayed again")

    monkeypatch.setattr(runner, "run_scenario", refuse)
    for query in ("set=base", "card=Feast", "set=prosperity", "card=throne-room"):
        assert client.get(f"/api/v1/audit?{query}").status_code == 200, query


def test_spellings_of_one_card_share_one_audit_entry(fresh) -> None:
    services, client = fresh
    answers = [client.get(f"/api/v1/audit?card={spelling}").get_json()["audit"]
               for spelling in ("Throne Room", "throne-room", "THRONE ROOM", "throne room")]
    assert all(a == answers[0] for a in answers)
    card_keys = [key for key in services._audits if key[1] is not None]
    assert card_keys == [(None, "Throne Room")]
