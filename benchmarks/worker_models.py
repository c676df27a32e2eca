"""Search throughput of ``rulings serve``'s worker models, measured side by side.

Starts one ``rulings serve`` per ``--worker-model`` (response cache off, so
every search searches) on loopback ports, warms each, then measures them in
alternating windows (``--rounds`` rounds of ``--seconds`` each per model), so
a shared machine's changing load falls on both alike. Prints each model's
median throughput, p50 and p99 over the rounds, the server's CPU time per
request (user + system of the master and its workers, from ``/proc``; it
depends less on the neighbours' load than throughput does), and each
model's throughput against the first's. Uses ``load_test.py``'s clients and search questions.

    .venv/bin/python benchmarks/worker_models.py                  # threads vs gevent
    .venv/bin/python benchmarks/worker_models.py --rounds 6 --seconds 4
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_test import (  # noqa: E402 - benchmarks/ is not a package
    free_port,
    list_cards,
    run_target,
    search_paths,
    start_server,
    stop_server,
    wait_ready,
)


def server_cpu_seconds(master: int) -> float:
    """User + system CPU seconds of the server's processes so far (Linux ``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    pids = [master]
    for task in Path(f"/proc/{master}/task").iterdir():
        pids += [int(pid) for pid in (task / "children").read_text().split()]
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", nargs="+", default=["threads", "gevent"])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=4.0, help="per window")
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--processes", type=int, default=4)
    args = parser.parse_args(argv)
    if not 1 <= args.rounds <= 20 or not 1 <= args.seconds <= 30:
        parser.error("--rounds must be 1..20 and --seconds 1..30")

    servers = {}
    try:
        for model in args.models:
            port = free_port()
            servers[model] = (port, start_server(port, None, None, False, model))
        for port, _ in servers.values():
            wait_ready(port, timeout=300)
        paths = search_paths(list_cards(next(iter(servers.values()))[0]))
        results: dict[str, list[dict]] = {model: [] for model in servers}
        for model, (port, _) in servers.items():  # warm-up, unmeasured
            run_target(model, port, paths, args.concurrency, args.processes, 3, 10**6)
        for _ in range(args.rounds):
            for model, (port, server) in servers.items():
                cpu = server_cpu_seconds(server.pid)
                row = run_target(model, port, paths, args.concurrency, args.processes,
                                 args.seconds, 10**6)
                row["cpu_ms"] = (server_cpu_seconds(server.pid) - cpu) * 1000 / max(
                    1, row["requests"])
                results[model].append(row)
    finally:
        for _, server in servers.values():
            stop_server(server)

    first = None
    print(f"search, cache off, concurrency {args.concurrency}, {args.rounds} alternating "
          f"windows of {args.seconds:g} s per model")
    print(f"{'model':10} {'req/s (median)':>15} {'each round':>30} {'p50 ms':>8} {'p99 ms':>8}"
          f" {'CPU ms/req':>10} {'errors':>6} {'vs first':>8}")
    for model, rows in results.items():
        rps = statistics.median(r["throughput_rps"] for r in rows)
        first = first or rps
        rounds = " ".join(f"{r['throughput_rps']:.0f}" for r in rows)
        print(f"{model:10} {rps:>15.1f} {rounds:>30} "
              f"{statistics.median(r['p50_ms'] for r in rows):>8.1f} "
              f"{statistics.median(r['p99_ms'] for r in rows):>8.1f} "
              f"{statistics.median(r['cpu_ms'] for r in rows):>10.2f} "
              f"{sum(r['errors'] for r in rows):>6} {rps / first:>8.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
