"""durations-99a543 (keep track of which Durations were played this turn): the scenario
fails when the engine cannot tell a Duration played this turn from one played earlier.

The style of ``test_scenarios_catch_breakage.py``: the wrong reading is patched in and
the scenario, passing first, must then fail.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario

SCENARIO = "durations--played-this-turn-or-earlier"


def keep_every_duration_card(mp: pytest.MonkeyPatch) -> None:
    """Every Duration card in play stays, done or not (one line for all of them)."""
    from engine.primitives import GameBase

    mp.setattr(GameBase, "held_by_durations", staticmethod(
        lambda p: {id(c) for c in p.in_play if "Duration" in c.defn.types}))


def keep_none(mp: pytest.MonkeyPatch) -> None:
    """Clean-up discards every card in play, this turn's Durations included."""
    from engine.primitives import GameBase

    mp.setattr(GameBase, "held_by_durations", staticmethod(lambda p: set()))


@pytest.mark.parametrize("breaks", [keep_every_duration_card, keep_none],
                         ids=lambda b: b.__name__)
def test_scenario_fails_when_durations_are_not_told_apart(
        breaks: Callable[[pytest.MonkeyPatch], None], monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = find_scenario(SCENARIO)
    assert run_scenario(scenario).passed, "the scenario must pass before the engine is broken"
    breaks(monkeypatch)
    assert not run_scenario(scenario).passed
