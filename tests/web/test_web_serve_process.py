"""The service as ``rulings serve`` starts it: links from configuration, not from the Host
header; two replicas of one build give identical ETags (so a proxy or CDN may revalidate
against either); slow clients cannot starve it.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import get, parse_response, raw_request
from serve_process import rulings_serve
from test_web_slow_clients import HOLD_SECONDS, PROBE_THREADS, SLOW_SOCKETS, _probe, _trickle


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
