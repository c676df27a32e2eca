"""How the search read a question, shown to people and bots: the card a description
was read as ("read as") and the API's ``read_as`` field."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

DESCRIBED = ("base 2 cost card where you discard any number and draw that many,"
             " can it discard itself")


def test_the_api_names_the_card_a_description_was_read_as(client: FlaskClient) -> None:
    data = client.get("/api/v1/search", query_string={"q": DESCRIBED}).get_json()
    assert [r["card"] for r in data["read_as"]][:1] == ["Cellar"]
    first = data["read_as"][0]
    assert 0 < first["confidence"] <= 1
    assert first["uri"].endswith("/api/v1/cards/cellar")
    assert first["web_uri"].endswith("/cards/cellar")
    assert client.get(first["uri"]).status_code == 200
    assert data["results"][0]["card"] == "Cellar"


def test_a_named_question_is_read_as_nothing(client: FlaskClient) -> None:
    for question in ("cellar", "throne room feast", "can cellar discard itself"):
        data = client.get("/api/v1/search", query_string={"q": question}).get_json()
        assert data["read_as"] == [], question


def test_the_openapi_document_describes_read_as(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    result = next(s for name, s in schemas.items() if name.startswith("SearchResult"))
    assert "read_as" in result["properties"] and "read_as" in result["required"]
    read_as = next(s for name, s in schemas.items() if name.startswith("ReadAs"))
    assert {"card", "confidence", "uri"} <= set(read_as["properties"])


def test_the_search_page_says_what_it_read_the_question_as(client: FlaskClient) -> None:
    html = client.get("/search", query_string={"q": DESCRIBED}).get_data(as_text=True)
    shown = re.search(r'<p class="read-as">(.*?)</p>', html, re.S)
    assert shown, "no read-as line"
    assert 'Read as: <a href="/cards/cellar">Cellar</a>' in shown.group(1)
    assert "our inference" in shown.group(1)


def test_the_search_page_of_a_named_question_has_no_read_as(client: FlaskClient) -> None:
    html = client.get("/search", query_string={"q": "cellar"}).get_data(as_text=True)
    assert 'class="read-as"' not in html
    assert "Cellar" in html  # the page itself rendered its hits


def _connects(data: dict) -> list[str]:
    return [w for w in data["warnings"] if w.startswith("no ruling connects")]


def test_the_api_warns_when_no_ruling_connects_the_named_cards(client: FlaskClient) -> None:
    data = client.get("/api/v1/search", query_string={"q": "cellar village"}).get_json()
    assert _connects(data) == [
        "no ruling connects Cellar and Village; the results show each card's closest rulings"]
    assert {"Cellar", "Village"} <= {hit["card"] for hit in data["results"]}


def test_the_api_does_not_warn_when_a_ruling_connects_them(client: FlaskClient) -> None:
    data = client.get("/api/v1/search", query_string={"q": "feast throne room"}).get_json()
    assert _connects(data) == []
    assert data["results"][0]["text"].startswith("If you use Throne Room on Feast")


def test_the_search_page_shows_the_warning_and_both_cards(client: FlaskClient) -> None:
    html = client.get("/search", query_string={"q": "cellar village"}).get_data(as_text=True)
    assert re.search(r'<p class="warning">no ruling connects Cellar and Village;', html)
    assert 'href="/cards/cellar"' in html and 'href="/cards/village"' in html
    connected = client.get("/search", query_string={"q": "feast throne room"})
    assert "no ruling connects" not in connected.get_data(as_text=True)
