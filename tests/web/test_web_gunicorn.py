"""Over-long URLs under real gunicorn: every length answers in the API's error shape.

The fixture app is served by ``run_gunicorn`` with the options ``rulings
serve`` uses (one worker, forked from a child process of this test) on a
free loopback port, and raw HTTP/1.1 requests are sent over a socket, so the
request line reaches gunicorn's own parser exactly as a client wrote it.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import socket
import time
from collections.abc import Iterator

import pytest
from flask import Flask

from rulings_service.cli.serve_commands import MAX_REQUEST_LINE, gunicorn_options, run_gunicorn


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(app: Flask, port: int) -> None:
    os.setsid()  # its own process group, so the test can stop gunicorn and its worker
    run_gunicorn(app, gunicorn_options("127.0.0.1", port, workers=1, threads=2))


def _get(port: int, target: str, extra: str = "") -> tuple[int, dict[str, str], bytes]:
    """One raw GET (``extra``: more header lines); the status, the headers and the body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: localhost\r\n{extra}"
                     "Connection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


@pytest.fixture(scope="module")
def gunicorn_port(app: Flask) -> Iterator[int]:
    port = _free_port()
    process = mp.get_context("fork").Process(target=_serve, args=(app, port), daemon=False)
    process.start()
    deadline = time.monotonic() + 30
    while True:
        try:
            if _get(port, "/api/v1/ping")[0] == 200:
                break
        except OSError:
            if time.monotonic() > deadline:
                process.kill()
                pytest.fail("gunicorn did not start")
            time.sleep(0.1)
    yield port
    os.killpg(process.pid, signal.SIGTERM)
    process.join(timeout=20)
    if process.is_alive():
        os.killpg(process.pid, signal.SIGKILL)


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
