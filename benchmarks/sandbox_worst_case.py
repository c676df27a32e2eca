"""How long the heaviest sandbox scenarios we can construct take, without a budget.

Usage:
    .venv/bin/python benchmarks/sandbox_worst_case.py [--repeats 3]

The sandbox runs strangers' scenarios, bounded by its size limits (16 KiB of
text, at most ``MAX_STEPS`` steps and ``MAX_CARDS`` cards in the setup) and a
wall-clock budget (2 s by default). This script builds scenarios that push
each limit the way an attacker would (every step a whole turn over decks as
large as allowed; every step a play that snapshots the largest board; a
chain of Throne Rooms), checks each fits the size limits (the sandbox's own
validation), and runs it with no budget, printing the median seconds. The
budget must sit above what an honest heavy scenario needs and cut off
anything longer. ``--web`` also posts each one to ``POST /api/v1/scenarios/run``
and to the ``/sandbox`` page of the default app (the shipped build), through
the Flask test client, since rendering the answer costs time the engine's
budget does not count. The figures in docs/web.md come from this script.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service.scenarios import sandbox  # noqa: E402


def _text(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False)


def many_turns() -> str:
    """80 end_turn steps, each player's deck as large as the card limit allows."""
    per_zone = (sandbox.MAX_CARDS - 20) // 2
    return _text({
        "title": "many turns over big decks",
        "setup": {"kingdom": ["Village"], "players": 2,
                  "player1": {"hand": ["Copper"] * 5, "deck": ["Copper"] * per_zone},
                  "player2": {"hand": ["Copper"] * 5, "deck": ["Estate"] * per_zone}},
        # Each player draws 5 a turn: the decks last 2 * per_zone / 5 turns unshuffled.
        "steps": ["end_turn"] * min(sandbox.MAX_STEPS, 2 * per_zone // 5 - 2),
    })


def many_plays() -> str:
    """Every step a play, each one snapshotting a board of the largest size."""
    villages = sandbox.MAX_STEPS
    return _text({
        "title": "many plays on a full board",
        "setup": {"kingdom": ["Village"], "players": 2,
                  "player1": {"hand": ["Village"] * villages,
                              "deck": ["Copper"] * (sandbox.MAX_CARDS - villages - 10)},
                  "player2": {"hand": ["Copper"] * 5}},
        "steps": [{"play": "Village"} for _ in range(villages)],
    })


def throne_chain() -> str:
    """A hand of Throne Rooms and Smithies played into each other over a big deck."""
    pairs = sandbox.MAX_STEPS // 2
    steps: list[object] = []
    for _ in range(pairs):
        steps += [{"play": "Throne Room"}, {"choose": "Smithy"}]
    return _text({
        "title": "Throne Room chains",
        "setup": {"kingdom": ["Throne Room", "Smithy"], "players": 2,
                  "turn": {"player": 1, "phase": "action", "actions": pairs + 1},
                  # A Village in hand keeps Throne Room's choice a real one to the end.
                  "player1": {"hand": ["Throne Room"] * pairs + ["Smithy"] * pairs + ["Village"],
                              "deck": ["Copper"] * (sandbox.MAX_CARDS - 2 * pairs - 11)},
                  "player2": {"hand": ["Copper"] * 5}},
        "steps": steps[: sandbox.MAX_STEPS],
    })


CASES: dict[str, Callable[[], str]] = {
    "many turns": many_turns, "many plays": many_plays, "Throne Room chains": throne_chain,
}


def _time_web(client: Any, text: str, repeats: int) -> None:
    """The API answer and the sandbox page for ``text``: status, size, median seconds."""
    posts = {
        "API": lambda: client.post("/api/v1/scenarios/run", data=text,
                                   content_type="application/yaml"),
        "page": lambda: client.post("/sandbox", data={"scenario": text}),
    }
    for label, post in posts.items():
        times, size, status = [], 0, 0
        for _ in range(repeats):
            started = time.perf_counter()
            response = post()
            times.append(time.perf_counter() - started)
            size, status = len(response.data), response.status_code
        print(f"{'':20} {label:5} {status}  {size / 1024:8.0f} KiB  "
              f"median {statistics.median(times):6.3f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--web", action="store_true",
                        help="also time the API answer and the sandbox page")
    args = parser.parse_args()
    client = None
    if args.web:
        from rulings_service.app import create_app

        client = create_app().test_client()
    print(f"limits: {sandbox.MAX_BYTES} bytes, {sandbox.MAX_STEPS} steps, "
          f"{sandbox.MAX_CARDS} cards; budget {sandbox.DEFAULT_BUDGET:g} s")
    for name, build in CASES.items():
        text = build()
        try:
            scenario = sandbox.load_text(text)
        except sandbox.SandboxError as exc:
            print(f"{name:20} refused by validation: {exc}")
            continue
        times, outcome = [], None
        for _ in range(args.repeats):
            started = time.perf_counter()
            outcome = sandbox.run(scenario, budget=3600.0)
            times.append(time.perf_counter() - started)
        assert outcome is not None
        error = outcome["transcript"].get("error")
        ending = "error: " + error[:120] if error else "ran to the end"
        print(f"{name:20} {len(text.encode()):6} bytes  median {statistics.median(times):6.3f} s"
              f"  max {max(times):6.3f} s  {ending}")
        if client is not None:
            _time_web(client, text, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
