"""Issue 16's API conventions, through the Flask test client over the fixture corpus.

Links (``uri``/``web_uri``/``next_page``/resolve) from the configured base URL,
pagination, CORS, compression, the index and sets endpoints, one refusal of
an unknown facet value, unknown parameters, the versioned bulk document and
the ``cards/named`` one-of in the OpenAPI document.
"""

from __future__ import annotations

import gzip
from urllib.parse import urlsplit

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

from rulings_service.app import create_app
from rulings_service.corpus_store import Corpus
from rulings_service.web import schemas as s
from rulings_service.web.api import OPERATIONS

BASE = "https://rulings.example.org/"


@pytest.fixture()
def configured(app: Flask) -> FlaskClient:
    """The same services behind an app with a base URL and pages of three."""
    other = create_app({"TESTING": True, "BASE_URL": BASE.rstrip("/"), "LIST_PAGE_SIZE": 3},
                       services=app.extensions["rulings"])
    return other.test_client()


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


# ----------------------------------------------------------------- links
def test_every_object_carries_uri_and_web_uri_from_the_base_url(configured: FlaskClient) -> None:
    card = configured.get("/api/v1/cards/feast").get_json()
    assert card["card"]["uri"] == BASE + "api/v1/cards/feast"
    assert card["card"]["web_uri"] == BASE + "cards/feast"
    for ruling in card["rulings"]:
        assert ruling["uri"] == f"{BASE}api/v1/rulings/{ruling['id']}"
        assert ruling["web_uri"] == f"{BASE}rulings/{ruling['id']}"
    ruling = configured.get(_path(card["rulings"][0]["uri"])).get_json()
    source = ruling["sources"][0]
    assert source["uri"] == f"{BASE}api/v1/sources/{source['id']}"
    assert configured.get(_path(source["uri"])).status_code == 200
    assert configured.get(_path(source["web_uri"])).status_code == 200
    hit = configured.get("/api/v1/search?q=feast").get_json()["results"][0]
    assert hit["uri"] == f"{BASE}api/v1/rulings/{hit['ruling_id']}"
    assert configured.get(_path(hit["web_uri"])).status_code == 200


def test_scenarios_have_uris_and_an_endpoint(configured: FlaskClient) -> None:
    ruling = configured.get("/api/v1/rulings/feast-41bc7f").get_json()["ruling"]
    replay = configured.get("/api/v1/rulings/feast-41bc7f/replay").get_json()
    assert replay["scenarios"], "the fixture's Feast scenario demonstrates this ruling"
    for transcript in replay["scenarios"]:
        scenario = configured.get(_path(transcript["uri"]))
        assert scenario.status_code == 200
        data = scenario.get_json()
        assert data["uri"] == transcript["uri"] and "feast-41bc7f" in data["rulings"]
        assert data["web_uri"] == f"{BASE}scenarios/{data['id']}"
        assert configured.get(_path(data["web_uri"])).status_code == 200
        assert data["transcript"]["id"] == data["id"]
    status_scenarios = (ruling["status"] or {}).get("scenarios", [])
    assert status_scenarios
    for sc in status_scenarios:
        assert sc["uri"] == f"{BASE}api/v1/scenarios/{sc['id']}"
    assert configured.get("/api/v1/scenarios/no-such-scenario").status_code == 404


def test_links_use_the_host_only_when_no_base_url_is_set(client: FlaskClient) -> None:
    headers = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    data = client.get("/api/v1/cards/feast", base_url="http://mirror.test",
                      headers=headers).get_json()
    assert data["card"]["uri"] == "http://mirror.test/api/v1/cards/feast"
    # The response cache keys on the host then: another host gets its own links.
    again = client.get("/api/v1/cards/feast", base_url="http://other.test").get_json()
    assert again["card"]["uri"] == "http://other.test/api/v1/cards/feast"


def test_resolve_links_come_from_the_base_url_not_the_host(configured: FlaskClient) -> None:
    response = configured.post("/api/v1/resolve", json={"message": "[[Feast]]"},
                               base_url="http://attacker.test")
    reference = response.get_json()["references"][0]
    assert reference["url"] == BASE + "cards/feast"
    assert BASE + "cards/feast" in response.get_json()["text"]
    assert "attacker" not in response.get_data(as_text=True)


# ----------------------------------------------------------------- pagination
def test_search_pages_are_the_whole_ranking_cut_in_order(client: FlaskClient) -> None:
    whole = client.get("/api/v1/search?q=throne+room&limit=4").get_json()
    assert whole["total"] >= 3
    first = client.get("/api/v1/search?q=throne+room&limit=2").get_json()
    assert first["page"] == 1 and first["has_more"] is True
    assert first["next_page"].endswith("page=2") and "limit=2" in first["next_page"]
    second = client.get(_path(first["next_page"])).get_json()
    assert second["page"] == 2
    ids = [h["ruling_id"] for h in first["results"] + second["results"]]
    assert ids == [h["ruling_id"] for h in whole["results"]][: len(ids)]
    assert second["total"] == first["total"] and second["facets"] == first["facets"]


def test_the_search_page_links_its_next_and_previous_pages(client: FlaskClient) -> None:
    html = client.get("/search?q=throne+room&limit=1").get_data(as_text=True)
    assert 'rel="next" href="/search?q=throne+room&amp;limit=1&amp;page=2"' in html
    assert 'rel="prev"' not in html
    second = client.get("/search?q=throne+room&limit=1&page=2").get_data(as_text=True)
    assert 'rel="prev"' in second and "Page 2" in second


def test_search_past_the_last_page_is_empty_with_a_warning(client: FlaskClient) -> None:
    data = client.get("/api/v1/search?q=feast&page=99").get_json()
    assert data["results"] == [] and data["has_more"] is False and data["next_page"] is None
    assert any("past the last page" in w for w in data["warnings"])
    assert client.get("/api/v1/search?q=feast&page=0").status_code == 400


def test_card_list_pages_walk_every_card_once(configured: FlaskClient, corpus: Corpus) -> None:
    seen: list[str] = []
    url: str | None = "/api/v1/cards"
    pages = 0
    while url:
        data = configured.get(url).get_json()
        assert data["total"] == len(corpus.cards) and data["count"] == len(data["cards"]) <= 3
        seen += [c["slug"] for c in data["cards"]]
        url = _path(data["next_page"]) if data["has_more"] else None
        pages += 1
    assert seen == [c["slug"] for c in corpus.cards] and pages == 3
    kingdoms = configured.get("/api/v1/kingdoms").get_json()
    assert {"page", "has_more", "next_page", "total"} <= kingdoms.keys()
    assert configured.get("/api/v1/sets?page=2").get_json()["page"] == 2


# ----------------------------------------------------------------- headers
def test_cors_on_every_get_api_answer_only(client: FlaskClient) -> None:
    for url in ("/api/v1/cards", "/api/v1/cards/nothing", "/api/openapi.json", "/api/v1"):
        assert client.get(url).headers.get("Access-Control-Allow-Origin") == "*", url
    assert "Access-Control-Allow-Origin" not in client.get("/").headers
    posted = client.post("/api/v1/resolve", json={"message": "[[Feast]]"})
    assert "Access-Control-Allow-Origin" not in posted.headers


def test_large_answers_are_compressed_small_ones_not(client: FlaskClient) -> None:
    plain = client.get("/api/v1/bulk", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and len(plain.data) > 2048
    zipped = client.get("/api/v1/bulk", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.data) == plain.data and len(zipped.data) < len(plain.data)
    br = client.get("/api/v1/bulk", headers={"Accept-Encoding": "br"})
    assert br.headers["Content-Encoding"] == "br" and brotli.decompress(br.data) == plain.data
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert zipped.headers["ETag"] != plain.headers["ETag"]  # one validator per encoding
    ping = client.get("/api/v1/ping", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in ping.headers


# ----------------------------------------------------------------- index and sets
def test_the_index_lists_every_endpoint(client: FlaskClient) -> None:
    data = client.get("/api/v1").get_json()
    listed = {(e["method"], e["path"]) for e in data["endpoints"]}
    for op in OPERATIONS:
        path = "/api/v1" + op.rule.replace("<", "{").replace(">", "}")
        assert (op.method, path) in listed
    for endpoint in data["endpoints"]:
        if endpoint["uri"]:
            assert client.get(_path(endpoint["uri"])).status_code == 200, endpoint


def test_sets_in_release_order_covered_first(client: FlaskClient) -> None:
    sets = client.get("/api/v1/sets").get_json()["sets"]
    covered = [e["id"] for e in sets if e["covered"]]
    assert covered == ["base", "prosperity", "plunder"]  # release order, from the sources
    assert [e["name"] for e in sets if e["covered"]] == ["Dominion", "Prosperity", "Plunder"]
    uncovered = [e for e in sets if not e["covered"]]
    # The fixture catalogue covers three sets; every other published set is known by
    # name only, Hinterlands first (it is the oldest of them), then in release order.
    assert [e["id"] for e in uncovered][:2] == ["hinterlands", "adventures"]
    assert "Margrave" in uncovered[0]["card_names"]
    assert "Overlord" in next(e for e in uncovered if e["id"] == "empires")["card_names"]
    base = sets[0]
    assert base["rulings"] > 0 and base["demonstrated"] > 0
    assert base["card_text_demonstrations"] == 1  # the fixture's Village demonstration


# ----------------------------------------------------------------- facets and parameters
@pytest.mark.parametrize("url", [
    "/api/v1/search?q=feast&set=nope", "/api/v1/search?q=feast&type=nope",
    "/api/v1/search?q=feast&kind=nope", "/api/v1/search?q=feast&source=nope",
    "/api/v1/cards?set=nope", "/api/v1/audit?set=nope",
])
def test_an_unknown_facet_value_is_one_400_with_choices(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 400
    data = response.get_json()
    assert data["code"] == "invalid_input" and data["choices"]
    field = url.rsplit("&", 1)[-1].split("?")[-1].split("=")[0]
    assert data["fields"] == {field: [f"unknown {field}"]}


def test_known_facet_values_still_filter(client: FlaskClient) -> None:
    assert client.get("/api/v1/search?q=feast&set=base").status_code == 200
    assert client.get("/api/v1/search?q=feast&type=Action").status_code == 200
    assert client.get("/api/v1/cards?set=prosperity").get_json()["total"] == 2


@pytest.mark.parametrize("url", ["/", "/search?q=feast", "/cards/feast", "/kingdoms",
                                 "/rulings/feast-53fe0b", "/audit", "/search"])
def test_pages_ignore_unknown_parameters(client: FlaskClient, url: str) -> None:
    sep = "&" if "?" in url else "?"
    response = client.get(f"{url}{sep}utm_source=discord&fbclid=x")
    assert response.status_code == 200
    assert "Unknown parameter" not in response.get_data(as_text=True)


def test_the_api_answers_unknown_parameters_with_a_warning(client: FlaskClient) -> None:
    for url in ("/api/v1/search?q=feast&utm_source=discord", "/api/v1/cards?utm_source=discord",
                "/api/v1/cards/autocomplete?q=Fe&utm_source=discord",
                "/api/v1/audit?set=base&utm_source=discord"):
        response = client.get(url)
        assert response.status_code == 200
        assert "Unknown parameter 'utm_source' ignored." in response.get_json()["warnings"]


# ----------------------------------------------------------------- OpenAPI and bulk
def test_named_requires_exactly_one_of_exact_and_fuzzy_in_the_document(
        client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    (param,) = spec["paths"]["/api/v1/cards/named"]["get"]["parameters"]
    assert param["required"] is True and param["style"] == "form" and param["explode"] is True
    schema = param["schema"]
    assert schema["oneOf"] == [{"required": ["exact"]}, {"required": ["fuzzy"]}]
    assert schema["additionalProperties"] is False
    assert client.get("/api/v1/cards/named?exact=Feast&fuzzy=feast").status_code == 400


def test_bulk_is_the_whole_corpus_with_a_versioned_schema(client: FlaskClient,
                                                          corpus: Corpus) -> None:
    data = client.get("/api/v1/bulk").get_json()
    assert data["schema_version"] == s.BULK_SCHEMA_VERSION
    for name in ("cards", "rulings", "kingdoms", "sources"):
        records = getattr(corpus, name)
        assert len(data[name]) == len(records)
        for sent, record in zip(data[name], records, strict=True):
            missing = set(record) - set(sent)
            assert not missing, f"bulk drops {name} fields {missing}"
    assert {e["id"] for e in data["sets"]} >= {"base", "hinterlands"}


def test_bulk_keeps_every_field_of_a_real_build_record() -> None:
    """Every field the build writes (aliases, printed_in, cross_references...) is declared."""
    card = {"name": "Knights", "slug": "knights", "set": "dark-ages", "sets": ["dark-ages"],
            "cost": None, "types": [], "kind": "pile", "text": "", "pile_size": 10,
            "in_scope": True, "implemented": False, "ruling_ids": [], "aliases": ["Knight"],
            "members": ["Sir Martin"], "related_ruling_ids": ["r-1"],
            "printed_in": [{"document": "d", "start": 1, "end": 2, "role": "entry"}]}
    ruling = {"id": "r-1", "card": "Possession", "card_slug": "possession",
              "cards": ["Possession"], "topic": None, "set": "alchemy", "text": "t",
              "sources": [{"document": "d", "start": 1, "end": 2}], "mentions": [],
              "kind": "card", "order": 1, "icon_gaps": 0, "icons_restored": False,
              "cross_references": [{"card": "Secret Chamber", "set": "intrigue"}]}
    card_fields = set(s.BulkCardSchema().fields) - {"covered", "coverage_note", "uri", "web_uri"}
    ruling_fields = set(s.BulkRulingSchema().fields)
    assert set(card) <= card_fields and set(ruling) <= ruling_fields
