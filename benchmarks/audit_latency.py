"""What an ``/api/v1/audit`` answer costs the service, before and after the audit memo.

Usage:
    .venv/bin/python benchmarks/audit_latency.py [--cards 20] [--repeats 3]

"Before" is what each request used to do: ``run_audit`` for its scope from
nothing (read every scenario file, replay the scenarios in scope). "After"
is the service as it runs now: the real build behind ``create_app()``
(``load_default_services`` primes the audit once at load), asked through
the Flask test client with the response cache off, so every answer is
counted from the memo and not served as stored bytes. Scopes: the whole
corpus, every set, ``basic``, and ``--cards`` cards, each in a new spelling
(lower case, then hyphenated) so normalised spellings are exercised too.
Prints the load cost, then per-kind medians and the maximum; the target is
every answer under 50 ms. Exit status 1 when the maximum misses it.
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
from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.scenarios.audit import known_sets, run_audit  # noqa: E402
from rulings_service.web.services import load_default_services  # noqa: E402

TARGET_MS = 50.0


def _ms(fn) -> float:
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--before", type=int, default=3,
                        help="scopes timed the old way (each costs seconds)")
    args = parser.parse_args()

    corpus = ensure_built()
    ruled = sorted({r["card"] for r in corpus.rulings if r.get("card_slug")})
    step = max(1, len(ruled) // max(args.cards, 1))
    cards = ruled[::step][: args.cards]
    scopes = [("whole", "")] + [("set", f"set={s}") for s in known_sets(corpus)]
    scopes += [("card", "card=" + name.lower().replace(" ", "%20")) for name in cards]
    scopes += [("card", "card=" + name.lower().replace(" ", "-").replace("'", ""))
               for name in cards]

    before = [_ms(lambda n=name: run_audit(card=n, corpus=corpus)) for name in cards[: args.before]]
    print(f"before (run_audit per request, {len(before)} card scopes): "
          f"median {statistics.median(before):.0f} ms, max {max(before):.0f} ms")

    started = time.perf_counter()
    services = load_default_services()
    print(f"load with the audit primed: {time.perf_counter() - started:.1f} s (once per process)")
    client = create_app({"RESPONSE_CACHE_BYTES": 0}, services=services).test_client()
    timings: dict[str, list[float]] = {}
    worst, slowest = 0.0, ""
    for kind, query in scopes:
        # Every call is timed: the first computes the scope from the memo, later ones reuse it.
        for _ in range(args.repeats):
            started = time.perf_counter()
            response = client.get(f"/api/v1/audit?{query}")
            elapsed = (time.perf_counter() - started) * 1000
            assert response.status_code == 200, (query, response.status_code)
            timings.setdefault(kind, []).append(elapsed)
            if elapsed > worst:
                worst, slowest = elapsed, query or "(whole)"
    for kind, values in timings.items():
        print(f"after, {kind:5} ({len(values):3} answers): median "
              f"{statistics.median(values):6.1f} ms, max {max(values):6.1f} ms")
    print(f"every answer: max {worst:.1f} ms ({slowest}; target < {TARGET_MS:.0f} ms), "
          f"cached scopes {len(services._audits)}")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
