"""The sandbox on the web: ``/sandbox``, its download, ``/scenarios/<id>`` and the run API.

``POST /api/v1/scenarios/run`` and the ``/sandbox`` form share one path:
read the text within :data:`~rulings_service.scenarios.sandbox.MAX_BYTES`,
parse and validate it (marshmallow, through the scenario schema), run it
within the time budget, and answer with the transcript in the replay
endpoint's shape. Every refusal is an :class:`ApiError`, so the API answers in
its one error shape and the page shows the same words inline.
"""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, render_template, request, url_for

from rulings_service.scenarios import sandbox
from rulings_service.web import replay_view
from rulings_service.web.errors import ApiError
from rulings_service.web.schemas import ScenarioPageSchema
from rulings_service.web.send import send
from rulings_service.web.services import services

#: Media types the run endpoint reads as YAML (JSON has its own parser and depth check).
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "text/plain")

#: What the editor holds on a first visit: a complete scenario to change.
EXAMPLE = """\
title: Throne Room on Feast
notes: >-
  Change anything and press Run. Expectations are optional here:
  without an expect block the sandbox just shows what happens.
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
  player1: {discard: [Duchy, Duchy]}
  trash: [Feast]
"""


def _limit() -> int:
    return int(current_app.config.get("SANDBOX_MAX_BYTES", sandbox.MAX_BYTES))


def _budget() -> float:
    return float(current_app.config.get("SANDBOX_TIME_BUDGET", sandbox.DEFAULT_BUDGET))


def _refusal(exc: sandbox.SandboxError) -> ApiError:
    """A sandbox problem as the API's error: 400 for an invalid text, 413 for a text over
    the size limit, 422 for a scenario over the sandbox's other limits."""
    problems = [p.as_dict() for p in exc.problems]
    fields: dict[str, list[str]] = {}
    for p in exc.problems:
        fields.setdefault(p.field, []).append(p.message)
    status = {"too_large": 413, "over_limits": 422, "bad_link": 400}.get(exc.code, 400)
    code = {"too_large": "request_too_large", "over_limits": "limit_exceeded",
            "bad_link": "bad_link"}.get(exc.code, "invalid_input")
    return ApiError(status, code, "; ".join(map(str, exc.problems)), problems=problems,
                    fields=fields)


def read_body() -> tuple[str, Any]:
    """``(text, parsed)`` of the request body, refusing what is too big or not a scenario."""
    limit = _limit()
    if (request.content_length or 0) > limit:
        raise ApiError(413, "request_too_large",
                       f"The scenario is larger than {limit} bytes; the sandbox runs up to "
                       f"{limit // 1024} KiB.")
    data = request.stream.read(limit + 1)
    if len(data) > limit:
        raise ApiError(413, "request_too_large", f"The scenario is larger than {limit} bytes.")
    mimetype = request.mimetype or ""
    try:
        if mimetype == "application/json" or mimetype.endswith("+json"):
            parsed = sandbox.parse_json(data)
            return "", parsed
        if mimetype in YAML_TYPES:
            text = data.decode("utf-8")
            return text, sandbox.parse_text(text)
    except UnicodeDecodeError:
        raise ApiError(400, "invalid_input", "The body is not UTF-8 text.") from None
    except sandbox.SandboxError as exc:
        raise _refusal(exc) from None
    raise ApiError(415, "unsupported_media_type",
                   "Send the scenario as application/json or as YAML (application/yaml).")


def run_text(text: str, parsed: Any = None) -> dict[str, Any]:
    """Validate and run; the answer in the replay endpoint's shape (``scenarios``: [one])."""
    try:
        scenario = sandbox.load_text(text, parsed)
    except sandbox.SandboxError as exc:
        raise _refusal(exc) from None
    outcome = sandbox.run(scenario, budget=_budget())
    transcript = replay_view.with_captions(outcome["transcript"])
    if outcome["stopped"]:
        raise ApiError(422, "limit_exceeded", transcript["error"] or "the run was stopped",
                       warnings=[f"stopped by the {outcome['stopped']}"])
    return {
        "label": sandbox.ENGINE_ANSWER,
        "passed": transcript["passed"],
        "expect": outcome["expectations"],
        "scenarios": [transcript],
    }


def api_run() -> dict[str, Any]:
    text, parsed = read_body()
    answer = run_text(text, parsed)
    if text:
        token, _ = sandbox.permalink(text, current_app.config["MAX_QUERY_STRING"])
        answer["permalink"] = url_for("pages.sandbox", s=token) if token else None
    else:
        answer["permalink"] = None
    return answer


# ----------------------------------------------------------------- pages
def sandbox_page() -> str | Response:
    """The editor, and (after Run or from a permalink) the engine's answer as a board."""
    text, problems, result, link, link_problem = EXAMPLE, [], None, None, None
    status = 200
    run = False
    if request.method == "POST":
        text = request.form.get("scenario", "")
        run = True
    elif "s" in request.args:
        try:
            text = sandbox.decode(request.args["s"])
            run = True
        except sandbox.SandboxError as exc:
            problems, status, text = [p.as_dict() for p in exc.problems], 400, ""
    elif request.args.get("scenario"):
        text = _shipped_text(request.args["scenario"])
    if run:
        if len(text.encode("utf-8")) > _limit():
            problems = [{"field": "(text)", "line": None,
                         "message": f"longer than {_limit()} bytes; the sandbox runs up to "
                                    f"{_limit() // 1024} KiB"}]
        else:
            try:
                answer = run_text(text)
                result = replay_view.replay_view(answer["scenarios"][0], sandbox=True)
                result["expectations"] = answer["expect"]
                token, link_problem = sandbox.permalink(
                    text, current_app.config["MAX_QUERY_STRING"])
                link = url_for("pages.sandbox", s=token) if token else None
            except ApiError as exc:
                problems = exc.extra.get("problems") or [
                    {"field": "(run)", "line": None, "message": exc.details}]
    html = render_template("sandbox.html", text=text, problems=problems, result=result,
                           permalink=link, permalink_problem=link_problem,
                           label=sandbox.ENGINE_ANSWER, max_bytes=_limit())
    return Response(html, status=status, mimetype="text/html")


def _shipped_text(scenario_id: str) -> str:
    svc = services()
    if scenario_id not in svc.scenario_titles:
        raise ApiError(404, "not_found", f"No scenario is known as {scenario_id!r}.")
    text = replay_view.scenario_text(svc.replay(scenario_id))
    if text is None:
        raise ApiError(404, "not_found", f"The file of scenario {scenario_id!r} is unavailable.")
    return text


def sandbox_download() -> Response:
    """The editor's text as a ``.yaml`` file to keep or contribute."""
    if request.method == "POST":
        text = request.form.get("scenario", "")
    else:
        try:
            text = sandbox.decode(request.args.get("s", ""))
        except sandbox.SandboxError as exc:
            raise _refusal(exc) from None
    if len(text.encode("utf-8")) > _limit():
        raise ApiError(413, "request_too_large", f"The scenario is larger than {_limit()} bytes.")
    response = Response(text, mimetype="application/yaml")
    response.headers["Content-Disposition"] = 'attachment; filename="scenario.yaml"'
    return response


def scenario_page(scenario_id: str) -> str | Response:
    """One shipped scenario's replay on a page of its own, or its transcript as JSON."""
    as_json = scenario_id.endswith(".json")
    if as_json:
        scenario_id = scenario_id[: -len(".json")]
    svc = services()
    if scenario_id not in svc.scenario_titles:
        raise ApiError(404, "not_found", f"No scenario is known as {scenario_id!r}.")
    transcript = replay_view.with_captions(svc.replay(scenario_id))
    if as_json:
        return send(ScenarioPageSchema, {"scenario": transcript})
    return render_template("scenario.html", replay=replay_view.replay_view(transcript),
                           alternate=request.path + ".json")
