"""The OpenAPI 3 document, generated from ``api.OPERATIONS`` and the marshmallow schemas."""

from __future__ import annotations

import re
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import validate

from rulings_service.web import schemas as s
from rulings_service.web.api import Operation, active_operations

ERROR_TEXT = {
    400: "invalid input (the error names the fields)",
    404: "not found (for names: candidates when ambiguous; code not_covered and the set"
         " for a real card outside our sets)",
    405: "method not allowed",
    413: "body too large",
    414: "URL too long (path over 1024 bytes, query string over 2048)",
    415: "body is not JSON (or, where accepted, YAML)",
    422: "the scenario passed a limit (its steps or cards, the engine's step limit or the "
         "time budget)",
}


def _path(rule: str) -> str:
    return "/api/v1" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)


def _operation(op: Operation) -> dict[str, Any]:
    error_ref = {"application/json": {"schema": "Error"}}
    responses: dict[str, Any] = {
        "200": {"description": "success", "content": {"application/json": {"schema": op.response}}}
    }
    for status in sorted({*op.errors, 405, 414}):
        responses[str(status)] = {"description": ERROR_TEXT[status], "content": error_ref}
    out: dict[str, Any] = {
        "operationId": op.endpoint,
        "summary": op.summary,
        "tags": [op.tag],
        "responses": responses,
    }
    path_schema: dict[str, Any] = {"type": "string", "minLength": 1, "pattern": "^[^/]+$"}
    if op.reserved:
        path_schema["not"] = {"enum": list(op.reserved)}
    parameters: list[Any] = [
        {"in": "path", "name": name, "required": True, "description": text,
         "schema": path_schema}
        for name, text in op.path_params.items()
    ]
    if op.query is not None and op.one_of:
        parameters.append(_one_of_parameter(op))
    elif op.query is not None:
        parameters.append({"in": "query", "schema": op.query})
    if parameters:
        out["parameters"] = parameters
    if op.body is not None:
        out["requestBody"] = {
            "required": True,
            "content": {
                media: {"schema": op.body if media.endswith("json") else {"type": "string"}}
                for media in op.body_media
            },
        }
    return out


def _one_of_parameter(op: Operation) -> dict[str, Any]:
    """Query parameters of which exactly one is required, as one exploded object.

    OpenAPI 3.0 cannot say "exactly one of these parameters" of separate
    parameters; an object parameter in ``form`` style with ``explode`` is sent
    as the same ``?exact=...`` query string, and its schema can say it:
    ``oneOf`` two ``required`` lists, no other property.
    """
    assert op.query is not None
    instance = op.query()
    properties: dict[str, Any] = {}
    for name in op.one_of:
        length = next((v for v in instance.fields[name].validators
                       if isinstance(v, validate.Length)), None)
        prop: dict[str, Any] = {"type": "string"}
        if length is not None and length.min is not None:
            prop["minLength"] = length.min
        if length is not None and length.max is not None:
            prop["maxLength"] = length.max
        properties[name] = prop
    return {
        "in": "query", "name": "name", "required": True, "style": "form", "explode": True,
        "description": f"exactly one of {', '.join(repr(n) for n in op.one_of)}",
        "schema": {"type": "object", "properties": properties, "additionalProperties": False,
                   "oneOf": [{"required": [name]} for name in op.one_of]},
    }


def build_spec(with_scenarios: bool) -> dict[str, Any]:
    """The OpenAPI document of the API as registered on an app."""
    spec = APISpec(
        title="Dominion rulings API",
        version="1.0.0",
        openapi_version="3.0.3",
        plugins=[MarshmallowPlugin()],
        info={
            "description": "Official Dominion rulings with citations, card lookup, and "
            "[[Card Name]] resolution for chat bots. Every failure answers with the Error shape."
        },
    )
    spec.components.schema("Error", schema=s.ErrorSchema)
    paths: dict[str, dict[str, Any]] = {}
    for op in active_operations(with_scenarios):
        paths.setdefault(_path(op.rule), {})[op.method.lower()] = _operation(op)
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    return spec.to_dict()
