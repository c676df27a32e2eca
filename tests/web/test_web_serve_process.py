"""The service as ``rulings serve`` starts it: links from configuration, not from the Host
header; two replicas of one build give identical ETags (so a proxy or CDN may revalidate
against either); slow clients cannot starve it.

The slow clients: each of 200 sockets sends a request line and then one header
byte a second, as a slowloris script does, and reconnects when the server
closes it. Meanwhile four clients make ordinary requests (search, card, ping),
each on a new connection. Bounded: 10 s of slow sockets, loopback only.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import HOST, get, parse_response, raw_request
from serve_process import rulings_serve

SLOW_SOCKETS = 200
HOLD_SECONDS = 10.0
PROBE_THREADS = 4
TARGETS = ("/api/v1/search?q=village", "/api/v1/cards/feast", "/api/v1/ping")


def _open_slow(port: int) -> socket.socket | None:
    try:
        sock = socket.create_connection((HOST, port), timeout=2)
        sock.sendall(b"GET /api/v1/ping HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        return sock
    except OSError:
        return None


def _trickle(port: int, stop: threading.Event, opened: list[int]) -> None:
    """Keep ``SLOW_SOCKETS`` slow sockets open, one byte a second each, until ``stop``."""
    socks = [s for s in (_open_slow(port) for _ in range(SLOW_SOCKETS)) if s]
    opened.append(len(socks))
    while not stop.wait(1.0):
        for i, sock in enumerate(socks):
            try:
                sock.sendall(b"a")
            except OSError:  # closed by the server's header deadline: come back, as attackers do
                sock.close()
                socks[i] = _open_slow(port) or sock
    for sock in socks:
        sock.close()


def _probe(port: int, stop: threading.Event, latencies: list[float], errors: list[str]) -> None:
    i = 0
    while not stop.is_set():
        target = TARGETS[i % len(TARGETS)]
        i += 1
        began = time.perf_counter()
        try:
            status = get(port, target)[0]
        except OSError as exc:
            errors.append(f"{target}: {exc!r}")
            continue
        latencies.append(time.perf_counter() - began)
        if status != 200:
            errors.append(f"{target}: {status}")


@pytest.fixture(scope="module")
def port(shipped_build: Path) -> Iterator[int]:
    with rulings_serve(shipped_build) as found:
        yield found


def _post(port: int, path: str, body: dict, host: str) -> tuple[int, dict[str, str], bytes]:
    data = json.dumps(body).encode()
    return parse_response(raw_request(port, (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n").encode() + data))


def test_a_spoofed_host_never_reaches_the_links(port: int) -> None:
    base = f"http://127.0.0.1:{port}/"
    status, _, body = parse_response(raw_request(port, (
        b"GET /api/v1/cards/feast HTTP/1.1\r\nHost: evil.example\r\n"
        b"X-Forwarded-Host: evil.example\r\nConnection: close\r\n\r\n")))
    assert status == 200
    assert json.loads(body)["card"]["uri"] == base + "api/v1/cards/feast"
    status, _, body = _post(port, "/api/v1/resolve", {"message": "Does [[Feast]] work?"},
                            host="evil.example")
    assert status == 200 and b"evil" not in body
    assert json.loads(body)["references"][0]["url"] == base + "cards/feast"


PATHS = ["/api/v1/cards/feast", "/api/v1/search?q=throne+room+feast", "/cards/feast",
         "/api/v1/rulings/feast-41bc7f"]


def test_two_replicas_of_one_build_give_identical_etags(shipped_build: Path) -> None:
    env = {"RULINGS_BASE_URL": "https://rulings.example.org"}
    with rulings_serve(shipped_build, env=env) as one, \
            rulings_serve(shipped_build, env=env) as two:
        for path in PATHS:
            for extra in ("", "Accept-Encoding: gzip\r\n"):
                status_a, headers_a, body_a = get(one, path, extra)
                status_b, headers_b, body_b = get(two, path, extra)
                assert status_a == status_b == 200, path
                assert headers_a["etag"] == headers_b["etag"], (path, extra)
                assert body_a == body_b
                # What one replica validated, the other answers 304 to.
                revalidated = get(two, path, f"{extra}If-None-Match: {headers_a['etag']}\r\n")
                assert revalidated[0] == 304, (path, extra)


def test_two_hundred_slow_sockets_do_not_starve_rulings_serve(port: int) -> None:
    stop_slow, stop_probes = threading.Event(), threading.Event()
    opened: list[int] = []
    slow = threading.Thread(target=_trickle, args=(port, stop_slow, opened))
    slow.start()
    while not opened:
        time.sleep(0.05)
    latencies: list[float] = []
    errors: list[str] = []
    probes = [threading.Thread(target=_probe, args=(port, stop_probes, latencies, errors))
              for _ in range(PROBE_THREADS)]
    for probe in probes:
        probe.start()
    time.sleep(HOLD_SECONDS)
    stop_probes.set()
    for probe in probes:
        probe.join(timeout=30)
    stop_slow.set()
    slow.join(timeout=30)
    assert opened[0] == SLOW_SOCKETS
    assert errors == []
    latencies.sort()
    assert len(latencies) > 100, f"only {len(latencies)} requests answered in {HOLD_SECONDS} s"
    p99 = latencies[int(len(latencies) * 0.99)]
    assert p99 < 1.0, f"p99 {p99:.3f} s over {len(latencies)} requests"
