"""Time pyminion 0.4.0 on Big Money games (run by engine_speed.py in its own venv).

pyminion is never a dependency of the project: engine_speed.py creates
``benchmarks/.venv-pyminion``, installs pyminion 0.4.0 there and runs this
file with that interpreter. It prints one JSON object on stdout.

Peer configuration, as a pyminion user would benchmark it: no log on stdout
(``log_stdout=False``), no log file (``log_file=False``), and Python logging
disabled (``logging.disable``), so that the ``logger.info`` calls pyminion
makes on every move return at once instead of building records. Only the
games are timed (imports and interpreter start are not), as for our engine.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import time

from pyminion.bots.examples import BigMoney
from pyminion.expansions.base import (
    base_set,
    cellar,
    festival,
    market,
    militia,
    mine,
    moat,
    remodel,
    smithy,
    village,
    workshop,
)
from pyminion.game import Game

KINGDOM = [cellar, festival, market, militia, mine, moat, remodel, smithy, village, workshop]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    random.seed(args.seed)  # pyminion shuffles with the global random module
    turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(args.games):
        players = [BigMoney(player_id="bm1"), BigMoney(player_id="bm2")]
        game = Game(players=players, expansions=[base_set], kingdom_cards=KINGDOM,
                    log_stdout=False, log_file=False)
        game.play()
        turns += sum(p.turns for p in players)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"engine": "pyminion 0.4.0", "games": args.games, "seconds": seconds,
                      "cpu_seconds": cpu,
                      "games_per_second": args.games / seconds,
                      "average_turns": turns / args.games}))


if __name__ == "__main__":
    main()
