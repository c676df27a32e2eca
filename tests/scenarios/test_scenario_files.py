"""The scenario file format: invalid files give one clear line per problem, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_service.scenarios.loader import (
    ScenarioFileError,
    find_scenario,
    load_scenario_file,
    scan_scenarios,
)
from rulings_service.scenarios.status import classify, load_informational

VALID = """\
id: village--two-actions
title: Village gives two Actions
rulings: [village-000000]
setup:
  kingdom: [Village]
  players: 2
  player1: {hand: [Village], deck: [Copper]}
steps:
  - play: Village
expect:
  player1: {hand: [Copper], actions: 2}
"""


def write(tmp_path: Path, text: str, name: str = "village--two-actions.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> str:
    with pytest.raises(ScenarioFileError) as info:
        load_scenario_file(path)
    message = str(info.value)
    assert "Traceback" not in message
    return message


def test_valid_file_loads_with_steps_normalised(tmp_path: Path) -> None:
    scenario = load_scenario_file(write(tmp_path, VALID))
    assert scenario.id == "village--two-actions"
    assert scenario.steps == ({"verb": "play", "value": "Village"},)
    assert scenario.setup["player1"]["deck"] == ["Copper"]


def test_wrong_type_names_file_field_and_expectation(tmp_path: Path) -> None:
    message = problems(write(tmp_path, VALID.replace("deck: [Copper]", "deck: [Copper, 3]")))
    assert "village--two-actions.yaml: setup.player1.deck[1]: expected text" in message


def test_unknown_field_and_bad_step_are_both_reported(tmp_path: Path) -> None:
    text = VALID.replace("  - play: Village", "  - play: Village\n    colour: red")
    text = text.replace("actions: 2}", "actions: 2, cions: 3}")
    message = problems(write(tmp_path, text))
    assert "steps[0]: 'play' does not take colour" in message
    assert "expect.player1.cions: unknown field" in message


def test_step_with_two_verbs_is_refused(tmp_path: Path) -> None:
    text = VALID.replace("  - play: Village", "  - {play: Village, buy: Silver}")
    assert "steps[0]: expected exactly one of" in problems(write(tmp_path, text))


def test_answer_before_any_move_is_refused(tmp_path: Path) -> None:
    text = VALID.replace("  - play: Village", "  - choose: Copper\n  - play: Village")
    assert "steps: step 1 answers a decision, but the step before it" in problems(
        write(tmp_path, text)
    )


def test_check_step_is_validated_like_expect(tmp_path: Path) -> None:
    text = VALID.replace("  - play: Village", "  - play: Village\n  - check: {player1: {hnd: []}}")
    assert "steps[1].check.player1.hnd: unknown field" in problems(write(tmp_path, text))


def test_player_beyond_player_count_is_refused(tmp_path: Path) -> None:
    text = VALID.replace("  player1:", "  player3: {}\n  player1:")
    assert "setup.player3: the game has 2 players" in problems(write(tmp_path, text))


def test_id_must_match_file_name(tmp_path: Path) -> None:
    message = problems(write(tmp_path, VALID, name="village--other.yaml"))
    assert "id: expected the file name without .yaml ('village--other')" in message


def test_yaml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    broken = VALID.replace("[Village]\n  players", "[Village\n  players")
    message = problems(write(tmp_path, broken))
    assert "village--two-actions.yaml: line" in message and "invalid YAML" in message


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    text = VALID.replace("  players: 2\n", "  players: 2\n  players: 3\n")
    assert "duplicate key 'players'" in problems(write(tmp_path, text))


def test_missing_required_fields_are_named(tmp_path: Path) -> None:
    message = problems(write(tmp_path, "id: village--two-actions\n"))
    for field in ("title", "rulings", "setup", "steps", "expect"):
        assert f"{field}: required field is missing" in message


def test_scan_collects_every_bad_file(tmp_path: Path) -> None:
    write(tmp_path, VALID)
    write(tmp_path, "id: [", name="broken--one.yaml")
    write(tmp_path, "just text", name="broken--two.yaml")
    scenarios, errors = scan_scenarios(tmp_path)
    assert [s.id for s in scenarios] == ["village--two-actions"]
    assert sorted(e.path.name for e in errors) == ["broken--one.yaml", "broken--two.yaml"]


def test_find_scenario_refuses_paths(tmp_path: Path) -> None:
    write(tmp_path, VALID)
    assert find_scenario("village--two-actions", tmp_path).title == "Village gives two Actions"
    for bad in ("../village--two-actions", "informational", "VILLAGE--TWO-ACTIONS"):
        with pytest.raises(KeyError):
            find_scenario(bad, tmp_path)


def test_informational_reasons_come_from_the_vocabulary(tmp_path: Path) -> None:
    path = tmp_path / "informational.yaml"
    path.write_text(
        "rulings:\n  festival-aaaaaa: {reason: vibes, note: it is just a feeling}\n"
        "  spy-bbbbbb: {reason: outside-engine, note: names another card entirely}\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioFileError) as info:
        load_informational(path)
    message = str(info.value)
    assert "rulings.festival-aaaaaa.value.reason: Must be one of" in message
    assert "rulings.spy-bbbbbb.value.card: reason outside-engine must name the card" in message


def test_classify_covers_every_status() -> None:
    path_info = {}
    by_ruling = {"a-111111": ["a--one", "a--two"]}
    assert classify("a-111111", by_ruling, path_info)["status"] == "demonstrated"
    assert classify("b-222222", by_ruling, path_info)["status"] == "unclassified"
    from rulings_service.scenarios.status import Informational

    info = {"b-222222": Informational("b-222222", "table-talk", "count your Actions aloud")}
    record = classify("b-222222", by_ruling, info)
    assert record["status"] == "informational"
    assert record["informational"]["reason"] == "table-talk"
    both = classify("a-111111", by_ruling, {"a-111111": info["b-222222"]})
    assert "conflict" in both


def test_expectations_for_a_missing_player_are_refused(tmp_path: Path) -> None:
    text = VALID.replace("  player1: {hand: [Copper], actions: 2}", "  player3: {hand: []}")
    assert "expect.player3: the game has 2 players" in problems(write(tmp_path, text))


@pytest.mark.parametrize(("extra", "wanted"), [
    ("  colonies: sometimes\n", "setup.colonies: expected true, false or random"),
    ("  colonies: 1\n", "setup.colonies: expected true, false or random"),
    ("  colonies: random\n", "setup.standard_setup: colonies: random and black_market need"),
    ("  black_market: [Familiar]\n", "setup.standard_setup: colonies: random and black_market"),
    ("  colonies: true\n  colony_randomizer: Hoard\n",
     "setup.colony_randomizer: only used with colonies: random"),
])
def test_colony_and_black_market_setup_keys_are_checked(
    tmp_path: Path, extra: str, wanted: str
) -> None:
    text = VALID.replace("  players: 2\n", "  players: 2\n" + extra)
    assert wanted in problems(write(tmp_path, text))


def test_pile_list_expectations_load(tmp_path: Path) -> None:
    text = VALID.replace("actions: 2}", "actions: 2}\n  supply_piles: [Village]\n"
                                         "  kingdom_piles: [Village]")
    scenario = load_scenario_file(write(tmp_path, text))
    assert scenario.expect["kingdom_piles"] == ["Village"]
