"""The scenario format's two tables agree with its schema.

A move verb the schema accepts but the bridge's ``MOVES`` lacked would fail
every scenario using it at run time; an expectation key ``ExpectSchema``
accepts but the runner's ``EXPECT_CHECKS`` lacked would be worse: it would
hold without being looked at. So each table must cover its schema exactly.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulings_service.scenarios import bridge, runner
from rulings_service.scenarios.loader import load_any_scenario_file
from rulings_service.scenarios.schema import ANSWER_VERBS, CHECK_VERBS, STEP_VERBS, ExpectSchema


def test_every_move_verb_has_one_engine_call() -> None:
    assert set(bridge.MOVES) == set(STEP_VERBS) - ANSWER_VERBS - CHECK_VERBS


def test_every_expectation_key_has_one_checker() -> None:
    keys = {re.sub(r"^player\d$", "player", key) for key in ExpectSchema().fields}
    assert keys == set(runner.EXPECT_CHECKS)


FEAST = """\
id: feast--table-check
title: Throne Room on Feast gains two Duchies
setup:
  kingdom: [Feast, Throne Room]
  players: 2
  player1:
    hand: [Throne Room, Feast, Copper]
steps:
  - play: Throne Room
  - choose: Duchy
  - choose: Duchy
expect:
  EXPECTATION
"""


@pytest.mark.parametrize("expect, field", [
    ("trash: []", "trash"),
    ("supply: {Duchy: 8}", "supply.Duchy"),
    ("turn_number: 2", "turn_number"),
    ("game_over: true", "game_over"),
    ("kingdom_piles: [Throne Room]", "kingdom_piles"),
    ("player1: {actions: 3}", "player1.actions"),
    ("player1: {discard_any_order: [Duchy]}", "player1.discard_any_order"),
    ("log_absent: [{event: gain, card: Duchy}]", "log_absent: event gain, card Duchy"),
])
def test_a_table_entry_that_does_not_hold_is_reported(tmp_path: Path, expect: str,
                                                      field: str) -> None:
    """Each kind of checker can fail: a wrong expectation is named, not passed over."""
    path = tmp_path / "feast--table-check.yaml"
    path.write_text(FEAST.replace("EXPECTATION", expect), encoding="utf-8")
    result = runner.run_scenario(load_any_scenario_file(path))
    assert [m["field"] for m in result.mismatches] == [field]
