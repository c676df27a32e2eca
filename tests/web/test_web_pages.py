"""Every page in HTML and its JSON twin, over the fixture corpus."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from rulings_service.corpus_store import Corpus


def _alternate(html: str) -> str:
    match = re.search(r'<link rel="alternate" type="application/json" href="([^"]+)"', html)
    assert match, "page has no JSON alternate link"
    return match.group(1).replace("&amp;", "&")


def test_home_lists_sets_cards_and_sources(client: FlaskClient, corpus: Corpus) -> None:
    html = client.get("/").get_data(as_text=True)
    for card in corpus.cards:
        assert f'href="/cards/{card["slug"]}"' in html
    assert 'href="/sources/faq-dump"' in html
    assert f"{len(corpus.rulings)} official rulings" in html


def test_card_page_shows_facts_rulings_and_mentions(client: FlaskClient,
                                                    corpus: Corpus) -> None:
    response = client.get("/cards/throne-room")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<h1>Throne Room</h1>" in html
    assert "$4" in html and "Action" in html
    for ruling in corpus.rulings_for_card("throne-room"):
        assert ruling["text"].replace("'", "&#39;") in html
        assert f'href="/rulings/{ruling["id"]}"' in html
    # Feast's and King's Court's rulings mention Throne Room.
    assert "Rulings of other cards that mention Throne Room" in html
    mentioning = corpus.rulings_mentioning("Throne Room")
    assert mentioning and all(f'/rulings/{r["id"]}' in html for r in mentioning)
    assert 'href="/sources/faq-dump"' in html  # citations link their document
    assert 'class="badge' in html


def test_card_twin_matches_the_page(client: FlaskClient, corpus: Corpus) -> None:
    html = client.get("/cards/kings-court").get_data(as_text=True)
    assert _alternate(html) == "/cards/kings-court.json"
    data = client.get("/cards/kings-court.json").get_json()
    assert data["card"]["name"] == "King's Court"
    assert data["card"]["cost"] == {"coins": 7, "potion": 0, "debt": 0}
    assert [r["id"] for r in data["rulings"]] == [
        r["id"] for r in corpus.rulings_for_card("kings-court")
    ]
    assert data["mentioned_in"] == []


def test_ruling_page_cites_sources_in_human_terms(client: FlaskClient,
                                                  corpus: Corpus) -> None:
    """Title, entry and quoted sentence on the page; the offsets stay in the JSON twin."""
    ruling = next(r for r in corpus.rulings if r["card_slug"] == "feast" and r["mentions"])
    html = client.get(f"/rulings/{ruling['id']}").get_data(as_text=True)
    ref = ruling["sources"][0]
    assert ruling["text"] in html
    assert "characters" not in html  # no raw offsets for people
    sources = html[html.index("<h2>Sources</h2>"):html.index("</article>")]
    assert f'href="/sources/faq-dump#r-{ruling["id"]}"' in sources
    assert "Dominion card FAQ dump" in sources and "the entry for Feast" in sources
    twin = client.get(_alternate(html)).get_json()
    assert twin["ruling"]["id"] == ruling["id"]
    assert [s["id"] for s in twin["sources"]] == ["faq-dump"]
    citation = twin["citations"][0]
    assert (citation["start"], citation["end"]) == (ref["start"], ref["end"])
    assert citation["section"] == "the entry for Feast" and citation["quote"]
    assert f"<q>{citation['quote']}</q>" in sources.replace("&#39;", "'")
    # The anchor exists on the source page, where the stylesheet highlights its target.
    source_html = client.get("/sources/faq-dump").get_data(as_text=True)
    assert f'id="r-{ruling["id"]}"' in source_html


def test_general_ruling_without_card_renders(client: FlaskClient, corpus: Corpus) -> None:
    ruling = next(r for r in corpus.rulings if r["card_slug"] is None)
    response = client.get(f"/rulings/{ruling['id']}")
    assert response.status_code == 200
    assert "General rules: Durations" in response.get_data(as_text=True)


def test_source_page_lists_rulings_in_document_order(client: FlaskClient,
                                                     corpus: Corpus) -> None:
    data = client.get("/sources/faq-dump.json").get_json()
    starts = [c["start"] for c in data["citations"]]
    assert starts == sorted(starts) and len(starts) == 7
    # The excerpt is the cited span of the shipped document, which is the ruling here.
    assert all(c["excerpt"] == c["ruling"]["text"] for c in data["citations"])
    html = client.get("/sources/faq-dump").get_data(as_text=True)
    positions = [html.index(f'id="r-{c["ruling"]["id"]}"') for c in data["citations"]]
    assert positions == sorted(positions)


def test_kingdoms_link_cards_and_mark_those_outside_the_engine(client: FlaskClient) -> None:
    html = client.get("/kingdoms").get_data(as_text=True)
    assert "Royal Feast" in html
    assert 'href="/cards/throne-room"' in html
    # The fixture corpus marks Worker's Village as not implemented; Mountain Village is unknown.
    assert re.search(r'class="outside"><a href="/cards/workers-village">', html)
    assert "Mountain Village <small>(outside the engine)</small>" in html
    data = client.get("/kingdoms.json").get_json()
    cards = {c["name"]: c for c in data["kingdoms"][0]["cards"]}
    assert cards["Throne Room"]["implemented"] is True
    assert cards["Mountain Village"] == {"name": "Mountain Village", "slug": None,
                                         "implemented": False}
    assert data["kingdoms"][0]["landscapes"][0]["pile"] == "Market"


def test_search_page_results_facets_and_twin(client: FlaskClient) -> None:
    html = client.get("/search?q=throne+room").get_data(as_text=True)
    assert "<mark>" in html.lower()
    assert 'href="/cards/feast"' in html
    assert 'class="facets"' in html
    twin = client.get(_alternate(html)).get_json()
    assert twin["query"] == "throne room"
    assert twin["count"] == len(twin["results"]) > 0
    assert twin["facets"]


def test_search_facet_filter_narrows_results(client: FlaskClient) -> None:
    everything = client.get("/search.json?q=action").get_json()
    sets = {client.get(f"/rulings/{h['ruling_id']}.json").get_json()["ruling"]["set"]
            for h in everything["results"]}
    assert len(sets) > 1, "fixture query should span several sets"
    narrowed = client.get("/search.json?q=action&set=prosperity").get_json()
    assert narrowed["filters"] == {"set": "prosperity"}
    assert 0 < narrowed["count"] < everything["count"]
    for hit in narrowed["results"]:
        assert client.get(f"/rulings/{hit['ruling_id']}.json").get_json()["ruling"]["set"] == (
            "prosperity")


def test_empty_search_page_shows_the_form(client: FlaskClient) -> None:
    response = client.get("/search")
    assert response.status_code == 200
    assert 'name="q"' in response.get_data(as_text=True)
    assert client.get("/search.json").get_json()["results"] == []


def test_api_docs_page_lists_every_operation(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    html = client.get("/api").get_data(as_text=True)
    for path, ops in spec["paths"].items():
        for method in ops:
            assert f"{method.upper()} {path}" in html


@pytest.mark.parametrize("path", ["/", "/search?q=feast", "/cards/feast", "/kingdoms", "/api"])
def test_pages_are_phone_ready_and_script_free(client: FlaskClient, path: str) -> None:
    html = client.get(path).get_data(as_text=True)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "<script>" not in html and "style=" not in html  # CSP forbids inline code


def test_api_docs_page_describes_every_schema(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    html = client.get("/api").get_data(as_text=True)
    for name, schema in spec["components"]["schemas"].items():
        section = html[html.index(f'id="schema-{name}"'):]
        for field in schema.get("properties", {}):
            assert f"<code>{field}</code>" in section
    card = html[html.index('id="schema-Card"'):html.index('id="schema-CardList"')]
    assert '<a href="#schema-Cost">Cost</a> or null' in card


def test_page_titles_are_plain_text(client: FlaskClient) -> None:
    for path in ("/", "/api", "/kingdoms", "/audit", "/cards/feast", "/search?q=feast"):
        html = client.get(path).get_data(as_text=True)
        title = html[html.index("<title>") + 7:html.index("</title>")]
        assert "<" not in title and title.endswith("Dominion rulings"), (path, title)
