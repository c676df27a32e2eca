"""Pages for people, each with a JSON twin at the same path plus ``.json``.

A view builds its data with ``views`` and hands it to ``page``, which either
renders the template (with a ``<link rel="alternate">`` to the twin) or dumps
the data through the same marshmallow schema the API uses.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, render_template, request, url_for
from marshmallow import Schema

from rulings_service.web import links, replay_view, views
from rulings_service.web import schemas as s
from rulings_service.web.openapi import build_spec
from rulings_service.web.send import send
from rulings_service.web.services import services

JSON_SUFFIX = ".json"


def _split(name: str) -> tuple[str, bool]:
    """``throne-room.json`` -> (``throne-room``, True)."""
    if name.endswith(JSON_SUFFIX):
        return name[: -len(JSON_SUFFIX)], True
    return name, False


def _twin_url() -> str:
    path = request.path
    query = request.query_string.decode("utf-8", "replace")
    return path + JSON_SUFFIX + (f"?{query}" if query else "")


def page(template: str, schema: type[Schema], data: dict[str, Any], as_json: bool,
         **extra: Any) -> Response | str:
    """Render a page, or its JSON twin, from the same data."""
    if as_json:
        return send(schema, data)
    return render_template(template, data=data, alternate=_twin_url(), **extra)


#: Open Graph descriptions are cut here (chat previews show about two lines).
PREVIEW_CHARS = 200


def preview(title: str, description: str, url: str) -> dict[str, str]:
    """Open Graph / Twitter card fields of a page (the template escapes them)."""
    text = " ".join(description.split())
    if len(text) > PREVIEW_CHARS:
        text = text[: PREVIEW_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return {"title": title, "description": text, "url": url}


def _args() -> dict[str, str]:
    """A page's query string: unknown parameters (``utm_source``...) are simply ignored."""
    return request.args.to_dict(flat=True)



#: (build id, file) -> the source's text: read once per process from the build's copy.
_document_texts: dict[tuple[str, str], str | None] = {}


def _document_text(file_name: str) -> str | None:
    """A source document as the served build parsed it (its copy in the build directory),
    so excerpts always match the corpus, whatever happened to the shipped file since."""
    corpus = services().corpus
    key = (corpus.build_id, file_name)
    if key not in _document_texts:
        _document_texts[key] = corpus.source_text(file_name)
    return _document_texts[key]


def cited_source(source_id: str) -> dict[str, Any]:
    """A source with each of its rulings, in document order, and the cited excerpt."""
    detail = views.source_detail(source_id)
    text = _document_text(detail["source"]["file"])
    citations = []
    for ruling in detail["rulings"]:
        ref = min((r for r in ruling["sources"] if r["document"] == source_id),
                  key=lambda r: r["start"])
        excerpt = text[ref["start"]:ref["end"]] if text else None
        citations.append({"ruling": ruling, "start": ref["start"], "end": ref["end"],
                          "excerpt": excerpt})
    return {"source": detail["source"], "citations": citations}


# ----------------------------------------------------------------- views
def home() -> str:
    """The sets the sources cover (release order, what each has), then the names we know."""
    corpus = services().corpus
    coverage = services().coverage()
    by_set: dict[str, list[dict[str, Any]]] = {}
    for card in corpus.cards:
        by_set.setdefault(card["set"], []).append(card)
    covered_cards = sum(len(by_set.get(e["id"], ())) for e in coverage.covered)
    return render_template("home.html", covered=coverage.covered, uncovered=coverage.uncovered,
                           by_set=by_set, sources=corpus.sources,
                           counts={"cards": covered_cards, "rulings": len(corpus.rulings)},
                           alternate="/api/v1/sets")


def search_page(as_json: bool = False) -> Response | str:
    raw = _args()
    if not raw.get("q"):
        raw.pop("q", None)
        data: dict[str, Any] = {"query": "", "filters": {}, "count": 0, "total": 0, "page": 1,
                "has_more": False, "next_page": None, "results": [], "facets": {},
                "warnings": []}
        views.validate_args(s.SearchQuerySchema(partial=("q",)), raw, ignore_unknown=True)
    else:
        data = views.search(views.validate_args(s.SearchQuerySchema(), raw,
                                                ignore_unknown=True))
        if not as_json:  # a page ignores unknown parameters without a word
            data["warnings"] = [w for w in data["warnings"] if not w.startswith("Unknown param")]
    best = data["results"][0]["text"] if data["results"] else ""
    og = preview(f"Search: {data['query']}" if data["query"] else "Search the Dominion rulings",
                 f"{data['total']} official ruling{'' if data['total'] == 1 else 's'} match. "
                 + best if data["query"] else "Search the official Dominion rulings.",
                 links.absolute(request.full_path))
    return page("search.html", s.SearchResultSchema, data, as_json, facets=_facet_links(data),
                og=og, pages=_page_links(data))


def _page_links(data: dict[str, Any]) -> dict[str, str | None]:
    """The search page's previous and next pages: the same question, filters and limit."""
    args = {"q": data["query"], **data["filters"]}
    if "limit" in request.args:
        args["limit"] = request.args["limit"]
    page_number = data.get("page", 1)
    return {
        "prev": url_for("pages.search", **args, page=page_number - 1) if page_number > 1 else None,
        "next": url_for("pages.search", **args, page=page_number + 1) if data.get("has_more")
        else None,
    }


def _facet_links(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each facet value with the URL that narrows (or, when active, widens) the search."""
    out = []
    for facet, counts in data["facets"].items():
        param = facet if facet in views.FACET_FILTERS else None
        items = []
        for value, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            args = {"q": data["query"], **data["filters"]}
            active = data["filters"].get(param) == value if param else False
            if param and active:
                args.pop(param)
            elif param:
                args[param] = value
            items.append({"value": value, "count": count, "active": active,
                          "url": url_for("pages.search", **args) if param else None})
        out.append({"name": facet, "items": items})
    return out


def search_twin() -> Response | str:
    return search_page(as_json=True)


def card_page(slug: str) -> Response | str:
    slug, as_json = _split(slug)
    data = views.card_detail(slug)
    card = data["card"]
    covered, note = services().coverage().card_facts(card)
    rulings = len(data["rulings"])
    summary = (f"{card['text']} — {rulings} official ruling{'' if rulings == 1 else 's'}."
               if covered and card.get("text") else note)
    return page("card.html", s.CardDetailSchema, data, as_json, covered=covered,
                coverage_note=note, og=preview(card["name"], summary, links.card_web_uri(card)))


def ruling_page(ruling_id: str) -> Response | str:
    ruling_id, as_json = _split(ruling_id)
    data = views.ruling_detail(ruling_id)
    data["citations"] = replay_view.citations(data["ruling"], data["sources"])
    boards = []
    if services().scenarios is not None:
        data["replays"] = views.replay(ruling_id)["scenarios"]
        if not as_json:
            boards = [replay_view.replay_view(t) for t in data["replays"]]
    ruling = data["ruling"]
    og = preview(f"Ruling on {ruling['card']}", f"Official ruling: {ruling['text']}",
                 links.ruling_web_uri(ruling))
    return page("ruling.html", s.RulingPageSchema, data, as_json, boards=boards, og=og)


def source_page(source_id: str) -> Response | str:
    source_id, as_json = _split(source_id)
    return page("source.html", s.SourcePageSchema, cited_source(source_id), as_json)


def kingdoms_page(as_json: bool = False) -> Response | str:
    return page("kingdoms.html", s.KingdomListSchema, views.kingdoms(), as_json)


def kingdoms_twin() -> Response | str:
    return kingdoms_page(as_json=True)


def audit_page(as_json: bool = False) -> Response | str:
    args = views.validate_args(s.AuditQuerySchema(), _args(), ignore_unknown=True)
    data = views.audit(args.get("set") or None, args.get("card") or None)
    return page("audit.html", s.AuditSchema, data, as_json)


def audit_twin() -> Response | str:
    return audit_page(as_json=True)


def api_docs() -> str:
    spec = build_spec(services().scenarios is not None)
    return render_template("api.html", spec=spec, alternate="/api/openapi.json")


def openapi_document() -> Response:
    from flask import jsonify

    return jsonify(build_spec(services().scenarios is not None))


def make_pages_blueprint(with_scenarios: bool) -> Blueprint:
    """Register the pages; the audit only exists when the scenario runner does."""
    bp = Blueprint("pages", __name__)
    rules: list[tuple[str, str, Any]] = [
        ("/", "home", home),
        ("/search", "search", search_page),
        ("/search.json", "search_json", search_twin),
        ("/cards/<slug>", "card", card_page),
        ("/rulings/<ruling_id>", "ruling", ruling_page),
        ("/sources/<source_id>", "source", source_page),
        ("/kingdoms", "kingdoms", kingdoms_page),
        ("/kingdoms.json", "kingdoms_json", kingdoms_twin),
        ("/api", "api_docs", api_docs),
        ("/api/openapi.json", "openapi", openapi_document),
    ]
    if with_scenarios:
        rules += [("/audit", "audit", audit_page), ("/audit.json", "audit_json", audit_twin)]
    for rule, endpoint, view in rules:
        bp.add_url_rule(rule, endpoint, view, methods=["GET"])
    if with_scenarios:
        from rulings_service.web import sandbox_views

        bp.add_url_rule("/scenarios/<scenario_id>", "scenario", sandbox_views.scenario_page,
                        methods=["GET"])
        bp.add_url_rule("/sandbox", "sandbox", sandbox_views.sandbox_page,
                        methods=["GET", "POST"])
        bp.add_url_rule("/sandbox/download", "sandbox_download",
                        sandbox_views.sandbox_download, methods=["GET", "POST"])
    return bp
