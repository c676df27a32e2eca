"""Peak resident memory of a run of many Big Money games on our engine.

    .venv/bin/python benchmarks/engine_memory.py [--games 1000] [--json]

Plays the games of ``benchmarks/engine_speed.py`` (same kingdom, bots and
seeds) one after another in a fresh interpreter and reports its peak RSS
(``ru_maxrss``), next to the peak of the same interpreter that only imported
the engine: the difference is what playing costs, the rest is Python and the
card table. A run in a child process, so that this script's own imports do
not count.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = """
import resource, sys, json
sys.path.insert(0, {root!r})
from engine import BigMoneyProvider, new_game
import engine.registry
engine.registry.all_cards()
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
kingdom = {kingdom!r}
for i in range({games}):
    game = new_game(kingdom, 2, seed=100_003 + i,
                    providers=[BigMoneyProvider(duchy_dancing=False)])
    game.play_game(max_turns=400)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"import_kib": base, "peak_kib": peak}}))
"""


def measure(games: int) -> dict[str, float]:
    """Peak RSS (MiB) after importing the engine and after playing ``games`` games."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from engine_speed import KINGDOM

    code = _CHILD.format(root=str(ROOT), kingdom=KINGDOM, games=games)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout
    kib = json.loads(out.strip().splitlines()[-1])  # ru_maxrss is in KiB on Linux
    return {"games": games, "import_mib": kib["import_kib"] / 1024,
            "peak_mib": kib["peak_kib"] / 1024,
            "games_mib": (kib["peak_kib"] - kib["import_kib"]) / 1024}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be positive")
    report = measure(args.games)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"peak RSS after {args.games} games: {report['peak_mib']:.1f} MiB "
              f"(engine imported: {report['import_mib']:.1f} MiB; "
              f"games added {report['games_mib']:.1f} MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
