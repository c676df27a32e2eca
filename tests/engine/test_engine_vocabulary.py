"""One vocabulary of phases: the scenario schema accepts exactly the phases the engine
can start a game in, because it imports them from the engine."""

from __future__ import annotations

import pytest

from engine import SetupError
from engine.setup import game_from_state
from engine.vocabulary import STARTING_PHASES, Phase
from rulings_service.scenarios.schema import TurnSetupSchema


@pytest.mark.parametrize("phase", [p.value for p in Phase])
def test_schema_and_engine_agree_on_every_phase(phase: str) -> None:
    schema_ok = not TurnSetupSchema().validate({"phase": phase})
    try:
        game = game_from_state({"kingdom": [], "players": 2, "phase": phase})
    except SetupError:
        engine_ok = False
    else:
        engine_ok = True
        assert game.phase == phase
    assert schema_ok == engine_ok == (phase in STARTING_PHASES)


def test_cleanup_is_a_phase_but_not_a_starting_one() -> None:
    assert Phase.CLEANUP == "cleanup"
    assert "cleanup" not in STARTING_PHASES
    assert TurnSetupSchema().validate({"phase": "cleanup"})
