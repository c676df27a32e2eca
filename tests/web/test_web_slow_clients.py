"""Slow clients cannot starve the server: 200 trickling sockets while ordinary requests go on.

Each slow socket sends a request line and then one header byte a second, as
a slowloris script does, and reconnects when the server closes it. Meanwhile
four clients make ordinary requests (search, card, ping), each on a new
connection. Bounded: 10 s of slow sockets, loopback only.
"""

from __future__ import annotations

import socket
import threading
import time

from flask import Flask
from live_server import HOST, get, live_server

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


def test_two_hundred_slow_sockets_do_not_starve_ordinary_requests(app: Flask) -> None:
    with live_server(app, workers=2) as port:
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
    p99 = latencies[int(len(latencies) * 0.99)]
    assert len(latencies) > 100, f"only {len(latencies)} requests answered in {HOLD_SECONDS} s"
    assert p99 < 1.0, f"p99 {p99:.3f} s over {len(latencies)} requests"
