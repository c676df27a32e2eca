"""The fixture app under real gunicorn, with ``rulings serve``'s options, on a loopback port.

Shared by the tests that must see what a socket sees: gunicorn's own parser,
its workers and deadlines. gunicorn runs in a forked child in its own process
group, so stopping it stops its workers too.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask

from rulings_service.cli.serve_commands import gunicorn_options, run_gunicorn

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def raw_request(port: int, data: bytes, timeout: float = 10.0) -> bytes:
    """Send ``data`` as is and return everything the server answers until it closes."""
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(data)
        out = b""
        while chunk := sock.recv(65536):
            out += chunk
    return out


def parse_response(data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Status, lower-cased headers and body of one raw HTTP/1.1 response."""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def get(port: int, target: str, extra: str = "") -> tuple[int, dict[str, str], bytes]:
    """One raw GET (``extra``: more header lines); the status, the headers and the body."""
    return parse_response(raw_request(
        port, f"GET {target} HTTP/1.1\r\nHost: localhost\r\n{extra}"
              "Connection: close\r\n\r\n".encode()))


def _serve(app: Flask, options: dict[str, Any]) -> None:
    os.setsid()  # its own process group, so the test can stop gunicorn and its workers
    run_gunicorn(app, options)


@contextmanager
def live_server(app: Flask, workers: int = 1, **overrides: Any) -> Iterator[int]:
    """Serve ``app`` like ``rulings serve`` would; yields the port."""
    port = free_port()
    options = {**gunicorn_options(HOST, port, workers=workers), **overrides}
    process = mp.get_context("fork").Process(target=_serve, args=(app, options), daemon=False)
    process.start()
    deadline = time.monotonic() + 30
    while True:
        try:
            if get(port, "/api/v1/ping")[0] == 200:
                break
        except OSError:
            if time.monotonic() > deadline:
                os.killpg(process.pid, signal.SIGKILL)
                raise RuntimeError("gunicorn did not start") from None
            time.sleep(0.1)
    try:
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.join(timeout=20)
        if process.is_alive():
            os.killpg(process.pid, signal.SIGKILL)
            process.join(timeout=5)
