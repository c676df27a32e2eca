"""The sandbox's run endpoint and page, as a stranger would use them.

``POST /api/v1/scenarios/run`` runs user input on the server, so besides the
answers (a passing run, a failing one with expected vs actual, refusals with
field paths and lines) this checks every limit: the body size (413), the
sandbox's own sizes (422), and the wall-clock budget, with the worst case we
could construct. ``/sandbox?s=`` permalinks carry the scenario itself, so a
damaged or oversized link must get a clear message, never a 500.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from benchmark_scripts import load_benchmark
from flask import Flask
from flask.testing import FlaskClient
from web_fixtures import SCENARIO_FIXTURES

from rulings_service.scenarios import sandbox
from rulings_service.web.api import OPERATIONS

RUN = "/api/v1/scenarios/run"
FEAST = (SCENARIO_FIXTURES / "feast--throne-room-gains-two.yaml").read_text(encoding="utf-8")
ERROR_KEYS = {"status", "code", "details", "warnings"}


def _post(client: FlaskClient, body: str | bytes, media: str = "application/yaml") -> Any:
    return client.post(RUN, data=body, content_type=media)


def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    """The body of a refusal, checked to be the API's one error shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) >= ERROR_KEYS, body
    assert body["status"] == status and body["code"] == code, body
    assert "Traceback" not in response.get_data(as_text=True)
    return body


# ----------------------------------------------------------------- answers
def test_a_passing_scenario_in_yaml(client: FlaskClient) -> None:
    response = _post(client, FEAST)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["label"] == "the engine's answer, not an official ruling"
    assert answer["passed"] is True
    assert answer["expect"] == {"given": True, "held": True, "mismatches": []}
    (transcript,) = answer["scenarios"]
    assert transcript["title"].startswith("Throne Room on Feast")
    # The replay endpoint's shape: a start and one frame per step, with captions.
    assert [s["step"] for s in transcript["steps"]] == ["play Throne Room"]  # answers fold in
    assert transcript["steps"][0]["answers"] == ["Duchy", "Duchy"]
    final = transcript["steps"][-1]["zones"]
    assert final["trash"] == ["Feast"]
    # The permalink is the scenario itself and runs again to the same answer.
    assert answer["permalink"].startswith("/sandbox?s=")
    token = answer["permalink"].split("s=", 1)[1]
    assert sandbox.decode(token) == FEAST


def test_the_same_scenario_as_json_gives_the_same_answer(client: FlaskClient) -> None:
    as_json = json.dumps(yaml.safe_load(FEAST))
    from_yaml = _post(client, FEAST).get_json()
    from_json = _post(client, as_json, "application/json").get_json()
    assert from_json["passed"] is True and from_json["expect"]["held"] is True
    assert from_json["permalink"] is None  # a JSON body has no text to link
    strip = ("seconds",)
    for key in strip:
        from_yaml["scenarios"][0].pop(key), from_json["scenarios"][0].pop(key)
    assert from_json["scenarios"][0]["steps"] == from_yaml["scenarios"][0]["steps"]


def test_expectations_are_optional(client: FlaskClient) -> None:
    data = yaml.safe_load(FEAST)
    del data["expect"], data["id"], data["rulings"]
    answer = _post(client, yaml.safe_dump(data)).get_json()
    assert answer["expect"] == {"given": False, "held": None, "mismatches": []}
    assert answer["scenarios"][0]["steps"][-1]["zones"]["trash"] == ["Feast"]


def test_a_failing_expectation_answers_expected_versus_actual(client: FlaskClient) -> None:
    wrong = FEAST.replace("supply: {Duchy: 6}", "supply: {Duchy: 5}")
    assert wrong != FEAST
    response = _post(client, wrong)
    assert response.status_code == 200  # the run worked; the user's expectation did not hold
    answer = response.get_json()
    assert answer["passed"] is False
    assert answer["expect"]["held"] is False
    assert answer["expect"]["mismatches"] == [
        {"field": "supply.Duchy", "expected": 5, "actual": 6}]
    assert answer["scenarios"][0]["mismatches"] == answer["expect"]["mismatches"]


# ----------------------------------------------------------------- refusals
def test_an_invalid_scenario_names_the_field_and_its_line(client: FlaskClient) -> None:
    body = _error(_post(client, FEAST.replace("players: 2", "players: two")), 400,
                  "invalid_input")
    assert body["problems"] == [{"field": "setup.players", "line": 6,
                                 "message": "expected a whole number"}]
    assert body["fields"] == {"setup.players": ["expected a whole number"]}
    assert "setup.players (line 6)" in body["details"]


def test_an_unknown_card_is_named_with_a_suggestion(client: FlaskClient) -> None:
    body = _error(_post(client, FEAST.replace("kingdom: [Feast,", "kingdom: [Feest,")), 400,
                  "invalid_input")
    (problem,) = body["problems"]
    assert problem["field"] == "setup.kingdom[0]" and problem["line"] == 5
    assert "unknown card 'Feest'" in problem["message"] and "Feast" in problem["message"]


@pytest.mark.parametrize("text, line", [
    ("title: x\nsetup: [\n", 3),          # unclosed flow sequence
    ("title: x\n  steps: - a\n", 2),      # bad indentation
])
def test_invalid_yaml_gives_its_line(client: FlaskClient, text: str, line: int) -> None:
    body = _error(_post(client, text), 400, "invalid_input")
    (problem,) = body["problems"]
    assert problem["line"] == line and problem["message"].startswith("invalid YAML")


@pytest.mark.parametrize("body, media, why", [
    ("title: a\nb: &x [1]\nc: *x\n", "application/yaml", "anchors and aliases"),
    ("[" * 50 + "]" * 50, "application/json", "nested more than"),
    ("{not json", "application/json", "invalid JSON"),
    ("- just\n- a list\n", "application/yaml", ""),
])
def test_hostile_or_malformed_bodies_are_refused(client: FlaskClient, body: str, media: str,
                                                 why: str) -> None:
    refusal = _error(_post(client, body, media), 400, "invalid_input")
    assert why in refusal["details"]


def test_a_body_that_is_not_utf8_or_of_another_type(client: FlaskClient) -> None:
    _error(_post(client, b"title: \xff\xfe\n"), 400, "invalid_input")
    _error(_post(client, FEAST, "application/x-www-form-urlencoded"), 415,
           "unsupported_media_type")


# ----------------------------------------------------------------- limits
def test_a_body_over_16_kib_is_413(client: FlaskClient) -> None:
    padding = "#" + "x" * 100 + "\n"
    big = FEAST + padding * (sandbox.MAX_BYTES // len(padding) + 1)
    assert len(big.encode()) > sandbox.MAX_BYTES
    body = _error(_post(client, big), 413, "request_too_large")
    assert "16384 bytes" in body["details"]
    # Just under the limit still runs (comments are free).
    fits = FEAST + padding * ((sandbox.MAX_BYTES - len(FEAST)) // len(padding))
    assert len(fits.encode()) <= sandbox.MAX_BYTES
    assert _post(client, fits).status_code == 200


@pytest.mark.parametrize("setup, field", [
    ("  supply: {Copper: 2000000}\n", "setup.supply.Copper"),
    ("  player1: {deck: [" + ", ".join(["Copper"] * 401) + "]}\n", "setup"),
])
def test_setups_bigger_than_the_sandbox_runs_are_422(client: FlaskClient, setup: str,
                                                     field: str) -> None:
    text = ("title: big\nsetup:\n  kingdom: [Village]\n  players: 2\n" + setup +
            "steps:\n  - gain: Copper\n")
    started = time.perf_counter()
    body = _error(_post(client, text), 422, "limit_exceeded")
    assert time.perf_counter() - started < 1.0  # refused before anything is built
    assert body["problems"][0]["field"] == field


def test_more_steps_than_the_sandbox_runs_is_422(client: FlaskClient) -> None:
    text = ("title: long\nsetup:\n  kingdom: [Village]\n  players: 2\nsteps:\n"
            + "  - gain: Copper\n" * (sandbox.MAX_STEPS + 1))
    body = _error(_post(client, text), 422, "limit_exceeded")
    assert f"at most {sandbox.MAX_STEPS}" in body["details"]


#: The slowest valid scenarios we could construct, shared with the benchmark that times them.
WORST = load_benchmark("sandbox_worst_case")


def runaway(tokens: int = 19_000, turns: int = 26) -> str:
    """Embargo tokens by the thousand on Copper, bought every turn (see the benchmark)."""
    return WORST.embargo(tokens, turns)


@pytest.mark.parametrize("name", sorted(WORST.CANDIDATES))
def test_the_benchmarked_worst_cases_are_valid_and_run_to_the_end(name: str) -> None:
    """The benchmark's figure means something only if its scenarios are accepted and run."""
    outcome = sandbox.run(sandbox.load_text(WORST.CANDIDATES[name]()))
    assert outcome["stopped"] is None and outcome["transcript"]["error"] is None


def test_a_runaway_scenario_is_refused_within_the_budget(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    text = runaway()
    assert len(sandbox.load_text(text).steps) <= sandbox.MAX_STEPS  # valid, and within limits
    budget = 0.02  # far below what this scenario takes, so the clock must stop it
    monkeypatch.setitem(app.config, "SANDBOX_TIME_BUDGET", budget)
    started = time.perf_counter()
    body = _error(_post(client, text), 422, "limit_exceeded")
    elapsed = time.perf_counter() - started
    assert "time budget" in body["details"]
    assert body["warnings"] == ["stopped by the time budget"]
    assert elapsed < budget + 0.5, elapsed  # stopped at the budget, not at the end of the run


def test_a_runaway_loop_within_one_move_stops_at_the_engine_step_limit(
        client: FlaskClient) -> None:
    text = runaway(tokens=10**8, turns=0)
    answer = _post(client, text).get_json()
    assert answer["passed"] is False
    assert "exceeded 20000 engine steps" in answer["scenarios"][0]["error"]


def test_the_clock_stops_a_loop_inside_a_single_move() -> None:
    """The budget is checked at every engine step, not only between moves.

    A table whose deadline has already passed is asked for one move that loops
    (a hundred million Embargo tokens): the clock must stop it at once, before
    the engine's own step limit would.
    """
    from rulings_service.scenarios import bridge
    from rulings_service.scenarios.runner import Script

    scenario = sandbox.load_text(runaway(tokens=10**8, turns=0))
    script = Script([])
    script.begin("setup", [])
    table = bridge.Table.build(scenario.setup, script, deadline=time.perf_counter() - 1)
    script.finish()
    script.begin("step 1", [])
    with pytest.raises(bridge.OutOfTime):
        table.move(scenario.steps[0])


@pytest.mark.parametrize("path", sorted(SCENARIO_FIXTURES.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_budget_changes_nothing_but_the_clock(path: Path) -> None:
    """One semantics: a run with the sandbox's clock attached is the run without it,
    transcript and canonical final state alike."""
    from rulings_service.scenarios.loader import load_any_scenario_file
    from rulings_service.scenarios.runner import run_scenario

    scenario = load_any_scenario_file(path)
    plain = run_scenario(scenario, final_state=True)
    timed = run_scenario(scenario, final_state=True, budget=60.0)
    assert timed.stopped is None
    assert timed.final_state == plain.final_state
    strip = lambda r: {k: v for k, v in r.as_dict(with_steps=True).items()  # noqa: E731
                       if k != "seconds"}
    assert strip(timed) == strip(plain)


# ----------------------------------------------------------------- documentation
def test_the_endpoint_is_in_the_openapi_document(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    operation = document["paths"]["/api/v1/scenarios/run"]["post"]
    assert set(operation["requestBody"]["content"]) == {"application/json", "application/yaml"}
    assert {"200", "400", "413", "415", "422"} <= set(operation["responses"])
    assert any(op.endpoint == "scenarios_run" for op in OPERATIONS)


# ----------------------------------------------------------------- the page
def test_a_permalink_runs_the_scenario_again(client: FlaskClient) -> None:
    link = _post(client, FEAST).get_json()["permalink"]
    page = client.get(link)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Your expectations held." in html
    assert "the engine&#39;s answer, not an official ruling" in html
    assert "Throne Room on Feast" in html


@pytest.mark.parametrize("token", ["zzzz", "not-base64!", "A" * 40, sandbox.encode(FEAST)[:-9]])
def test_a_damaged_permalink_says_so(client: FlaskClient, token: str) -> None:
    page = client.get("/sandbox", query_string={"s": token})
    assert page.status_code == 400
    html = page.get_data(as_text=True)
    assert "this link is damaged" in html and "Traceback" not in html
    assert '<textarea id="scenario-text"' in html  # the editor is still there to use


def test_a_permalink_over_16_kib_once_inflated_is_refused(client: FlaskClient) -> None:
    bomb = sandbox.encode("title: x\n" + "#" * 200_000)
    assert len(bomb) < 2048  # fits in a URL, inflates past the limit
    page = client.get("/sandbox", query_string={"s": bomb})
    assert page.status_code == 400
    assert "longer than 16384 bytes" in page.get_data(as_text=True)


def test_a_link_longer_than_the_url_limit_is_414_not_500(client: FlaskClient) -> None:
    page = client.get("/sandbox", query_string={"s": "A" * 5000},
                      headers={"Accept": "text/html"})
    assert page.status_code == 414
    assert "longer than 2048 bytes" in page.get_data(as_text=True)


def test_the_download_is_the_editor_text_as_a_scenario_file(client: FlaskClient) -> None:
    posted = client.post("/sandbox/download", data={"scenario": FEAST})
    assert posted.status_code == 200 and posted.mimetype == "application/yaml"
    assert posted.headers["Content-Disposition"] == 'attachment; filename="scenario.yaml"'
    assert posted.get_data(as_text=True) == FEAST
    linked = client.get("/sandbox/download", query_string={"s": sandbox.encode(FEAST)})
    assert linked.get_data(as_text=True) == FEAST
    damaged = client.get("/sandbox/download", query_string={"s": "zzzz"},
                         headers={"Accept": "application/json"})
    assert damaged.status_code == 400 and "damaged" in damaged.get_json()["details"]


def test_the_sandbox_form_shows_refusals_inline_not_as_errors(client: FlaskClient) -> None:
    big = FEAST + "#" * sandbox.MAX_BYTES
    page = client.post("/sandbox", data={"scenario": big})
    assert page.status_code == 200
    assert "longer than 16384 bytes" in page.get_data(as_text=True)
    many = ("title: long\nsetup:\n  kingdom: [Village]\n  players: 2\nsteps:\n"
            + "  - gain: Copper\n" * (sandbox.MAX_STEPS + 1))
    html = client.post("/sandbox", data={"scenario": many}).get_data(as_text=True)
    assert f"the sandbox runs at most {sandbox.MAX_STEPS}" in html
    assert 'class="problems"' in html
