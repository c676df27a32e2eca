"""The data behind each page, shared by the HTML page, its ``.json`` twin and the API.

Each function takes validated arguments and returns plain dicts shaped by
``schemas``; pages render them, twins and API endpoints dump them. Keeping
one function per resource is what guarantees the twin says what the page
shows.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from flask import current_app, g
from marshmallow import EXCLUDE, Schema, ValidationError

from parsers.catalogue import slugify
from rulings_service.cardnames import AMBIGUOUS, CARD, NONE, NOT_COVERED, KnownName, NameAnswer
from rulings_service.web import links
from rulings_service.web.errors import ApiError
from rulings_service.web.schemas import MAX_NAME
from rulings_service.web.services import services

FACET_FILTERS = ("set", "type", "kind", "source")


def validate_args(schema: Schema, data: Any, *, ignore_unknown: bool = False) -> dict[str, Any]:
    """Load input through a schema; a refusal names every bad field.

    With ``ignore_unknown`` (query strings: a shared link carries
    ``?utm_source=...``), parameters the schema does not know are dropped,
    and named in ``request_warnings()`` for the API to report.
    """
    if ignore_unknown and isinstance(data, dict):
        known = {f.data_key or name for name, f in schema.fields.items() if not f.dump_only}
        unknown = sorted(k for k in data if k not in known)
        if unknown:
            note_warning("Unknown parameter" + ("s " if len(unknown) > 1 else " ")
                         + ", ".join(repr(k) for k in unknown) + " ignored.")
    try:
        return schema.load(data, unknown=EXCLUDE) if ignore_unknown else schema.load(data)
    except ValidationError as exc:
        messages = exc.normalized_messages()
        fields_part = {k: v for k, v in messages.items() if k != "_schema"}
        general = messages.get("_schema", [])
        parts = [f"{k}: {'; '.join(map(str, v))}" for k, v in fields_part.items()]
        details = "; ".join([*map(str, general), *parts]) or "invalid input"
        raise ApiError(400, "invalid_input", details, fields=fields_part) from exc


def note_warning(text: str) -> None:
    """Add a warning to this request's answer (the list answers carry ``warnings``)."""
    g.setdefault("request_warnings", []).append(text)


def request_warnings() -> list[str]:
    return list(g.get("request_warnings", ()))


def check_choice(field: str, value: str | None, choices: list[str]) -> None:
    """The one refusal of an unknown facet value, the same on every endpoint."""
    if value is None or value.lower() in {c.lower() for c in choices}:
        return
    raise ApiError(400, "invalid_input",
                   f"No {field} is known as {value!r}; the {field} values are "
                   f"{', '.join(choices)}.",
                   fields={field: [f"unknown {field}"]}, choices=choices)


def facet_choices() -> dict[str, list[str]]:
    """Every value each facet filter accepts, from the build (computed once)."""

    def compute() -> dict[str, list[str]]:
        corpus = services().corpus
        sets = {r["set"] for r in corpus.rulings if r.get("set")}
        sets.update(s for c in corpus.cards for s in c.get("sets", ()))
        types = {t.lower() for c in corpus.cards for t in c.get("types") or ()}
        kinds = {r.get("kind") or "card" for r in corpus.rulings}
        return {"set": sorted(sets), "type": sorted(types), "kind": sorted(kinds),
                "source": sorted(s["id"] for s in corpus.sources)}

    return services().cached("facet_choices", compute)


def paginate(total: int, page: int, per_page: int) -> dict[str, Any]:
    """Scryfall's list fields: this page's number, whether more follow, the next one's URL.

    A page past the end is an empty page with a warning (not an error: a
    list can shrink between two requests of a bot walking it).
    """
    has_more = page * per_page < total
    if page > 1 and (page - 1) * per_page >= total:
        last = max(1, -(-total // per_page))
        note_warning(f"Page {page} is past the last page ({last}).")
    return {"page": page, "has_more": has_more,
            "next_page": links.page_uri(page + 1) if has_more else None}


def clean_text(value: str) -> str:
    """Drop control characters (NUL and friends) a query may carry; keep all letters."""
    if value.isprintable():  # no character of category Cc: nothing to drop
        return value.strip()
    return "".join(ch for ch in value if unicodedata.category(ch) != "Cc" or ch in "\t\n").strip()


def _not_found(kind: str, key: str) -> ApiError:
    return ApiError(404, "not_found", f"No {kind} is known as {key!r}.")


# ----------------------------------------------------------------- rulings
def enrich_ruling(ruling: dict[str, Any]) -> dict[str, Any]:
    """A ruling with its scenario ids and status, when the scenario runner is present."""
    svc = services()
    out = dict(ruling)
    out["scenarios"] = list(svc.scenarios_by_ruling.get(ruling["id"], []))
    status = svc.status(ruling["id"])
    if status and status.get("scenarios"):
        status = {**status, "scenarios": [
            {**sc, "uri": links.scenario_uri(sc)} if isinstance(sc, dict) else sc
            for sc in status["scenarios"]]}
    out["status"] = status
    return out


def ruling_detail(ruling_id: str) -> dict[str, Any]:
    corpus = services().corpus
    ruling = corpus.ruling_by_id.get(ruling_id)
    if ruling is None:
        raise _not_found("ruling", ruling_id)
    by_id = {s["id"]: s for s in corpus.sources}
    docs = []
    for ref in ruling["sources"]:
        doc = by_id.get(ref["document"])
        if doc is not None and doc not in docs:
            docs.append(doc)
    return {"ruling": enrich_ruling(ruling), "sources": docs}


# ----------------------------------------------------------------- cards
def card_detail(slug: str) -> dict[str, Any]:
    corpus = services().corpus
    card = corpus.card_by_slug.get(slug)
    if card is None:
        raise _not_found("card", slug)
    own = corpus.rulings_for_card(slug)
    own_ids = {r["id"] for r in own}
    mentioned = [r for r in corpus.rulings_mentioning(card["name"]) if r["id"] not in own_ids]
    return {
        "card": card,
        "rulings": [enrich_ruling(r) for r in own],
        "mentioned_in": [enrich_ruling(r) for r in mentioned],
        "sources_have_faq": set_has_rulings(corpus, card.get("set")),
        "card_text_demonstrations": card_text_demonstrations(card["name"]),
    }


def set_has_rulings(corpus: Any, set_id: str | None) -> bool:
    """Whether the sources hold any ruling of the set (none of Hinterlands: no FAQ)."""
    return any(r.get("set") == set_id for r in corpus.rulings)


def card_text_demonstrations(name: str) -> list[dict[str, str]]:
    """The scenarios playing out this card's printed text: the engine's, not official rulings."""
    svc = services()
    return [{"id": sid, "title": svc.scenario_titles.get(sid, sid)}
            for sid in svc.card_text_scenarios.get(name, [])]


def card_list(set_id: str | None = None, page: int = 1) -> dict[str, Any]:
    """One page of the cards (of a set); an unknown set is refused with the choices."""
    check_choice("set", set_id, facet_choices()["set"])
    cards = [c for c in services().corpus.cards if set_id is None or set_id in c["sets"]]
    shown, fields = page_of(cards, page)
    return {**fields, "cards": shown, "warnings": request_warnings()}


def page_of(items: list[Any], page: int) -> tuple[list[Any], dict[str, Any]]:
    """One page of a list (``LIST_PAGE_SIZE`` items) and its count and paging fields."""
    per_page = current_app.config["LIST_PAGE_SIZE"]
    shown = items[(page - 1) * per_page: page * per_page]
    return shown, {"count": len(shown), "total": len(items),
                   **paginate(len(items), page, per_page)}


def set_list(page: int = 1) -> dict[str, Any]:
    """Every set the catalogue knows, in release order, with what the sources hold of it."""
    coverage = services().coverage()
    shown, fields = page_of([*coverage.covered, *coverage.uncovered], page)
    return {**fields, "sets": shown, "warnings": request_warnings()}


def named(args: dict[str, str]) -> dict[str, Any]:
    """Scryfall-style name lookup: one card, or a 404 saying why not.

    The 404's ``code`` says which: ``not_covered`` for a real card outside our
    sets (with its ``set``; never a card of ours spelled alike), ``ambiguous``
    with ``candidates``, or ``not_found`` (with candidates when some are close).
    """
    searcher = services().searcher
    exact = "exact" in args
    name = clean_text(args["exact"] if exact else args["fuzzy"])
    if not name:
        raise _not_found("card", name)
    if exact:
        known = searcher.names.matcher.exact_name(name)
        answer = NameAnswer(CARD if known and known.covered else NOT_COVERED, known) if known \
            else NameAnswer(NONE)
    else:
        answer = searcher.lookup_name(name)
    if answer.status == CARD and answer.known is not None:
        card = searcher.names.card(answer.known.slug)
        if card is not None:
            return card
    if answer.status == NOT_COVERED and answer.known is not None:
        raise not_covered_error(answer.known)
    if answer.status == AMBIGUOUS:
        raise ApiError(
            404,
            "ambiguous",
            f"{name!r} matches several cards; be more specific.",
            candidates=list(answer.candidates),
        )
    raise ApiError(404, "not_found", f"No card matches {name!r}.",
                   candidates=list(answer.candidates))


def not_covered_error(known: KnownName) -> ApiError:
    """The 404 for a real card outside our sets: its name, set, and why we have nothing."""
    return ApiError(404, "not_covered", known.coverage_note or f"{known.name} is not covered.",
                    name=known.name, set=known.set_id, set_name=known.set_title)


def autocomplete(prefix: str | None) -> dict[str, Any]:
    """Names for a type-ahead box, which must never show an error.

    Whatever the prefix (absent, blank, control characters only, too long),
    the answer is a list of names, empty when there is nothing to complete,
    with a warning saying why.
    """
    warnings: list[str] = []
    text = clean_text(prefix or "")
    if prefix is None:
        warnings.append("Give a name prefix in 'q'.")
    elif len(prefix) > MAX_NAME:
        warnings.append(f"The prefix is longer than {MAX_NAME} characters; no card name is.")
        text = ""
    elif not text:
        warnings.append("The prefix is empty once control characters are removed.")
    names = services().searcher.autocomplete(text) if text else []
    return {"query": prefix or "", "names": list(names)[:20],
            "warnings": [*warnings, *request_warnings()]}


# ----------------------------------------------------------------- sources
def source_detail(source_id: str) -> dict[str, Any]:
    corpus = services().corpus
    source = next((s for s in corpus.sources if s["id"] == source_id), None)
    if source is None:
        raise _not_found("source", source_id)

    def position(ruling: dict[str, Any]) -> int:
        return min(ref["start"] for ref in ruling["sources"] if ref["document"] == source_id)

    cited = [r for r in corpus.rulings if any(x["document"] == source_id for x in r["sources"])]
    cited.sort(key=position)
    return {"source": source, "rulings": cited}


# ----------------------------------------------------------------- kingdoms
def kingdoms(page: int = 1) -> dict[str, Any]:
    corpus = services().corpus
    by_name = {c["name"].lower(): c for c in corpus.cards}
    out = []
    for kingdom in corpus.kingdoms:
        cards = []
        for name in kingdom.get("cards", []):
            card = by_name.get(str(name).lower())
            cards.append(
                {
                    "name": name,
                    "slug": card["slug"] if card else None,
                    "implemented": bool(card and card.get("implemented")),
                }
            )
        out.append({**kingdom, "cards": cards})
    shown, fields = page_of(out, page)
    return {**fields, "kingdoms": shown, "warnings": request_warnings()}


# ----------------------------------------------------------------- search
def _read_as_dict(read: Any) -> dict[str, Any]:
    """A card the search inferred from a description, in ``ReadAsSchema``'s fields."""
    slug = str(read.card_slug)
    return {
        "card": str(read.card),
        "card_slug": slug,
        "confidence": round(float(read.confidence), 3),
        "uri": links.card_uri({"slug": slug}),
        "web_uri": links.card_web_uri({"slug": slug}),
    }


def _hit_dict(hit: Any) -> dict[str, Any]:
    """A hit in ``SearchHitSchema``'s fields, order and types (the API sends it as is)."""
    get: Callable[[str], Any] = (
        hit.get if isinstance(hit, dict) else lambda name: getattr(hit, name))
    slug = get("card_slug")
    ruling_id = str(get("ruling_id"))
    return {
        "ruling_id": ruling_id,
        "card": str(get("card")),
        "card_slug": None if slug is None else str(slug),
        "text": str(get("text")),
        "score": float(get("score")),
        "snippet_html": str(get("snippet_html")),
        "uri": links.ruling_uri({"id": ruling_id}),
        "web_uri": links.ruling_web_uri({"id": ruling_id}),
    }


def check_facets(filters: dict[str, str]) -> None:
    """Refuse an unknown facet value (``set=hinterland``) instead of answering nothing."""
    choices = facet_choices()
    for key, value in filters.items():
        check_choice(key, value, choices[key])


def search(args: dict[str, Any]) -> dict[str, Any]:
    """Run a search; facet filters become the query language's ``field:value`` clauses.

    Filtering inside the index (not over a window of hits) keeps ``total``
    and the facet counts true for the narrowed search. ``page`` (from 1)
    skips ``(page - 1) * limit`` hits; ``next_page`` is the same search's
    following page while more hits remain (Scryfall's list fields).
    """
    query = clean_text(args["q"])
    limit = min(args.get("limit", 10), current_app.config["SEARCH_MAX_LIMIT"])
    page = args.get("page", 1)
    filters = {k: args[k] for k in FACET_FILTERS if args.get(k)}
    check_facets(filters)
    if not query:
        return {
            "query": args["q"], "filters": filters, "count": 0, "total": 0, "page": page,
            "has_more": False, "next_page": None, "results": [], "facets": {}, "read_as": [],
            "warnings": [*request_warnings(),
                         "The query is empty once control characters are removed."],
        }
    clauses = " ".join(f"{key}:{value}" for key, value in filters.items())
    response = services().searcher.search(f"{query} {clauses}".strip(), limit=limit,
                                          offset=(page - 1) * limit)
    hits = [_hit_dict(h) for h in response.results]
    total = int(getattr(response, "total", None) or len(hits))
    paging = paginate(total, page, limit)
    return {
        "query": args["q"],
        "filters": filters,
        "count": len(hits),
        "total": total,
        **paging,
        "results": hits,
        # The searcher's facet counts are already str -> str -> int (``SearchResponse.facets``).
        "facets": response.facets,
        "read_as": [_read_as_dict(r) for r in getattr(response, "read_as", None) or ()],
        "warnings": [*(str(w) for w in response.warnings), *request_warnings()],
    }


# ----------------------------------------------------------------- scenarios
def replay(ruling_id: str) -> dict[str, Any]:
    svc = services()
    if ruling_id not in svc.corpus.ruling_by_id:
        raise _not_found("ruling", ruling_id)
    from rulings_service.web.replay_view import with_captions

    ids = svc.scenarios_by_ruling.get(ruling_id, [])
    transcripts = [{**with_captions(svc.replay(sid)), "uri": links.scenario_uri({"id": sid})}
                   for sid in ids]
    return {"ruling_id": ruling_id, "scenarios": transcripts}


def scenario(scenario_id: str) -> dict[str, Any]:
    """A scenario with its replay transcript and the rulings it demonstrates."""
    svc = services()
    if scenario_id not in svc.scenario_titles:
        raise _not_found("scenario", scenario_id)
    rulings = [rid for rid, sids in svc.scenarios_by_ruling.items() if scenario_id in sids]
    return {"id": scenario_id, "title": svc.scenario_titles[scenario_id], "rulings": rulings,
            "transcript": svc.replay(scenario_id)}


def audit(set_id: str | None = None, card: str | None = None) -> dict[str, Any]:
    """The audit of a scope the corpus has; an unknown set or card is refused.

    An audit of nothing would report "ok" with 0 rulings, which reads as a
    pass, so the scope is checked here against the corpus first.
    """
    check_audit_scope(set_id, card)
    if card is not None:
        card = audit_card_names().get(slugify(card), card)
    try:
        return {"audit": services().audit(set_id, card), "warnings": request_warnings()}
    except ValueError as exc:
        # The runner's own refusal (``scenarios.UnknownScope``: kind, value,
        # choices, candidates), for a scope it knows better than the check above.
        kind = getattr(exc, "kind", None)
        if kind not in ("set", "card"):
            raise
        extra = ({"choices": list(exc.choices)} if kind == "set"  # type: ignore[attr-defined]
                 else {"candidates": list(getattr(exc, "candidates", []))})
        raise ApiError(400, "invalid_input", str(exc), fields={kind: [f"unknown {kind}"]},
                       **extra) from exc


#: The audit scope of the basic cards (Copper, Curse, Estate...), whatever their set.
BASIC_SCOPE = "basic"


def audit_sets() -> list[str]:
    """Set ids an audit accepts: every set of the corpus's rulings and cards, and ``basic``."""
    return [*facet_choices()["set"], BASIC_SCOPE]


def audit_card_names() -> dict[str, str]:
    """Slug -> name of what an audit's ``card`` accepts: cards, their aliases, and what
    rulings belong to; every spelling of one card maps to one name (one cached audit)."""

    from rulings_service.scenarios.audit import card_scope_names

    return services().cached("audit_card_names", lambda: card_scope_names(services().corpus))


def check_audit_scope(set_id: str | None, card: str | None) -> None:
    """Raise a 400 naming the valid sets, or suggesting card names, for an unknown scope."""
    if set_id is not None and set_id not in (sets := audit_sets()):
        raise ApiError(400, "invalid_input",
                       f"No set is known as {set_id!r}; the sets are {', '.join(sets)}.",
                       fields={"set": ["unknown set"]}, choices=sets)
    if card is None:
        return
    if slugify(card) in audit_card_names():
        return
    answer = services().searcher.lookup_name(clean_text(card))
    if answer.status == NOT_COVERED and answer.known is not None:
        raise ApiError(400, "invalid_input", answer.known.coverage_note or "",
                       fields={"card": ["not covered"]}, candidates=[])
    candidates = list(answer.candidates)
    hint = f" Did you mean {', '.join(candidates)}?" if candidates else ""
    raise ApiError(400, "invalid_input", f"No card is known as {card!r}.{hint}",
                   fields={"card": ["unknown card"]}, candidates=candidates)
