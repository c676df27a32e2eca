"""What compressing an answer costs per request, and what it saves, for each encoding.

Usage:
    .venv/bin/python benchmarks/compression_cost.py [--repeats 30]

The real build behind ``create_app()``, asked through the Flask test client
for a few answers of different sizes (the bulk download, the card list, a
search, a card). Each is requested ``--repeats`` times with each
``Accept-Encoding`` (identity, gzip, br, zstd): the response cache is on,
as in production, so the difference to identity is the compression itself
(Flask-Compress compresses on every request; the cache stores plain bodies).
Prints bytes sent and median milliseconds per request for each pair.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service.app import create_app  # noqa: E402
from rulings_service.web.services import load_default_services  # noqa: E402

URLS = ("/api/v1/bulk", "/api/v1/cards", "/api/v1/search?q=throne+room+feast&limit=50",
        "/api/v1/cards/throne-room", "/api/v1/ping")
ENCODINGS = ("identity", "gzip", "br", "zstd")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    client = create_app(services=load_default_services(prime_audit=False)).test_client()
    print(f"{'answer':44} {'encoding':9} {'bytes':>9} {'ms/request':>11} {'extra ms':>9}")
    for url in URLS:
        plain_ms = None
        for encoding in ENCODINGS:
            headers = {"Accept-Encoding": encoding}
            client.get(url, headers=headers)  # fills the response cache
            times = []
            for _ in range(args.repeats):
                started = time.perf_counter()
                response = client.get(url, headers=headers)
                times.append((time.perf_counter() - started) * 1000)
            median = statistics.median(times)
            plain_ms = median if encoding == "identity" else plain_ms
            sent = response.headers.get("Content-Encoding", "identity")
            extra = median - plain_ms if plain_ms is not None else 0.0
            print(f"{url[:44]:44} {sent:9} {len(response.data):9d} {median:11.2f} {extra:9.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
