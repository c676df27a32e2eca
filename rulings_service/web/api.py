"""The versioned JSON API under ``/api/v1``.

Each endpoint is declared once in ``OPERATIONS`` with its input and output
schemas; the same table registers the Flask route and writes the OpenAPI
document, so the published contract cannot drift from the routes. Endpoints
that need the scenario runner are only registered when it is installed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from marshmallow import Schema

from rulings_service.web import links, views
from rulings_service.web import schemas as s
from rulings_service.web.errors import ApiError
from rulings_service.web.resolve import resolve
from rulings_service.web.sandbox_views import api_run
from rulings_service.web.send import send, shared
from rulings_service.web.services import services


@dataclass(frozen=True)
class Operation:
    """One API endpoint: route, method, schemas and documentation."""

    rule: str
    endpoint: str
    view: Callable[..., Response]
    summary: str
    response: type[Schema]
    method: str = "GET"
    query: type[Schema] | None = None
    body: type[Schema] | None = None
    path_params: dict[str, str] = field(default_factory=dict)
    #: Path values a sibling route answers instead (``/cards/named``), left out of the document.
    reserved: tuple[str, ...] = ()
    errors: tuple[int, ...] = (400, 404)
    #: Query parameters of which exactly one must be given (the document says so too).
    one_of: tuple[str, ...] = ()
    needs_scenarios: bool = False
    tag: str = "corpus"
    #: Media types the body may come in (the OpenAPI document lists them).
    body_media: tuple[str, ...] = ("application/json",)


def _query(schema: type[Schema]) -> dict[str, Any]:
    """The query string through its schema; unknown parameters become warnings."""
    return views.validate_args(shared(schema), request.args.to_dict(flat=True),
                               ignore_unknown=True)


def _search_args() -> dict[str, Any]:
    """``SearchQuerySchema`` load, with the common ``?q=...`` alone answered without marshmallow.

    For exactly one ``q`` of 1 to ``MAX_QUERY`` characters the schema's answer
    is ``{"q": q, "limit": 10}`` (``limit``'s load default); anything else,
    valid or not, goes through the schema so its messages stay the same.
    """
    args = request.args
    if len(args) == 1:
        values = args.getlist("q")
        if len(values) == 1 and 1 <= len(values[0]) <= s.MAX_QUERY:
            return {"q": values[0], "limit": 10}
    return _query(s.SearchQuerySchema)


def _json_body(schema: type[Schema]) -> dict[str, Any]:
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "Send the body as application/json.")
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise ApiError(400, "malformed_json", "The body is not a JSON object.")
    return views.validate_args(schema(), data)


# ----------------------------------------------------------------- views
def api_search() -> Response:
    """The hot path: the view already builds exactly ``SearchResultSchema``'s shape.

    ``views.search`` makes every field with its schema type and order, so the
    answer is encoded without a marshmallow pass (about a tenth of a search
    request's web-layer time); ``test_search_answer_equals_its_schema_dump``
    keeps the two identical.
    """
    return jsonify(views.search(_search_args()))


def api_cards() -> Response:
    args = _query(s.SetQuerySchema)
    return send(s.CardListSchema, views.card_list(args.get("set") or None, args["page"]))


def api_sets() -> Response:
    return send(s.SetListSchema, views.set_list(_query(s.PageQuerySchema)["page"]))


def api_index() -> Response:
    """The API's front door: every endpoint with its summary (Scryfall has none; bots ask)."""
    endpoints = []
    for op in active_operations(services().scenarios is not None):
        path = "/api/v1" + op.rule.replace("<", "{").replace(">", "}")
        simple = op.method == "GET" and "<" not in op.rule and op.endpoint not in _NEED_INPUT
        endpoints.append({"method": op.method, "path": path, "summary": op.summary,
                          "uri": links.absolute(path) if simple else None})
    return send(s.ApiIndexSchema, {
        "name": "Dominion rulings API", "version": "v1",
        "build_id": services().corpus.build_id,
        "openapi": links.absolute("/api/openapi.json"),
        "documentation": links.absolute("/api"),
        "endpoints": endpoints,
    })


def api_scenario(scenario_id: str) -> Response:
    return send(s.ScenarioSchema, views.scenario(scenario_id))


def api_card(slug: str) -> Response:
    return send(s.CardDetailSchema, views.card_detail(slug))


def api_named() -> Response:
    return send(s.CardSchema, views.named(_query(s.NamedQuerySchema)))


def api_autocomplete() -> Response:
    args = _query(s.AutocompleteQuerySchema)
    return send(s.AutocompleteSchema, views.autocomplete(args.get("q")))


def api_ruling(ruling_id: str) -> Response:
    return send(s.RulingDetailSchema, views.ruling_detail(ruling_id))


def api_replay(ruling_id: str) -> Response:
    return send(s.ReplaySchema, views.replay(ruling_id))


def api_source(source_id: str) -> Response:
    return send(s.SourceDetailSchema, views.source_detail(source_id))


def api_kingdoms() -> Response:
    return send(s.KingdomListSchema, views.kingdoms(_query(s.PageQuerySchema)["page"]))


def api_audit() -> Response:
    args = _query(s.AuditQuerySchema)
    return send(s.AuditSchema, views.audit(args.get("set") or None, args.get("card") or None))


def api_bulk() -> Response:
    """The whole corpus, every field, in the versioned shape of ``BulkSchema``."""
    corpus = services().corpus
    coverage = services().coverage()
    data = {
        "schema_version": s.BULK_SCHEMA_VERSION,
        "build_id": corpus.build_id,
        "sets": [*coverage.covered, *coverage.uncovered],
        "sources": corpus.sources,
        "cards": corpus.cards,
        "rulings": corpus.rulings,
        "kingdoms": corpus.kingdoms,
    }
    return send(s.BulkSchema, data)


def api_resolve() -> Response:
    body = _json_body(s.ResolveRequestSchema)
    limit = current_app.config["MAX_REFERENCES"]
    return send(s.ResolveResultSchema, resolve(body["message"], limit, links.base_url()))


def api_scenarios_run() -> Response:
    return send(s.ScenarioRunSchema, api_run())


def api_ping() -> Response:
    return send(s.PingSchema, {"ok": True, "build_id": services().corpus.build_id})


#: GET endpoints without placeholders that still need a parameter (the index gives no uri).
_NEED_INPUT = ("search", "named", "autocomplete")

OPERATIONS: tuple[Operation, ...] = (
    Operation("", "index", api_index, "This list of the endpoints", s.ApiIndexSchema,
              errors=(), tag="meta"),
    Operation("/search", "search", api_search, "Full-text search over the rulings",
              s.SearchResultSchema, query=s.SearchQuerySchema, errors=(400,), tag="search"),
    Operation("/cards", "cards", api_cards, "Every card, optionally of one set, by pages",
              s.CardListSchema, query=s.SetQuerySchema, errors=(400,)),
    Operation("/sets", "sets", api_sets,
              "Every set in release order, with what the sources cover of it",
              s.SetListSchema, query=s.PageQuerySchema, errors=(400,)),
    Operation("/cards/named", "named", api_named,
              "One card by exact or fuzzy name (404: ambiguous with candidates, or not_covered"
              " with the set for a real card outside our sets)",
              s.CardSchema, query=s.NamedQuerySchema, one_of=("exact", "fuzzy"), tag="search"),
    Operation("/cards/autocomplete", "autocomplete", api_autocomplete,
              "Up to 20 card names starting with or close to the prefix",
              s.AutocompleteSchema, query=s.AutocompleteQuerySchema, errors=(), tag="search"),
    # "named" and "autocomplete" are routes of their own, so those two slugs
    # reach them (a missing parameter answers 400 for "named", and no names
    # plus a warning for "autocomplete").
    Operation("/cards/<slug>", "card", api_card, "A card with its rulings",
              s.CardDetailSchema, path_params={"slug": "lower-case hyphenated name"},
              errors=(400, 404), reserved=("named", "autocomplete")),
    Operation("/rulings/<ruling_id>", "ruling", api_ruling, "A ruling with its sources",
              s.RulingDetailSchema, path_params={"ruling_id": "stable ruling id"}, errors=(404,)),
    Operation("/rulings/<ruling_id>/replay", "replay", api_replay,
              "The replay transcripts of a ruling's scenarios", s.ReplaySchema,
              path_params={"ruling_id": "stable ruling id"}, errors=(404,),
              needs_scenarios=True, tag="scenarios"),
    Operation("/scenarios/<scenario_id>", "scenario", api_scenario,
              "A scenario's replay transcript (this engine's demonstration, not a ruling)",
              s.ScenarioSchema, path_params={"scenario_id": "scenario id"}, errors=(404,),
              needs_scenarios=True, tag="scenarios"),
    Operation("/sources/<source_id>", "source", api_source, "A source document and its rulings",
              s.SourceDetailSchema, path_params={"source_id": "source id"}, errors=(404,)),
    Operation("/kingdoms", "kingdoms", api_kingdoms, "The recommended kingdoms",
              s.KingdomListSchema, query=s.PageQuerySchema, errors=(400,)),
    Operation("/audit", "audit", api_audit, "Engine audit: per set and card counts, failures",
              s.AuditSchema, query=s.AuditQuerySchema, errors=(400,), needs_scenarios=True,
              tag="scenarios"),
    Operation("/bulk", "bulk", api_bulk, "The whole corpus in one document", s.BulkSchema,
              errors=()),
    Operation("/resolve", "resolve", api_resolve,
              "Resolve every [[Card Name]] (and [[Card Name?]] with rulings) in a message",
              s.ResolveResultSchema, method="POST", body=s.ResolveRequestSchema,
              errors=(400, 413, 415), tag="bots"),
    Operation("/scenarios/run", "scenarios_run", api_scenarios_run,
              "Run a scenario (YAML or JSON, at most 16 KiB) and get the engine's answer: the "
              "transcript, whether its expectations held, expected vs actual",
              s.ScenarioRunSchema, method="POST", body=s.ScenarioRunRequestSchema,
              errors=(400, 413, 415, 422), needs_scenarios=True, tag="scenarios",
              body_media=("application/json", "application/yaml")),
    Operation("/ping", "ping", api_ping, "Liveness and build id (also the load-test ceiling)",
              s.PingSchema, errors=(), tag="meta"),
)


def active_operations(with_scenarios: bool) -> list[Operation]:
    return [op for op in OPERATIONS if with_scenarios or not op.needs_scenarios]


def make_api_blueprint(with_scenarios: bool) -> Blueprint:
    """A fresh blueprint per app, so one app's options never leak into another."""
    bp = Blueprint("api", __name__, url_prefix="/api/v1")
    for op in active_operations(with_scenarios):
        bp.add_url_rule(op.rule, op.endpoint, op.view, methods=[op.method])
    return bp
