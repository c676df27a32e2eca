"""``POST /api/v1/scenarios/run`` and the ``/sandbox`` page: a stranger's scenario, run safely.

Through the Flask test client over the fixture app: a scenario that holds, one
whose expectations fail (expected against actual), invalid texts (YAML, schema,
unknown card) refused in the API's one error shape with the field's path and
line, the size and time limits, and permalinks that carry the scenario itself.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient

from rulings_service.scenarios import sandbox
from rulings_service.web.sandbox_views import EXAMPLE

RUN = "/api/v1/scenarios/run"


def _run(client: FlaskClient, text: str, content_type: str = "application/yaml") -> Any:
    return client.post(RUN, data=text, content_type=content_type)


def _assert_error_shape(body: dict[str, Any], status: int, code: str) -> None:
    assert body["status"] == status
    assert body["code"] == code
    assert isinstance(body["details"], str) and body["details"]
    assert "Traceback" not in body["details"]


def test_a_scenario_that_holds_answers_with_its_transcript(client: FlaskClient) -> None:
    response = _run(client, EXAMPLE)
    assert response.status_code == 200
    body = response.get_json()
    assert body["label"] == sandbox.ENGINE_ANSWER
    assert body["passed"] is True
    assert body["expect"] == {"given": True, "held": True, "mismatches": []}
    (transcript,) = body["scenarios"]
    assert transcript["title"] == "Throne Room on Feast"
    # The transcript is the replay endpoint's: the steps, with what they did.
    assert [step["step"] for step in transcript["steps"]][:1] == ["play Throne Room"]
    assert transcript["steps"][-1]["zones"]["trash"] == ["Feast"]
    assert body["permalink"].startswith("/sandbox?s=")


def test_a_json_body_runs_the_same_scenario(client: FlaskClient) -> None:
    as_yaml = _run(client, EXAMPLE).get_json()
    as_json = client.post(RUN, json=yaml.safe_load(EXAMPLE)).get_json()
    assert as_json["passed"] is True
    assert as_json["scenarios"][0]["steps"] == as_yaml["scenarios"][0]["steps"]


def test_expectations_that_fail_say_expected_and_actual(client: FlaskClient) -> None:
    wrong = EXAMPLE.replace("discard: [Duchy, Duchy]", "discard: [Duchy, Gold]")
    response = _run(client, wrong)
    assert response.status_code == 200
    body = response.get_json()
    assert body["passed"] is False
    assert body["expect"]["held"] is False
    assert body["expect"]["mismatches"] == [
        {"field": "player1.discard", "expected": ["Duchy", "Gold"], "actual": ["Duchy", "Duchy"]}
    ]


def test_expectations_are_optional(client: FlaskClient) -> None:
    text = EXAMPLE[: EXAMPLE.index("expect:")]
    body = _run(client, text).get_json()
    assert body["expect"]["given"] is False
    assert body["scenarios"][0]["steps"][-1]["zones"]["trash"] == ["Feast"]


@pytest.mark.parametrize(
    ("text", "field", "line", "words"),
    [
        ("title: x\nsteps: [\n", "line 3, column 1", 3, "invalid YAML"),
        (EXAMPLE.replace("Feast, Copper", "Feest, Copper"), "setup.player1.hand[1]", 9,
         "unknown card 'Feest' (did you mean Feast?)"),
        (EXAMPLE.replace("steps:", "stepz:"), "stepz", 10, "unknown field"),
        ("a: &a [1]\nb: *a\n", "line 1", 1, "anchors and aliases"),
    ],
    ids=["yaml", "unknown-card", "unknown-field", "alias"],
)
def test_an_invalid_scenario_is_a_400_naming_field_and_line(
        client: FlaskClient, text: str, field: str, line: int, words: str) -> None:
    response = _run(client, text)
    assert response.status_code == 400
    body = response.get_json()
    _assert_error_shape(body, 400, "invalid_input")
    problem = next(p for p in body["problems"] if p["field"] == field)
    assert problem["line"] == line
    assert words in problem["message"]
    assert words in body["fields"][field][0]


def test_a_missing_field_is_named(client: FlaskClient) -> None:
    body = _run(client, EXAMPLE.replace("steps:", "stepz:")).get_json()
    assert {"field": "steps", "line": None, "message": "required field is missing"} \
        in body["problems"]


def test_json_nested_too_deep_is_refused(client: FlaskClient) -> None:
    deep = '{"a":' * (sandbox.MAX_DEPTH + 5) + "1" + "}" * (sandbox.MAX_DEPTH + 5)
    response = _run(client, deep, "application/json")
    assert response.status_code == 400
    assert "nested more than" in response.get_json()["details"]


def test_an_oversized_body_is_a_413(client: FlaskClient) -> None:
    response = _run(client, "x" * (sandbox.MAX_BYTES + 1))
    assert response.status_code == 413
    _assert_error_shape(response.get_json(), 413, "request_too_large")


def test_other_media_types_are_a_415(client: FlaskClient) -> None:
    response = _run(client, EXAMPLE, "image/png")
    assert response.status_code == 415
    _assert_error_shape(response.get_json(), 415, "unsupported_media_type")


def test_a_run_past_its_budget_is_refused_within_it(app: Flask, client: FlaskClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # Many whole turns over large decks: a few milliseconds at the default budget,
    # so a budget of 1 ms must stop it, and answer promptly.
    text = yaml.safe_dump({
        "title": "many turns",
        "setup": {"kingdom": ["Village"], "players": 2,
                  "player1": {"hand": ["Copper"] * 5, "deck": ["Copper"] * 150},
                  "player2": {"hand": ["Copper"] * 5, "deck": ["Estate"] * 150}},
        "steps": ["end_turn"] * 50,
    })
    assert _run(client, text).status_code == 200
    monkeypatch.setitem(app.config, "SANDBOX_TIME_BUDGET", 0.001)
    started = time.perf_counter()
    response = _run(client, text)
    elapsed = time.perf_counter() - started
    assert response.status_code == 422
    body = response.get_json()
    _assert_error_shape(body, 422, "limit_exceeded")
    assert "time budget" in body["details"]
    assert elapsed < 1.0


def test_too_many_steps_are_refused(client: FlaskClient) -> None:
    data = yaml.safe_load(EXAMPLE)
    data["steps"] = ["end_phase"] * (sandbox.MAX_STEPS + 1)
    data.pop("expect")
    response = client.post(RUN, json=data)
    assert response.status_code in (400, 413)
    assert str(sandbox.MAX_STEPS) in response.get_json()["details"]


def test_the_endpoint_is_in_the_openapi_document(client: FlaskClient) -> None:
    document = client.get("/api/openapi.json").get_json()
    operation = document["paths"]["/api/v1/scenarios/run"]["post"]
    assert "requestBody" in operation
    assert {"200", "400", "413", "415", "422"} <= set(operation["responses"])


# ------------------------------------------------------------------ the page
def test_the_sandbox_page_runs_the_example_and_labels_the_answer(client: FlaskClient) -> None:
    page = client.post("/sandbox", data={"scenario": EXAMPLE})
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert sandbox.ENGINE_ANSWER in html
    assert "/sandbox?s=" in html


def test_a_permalink_carries_the_scenario_and_gives_the_same_board(client: FlaskClient) -> None:
    token = sandbox.encode(EXAMPLE)
    assert sandbox.decode(token) == EXAMPLE
    from_link = client.get(f"/sandbox?s={token}")
    from_form = client.post("/sandbox", data={"scenario": EXAMPLE})
    assert from_link.status_code == 200
    # The same run: the board after the last step is in both pages.
    assert from_link.get_data(as_text=True).count("tile-name") \
        == from_form.get_data(as_text=True).count("tile-name") > 0


@pytest.mark.parametrize("token", ["not-base64!!", "AAAA", "eJzLSM3JyQcABiwCFQ" * 3])
def test_a_damaged_permalink_is_a_clear_400(client: FlaskClient, token: str) -> None:
    page = client.get(f"/sandbox?s={token}")
    assert page.status_code == 400
    html = page.get_data(as_text=True)
    assert "Traceback" not in html
    assert "link" in html.lower()


def test_a_permalink_too_long_for_a_url_is_refused_with_a_message() -> None:
    import random

    noise = random.Random(1)
    text = "title: " + "".join(noise.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(12_000))
    token, problem = sandbox.permalink(text, 4096)
    assert token is None
    assert problem and "link" in problem.lower()


def test_an_invalid_scenario_shows_inline_on_the_page(client: FlaskClient) -> None:
    page = client.post("/sandbox", data={"scenario": EXAMPLE.replace("Feast, Copper",
                                                                      "Feest, Copper")})
    html = page.get_data(as_text=True)
    assert "setup.player1.hand[1]" in html
    assert "did you mean Feast?" in html


def test_script_in_title_and_notes_is_escaped(client: FlaskClient) -> None:
    text = EXAMPLE.replace("title: Throne Room on Feast", "title: <script>alert(1)</script>")
    text = text.replace("Change anything", "<script>alert(2)</script> Change anything")
    html = client.post("/sandbox", data={"scenario": text}).get_data(as_text=True)
    assert "<script>alert(" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_download_is_the_text_as_a_yaml_file(client: FlaskClient) -> None:
    response = client.get(f"/sandbox/download?s={sandbox.encode(EXAMPLE)}")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.get_data(as_text=True) == EXAMPLE
