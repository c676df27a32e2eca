"""CPU per request under load: the server's (user and system) and the clients', ping vs search.

The load test reports throughput shares; this says where they come from.
It starts ``rulings serve`` with the response cache off on a free loopback
port, drives ``/api/v1/ping`` and then the load test's search URLs with the
load test's clients, and divides the CPU time the server's processes (read
from ``/proc``) and the client processes (``RUSAGE_CHILDREN``) used during
each run by the requests answered.  On 2 cores shared by both, a target's
throughput is about 2 / (server + client CPU per request), so the search
share of the ceiling is the ping's machine time over the search's.

    .venv/bin/python benchmarks/load_cpu.py                 # 6 s per target
    .venv/bin/python benchmarks/load_cpu.py --seconds 10 --threads 1 --workers 4

Linux only (``/proc``).  Bounded like the load test: loopback only, each
target stops after ``--seconds`` or 50,000 requests.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load_test  # noqa: E402


def server_cpu_seconds(group: int) -> tuple[float, float]:
    """User and system CPU seconds of every process in session ``group`` (the server's)."""
    user = system = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended while we looked
        if int(fields[3]) == group:  # session id (field 6 of stat)
            user += int(fields[11])
            system += int(fields[12])
    ticks = os.sysconf("SC_CLK_TCK")
    return user / ticks, system / ticks


def client_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="per target (1-60)")
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 60:
        parser.error("--seconds must be 1..60")

    port = load_test.free_port()
    server = load_test.start_server(port, args.workers, args.threads, cached=False)
    try:
        load_test.wait_ready(port, timeout=300)
        targets = {
            "ping": ["/api/v1/ping"],
            "search": load_test.search_paths(load_test.list_cards(port)),
        }
        print(f"{'target':8} {'req/s':>8} {'server user ms':>15} {'server sys ms':>14}"
              f" {'clients ms':>11} {'machine ms':>11}")
        for name, paths in targets.items():
            load_test.run_target(name, port, paths, args.concurrency, 4, 2, 50_000)  # warm-up
            user0, sys0 = server_cpu_seconds(server.pid)
            client0 = client_cpu_seconds()
            result = load_test.run_target(name, port, paths, args.concurrency, 4, args.seconds,
                                          50_000)
            user1, sys1 = server_cpu_seconds(server.pid)
            client1 = client_cpu_seconds()
            n = max(result["requests"], 1)
            per = [(user1 - user0) / n * 1e3, (sys1 - sys0) / n * 1e3,
                   (client1 - client0) / n * 1e3]
            print(f"{name:8} {result['throughput_rps']:>8} {per[0]:>15.3f} {per[1]:>14.3f}"
                  f" {per[2]:>11.3f} {sum(per):>11.3f}")
    finally:
        load_test.stop_server(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
