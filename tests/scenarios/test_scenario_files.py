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
    ("  standard_setup: true\n  black_market_deck: [Familiar]\n",
     "setup.black_market_deck: black_market_deck gives an explicit state's deck"),
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


# --- a scenario must check something (review finding 1) ---------------------------------


def test_empty_expect_without_checks_is_refused(tmp_path: Path) -> None:
    text = VALID.replace("  player1: {hand: [Copper], actions: 2}", "  {}").replace(
        "expect:\n  {}", "expect: {}"
    )
    message = problems(write(tmp_path, text))
    assert "village--two-actions.yaml: expect: checks nothing" in message
    assert "a `check:` step, or a step with the `error:`" in message


def test_empty_rulings_list_is_refused(tmp_path: Path) -> None:
    message = problems(write(tmp_path, VALID.replace("[village-000000]", "[]")))
    assert "village--two-actions.yaml: rulings: expected at least one ruling id" in message


@pytest.mark.parametrize(("old", "new", "wanted"), [
    ("  player1: {hand: [Copper], actions: 2}", "  player1: {}", "expect.player1: is empty"),
    ("  player1: {hand: [Copper], actions: 2}", "  player1: {hand: [Copper]}\n  log: []",
     "expect.log: is empty"),
    ("  - play: Village\n", "  - play: Village\n  - check: {}\n", "steps[1].check: checks nothing"),
    ("  - play: Village\n", "  - play: Village\n  - check: {supply: {}}\n",
     "steps[1].check.supply: is empty"),
])
def test_keys_that_check_nothing_are_refused(
    tmp_path: Path, old: str, new: str, wanted: str
) -> None:
    assert wanted in problems(write(tmp_path, VALID.replace(old, new)))


@pytest.mark.parametrize("steps", [
    "  - play: Village\n  - check: {player1: {actions: 2}}\n",
    "  - play: Copper\n    error: not an Action\n",
])
def test_a_check_step_or_an_expected_error_is_enough(tmp_path: Path, steps: str) -> None:
    text = VALID.replace("  - play: Village\n", steps)
    text = text.replace("expect:\n  player1: {hand: [Copper], actions: 2}", "expect: {}")
    scenario = load_scenario_file(write(tmp_path, text))
    assert scenario.expect == {}


def test_empty_trash_expectation_is_a_real_check(tmp_path: Path) -> None:
    text = VALID.replace("  player1: {hand: [Copper], actions: 2}", "  trash: []")
    assert load_scenario_file(write(tmp_path, text)).expect == {"trash": []}


# --- card names are checked against the engine at load (review finding 2) ------------------


def test_unknown_card_in_hand_names_file_field_and_suggestion(tmp_path: Path) -> None:
    text = VALID.replace("hand: [Village]", "hand: [Village, Feest]")
    message = problems(write(tmp_path, text))
    assert message == (
        f"{tmp_path / 'village--two-actions.yaml'}: setup.player1.hand[1]: "
        "unknown card 'Feest' (did you mean Feast?)"
    )


@pytest.mark.parametrize(("old", "new", "wanted"), [
    ("kingdom: [Village]", "kingdom: [Feest]", "setup.kingdom[0]: unknown card 'Feest'"),
    ("kingdom: [Village]", "kingdom: [village]",
     "setup.kingdom[0]: unknown card 'village' (did you mean Village?)"),
    ("  players: 2\n", "  players: 2\n  supply: {Provnce: 0}\n", "setup.supply.Provnce: unknown"),
    ("  players: 2\n", "  players: 2\n  shuffles: [{player: 1, produces: [Gld]}]\n",
     "setup.shuffles[0].produces[0]: unknown card 'Gld'"),
    ("  - play: Village", "  - play: Vilage", "steps[0].play: unknown card 'Vilage'"),
    ("  - play: Village", "  - play: Village\n  - check: {trash: [Estatee]}",
     "steps[1].check.trash[0]: unknown card 'Estatee' (did you mean Estate?)"),
    ("actions: 2}", "actions: 2, discard_any_order: [Silvr]}",
     "expect.player1.discard_any_order[0]: unknown card 'Silvr' (did you mean Silver?)"),
    ("actions: 2}", "actions: 2}\n  log_absent: [{event: gain, card: Curze}]",
     "expect.log_absent[0].card: unknown card 'Curze'"),
    ("actions: 2}", "actions: 2}\n  log_absent: [{event: gain, source: Wtich}]",
     "expect.log_absent[0].source: unknown card 'Wtich' (did you mean Witch?); a source is"),
    ("rulings: [village-000000]", "rulings: [village-000000]\ncards: [Vilage]",
     "cards[0]: unknown card 'Vilage'"),
])
def test_unknown_card_names_are_refused_everywhere(
    tmp_path: Path, old: str, new: str, wanted: str
) -> None:
    assert old in VALID
    assert wanted in problems(write(tmp_path, VALID.replace(old, new)))


def test_events_and_non_card_log_sources_are_accepted(tmp_path: Path) -> None:
    text = VALID.replace("  players: 2\n", "  players: 2\n  events: [Launch]\n").replace(
        "actions: 2}", "actions: 2}\n  log_absent: [{event: gain, source: buy}]"
    )
    assert load_scenario_file(write(tmp_path, text)).setup["events"] == ["Launch"]


def test_misspelt_log_event_is_refused(tmp_path: Path) -> None:
    """A typo in ``log_absent`` would otherwise hold vacuously."""
    text = VALID.replace("actions: 2}", "actions: 2}\n  log_absent: [{event: gian}]")
    message = problems(write(tmp_path, text))
    assert "expect.log_absent[0].event: unknown log event 'gian' (did you mean gain?)" in message


def test_shipped_outside_engine_rulings_name_cards_the_engine_lacks() -> None:
    """An ``outside-engine`` reason goes stale when the engine gains the card it names:
    the ruling then wants a scenario instead."""
    from engine import registry

    implemented = registry.implemented_names()
    stale = {
        rid: entry.card for rid, entry in load_informational().items()
        if entry.reason == "outside-engine" and entry.card in implemented
    }
    assert stale == {}


def test_coin_token_keys_and_spend_step_load_and_are_checked(tmp_path: Path) -> None:
    text = VALID.replace("deck: [Copper]}", "deck: [Copper], coffers: 2}")
    text = text.replace("  - play: Village", "  - play: Village\n  - spend_coffers: 2")
    text = text.replace("actions: 2}", "actions: 2, coffers: 0}")
    scenario = load_scenario_file(write(tmp_path, text))
    assert scenario.steps[1] == {"verb": "spend_coffers", "value": 2}
    assert scenario.setup["player1"]["coffers"] == 2
    message = problems(write(tmp_path, text.replace("spend_coffers: 2", "spend_coffers: 0")))
    assert "spend_coffers" in message and "at least 1" in message
    message = problems(write(tmp_path, text.replace("coffers: 2}", "coffers: -1}")))
    assert "setup.player1.coffers" in message


def test_bane_setup_key_is_a_checked_card_name(tmp_path: Path) -> None:
    text = VALID.replace("  players: 2\n", "  players: 2\n  bane: Mote\n")
    assert "setup.bane: unknown card 'Mote' (did you mean Moat?)" in problems(write(tmp_path, text))
    text = VALID.replace("  players: 2\n", "  players: 2\n  bane: Moat\n")
    assert load_scenario_file(write(tmp_path, text)).setup["bane"] == "Moat"


def test_card_text_scenario_may_omit_rulings(tmp_path: Path) -> None:
    text = VALID.replace("rulings: [village-000000]", "card_text: Village")
    scenario = load_scenario_file(write(tmp_path, text))
    assert scenario.card_text == "Village"
    assert scenario.rulings == ()
    assert scenario.summary()["card_text"] == "Village"


def test_scenario_needs_rulings_or_card_text(tmp_path: Path) -> None:
    message = problems(write(tmp_path, VALID.replace("rulings: [village-000000]\n", "")))
    assert "rulings: required field is missing" in message
    assert "card_text: <Card Name>" in message


def test_card_text_must_name_an_implemented_card(tmp_path: Path) -> None:
    text = VALID.replace("rulings: [village-000000]", "card_text: Vilage")
    message = problems(write(tmp_path, text))
    assert "card_text: unknown card 'Vilage' (did you mean Village?)" in message
