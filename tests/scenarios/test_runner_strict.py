"""The runner is strict: scenarios cannot pass by accident.

Each test writes a tiny scenario and checks the exact failure the runner
reports: the step, the decision and its options in every strictness error,
and expected-versus-actual for every mismatch.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import yaml

from rulings_service.scenarios.loader import load_scenario_file
from rulings_service.scenarios.runner import run_scenario

BASE = {
    "id": "chapel--probe",
    "title": "probe",
    "rulings": ["chapel-000000"],
    "setup": {
        "kingdom": ["Chapel", "Village"],
        "players": 2,
        "player1": {"hand": ["Chapel", "Estate", "Copper"], "deck": ["Silver"]},
    },
    "steps": [{"play": "Chapel"}, {"choose": ["Estate"]}],
    "expect": {"player1": {"hand": ["Copper"]}, "trash": ["Estate"]},
}


def write(tmp_path: Path, **changes) -> Path:
    data = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        data[key] = value
    path = tmp_path / "chapel--probe.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def run(tmp_path: Path, **changes):
    return run_scenario(load_scenario_file(write(tmp_path, **changes)))


def test_the_probe_passes(tmp_path: Path) -> None:
    result = run(tmp_path)
    assert result.passed, (result.error, result.mismatches)


def test_unanswered_decision_names_step_decision_and_options(tmp_path: Path) -> None:
    result = run(tmp_path, steps=[{"play": "Chapel"}])
    assert not result.passed
    assert result.error.startswith("step 1 (play Chapel): player 1 must answer")
    assert "'choose_cards_from_hand' for Chapel" in result.error
    assert "options: Estate, Copper" in result.error
    assert "no scripted answer left" in result.error


def test_illegal_answer_is_an_error_listing_the_options(tmp_path: Path) -> None:
    result = run(tmp_path, steps=[{"play": "Chapel"}, {"choose": ["Gold"]}])
    assert "step 1 (play Chapel): answer ['Gold'] refused" in result.error
    assert "options: Estate, Copper" in result.error


def test_unused_answer_is_an_error(tmp_path: Path) -> None:
    steps = [{"play": "Chapel"}, {"choose": ["Estate"]}, {"choose": ["Copper"]}]
    result = run(tmp_path, steps=steps)
    assert "scripted answer(s) left unused: choose ['Copper']" in result.error


def test_answer_for_the_wrong_player_is_an_error(tmp_path: Path) -> None:
    result = run(tmp_path, steps=[{"play": "Chapel"}, {"choose": ["Estate"], "player": 2}])
    assert "expects player 2" in result.error


def test_unscripted_shuffle_is_an_error(tmp_path: Path) -> None:
    setup = dict(BASE["setup"], player1={"hand": ["Village"], "discard": ["Gold"]})
    result = run(tmp_path, setup=setup, steps=[{"play": "Village"}])
    assert result.error == (
        "step 1 (play Village): unscripted shuffle: player 1 shuffles ['Gold']; "
        "add it to setup.shuffles"
    )


def test_dictated_shuffle_must_match_the_cards(tmp_path: Path) -> None:
    setup = dict(
        BASE["setup"],
        player1={"hand": ["Village"], "discard": ["Gold"]},
        shuffles=[{"player": 1, "produces": ["Silver"]}],
    )
    result = run(tmp_path, setup=setup, steps=[{"play": "Village"}])
    assert "setup.shuffles[0] produces ['Silver'], but player 1 is shuffling ['Gold']" in (
        result.error
    )


def test_unused_dictated_shuffle_is_an_error(tmp_path: Path) -> None:
    setup = dict(BASE["setup"], shuffles=[{"player": 2, "produces": []}])
    result = run(tmp_path, setup=setup)
    assert "setup.shuffles[0] never happened" in result.error


def test_refused_move_without_error_key_is_an_error(tmp_path: Path) -> None:
    result = run(tmp_path, steps=[{"play": "Estate"}])
    assert result.error.startswith("step 1 (play Estate): the engine refused the move")


def test_expected_refusal_that_does_not_happen_is_a_mismatch(tmp_path: Path) -> None:
    steps = [{"play": "Chapel", "error": "no Actions"}, {"choose": ["Estate"]}]
    result = run(tmp_path, steps=steps)
    assert result.mismatches[0]["actual"] == "the move was allowed"


def test_expected_refusal_leaves_the_state_untouched(tmp_path: Path) -> None:
    steps = [{"play": "Estate", "error": "not an Action"}]
    result = run(
        tmp_path, steps=steps, expect={"player1": {"hand": ["Chapel", "Estate", "Copper"]}}
    )
    assert result.passed, (result.error, result.mismatches)
    assert "not an Action" in result.steps[0]["error"]


def test_mismatches_show_expected_and_actual(tmp_path: Path) -> None:
    expect = {
        "player1": {"hand": ["Estate"], "actions": 5, "deck_size": 3},
        "trash": [],
        "supply": {"Village": 3},
        "log": [{"event": "gain"}],
    }
    result = run(tmp_path, expect=expect)
    found = {m["field"]: (m["expected"], m["actual"]) for m in result.mismatches}
    assert found == {
        "player1.hand": (["Estate"], ["Copper"]),
        "player1.actions": (5, 0),
        "player1.deck_size": (3, 1),
        "trash": ([], ["Estate"]),
        "supply.Village": (3, 10),
        "log: event gain": ("at least 1", 0),
    }


def test_setup_with_unknown_card_is_still_a_clear_error_in_the_runner(tmp_path: Path) -> None:
    """The loader refuses unknown cards; a scenario built in code still fails cleanly."""
    scenario = load_scenario_file(write(tmp_path))
    setup = dict(BASE["setup"], kingdom=["Chapel", "Frobnicator"])
    result = run_scenario(dataclasses.replace(scenario, setup=setup))
    assert result.error.startswith("setup: unknown card 'Frobnicator'")


def test_transcript_is_json_serialisable_with_zones_and_log(tmp_path: Path) -> None:
    transcript = run(tmp_path).as_dict()
    json.dumps(transcript)
    step = transcript["steps"][0]
    assert step["step"] == "play Chapel" and step["answers"] == [["Estate"]]
    assert [e["event"] for e in step["log"]] == ["play"]
    assert {"event": "trash", "player": 1, "cards": ["Estate"], "source": "Chapel"} in (
        step["log"][0]["children"]
    )
    player1 = step["zones"]["players"][0]
    assert player1["hand"] == ["Copper"] and player1["deck"] == ["Silver"]
    assert transcript["initial"]["players"][0]["hand"] == ["Chapel", "Estate", "Copper"]


def test_check_step_compares_mid_scenario(tmp_path: Path) -> None:
    steps = [
        {"check": {"player1": {"hand": ["Chapel", "Estate", "Copper"]}}},
        {"play": "Chapel"},
        {"choose": ["Estate"]},
        {"check": {"player1": {"hand": ["Chapel"]}, "trash": ["Estate"]}},
    ]
    result = run(tmp_path, steps=steps)
    assert result.mismatches == [
        {"field": "step 4 check: player1.hand", "expected": ["Chapel"], "actual": ["Copper"]}
    ]
    assert [s["step"] for s in result.steps] == ["check", "play Chapel", "check"]


def test_move_for_a_player_whose_turn_it_is_not_names_the_step(tmp_path: Path) -> None:
    result = run(tmp_path, steps=[{"play": "Chapel", "player": 2}])
    assert result.error == (
        "step 1 (player 2 play Chapel): step says player 2, but it is player 1's turn"
    )
