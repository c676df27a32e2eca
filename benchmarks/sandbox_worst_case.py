"""How long the slowest scenarios we could construct hold a sandbox worker.

Usage:
    .venv/bin/python benchmarks/sandbox_worst_case.py [--repeats 3] [--page]

Each candidate is a valid scenario within the sandbox's limits (16 KiB, 80
steps, 400 cards, piles of 200) built to be slow: Embargo tokens by the
thousand (every buy loops just under the engine's step limit), the largest
piles and zones. Each is timed through what a request
does besides HTTP: load and validate the text, run it within the default
budget and caption it. Prints the median per candidate and the maximum;
exit status 1 when any run passes the default budget (it would then be
refused, not answered: the budget is the cap, this is the margin).

``--page`` also times the whole ``/sandbox`` form request (run, board HTML
for every step, template) and the API request, through the real app's test
client (loading the default build first, a few seconds), and prints the page
size: the board is drawn after the run, outside the budget, and bounded only
by the sandbox's limits.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service.scenarios import sandbox  # noqa: E402
from rulings_service.web import replay_view  # noqa: E402


def embargo(tokens: int = 19_000, turns: int = 26) -> str:
    """Both players buy Copper every turn with ``tokens`` Embargo tokens on it."""
    deck = ", ".join(["Copper"] * 70)
    return (f"title: runaway\nsetup:\n  kingdom: [Village, Embargo]\n  players: 2\n"
            f"  player1: {{deck: [{deck}]}}\n  player2: {{deck: [{deck}]}}\n"
            f"  pile_tokens: {{Copper: {{Embargo: {tokens}}}}}\n"
            f"  turn: {{phase: buy, coins: 5, buys: 1}}\n"
            f"steps:\n  - buy: Copper\n  - end_turn\n"
            + "  - play_treasures\n  - buy: Copper\n  - end_turn\n" * turns)


def big_zones() -> str:
    """400 cards over six players and 80 gains from 200-card piles (a board per step)."""
    hand = ", ".join(["Copper"] * 66)
    players = "".join(f"  player{i}:\n    hand: [{hand}]\n" for i in range(1, 7))
    piles = "  supply: {Copper: 200, Silver: 200, Gold: 200, Estate: 200, Curse: 200}\n"
    return ("title: zones\nsetup:\n  kingdom: [Village]\n  players: 6\n" + players + piles
            + "steps:\n" + "  - gain: Copper\n  - gain: Curse\n" * 40)


CANDIDATES = {"embargo loop": embargo, "big zones": big_zones}


def once(text: str) -> tuple[float, str]:
    started = time.perf_counter()
    outcome = sandbox.run(sandbox.load_text(text))
    captioned = replay_view.with_captions(outcome["transcript"])
    assert captioned["steps"] is not None
    seconds = time.perf_counter() - started
    return seconds, outcome["stopped"] or outcome["transcript"]["error"] or "ok"


def pages(repeats: int) -> None:
    """The form request and the API request of each candidate, through the real app."""
    from rulings_service.app import create_app
    from rulings_service.web.services import load_default_services

    client = create_app({"RESPONSE_CACHE_BYTES": 0},
                        services=load_default_services()).test_client()
    for name, build in CANDIDATES.items():
        text = build()
        for label, send in (
                ("page", lambda t=text: client.post("/sandbox", data={"scenario": t})),
                ("api", lambda t=text: client.post("/api/v1/scenarios/run", data=t,
                                                   content_type="application/yaml"))):
            times, size = [], 0
            for _ in range(repeats):
                started = time.perf_counter()
                response = send()
                times.append(time.perf_counter() - started)
                assert response.status_code == 200, response.status_code
                size = len(response.data)
            print(f"{name:14} {label:4} median {statistics.median(times):.3f} s, "
                  f"{size / 1e6:.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--page", action="store_true", help="also time the whole requests")
    args = parser.parse_args()
    worst = 0.0
    for name, build in CANDIDATES.items():
        text = build()
        times, outcome = [], ""
        for _ in range(args.repeats):
            seconds, outcome = once(text)
            times.append(seconds)
        worst = max(worst, max(times))
        print(f"{name:14} {len(text.encode()):6} bytes  median {statistics.median(times):.3f} s"
              f"  ({outcome[:70]})")
    print(f"worst run {worst:.3f} s; budget {sandbox.DEFAULT_BUDGET:g} s")
    if args.page:
        pages(args.repeats)
    return 1 if worst > sandbox.DEFAULT_BUDGET else 0


if __name__ == "__main__":
    sys.exit(main())
