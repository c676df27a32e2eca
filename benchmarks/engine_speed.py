"""Games per second of our engine and of pyminion 0.4.0, alternated in one run.

    .venv/bin/python benchmarks/engine_speed.py [--games 300] [--rounds 5] [--json]
    .venv/bin/python benchmarks/engine_speed.py --skip-pyminion   # ours only

Both engines play the same games: 2 players, each the classic Big Money bot
(buy Province at 8, Gold at 6, Silver at 3; no Duchies), the same fixed
Kingdom of base cards, a fresh game (setup included) each time, the same
number of games per round.

Peer configuration (pyminion as its users would benchmark it):
pyminion 0.4.0 runs ``benchmarks/pyminion_speed.py`` in its own virtualenv,
``benchmarks/.venv-pyminion`` (created on first use with ``pip install
pyminion==0.4.0``; never a dependency of the project), with ``log_stdout=False``,
``log_file=False`` and Python logging disabled. Only its games are timed.

Our configurations, all with no log attached and no instrumentation:

- ``atomic`` (the default of ``new_game``, and what a simulation calls):
  ``play_game``, which like every public call is all-or-nothing, so a game that
  raises part way (a provider's illegal answer) is put back where the call found
  it. One checkpoint for the call; pyminion has no rollback at all.
- ``atomic_per_turn``: the same games as a loop of ``play_turn`` calls, each turn
  its own all-or-nothing move (what an interactive client or ``rulings simulate``
  with its invariant checks does): one checkpoint per turn. Shown so that the
  price of per-turn rollback is in plain sight.
- ``like-for-like``: ``game.atomic = False``: no rollback, what pyminion does, no
  more. The one-semantics tests (``tests/engine/test_one_semantics.py``) check that
  the switch changes no outcome.

The engines alternate ``--rounds`` times in this one process (ours in every
configuration, then pyminion; the next round starts with pyminion), so that load
from other processes falls on all alike. Each ratio is the total time pyminion
took over the total time ours took for the same number of games; its spread is
the min-max of the per-round ratios. The ratio of CPU time per game is printed
too: on a shared, loaded machine it is the steadier figure (wall time also counts
preemption).
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
#: Turns after which a game is stopped (Big Money games end long before).
MAX_TURNS = 400


def ours(games: int, seed: int, *, atomic: bool = True,
         turn_by_turn: bool = False) -> dict[str, float]:
    """Play ``games`` Big Money games on our engine; return timing and averages.

    ``turn_by_turn`` plays each game as a loop of ``play_turn`` calls (one move, so
    one checkpoint, per turn) instead of one ``play_game`` call.
    """
    turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        bot = BigMoneyProvider(duchy_dancing=False)
        game = new_game(KINGDOM, 2, seed=seed * 100_003 + i, providers=[bot])
        game.atomic = atomic
        if turn_by_turn:
            while not game.over and game.turn_number <= MAX_TURNS:
                game.play_turn()
            result = game.result()
        else:
            result = game.play_game(max_turns=MAX_TURNS)
        turns += sum(result.turns)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"games": games, "seconds": seconds, "cpu_seconds": cpu,
            "games_per_second": games / seconds,
            "average_turns": turns / games}


def pyminion_python() -> Path:
    """The interpreter of pyminion's own virtualenv, created on first use."""
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
        [str(pyminion_python()), str(HERE / "pyminion_speed.py"), "--games", str(games),
         "--seed", str(seed)],
        check=True, capture_output=True, text=True,
    ).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def summarize(rounds: list[tuple[dict[str, float], dict[str, float]]]) -> dict[str, float]:
    """Totals over the rounds of (ours, pyminion): games/s of each, the ratio of the
    total times (above 1: ours is faster), and the min and max of the per-round ratios."""
    per_round = [t["seconds"] / t["games"] / (o["seconds"] / o["games"]) for o, t in rounds]
    ours_games = sum(o["games"] for o, _ in rounds)
    ours_seconds = sum(o["seconds"] for o, _ in rounds)
    their_games = sum(t["games"] for _, t in rounds)
    their_seconds = sum(t["seconds"] for _, t in rounds)
    ours_gps = ours_games / ours_seconds
    their_gps = their_games / their_seconds
    summary = {"ours_games_per_second": ours_gps, "pyminion_games_per_second": their_gps,
               "ratio": ours_gps / their_gps, "ratio_min": min(per_round),
               "ratio_max": max(per_round)}
    if all("cpu_seconds" in o and "cpu_seconds" in t for o, t in rounds):
        # CPU time is what each engine itself spent: on a loaded machine the wall-clock
        # ratio also measures who was preempted more.
        summary["cpu_ratio"] = (sum(t["cpu_seconds"] for _, t in rounds) / their_games) / (
            sum(o["cpu_seconds"] for o, _ in rounds) / ours_games)
    return summary


#: Our configurations: (report key, label, ``Game.atomic``, turn by turn).
CONFIGS = (("atomic", "ours, default (play_game, all-or-nothing)", True, False),
           ("atomic_per_turn", "ours, all-or-nothing turn by turn", True, True),
           ("like_for_like", "ours, like-for-like (atomic off)", False, False))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternations of the engines")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-pyminion", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be positive")
    report: dict[str, object] = {"kingdom": KINGDOM, "games_per_round": args.games,
                                 "rounds": args.rounds}
    if args.skip_pyminion:
        for key, label, atomic, per_turn in CONFIGS:
            runs = [ours(args.games, args.seed + r, atomic=atomic, turn_by_turn=per_turn)
                    for r in range(args.rounds)]
            gps = sum(r["games"] for r in runs) / sum(r["seconds"] for r in runs)
            report[key] = {"ours_games_per_second": gps,
                           "average_turns": sum(r["average_turns"] for r in runs) / len(runs)}
            if not args.json:
                print(f"{label}: {gps:8.1f} games/s ({args.rounds} x {args.games} games)")
        if args.json:
            print(json.dumps(report))
        return 0
    pyminion_python()  # create the venv before any timing
    mine: dict[str, list[dict[str, float]]] = {key: [] for key, *_ in CONFIGS}
    others: list[dict[str, float]] = []
    for r in range(args.rounds):
        # Alternate who goes first, so no engine always meets a warm or cold CPU.
        if r % 2:
            others.append(theirs(args.games, args.seed + r))
        for key, _, atomic, per_turn in CONFIGS:
            mine[key].append(ours(args.games, args.seed + r, atomic=atomic,
                                  turn_by_turn=per_turn))
        if not r % 2:
            others.append(theirs(args.games, args.seed + r))
    for key, *_ in CONFIGS:
        summary = summarize(list(zip(mine[key], others, strict=True)))
        summary["ours_average_turns"] = sum(o["average_turns"] for o in mine[key]) / args.rounds
        report[key] = summary
    report["pyminion_average_turns"] = sum(t["average_turns"] for t in others) / args.rounds
    if args.json:
        print(json.dumps(report))
        return 0
    first = report[CONFIGS[0][0]]
    assert isinstance(first, dict)
    print(f"pyminion (logging off): {first['pyminion_games_per_second']:8.1f} games/s "
          f"({report['pyminion_average_turns']:.1f} turns per game)")
    for key, label, *_ in CONFIGS:
        s = report[key]
        assert isinstance(s, dict)
        print(f"{label}: {s['ours_games_per_second']:8.1f} games/s "
              f"({s['ours_average_turns']:.1f} turns per game)")
        print(f"    ratio {s['ratio']:.2f}x  (min {s['ratio_min']:.2f}, max {s['ratio_max']:.2f} "
              f"over {args.rounds} rounds of {args.games} games)"
              + (f"; CPU ratio {s['cpu_ratio']:.2f}x" if "cpu_ratio" in s else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
