"""The invariant checker, the simulator and the ``rulings simulate`` command."""

from __future__ import annotations

import json

from click.testing import CliRunner
from engine_helpers import make

from engine import check_invariants
from engine.simulate import simulate
from rulings_service.cli import main


def test_invariant_checker_catches_duplicates_losses_and_negative_counters() -> None:
    g, _ = make(["Smithy"], {"hand": ["Copper", "Smithy"]}, {})
    assert check_invariants(g) == []
    p = g.players[0]
    p.discard.append(p.hand[0])
    assert any("both in" in m for m in check_invariants(g))
    p.discard.clear()
    lost = p.hand.pop()
    assert any("exist" in m for m in check_invariants(g))
    p.hand.append(lost)
    g.buys = -1
    assert check_invariants(g) == ["buys is negative (-1)"]


def test_simulate_plays_random_and_big_money_games_cleanly() -> None:
    rep = simulate(20, seed=5, players=3, random_kingdoms=True, events=["Launch"])
    assert (rep.games, rep.crashes, rep.violations) == (20, 0, 0)
    assert rep.average_turns > 10
    bm = simulate(10, seed=1, kingdom=["Village", "Smithy"], bots="big-money")
    assert bm.crashes == 0 and bm.turn_limit_hits == 0 and bm.games_per_second > 0


def test_simulate_command_json_keys_and_errors() -> None:
    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "--games", "5", "--seed", "2", "--random-kingdom",
                               "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert {"games", "games_per_second", "crashes", "violations", "turn_limit_hits"} <= set(data)
    assert data["games"] == 5 and data["crashes"] == 0
    res = runner.invoke(main, ["simulate", "--games", "3", "--kingdom", "Village,Smithy",
                               "--bots", "big-money"])
    assert res.exit_code == 0 and "games/s" in res.output
    bad = runner.invoke(main, ["simulate", "--kingdom", "Village,Nonesuch"])
    assert bad.exit_code == 2 and "Nonesuch" in bad.output
    both = runner.invoke(main, ["simulate", "--kingdom", "Village", "--random-kingdom"])
    assert both.exit_code == 2 and "exactly one" in both.output
    neither = runner.invoke(main, ["simulate", "--players", "9", "--random-kingdom"])
    assert neither.exit_code == 2


def test_events_may_be_listed_in_the_kingdom_and_bad_setups_are_errors() -> None:
    rep = simulate(3, kingdom=["Village", "Launch"], bots="big-money")
    assert rep.crashes == 0
    res = CliRunner().invoke(main, ["simulate", "--games", "2", "--kingdom", "Village,Launch"])
    assert res.exit_code == 0, res.output
