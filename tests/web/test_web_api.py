"""The /api/v1 endpoints and the OpenAPI document."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from rulings_service.corpus_store import Corpus


def test_search_endpoint(client: FlaskClient) -> None:
    data = client.get("/api/v1/search?q=feast&limit=2").get_json()
    assert data["query"] == "feast"
    assert 0 < data["count"] <= 2
    assert {"ruling_id", "card", "card_slug", "text", "score", "snippet_html"} <= set(
        data["results"][0])


def test_search_requires_q_and_bounds_limit(client: FlaskClient) -> None:
    missing = client.get("/api/v1/search")
    assert missing.status_code == 400
    assert missing.get_json()["code"] == "invalid_input"
    assert "q" in missing.get_json()["fields"]
    too_many = client.get("/api/v1/search?q=feast&limit=500")
    assert too_many.status_code == 400 and "limit" in too_many.get_json()["fields"]
    not_int = client.get("/api/v1/search?q=feast&limit=abc")
    assert not_int.status_code == 400


def test_cards_list_and_set_filter(client: FlaskClient, corpus: Corpus) -> None:
    data = client.get("/api/v1/cards").get_json()
    assert data["count"] == len(corpus.cards) == len(data["cards"])
    prosperity = client.get("/api/v1/cards?set=prosperity").get_json()
    assert {c["name"] for c in prosperity["cards"]} == {"King's Court", "Worker's Village"}


def test_card_by_slug(client: FlaskClient) -> None:
    data = client.get("/api/v1/cards/throne-room").get_json()
    assert data["card"]["slug"] == "throne-room"
    assert len(data["rulings"]) == 2
    assert client.get("/api/v1/cards/no-such-card").status_code == 404


def test_named_exact_and_fuzzy(client: FlaskClient) -> None:
    exact = client.get("/api/v1/cards/named?exact=king's court")
    assert exact.status_code == 200 and exact.get_json()["slug"] == "kings-court"
    assert client.get("/api/v1/cards/named?exact=kings cour").status_code == 404
    fuzzy = client.get("/api/v1/cards/named?fuzzy=throne")
    assert fuzzy.status_code == 200 and fuzzy.get_json()["name"] == "Throne Room"


def test_named_ambiguous_lists_candidates(client: FlaskClient) -> None:
    response = client.get("/api/v1/cards/named?fuzzy=village")
    # "village" is exactly Village, so not ambiguous; a prefix of two names is.
    assert response.status_code == 200
    ambiguous = client.get("/api/v1/cards/named?fuzzy=mar")
    body = ambiguous.get_json()
    assert ambiguous.status_code == 404
    assert body["code"] == "ambiguous"
    assert set(body["candidates"]) >= {"Market", "Margrave"}


def test_named_needs_exactly_one_parameter(client: FlaskClient) -> None:
    for query in ("", "?exact=a&fuzzy=b"):
        response = client.get(f"/api/v1/cards/named{query}")
        assert response.status_code == 400
        assert "exactly one" in response.get_json()["details"]


def test_autocomplete(client: FlaskClient) -> None:
    data = client.get("/api/v1/cards/autocomplete?q=Th").get_json()
    assert "Throne Room" in data["names"] and len(data["names"]) <= 20
    assert client.get("/api/v1/cards/autocomplete?q=").get_json()["names"] == []


def test_autocomplete_never_errors(client: FlaskClient) -> None:
    """A type-ahead box gets names or none, with a warning, never a 4xx."""
    for query, warned in (("", "prefix in 'q'"), ("?q=" + "a" * 250, "longer than 200"),
                          ("?q=%00%01", "control characters"), ("?x=1", "prefix in 'q'")):
        response = client.get(f"/api/v1/cards/autocomplete{query}")
        assert response.status_code == 200, query
        data = response.get_json()
        assert data["names"] == [] and warned in data["warnings"][0]
    assert client.get("/api/v1/cards/autocomplete?q=Th").get_json()["warnings"] == []


def test_ruling_and_source_endpoints(client: FlaskClient, corpus: Corpus) -> None:
    ruling = corpus.rulings[0]
    data = client.get(f"/api/v1/rulings/{ruling['id']}").get_json()
    assert data["ruling"]["text"] == ruling["text"]
    assert client.get("/api/v1/rulings/feast-000000").status_code == 404
    source = client.get("/api/v1/sources/plunder-rulebook").get_json()
    assert source["source"]["id"] == "plunder-rulebook"
    assert [r["card"] for r in source["rulings"]] == ["General rules: Durations"]


def test_kingdoms_and_bulk(client: FlaskClient, corpus: Corpus) -> None:
    assert client.get("/api/v1/kingdoms").get_json()["count"] == 1
    bulk = client.get("/api/v1/bulk").get_json()
    assert bulk["build_id"] == corpus.build_id
    assert len(bulk["rulings"]) == len(corpus.rulings)
    assert bulk["cards"][0]["name"] == corpus.cards[0]["name"]


def test_resolve_cards_and_rulings(client: FlaskClient, corpus: Corpus) -> None:
    message = "Does [[Throne Room?]] work with [[feast]]? And [[mar]] and [[Nothing Like It]]"
    response = client.post("/api/v1/resolve", json={"message": message})
    assert response.status_code == 200
    data = response.get_json()
    refs = {r["query"]: r for r in data["references"]}
    assert refs["Throne Room"]["want_rulings"] and refs["Throne Room"]["found"]
    top = [r["id"] for r in refs["Throne Room"]["rulings"]]
    # The Feast ruling that answers the question (it mentions Throne Room) comes first.
    assert top[0] == "feast-41bc7f" and len(top) == 3
    mentioning = {r["id"] for r in corpus.rulings_mentioning("Throne Room")}
    own = {r["id"] for r in corpus.rulings_for_card("throne-room")}
    assert set(top) <= own | mentioning
    assert refs["feast"]["card"]["name"] == "Feast" and refs["feast"]["rulings"] == []
    assert refs["mar"]["found"] is False and "Market" in refs["mar"]["candidates"]
    assert refs["Nothing Like It"]["found"] is False
    text = data["text"]
    assert "Throne Room (Action, $4, base)" in text
    assert refs["Throne Room"]["rulings"][0]["text"] in text
    assert "http://localhost/cards/feast" in text
    assert "[[mar]]: did you mean" in text and "[[Nothing Like It]]: no such card." in text


def test_resolve_ranks_rulings_by_the_message(client: FlaskClient, corpus: Corpus) -> None:
    """Different questions about one card pick different rulings, by the search."""
    feast = client.post("/api/v1/resolve",
                        json={"message": "Does [[Throne Room?]] double a [[Feast]]?"}).get_json()
    assert "feast-41bc7f" in [r["id"] for r in feast["references"][0]["rulings"]]
    actions = client.post("/api/v1/resolve", json={
        "message": "does the second play of [[Throne Room?]] use up extra Actions"}).get_json()
    assert actions["references"][0]["rulings"][0]["id"] == "throne-room-9c211f"


def test_resolve_falls_back_to_document_order(app, client: FlaskClient, corpus: Corpus,
                                              monkeypatch) -> None:
    from types import SimpleNamespace

    searcher = app.extensions["rulings"].searcher
    monkeypatch.setattr(searcher, "search", lambda *a, **k: SimpleNamespace(results=[]))
    data = client.post("/api/v1/resolve", json={"message": "[[Throne Room?]]"}).get_json()
    assert [r["id"] for r in data["references"][0]["rulings"]] == [
        r["id"] for r in corpus.rulings_for_card("throne-room")][:3]


def test_search_text_neutralises_query_syntax() -> None:
    from rulings_service.web.resolve import search_text

    assert search_text('Does [[Throne Room?]] or -"x" set:base [[Feast]]?') == (
        "Does Throne Room x set base Feast?")


def test_resolve_without_references_warns(client: FlaskClient) -> None:
    data = client.post("/api/v1/resolve", json={"message": "no brackets here"}).get_json()
    assert data["references"] == [] and data["warnings"]


def test_resolve_caps_the_number_of_references(client: FlaskClient) -> None:
    message = " ".join(f"[[Card {i}]]" for i in range(15))
    data = client.post("/api/v1/resolve", json={"message": message}).get_json()
    assert len(data["references"]) == 10
    assert "first 10 of 15" in data["warnings"][0]


def test_openapi_document_describes_every_api_route(client: FlaskClient, app) -> None:
    spec = client.get("/api/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    documented = set(spec["paths"])
    routed = {
        "/api/v1" + rule.rule[len("/api/v1"):].replace("<", "{").replace(">", "}")
        for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1")
    }
    assert documented == routed
    for ops in spec["paths"].values():
        for op in ops.values():
            assert "200" in op["responses"] and "405" in op["responses"]
    assert "Error" in spec["components"]["schemas"]


def test_ping(client: FlaskClient, corpus: Corpus) -> None:
    assert client.get("/api/v1/ping").get_json() == {"ok": True, "build_id": corpus.build_id}


def test_search_answer_equals_its_schema_dump(client: FlaskClient) -> None:
    """The search endpoint skips marshmallow for speed; its answer must be the schema's dump."""
    from rulings_service.web.schemas import SearchResultSchema

    for query in ("q=throne+room+feast", "q=feast&set=base", "q=zzzz", "q=%00",
                  "q=card:feast+or+card:cellar&limit=2",
                  "q=base+2+cost+card+where+you+discard+any+number+and+draw+that+many"):
        data = client.get(f"/api/v1/search?{query}").get_json()
        dumped = SearchResultSchema().dump(data)
        # As JSON text, so a count sent as 3.0 where the schema says 3 differs.
        assert json.dumps(data) == json.dumps(dumped), query
        assert list(data) == list(SearchResultSchema().fields), query
    assert client.get("/api/v1/search?q=feast").get_json()["results"]  # not vacuous
