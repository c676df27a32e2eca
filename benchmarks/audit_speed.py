"""How long the audit takes: time per scenario and for the whole audit.

The issue's target is a whole audit under 10 s on this machine. Run:

    .venv/bin/python benchmarks/audit_speed.py [--set base] [--repeat 3]

It prints the slowest scenarios, the mean and total replay time, and the wall
time of ``run_audit`` (corpus loading included), best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.scenarios.audit import run_audit  # noqa: E402
from rulings_service.scenarios.loader import scan_scenarios  # noqa: E402
from rulings_service.scenarios.runner import run_scenario  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", dest="set_id", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()

    scenarios, errors = scan_scenarios()
    per: dict[str, float] = {}
    for scenario in scenarios:
        best = min(_time(lambda s=scenario: run_scenario(s)) for _ in range(args.repeat))
        per[scenario.id] = best
    times = sorted(per.values())
    print(f"scenarios: {len(scenarios)} (invalid files: {len(errors)})")
    if times:
        print(
            f"per scenario: mean {statistics.mean(times) * 1000:.2f} ms, "
            f"median {statistics.median(times) * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms, "
            f"sum {sum(times):.3f} s"
        )
        for sid, seconds in sorted(per.items(), key=lambda kv: -kv[1])[: args.top]:
            print(f"  {seconds * 1000:8.2f} ms  {sid}")

    ensure_built()
    walls = []
    for _ in range(args.repeat):
        started = time.perf_counter()
        report = run_audit(args.set_id)
        walls.append(time.perf_counter() - started)
    print(
        f"whole audit ({args.set_id or 'everything'}): best {min(walls):.3f} s of {args.repeat}, "
        f"ok={report['ok']}, totals={report['totals']}"
    )
    return 0 if min(walls) < 10 else 1


def _time(fn) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


if __name__ == "__main__":
    raise SystemExit(main())
