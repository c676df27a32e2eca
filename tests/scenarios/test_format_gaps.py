"""The scenario format keys added for outside auditors (issue 14), each shown to fail
when what it expects does not hold: turns taken, pile tokens, the Trade Route mat,
who controls the turn, waiting Durations, event data in log facts, the options a
decision offers, the run mode without the log, and the invariant check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulings_service.scenarios.loader import ScenarioFileError, load_scenario_file
from rulings_service.scenarios.runner import run_scenario

BASE: dict[str, Any] = {
    "id": "wharf--probe",
    "title": "probe",
    "rulings": ["wharf-000000"],
    "setup": {
        "kingdom": ["Wharf", "Workshop", "Embargo"],
        "players": 2,
        "player1": {"hand": ["Wharf", "Workshop"], "deck": ["Copper", "Copper", "Estate"],
                    "turns_taken": 4},
        "player2": {"turns_taken": 3},
        "pile_tokens": {"Silver": {"Embargo": 1}},
        "trade_route_mat": 2,
        "turn": {"actions": 2},
    },
    "steps": [{"play": "Wharf"}, {"play": "Workshop"},
              {"choose": "Silver", "options_include": ["Silver", "Workshop"]}],
    "expect": {
        "player1": {"durations": ["Wharf"], "turns_taken": 4, "discard": ["Silver"]},
        "player2": {"turns_taken": 3},
        "pile_tokens": {"Silver": {"Embargo": 1}, "Workshop": {"Embargo": 0}},
        "trade_route_mat": 2,
        "turn": {"controller": 1},
        "log": [{"event": "gain", "player": 1, "card": "Silver", "data": {"to": "discard"}}],
    },
}


def run(tmp_path: Path, change=None, **kwargs: Any):
    data = json.loads(json.dumps(BASE))
    if change:
        change(data)
    path = tmp_path / "wharf--probe.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return run_scenario(load_scenario_file(path), **kwargs)


def fields(result) -> list[str]:
    return [m["field"] for m in result.mismatches]


def test_the_probe_passes(tmp_path: Path) -> None:
    result = run(tmp_path)
    assert result.passed, (result.error, result.mismatches)


@pytest.mark.parametrize(("path", "wrong", "field"), [
    (("expect", "player1", "turns_taken"), 5, "player1.turns_taken"),
    (("expect", "player1", "durations"), ["Wharf", "Wharf"], "player1.durations"),
    (("expect", "pile_tokens", "Silver", "Embargo"), 2, "pile_tokens.Silver"),
    (("expect", "pile_tokens", "Workshop", "Embargo"), 1, "pile_tokens.Workshop"),
    (("expect", "trade_route_mat"), 3, "trade_route_mat"),
    (("expect", "turn", "controller"), 2, "turn.controller"),
    (("expect", "log", 0, "data", "to"), "hand", "log: event gain"),
])
def test_each_new_expectation_can_fail(tmp_path: Path, path: tuple, wrong: Any,
                                       field: str) -> None:
    def change(data: dict) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = wrong

    result = run(tmp_path, change)
    assert result.error is None
    assert any(f.startswith(field) for f in fields(result)), result.mismatches


def test_setup_turns_taken_and_pile_tokens_reach_the_game(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["setup"]["turn"] = {"actions": 2, "coins": 3}
        data["steps"] = [{"buy": "Silver"}]
        data["expect"] = {"player1": {"discard": ["Curse", "Silver"], "turns_taken": 4}}

    result = run(tmp_path, change)
    assert result.passed, (result.error, result.mismatches)


def test_a_missing_option_is_a_mismatch_not_an_error(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["steps"][2]["options_include"] = ["Silver", "Gold"]  # Gold costs 6: not offered

    result = run(tmp_path, change)
    assert result.error is None
    assert [m["expected"] for m in result.mismatches] == ["offers Gold"]
    assert "options of 'choose_supply_card' for Workshop" in fields(result)[0]


def test_exact_options_compare_as_a_multiset(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        del data["steps"][2]["options_include"]
        data["steps"][2]["options"] = ["Silver", "Copper"]

    result = run(tmp_path, change)
    assert result.error is None and len(result.mismatches) == 1
    assert "Workshop" in result.mismatches[0]["actual"]


def test_without_the_log_log_facts_are_listed_unchecked(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["expect"]["log"][0]["data"]["to"] = "hand"  # would fail with the log

    result = run(tmp_path, change, log=False)
    assert result.passed and result.unchecked == ["log"]
    assert result.as_dict(with_steps=False)["unchecked"] == ["log"]
    wrong = run(tmp_path, lambda d: d["expect"]["player1"].update(turns_taken=9), log=False)
    assert fields(wrong) == ["player1.turns_taken"]


def test_pile_tokens_on_a_pile_not_in_the_game_are_refused(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["setup"]["pile_tokens"] = {"Village": {"Embargo": 1}}

    result = run(tmp_path, change)
    assert result.error and "pile_tokens: Village is not a Supply pile" in result.error


def test_options_must_be_a_list_of_ids(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFileError, match="options"):
        run(tmp_path, lambda d: d["steps"][2].update(options="Silver"))


def test_a_broken_invariant_is_an_error_naming_the_step(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.primitives import GameBase

    honest = GameBase.draw

    def draw_and_copy(self, p, n=1):  # type: ignore[no-untyped-def]
        drawn = honest(self, p, n)
        p.discard.extend(drawn[:1])  # one card in two places
        return drawn

    monkeypatch.setattr(GameBase, "draw", draw_and_copy)
    result = run(tmp_path)
    assert result.error and result.error.startswith("step 1 (play Wharf): the engine broke")
    assert run(tmp_path, checks=False).error is None


def test_replay_command_runs_without_the_log() -> None:
    from click.testing import CliRunner

    from rulings_service.cli import main

    res = CliRunner().invoke(main, ["replay", "bard--receives-the-top-boon", "--no-log"])
    assert res.exit_code == 0, res.output
    assert "not checked (run without the event log): log" in res.output
    with_log = CliRunner().invoke(main, ["replay", "bard--receives-the-top-boon"])
    assert with_log.exit_code == 0 and "not checked" not in with_log.output
