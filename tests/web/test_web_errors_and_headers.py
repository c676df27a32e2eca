"""The error shape, HTML error pages, caching headers, security headers and limits."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from rulings_service.web.headers import CSP

ERROR_KEYS = {"status", "code", "details", "warnings"}


def _assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) >= ERROR_KEYS
    assert body["status"] == status and body["code"] == code
    assert isinstance(body["warnings"], list) and body["details"]
    assert response.headers["Cache-Control"] == "no-store"
    return body


def test_routing_404_is_json_under_api_and_twins(client: FlaskClient) -> None:
    _assert_error(client.get("/api/v1/nothing/here"), 404, "not_found")
    _assert_error(client.get("/cards/not-a-card.json"), 404, "not_found")
    _assert_error(client.get("/rulings/nope.json"), 404, "not_found")
    _assert_error(client.get("/sources/nope.json"), 404, "not_found")


def test_routing_405_is_json_with_allow(client: FlaskClient) -> None:
    body = _assert_error(client.post("/api/v1/search?q=x"), 405, "method_not_allowed")
    assert "GET" in body["allowed"]
    response = client.get("/api/v1/resolve")
    _assert_error(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]


def test_browsers_get_html_error_pages(client: FlaskClient) -> None:
    response = client.get("/cards/not-a-card", headers={"Accept": "text/html"})
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "No card is known as" in response.get_data(as_text=True)
    response = client.get("/no/such/page", headers={"Accept": "text/html,*/*"})
    assert response.status_code == 404 and response.mimetype == "text/html"


def test_json_accept_header_gets_json_errors_on_page_paths(client: FlaskClient) -> None:
    response = client.get("/cards/not-a-card", headers={"Accept": "application/json"})
    _assert_error(response, 404, "not_found")


def test_get_responses_carry_etag_and_cache_control(client: FlaskClient) -> None:
    for path in ("/cards/feast", "/cards/feast.json", "/api/v1/cards/feast", "/search?q=feast"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["ETag"]
        assert "max-age=" in response.headers["Cache-Control"]


def test_etag_revalidation_gives_304(client: FlaskClient) -> None:
    first = client.get("/api/v1/cards/feast")
    again = client.get("/api/v1/cards/feast", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    other = client.get("/api/v1/cards/feast", headers={"If-None-Match": '"stale"'})
    assert other.status_code == 200


def test_etag_changes_with_the_build(app, client: FlaskClient) -> None:
    before = client.get("/api/v1/cards/feast").headers["ETag"]
    corpus = app.extensions["rulings"].corpus
    saved = corpus.build_id
    corpus.build_id = "another-build"
    try:
        after = client.get("/api/v1/cards/feast").headers["ETag"]
    finally:
        corpus.build_id = saved
    assert before != after


@pytest.mark.parametrize("path", ["/", "/cards/feast", "/api/v1/cards/feast", "/nope"])
def test_security_headers_everywhere(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["Content-Security-Policy"] == CSP
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_post_is_not_cached(client: FlaskClient) -> None:
    response = client.post("/api/v1/resolve", json={"message": "[[Feast]]"})
    assert response.headers["Cache-Control"] == "no-store"
    assert "ETag" not in response.headers


def test_repeated_gets_come_from_the_response_cache(app, client: FlaskClient) -> None:
    cache = app.extensions["rulings_cache"]
    url = "/api/v1/search?q=careful+count+of+your+actions"
    first = client.get(url)
    hits = cache.hits
    second = client.get(url)
    assert cache.hits == hits + 1
    assert second.get_data() == first.get_data()
    assert second.headers["ETag"] == first.headers["ETag"]  # headers still added on a hit
    assert second.headers["Content-Security-Policy"] == CSP
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")


def test_errors_are_never_cached(app, client: FlaskClient) -> None:
    cache = app.extensions["rulings_cache"]
    client.get("/api/v1/cards/not-cached-card")
    hits = cache.hits
    assert client.get("/api/v1/cards/not-cached-card").status_code == 404
    assert cache.hits == hits


def test_cache_can_be_turned_off(app) -> None:
    from rulings_service.app import create_app

    plain = create_app({"TESTING": True, "RESPONSE_CACHE_BYTES": 0},
                       services=app.extensions["rulings"])
    assert "rulings_cache" not in plain.extensions
    assert plain.test_client().get("/api/v1/cards/feast").status_code == 200
