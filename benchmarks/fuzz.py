"""Fuzz the engine: many seeded random games on random kingdoms of every implemented card.

    .venv/bin/python benchmarks/fuzz.py [--games 100000] [--seed 0] [--start 0]
                                        [--max-turns 250] [--json] [--progress 1000]

Each game gets a random kingdom of 10 implemented Kingdom cards, half the time
every implemented Event, Shelters 30% of the time, Platinum/Colony by the
Prosperity rule, one or two random Traits 40% of the time, and 2 to 6 players
(all drawn from the seed), played by the random bots of ``rulings simulate``
with the invariants checked before every decision and after every turn.

It reports crashes (any engine exception), invariant violations, hangs (a turn
that reached the engine's step limit, or a game that ran past ``--game-seconds``
of wall clock), turn-limit hits (a game still running after ``--max-turns``
turns per player: random bots can stall; reported, not a failure) and games per
second, with the first failing game of each kind and the command that replays
it alone. Exit status 1 if there was any crash, violation or hang.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.errors import StepLimitExceeded  # noqa: E402
from engine.simulate import GameSetup, InvariantViolation, game_setups, play_setup  # noqa: E402

KINDS = ("crash", "violation", "hang")


class WallClockHang(Exception):
    """A game ran longer than its wall-clock allowance (a loop the step limit missed)."""


def players_for(table: GameSetup) -> int:
    """2 to 6 players, drawn from the game's own seed (so a game replays alone)."""
    return random.Random(table.seed ^ 0x9E3779B9).randint(2, 6)


def _alarm(signum: int, frame: Any) -> None:
    raise WallClockHang("the game ran past its wall-clock allowance")


def fuzz(games: int, *, seed: int = 0, start: int = 0, max_turns: int = 250,
         game_seconds: float = 60.0, progress: int = 0) -> dict[str, Any]:
    """Play games ``start`` .. ``start + games - 1`` of the master ``seed``; the report."""
    counts = dict.fromkeys(KINDS, 0)
    first: dict[str, dict[str, Any]] = {}
    turn_limit_hits = turns = 0
    use_alarm = game_seconds > 0 and hasattr(signal, "setitimer")
    if use_alarm:
        signal.signal(signal.SIGALRM, _alarm)
    began = time.perf_counter()
    played = 0
    for table in game_setups(start + games, seed=seed, random_kingdoms=True, traits=True):
        if table.game < start:
            continue
        players = players_for(table)
        kind = message = None
        try:
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, game_seconds)
            game = play_setup(table, players, max_turns=max_turns, checks=True)
            turns += game.turn_number
            turn_limit_hits += not game.over
        except InvariantViolation as exc:
            kind, message = "violation", str(exc)
        except (StepLimitExceeded, WallClockHang) as exc:
            kind, message = "hang", str(exc)
        except Exception as exc:  # noqa: BLE001 - any other engine error is a crash
            kind, message = "crash", f"{type(exc).__name__}: {exc}"
        finally:
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
        played += 1
        if kind is not None:
            counts[kind] += 1
            if kind not in first and progress:
                print(f"first {kind}: game {table.game}: {message}", file=sys.stderr, flush=True)
            first.setdefault(kind, {
                "game": table.game, "game_seed": table.seed, "players": players,
                "kingdom": table.kingdom, "events": len(table.events),
                "traits": table.traits, "shelters": table.shelters, "error": message,
                "replay": f".venv/bin/python benchmarks/fuzz.py --seed {seed} "
                          f"--start {table.game} --games 1 --max-turns {max_turns}",
            })
        if progress and played % progress == 0:
            rate = played / (time.perf_counter() - began)
            print(f"{played} games, {rate:.1f} games/s, {counts}", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - began
    return {
        "games": played, "seed": seed, "start": start, "max_turns": max_turns,
        "crashes": counts["crash"], "violations": counts["violation"], "hangs": counts["hang"],
        "turn_limit_hits": turn_limit_hits,
        "games_per_second": round(played / seconds, 1) if seconds > 0 else 0.0,
        "seconds": round(seconds, 1),
        "average_turns": round(turns / played, 1) if played else 0.0,
        "first_failures": first,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0, help="master seed")
    parser.add_argument("--start", type=int, default=0,
                        help="first game index of the seed (to replay one game)")
    parser.add_argument("--max-turns", type=int, default=250, help="turn limit per player")
    parser.add_argument("--game-seconds", type=float, default=60.0,
                        help="wall clock one game may take before it counts as a hang")
    parser.add_argument("--progress", type=int, default=0,
                        help="print a progress line every N games (stderr)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1 or args.start < 0 or args.max_turns < 1:
        parser.error("--games and --max-turns must be positive, --start not negative")
    report = fuzz(args.games, seed=args.seed, start=args.start, max_turns=args.max_turns,
                  game_seconds=args.game_seconds, progress=args.progress)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['games']} games (seed {report['seed']}, from game {report['start']}) "
              f"in {report['seconds']} s: {report['games_per_second']} games/s, "
              f"{report['average_turns']} turns per game")
        print(f"crashes: {report['crashes']}  invariant violations: {report['violations']}  "
              f"hangs: {report['hangs']}  turn-limit hits: {report['turn_limit_hits']}")
        for kind, info in report["first_failures"].items():
            print(f"first {kind}: game {info['game']} ({info['players']} players, "
                  f"{', '.join(info['kingdom'])}; traits {info['traits']}): {info['error']}\n"
                  f"  replay: {info['replay']}")
    return 1 if report["crashes"] or report["violations"] or report["hangs"] else 0


if __name__ == "__main__":
    sys.exit(main())
