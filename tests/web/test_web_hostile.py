"""Hostile input: markup and quotes in queries and paths, bad bodies, huge bodies."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from rulings_service.web.schemas import MAX_NAME, MAX_QUERY

PROBE = "<script>alert('x')</script>\"><img src=x onerror=alert(1)>"


def test_script_in_search_query_is_escaped(client: FlaskClient) -> None:
    response = client.get("/search", query_string={"q": PROBE})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(" in html
    # Also in the twin URL of the alternate link and in the form value.
    assert 'value="&lt;script&gt;' in html


def test_script_in_path_is_escaped(client: FlaskClient) -> None:
    response = client.get("/cards/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                          headers={"Accept": "text/html"})
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "<script>alert" not in html


def test_quotes_in_json_queries(client: FlaskClient) -> None:
    response = client.get("/api/v1/search", query_string={"q": "\"feast' OR 1=1 --"})
    assert response.status_code == 200
    assert response.get_json()["query"] == "\"feast' OR 1=1 --"
    named = client.get("/api/v1/cards/named", query_string={"fuzzy": PROBE})
    assert named.status_code == 404 and named.get_json()["code"] in {"not_found", "ambiguous"}


@pytest.mark.parametrize("q", ["\x00", "\x00\x01feast", "   ", "AND OR NOT", "*", "\"", "(((",
                               "feast~2", "throne^3", "[[x]]", "ü" * 50])
def test_odd_queries_never_fail(client: FlaskClient, q: str) -> None:
    response = client.get("/api/v1/search", query_string={"q": q})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert isinstance(response.get_json()["results"], list)


def test_query_length_limits(client: FlaskClient) -> None:
    chatty = "so my opponent plays a knight and i reveal cultist " * 9  # about 460 characters
    assert client.get("/api/v1/search", query_string={"q": chatty[:MAX_QUERY]}).status_code == 200
    long_q = client.get("/api/v1/search", query_string={"q": "a" * (MAX_QUERY + 1)})
    assert long_q.status_code == 400 and "q" in long_q.get_json()["fields"]
    assert client.get("/search", query_string={"q": "a" * (MAX_QUERY + 1)}).status_code == 400
    long_name = client.get("/api/v1/cards/named", query_string={"exact": "a" * (MAX_NAME + 1)})
    assert long_name.status_code == 400
    huge = client.get("/api/v1/search", query_string={"q": "a", "pad": "b" * 5000})
    assert huge.status_code == 414 and huge.get_json()["code"] == "uri_too_long"


@pytest.mark.parametrize("body", [b"{", b"[1, 2]", b"null", b"\xff\xfe", b"{\"message\": 5}"])
def test_malformed_json_bodies(client: FlaskClient, body: bytes) -> None:
    response = client.post("/api/v1/resolve", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] in {"malformed_json", "invalid_input"}


def test_body_must_be_json(client: FlaskClient) -> None:
    response = client.post("/api/v1/resolve", data="message=hi", content_type="text/plain")
    assert response.status_code == 415 and response.get_json()["code"] == "unsupported_media_type"


def test_oversized_body_is_refused(client: FlaskClient) -> None:
    body = b'{"message": "' + b"x" * 70_000 + b'"}'
    response = client.post("/api/v1/resolve", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["code"] == "request_too_large"


def test_overlong_message_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/v1/resolve", json={"message": "[[Feast]] " * 500})
    assert response.status_code == 400 and "message" in response.get_json()["fields"]


def test_unknown_slugs_and_ids(client: FlaskClient) -> None:
    for path in ("/cards/..", "/cards/%2e%2e%2fetc", "/rulings/' OR 1=1", "/sources/..%2F..",
                 "/api/v1/rulings/%00", "/api/v1/cards/ä"):
        response = client.get(path, headers={"Accept": "application/json"})
        assert response.status_code == 404, path
        assert response.get_json()["code"] == "not_found"


def test_snippets_pass_only_escaped_text_with_marks() -> None:
    from rulings_service.web.filters import marked

    good = "Play &lt;b&gt; <mark>Feast</mark> twice"
    assert str(marked(good)) == good
    assert str(marked('<img src=x onerror=alert(1)> <mark>a</mark>')) == (
        "&lt;img src=x onerror=alert(1)&gt; &lt;mark&gt;a&lt;/mark&gt;")
    assert str(marked("<mark>open only")) == "open only"
    assert str(marked(None)) == ""


def test_head_requests_get_headers_without_body(client: FlaskClient) -> None:
    response = client.head("/api/v1/cards/feast")
    assert response.status_code == 200 and response.get_data() == b""
    assert response.headers["ETag"] and response.headers["Content-Security-Policy"]
