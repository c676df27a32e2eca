"""The data behind each page, shared by the HTML page, its ``.json`` twin and the API.

Each function takes validated arguments and returns plain dicts shaped by
``schemas``; pages render them, twins and API endpoints dump them. Keeping
one function per resource is what guarantees the twin says what the page
shows.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from flask import current_app
from marshmallow import Schema, ValidationError

from parsers.catalogue import slugify
from rulings_service.web.errors import ApiError
from rulings_service.web.schemas import MAX_NAME
from rulings_service.web.services import services

FACET_FILTERS = ("set", "type", "kind", "source")


def validate_args(schema: Schema, data: Any) -> dict[str, Any]:
    """Load input through a schema; a refusal names every bad field."""
    try:
        return schema.load(data)
    except ValidationError as exc:
        messages = exc.normalized_messages()
        fields_part = {k: v for k, v in messages.items() if k != "_schema"}
        general = messages.get("_schema", [])
        parts = [f"{k}: {'; '.join(map(str, v))}" for k, v in fields_part.items()]
        details = "; ".join([*map(str, general), *parts]) or "invalid input"
        raise ApiError(400, "invalid_input", details, **{"fields": fields_part}) from exc


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
    out["status"] = svc.status(ruling["id"])
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


def card_list(set_id: str | None = None) -> dict[str, Any]:
    cards = [c for c in services().corpus.cards if set_id is None or set_id in c["sets"]]
    return {"count": len(cards), "cards": cards}


def named(args: dict[str, str]) -> dict[str, Any]:
    """Scryfall-style name lookup: one card, or 404 listing candidates when ambiguous."""
    searcher = services().searcher
    if "exact" in args:
        name = clean_text(args["exact"])
        card = searcher.named_exact(name) if name else None
        if card is None:
            raise _not_found("card", name)
        return card
    name = clean_text(args["fuzzy"])
    if not name:
        raise _not_found("card", name)
    match = searcher.named_fuzzy(name)
    if match.card is not None and not match.ambiguous:
        return match.card
    if match.ambiguous:
        raise ApiError(
            404,
            "ambiguous",
            f"{name!r} matches several cards; be more specific.",
            candidates=list(match.candidates),
        )
    candidates = list(match.candidates)
    raise ApiError(404, "not_found", f"No card matches {name!r}.", candidates=candidates)


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
    return {"query": prefix or "", "names": list(names)[:20], "warnings": warnings}


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
def kingdoms() -> dict[str, Any]:
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
    return {"count": len(out), "kingdoms": out}


# ----------------------------------------------------------------- search
def _hit_dict(hit: Any) -> dict[str, Any]:
    """A hit in ``SearchHitSchema``'s fields, order and types (the API sends it as is)."""
    if isinstance(hit, dict):
        slug = hit.get("card_slug")
        return {
            "ruling_id": str(hit.get("ruling_id")),
            "card": str(hit.get("card")),
            "card_slug": None if slug is None else str(slug),
            "text": str(hit.get("text")),
            "score": float(hit.get("score")),
            "snippet_html": str(hit.get("snippet_html")),
        }
    slug = hit.card_slug
    return {
        "ruling_id": str(hit.ruling_id),
        "card": str(hit.card),
        "card_slug": None if slug is None else str(slug),
        "text": str(hit.text),
        "score": float(hit.score),
        "snippet_html": str(hit.snippet_html),
    }


def search(args: dict[str, Any]) -> dict[str, Any]:
    """Run a search; facet filters become the query language's ``field:value`` clauses.

    Filtering inside the index (not over a window of hits) keeps ``total``
    and the facet counts true for the narrowed search.
    """
    query = clean_text(args["q"])
    limit = min(args.get("limit", 10), current_app.config["SEARCH_MAX_LIMIT"])
    filters = {k: args[k] for k in FACET_FILTERS if args.get(k)}
    if not query:
        return {
            "query": args["q"], "filters": filters, "count": 0, "total": 0, "results": [],
            "facets": {}, "warnings": ["The query is empty once control characters are removed."],
        }
    clauses = " ".join(f"{key}:{value}" for key, value in filters.items())
    response = services().searcher.search(f"{query} {clauses}".strip(), limit=limit)
    hits = [_hit_dict(h) for h in response.results]
    return {
        "query": args["q"],
        "filters": filters,
        "count": len(hits),
        "total": int(getattr(response, "total", None) or len(hits)),
        "results": hits,
        # The searcher's facet counts are already str -> str -> int (``SearchResponse.facets``).
        "facets": response.facets,
        "warnings": [str(w) for w in response.warnings],
    }


# ----------------------------------------------------------------- scenarios
def replay(ruling_id: str) -> dict[str, Any]:
    svc = services()
    if ruling_id not in svc.corpus.ruling_by_id:
        raise _not_found("ruling", ruling_id)
    ids = svc.scenarios_by_ruling.get(ruling_id, [])
    return {"ruling_id": ruling_id, "scenarios": [svc.replay(sid) for sid in ids]}


def audit(set_id: str | None = None, card: str | None = None) -> dict[str, Any]:
    """The audit of a scope the corpus has; an unknown set or card is refused.

    An audit of nothing would report "ok" with 0 rulings, which reads as a
    pass, so the scope is checked here against the corpus first.
    """
    check_audit_scope(set_id, card)
    try:
        return {"audit": services().audit(set_id, card)}
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
    corpus = services().corpus
    found = {r["set"] for r in corpus.rulings if r.get("set")}
    found.update(s for c in corpus.cards for s in c.get("sets", ()))
    return [*sorted(found), BASIC_SCOPE]


def audit_card_slugs() -> frozenset[str]:
    """Slugs an audit's ``card`` accepts: cards, their aliases, and what rulings belong to."""
    corpus = services().corpus
    slugs = {slugify(r["card"]) for r in corpus.rulings if r.get("card")}
    slugs.update(r["card_slug"] for r in corpus.rulings if r.get("card_slug"))
    for card in corpus.cards:
        slugs.add(card["slug"])
        slugs.update(slugify(alias) for alias in card.get("aliases") or ())
    return frozenset(slugs)


def check_audit_scope(set_id: str | None, card: str | None) -> None:
    """Raise a 400 naming the valid sets, or suggesting card names, for an unknown scope."""
    if set_id is not None and set_id not in (sets := audit_sets()):
        raise ApiError(400, "invalid_input",
                       f"No set is known as {set_id!r}; the sets are {', '.join(sets)}.",
                       fields={"set": ["unknown set"]}, choices=sets)
    if card is None:
        return
    if slugify(card) in audit_card_slugs():
        return
    match = services().searcher.named_fuzzy(clean_text(card)) if clean_text(card) else None
    candidates = []
    if match is not None:
        candidates = [match.card["name"]] if match.card and not match.ambiguous else list(
            match.candidates)
    hint = f" Did you mean {', '.join(candidates)}?" if candidates else ""
    raise ApiError(400, "invalid_input", f"No card is known as {card!r}.{hint}",
                   fields={"card": ["unknown card"]}, candidates=candidates)
