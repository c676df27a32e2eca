"""JSON answers through the response schemas: one schema instance per class, shared.

Its own module so that every view module (the API, the pages' JSON twins, the
sandbox) sends through it without importing another view module back.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify
from marshmallow import Schema

_SCHEMAS: dict[type[Schema], Schema] = {}


def shared(schema: type[Schema]) -> Schema:
    """One instance per schema class, for dumping and for loading.

    Building a schema (and its nested schemas) costs more than dumping a card
    or loading a query string, and ``load``/``dump`` keep no per-call state on
    the instance, so instances are reused across requests and threads.
    """
    instance = _SCHEMAS.get(schema)
    if instance is None:
        instance = _SCHEMAS[schema] = schema()
    return instance


def send(schema: type[Schema], data: Any, status: int = 200) -> Response:
    """Dump through the shared instance of the response schema."""
    response = jsonify(shared(schema).dump(data))
    response.status_code = status
    return response
