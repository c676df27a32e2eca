"""Over-long URLs under real gunicorn: every length answers in the API's error shape.

The fixture app is served by ``run_gunicorn`` with the options ``rulings
serve`` uses (one worker, forked from a child process of this test) on a
free loopback port, and raw HTTP/1.1 requests are sent over a socket, so the
request line reaches gunicorn's own parser exactly as a client wrote it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from flask import Flask
from live_server import get as _get
from live_server import live_server

from rulings_service.cli.serve_commands import MAX_REQUEST_LINE


@pytest.fixture(scope="module")
def gunicorn_port(app: Flask) -> Iterator[int]:
    with live_server(app) as port:
        yield port


@pytest.mark.parametrize("length", [5000, 8000, 9000, 100_000])
def test_long_urls_answer_in_the_error_shape(gunicorn_port: int, length: int) -> None:
    status, headers, body = _get(gunicorn_port, "/api/v1/cards/" + "a" * length)
    assert status == 414 and headers["content-type"].startswith("application/json")
    data = json.loads(body)
    assert set(data) >= {"status", "code", "details", "warnings"}
    assert data["status"] == 414 and data["code"] == "uri_too_long"
    assert headers["cache-control"] == "no-store" and "content-security-policy" in headers
    # Up to gunicorn's request-line limit the app itself answers; beyond it, the worker.
    assert ("path is longer" in data["details"]) == (length < MAX_REQUEST_LINE - 40)


def test_long_query_string_and_normal_requests(gunicorn_port: int) -> None:
    status, _, body = _get(gunicorn_port, "/api/v1/search?q=feast&pad=" + "b" * 6000)
    assert status == 414 and "query string" in json.loads(body)["details"]
    status, _, body = _get(gunicorn_port, "/api/v1/cards/feast")
    assert status == 200 and json.loads(body)["card"]["name"] == "Feast"


def test_oversized_header_answers_in_the_error_shape(gunicorn_port: int) -> None:
    status, headers, body = _get(gunicorn_port, "/api/v1/ping", f"X-Big: {'b' * 9000}\r\n")
    assert status == 431 and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == "headers_too_large"
