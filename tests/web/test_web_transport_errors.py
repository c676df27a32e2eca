"""Requests broken at the HTTP level, under real gunicorn: one JSON error shape, security headers.

Malformed request lines and versions are refused by gunicorn's parser, a
malformed or oversized chunked body while the body is read; each must answer
in the API's shape with the security headers, never gunicorn's HTML page or
a 500. Bodies that are JSON but cannot be a request (990 levels deep, a lone
surrogate) are refused as ``invalid_input`` by the app itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from live_server import live_server, parse_response, raw_request

from rulings_service.web.headers import SECURITY_HEADERS


@pytest.fixture(scope="module")
def port(app: Flask) -> Iterator[int]:
    with live_server(app) as found:
        yield found


def _post_chunked(port: int, chunks: bytes) -> tuple[int, dict[str, str], bytes]:
    head = (b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            b"Connection: close\r\n\r\n")
    return parse_response(raw_request(port, head + chunks))


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n" % len(data) + data + b"\r\n"


def _assert_error_shape(status: int, headers: dict[str, str], body: bytes, expected: int,
                        code: str) -> None:
    assert status == expected, body
    assert headers["content-type"].startswith("application/json")
    data = json.loads(body)
    assert data["status"] == expected and data["code"] == code
    assert set(data) == {"status", "code", "details", "warnings"}
    for name, value in SECURITY_HEADERS.items():
        assert headers[name.lower()] == value
    assert headers["cache-control"] == "no-store"


@pytest.mark.parametrize("request_bytes", [
    b"GARBAGE\r\n\r\n",
    b"GET /api/v1/ping HTTP/9.9\r\nHost: localhost\r\n\r\n",
    b"G\x00T /api/v1/ping HTTP/1.1\r\nHost: localhost\r\n\r\n",
    b"GET /api/v1/ping HTTP/1.1\r\nBad Header Name: x\r\n\r\n",
])
def test_malformed_requests_answer_400_in_the_error_shape(port: int,
                                                          request_bytes: bytes) -> None:
    _assert_error_shape(*parse_response(raw_request(port, request_bytes)), 400, "bad_request")


def test_a_chunked_body_is_read(port: int) -> None:
    status, _, body = _post_chunked(port, _chunk(b'{"message": ') + _chunk(b'"[[Village]]"}')
                                    + b"0\r\n\r\n")
    assert status == 200 and json.loads(body)["references"][0]["found"] is True


def test_bad_chunked_encoding_answers_400(port: int) -> None:
    _assert_error_shape(*_post_chunked(port, b"zz\r\nabc\r\n0\r\n\r\n"), 400, "bad_request")


def test_oversized_chunked_body_answers_413(port: int) -> None:
    one_mb = b"".join(_chunk(b"a" * 65536) for _ in range(16)) + b"0\r\n\r\n"
    _assert_error_shape(*_post_chunked(port, one_mb), 413, "request_too_large")


def test_oversized_declared_body_answers_413(port: int) -> None:
    head = (b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
            b"application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n")
    _assert_error_shape(*parse_response(raw_request(port, head + b"a" * 100_000)), 413,
                        "request_too_large")


@pytest.mark.parametrize("body", [
    '{"message": "[[\\ud800]]"}',
    '{"message": "\\udc00"}',
    '{"message": ' + "[" * 990 + "]" * 990 + "}",
    "[" * 2000 + "]" * 2000,
    '{"message": "[[Village]]", "x": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}",
])
def test_json_bodies_too_deep_or_not_unicode_are_invalid_input(client: FlaskClient,
                                                               body: str) -> None:
    response = client.post("/api/v1/resolve", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["code"] == "invalid_input"


def test_json_at_the_depth_limit_still_reaches_the_schema(client: FlaskClient) -> None:
    body = '{"message": "[[Village]]", "x": ' + "[" * 30 + "]" * 30 + "}"
    response = client.post("/api/v1/resolve", data=body, content_type="application/json")
    # 31 levels is within the limit: the schema, not the decoder, refuses the unknown field.
    assert response.status_code in (400, 422)
    assert "deeper than" not in response.get_json()["details"]
