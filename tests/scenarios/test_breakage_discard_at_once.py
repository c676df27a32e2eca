"""Cellar's "discard them all at once" (found by benchmarks/fuzz.py as a crash of the
same kind in Militia's discards): the scenario fails when Cellar discards one card at
a time, each card's when-discarded effect (Tunnel) running before the next goes.

The style of ``test_scenarios_catch_breakage.py``: the wrong reading is patched in and
the scenario, passing first, must then fail.
"""

from __future__ import annotations

import pytest

from engine import registry
from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario


def cellar_one_at_a_time(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard any number of cards", min=0,
                                max=len(p.hand))
    for c in picked:
        if c in p.hand:
            g.discard_card(p, c, p.hand, card.name)
    if picked:
        g.draw(p, len(picked))


def test_cellar_scenario_fails_when_discards_go_one_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = find_scenario("cellar--discards-at-once-then-tunnel-reacts")
    assert run_scenario(scenario).passed, "the scenario must pass before Cellar is broken"
    monkeypatch.setattr(registry.card("Cellar"), "on_play", cellar_one_at_a_time)
    assert not run_scenario(scenario).passed
