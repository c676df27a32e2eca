"""The OpenAPI 3 document, generated from ``api.OPERATIONS`` and the marshmallow schemas."""

from __future__ import annotations

import re
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from rulings_service.web import schemas as s
from rulings_service.web.api import Operation, active_operations

ERROR_TEXT = {
    400: "invalid input (the error names the fields)",
    404: "not found (for names: candidates when ambiguous; code not_covered and the set"
         " for a real card outside our sets)",
    405: "method not allowed",
    413: "body too large",
    414: "URL too long (path over 1024 bytes, query string over 2048)",
    415: "body is not JSON",
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
    if op.query is not None:
        parameters.append({"in": "query", "schema": op.query})
    if parameters:
        out["parameters"] = parameters
    if op.body is not None:
        out["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": op.body}},
        }
    return out


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
