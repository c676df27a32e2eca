"""Games per second of our engine with two Big Money bots, and the ratio to pyminion.

    .venv/bin/python benchmarks/engine_speed.py [--games 1000] [--json] [--skip-pyminion]

Both engines play the same kind of game: 2 players, the classic Big Money bot
(buy Province at 8, Gold at 6, Silver at 3; no Duchies), the same fixed
Kingdom of base cards, a fresh game (setup included) each time, logging off.
Our engine runs as the library is shipped (moves all-or-nothing). pyminion
0.4.0 runs in its own virtualenv, ``benchmarks/.venv-pyminion``, which this
script creates on first use (pip install pyminion==0.4.0); it is never a
dependency of the project. Each engine is timed ``--repeat`` times and the
best run counts (the least disturbed by other processes).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from engine import BigMoneyProvider, new_game  # noqa: E402

KINGDOM = ["Cellar", "Festival", "Market", "Militia", "Mine", "Moat", "Remodel", "Smithy",
           "Village", "Workshop"]
PYMINION_VENV = HERE / ".venv-pyminion"
PYMINION_VERSION = "0.4.0"


def ours(games: int, seed: int) -> dict[str, float]:
    """Play ``games`` Big Money games on our engine; return timing and averages."""
    turns = 0
    start = time.perf_counter()
    for i in range(games):
        bot = BigMoneyProvider(duchy_dancing=False)
        game = new_game(KINGDOM, 2, seed=seed * 100_003 + i, providers=[bot])
        result = game.play_game(max_turns=400)
        turns += sum(result.turns)
    seconds = time.perf_counter() - start
    return {"games": games, "seconds": seconds, "games_per_second": games / seconds,
            "average_turns": turns / games}


def _pyminion_python() -> Path:
    python = PYMINION_VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {PYMINION_VENV} with pyminion {PYMINION_VERSION}...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(PYMINION_VENV)
        subprocess.run([str(python), "-m", "pip", "install", "-q",
                        f"pyminion=={PYMINION_VERSION}"], check=True)
    return python


def theirs(games: int, seed: int) -> dict[str, float]:
    """Run pyminion_speed.py in the pyminion venv and read its JSON line."""
    out = subprocess.run(
        [str(_pyminion_python()), str(HERE / "pyminion_speed.py"), "--games", str(games),
         "--seed", str(seed)],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--pyminion-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-pyminion", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be positive")
    best = max((ours(args.games, args.seed) for _ in range(args.repeat)),
               key=lambda r: r["games_per_second"])
    report: dict[str, object] = {"kingdom": KINGDOM, "ours": best}
    if not args.skip_pyminion:
        other = max((theirs(args.pyminion_games, args.seed) for _ in range(args.repeat)),
                    key=lambda r: r["games_per_second"])
        report["pyminion"] = other
        report["ratio"] = best["games_per_second"] / other["games_per_second"]
    if args.json:
        print(json.dumps(report))
    else:
        print(f"ours:     {best['games_per_second']:8.1f} games/s "
              f"({best['average_turns']:.1f} turns per game, {args.games} games)")
        if "pyminion" in report:
            other = report["pyminion"]
            assert isinstance(other, dict)
            print(f"pyminion: {other['games_per_second']:8.1f} games/s "
                  f"({other['average_turns']:.1f} turns per game, {args.pyminion_games} games)")
            print(f"ratio:    {report['ratio']:8.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
