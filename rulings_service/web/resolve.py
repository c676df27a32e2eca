"""Resolve ``[[Card Name]]`` references in a chat message, for bots.

``[[Name]]`` asks for the card; ``[[Name?]]`` also asks for its top rulings:
the ones the search ranks highest for the whole message (so the question
around the reference picks them), then the card's own in document order.
Names are resolved by the shared matcher, like ``cards/named``: an ambiguous
name reports its candidates instead of guessing, and a real card outside our
sets is reported as such (``not_covered``), never as a card of ours. The plain-text
rendering is what a bot pastes back into the chat, so it is short and has no
markup.
"""

from __future__ import annotations

import re
from typing import Any

from rulings_service.cardnames import CARD, NOT_COVERED
from rulings_service.web.services import services
from rulings_service.web.views import clean_text, enrich_ruling

REFERENCE = re.compile(r"\[\[([^\[\]\n]{1,100})\]\]")
TOP_RULINGS = 3


def find_references(message: str, limit: int) -> tuple[list[tuple[str, bool]], list[str]]:
    """The (name, wants rulings) pairs in order, deduplicated, and warnings."""
    seen: list[tuple[str, bool]] = []
    for match in REFERENCE.finditer(message):
        raw = clean_text(match.group(1))
        want = raw.endswith("?")
        name = raw.rstrip("?").strip()
        if name and (name, want) not in seen:
            seen.append((name, want))
    warnings = []
    if len(seen) > limit:
        warnings.append(f"Only the first {limit} of {len(seen)} references were resolved.")
        seen = seen[:limit]
    return seen, warnings


#: How many search hits for the message are considered when ranking a card's rulings.
SEARCH_DEPTH = 50
#: The message is cut to this many characters before it is searched.
MAX_SEARCHED = 400
_OPERATOR = re.compile(r'[\[\]":]+')


def search_text(message: str) -> str:
    """The message as plain words for the search: references become their names.

    Query-language syntax a chat message may carry by accident (``-word``,
    ``or``, quotes, ``field:``) is neutralised, so the words count as words.
    """
    text = _OPERATOR.sub(" ", REFERENCE.sub(lambda m: m.group(1).rstrip("?"), message))
    words = [w.lstrip("-") for w in clean_text(text).split()]
    return " ".join(w for w in words if w and w.lower() != "or")[:MAX_SEARCHED]


def rank_by_message(message: str) -> dict[str, int]:
    """Ruling id -> rank of that ruling in a search for the message (0 is best)."""
    text = search_text(message)
    if not text:
        return {}
    response = services().searcher.search(text, limit=SEARCH_DEPTH)
    return {hit.ruling_id: n for n, hit in enumerate(response.results)}


def top_rulings(card: dict[str, Any], ranks: dict[str, int]) -> list[dict[str, Any]]:
    """The card's rulings most relevant to the message, then its own in document order.

    A ruling counts for the card when the card owns it or mentions it: the
    answer to "does [[Throne Room?]] double a [[Feast]]?" is a Feast ruling
    that mentions Throne Room. Only the search's hits for the message are
    ranked; when they give fewer than ``TOP_RULINGS``, the card's own rulings
    fill up in document order (also the whole answer when nothing matches).
    """
    corpus = services().corpus
    own = corpus.rulings_for_card(card["slug"])
    eligible = {r["id"]: r for r in [*own, *corpus.rulings_mentioning(card["name"])]}
    ranked = sorted((rid for rid in eligible if rid in ranks), key=ranks.__getitem__)
    chosen = [eligible[rid] for rid in ranked[:TOP_RULINGS]]
    for ruling in own:
        if len(chosen) >= TOP_RULINGS:
            break
        if ruling not in chosen:
            chosen.append(ruling)
    return [enrich_ruling(r) for r in chosen]


def resolve_one(name: str, want_rulings: bool, base_url: str,
                ranks: dict[str, int] | None = None) -> dict[str, Any]:
    svc = services()
    answer = svc.searcher.lookup_name(name)
    card = None
    if answer.status == CARD and answer.known is not None:
        card = svc.searcher.names.card(answer.known.slug)
    not_covered = None
    if answer.status == NOT_COVERED and answer.known is not None:
        # A real card outside our sets: said so, and nothing posted as found.
        known = answer.known
        not_covered = {"name": known.name, "set": known.set_id, "set_name": known.set_title,
                       "note": known.coverage_note}
    rulings = []
    if card is not None and want_rulings:
        rulings = top_rulings(card, ranks or {})
    return {
        "query": name,
        "want_rulings": want_rulings,
        "found": card is not None,
        "card": card,
        "candidates": [] if card is not None or not_covered else list(answer.candidates),
        "not_covered": not_covered,
        "rulings": rulings,
        "url": f"{base_url}cards/{card['slug']}" if card else None,
    }


def _cost_text(cost: dict[str, Any] | None) -> str:
    if not cost:
        return "no cost"
    parts = []
    if cost.get("coins") is not None:
        parts.append(f"${cost['coins']}")
    if cost.get("potion"):
        parts.append("P" * cost["potion"])
    if cost.get("debt"):
        parts.append(f"{cost['debt']}D")
    return " ".join(parts) or "$0"


def render_text(references: list[dict[str, Any]]) -> str:
    """A compact plain-text answer: one block per reference."""
    blocks = []
    for ref in references:
        card = ref["card"]
        if card is None:
            if ref["not_covered"]:
                blocks.append(f"[[{ref['query']}]]: {ref['not_covered']['note']}")
            elif ref["candidates"]:
                blocks.append(f"[[{ref['query']}]]: did you mean {', '.join(ref['candidates'])}?")
            else:
                blocks.append(f"[[{ref['query']}]]: no such card.")
            continue
        types = " - ".join(card["types"]) or card["kind"]
        lines = [f"{card['name']} ({types}, {_cost_text(card['cost'])}, {card['set']})"]
        if card["text"]:
            lines.append(card["text"])
        for ruling in ref["rulings"]:
            lines.append(f"* {ruling['text']}")
        if ref["want_rulings"] and not ref["rulings"]:
            lines.append("* (no rulings recorded for this card)")
        lines.append(ref["url"])
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def resolve(message: str, limit: int, base_url: str) -> dict[str, Any]:
    names, warnings = find_references(message, limit)
    if not names:
        warnings.append("No [[Card Name]] references were found in the message.")
    # One search for the whole message serves every [[Card?]] in it.
    ranks = rank_by_message(message) if any(want for _, want in names) else {}
    references = [resolve_one(name, want, base_url, ranks) for name, want in names]
    return {"references": references, "text": render_text(references), "warnings": warnings}
