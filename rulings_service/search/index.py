"""The whoosh index: schema, build, and the metadata that ties it to a corpus.

Rulings and cards are indexed as documents of one schema (``doctype`` tells
them apart).  Filters (``card``, ``set``, ``type``, ``kind``, ``source``,
``cards``) are keyword fields so they cost a posting-list lookup, not a scan.
The index is written to a temporary sibling directory and renamed into place,
so a reader never sees a half-written index; ``meta.json`` records the corpus
``build_id`` so a searcher can tell a stale index from a current one.

``asks`` holds a ruling's "asked as" questions (``expansions``): analysed like
the text so a question meets them term for term, but not stored and never
shown; it only ranks (``scoring.TextScorer.score_asks``).
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
import time
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from whoosh import index as windex
from whoosh.fields import ID, KEYWORD, TEXT, Schema

from parsers.catalogue import slugify
from rulings_service.search.expansions import Expansions, as_expansions
from rulings_service.search.siblings import SIBLINGS_FILE, SiblingModels
from rulings_service.search.text import analyse, make_analyzer
from rulings_service.search.translations import (
    TRANSLATIONS_FILE,
    fit_translations,
    save_translations,
)

log = logging.getLogger(__name__)

META_FILE = "meta.json"
INDEX_NAME = "rulings"
#: Bump when the schema or the analysis changes, so old indexes are rebuilt.
SCHEMA_VERSION = 12


def make_schema() -> Schema:
    analyzer = make_analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        doctype=ID,
        card=KEYWORD(lowercase=True),  # owning card slugs (shared rulings have several)
        cards=KEYWORD(lowercase=True),  # owner and mentioned card slugs
        set=KEYWORD(lowercase=True),
        type=KEYWORD(lowercase=True),
        kind=KEYWORD(lowercase=True),
        source=KEYWORD(lowercase=True),
        title=TEXT(analyzer=analyzer, phrase=False),
        text=TEXT(analyzer=analyzer, phrase=True),
        # Expansion questions: ranking evidence only, so neither stored nor phrase-indexed.
        asks=TEXT(analyzer=analyzer, phrase=False),
    )


def ruling_fields(
    ruling: dict[str, Any], card: dict[str, Any] | None, asks: tuple[str, ...] = ()
) -> dict[str, str]:
    """The index document of one ruling (its card gives types and sets, ``asks`` its
    expansion questions)."""
    slugs = [ruling.get("card_slug") or ""]
    slugs += [_slug_of(m) for m in ruling.get("mentions") or ()]
    sets = {ruling.get("set") or ""} | set((card or {}).get("sets") or ())
    return {
        "id": ruling["id"],
        "doctype": "ruling",
        "card": " ".join(ruling_owners(ruling)) or f"topic:{ruling.get('topic') or ''}",
        "cards": " ".join(s for s in slugs if s),
        "set": " ".join(sorted(s for s in sets if s)),
        "type": " ".join(t.lower() for t in (card or {}).get("types") or ()),
        "kind": ruling.get("kind") or "card",
        "source": " ".join(sorted({s["document"] for s in ruling.get("sources") or ()})),
        # Only general rulings get a title ("General rules: Boons"): a card ruling's
        # card is matched by name recognition, and its name as a title word would
        # make every ruling of a card named in passing ("a Gold") a text match.
        "title": "" if ruling.get("card_slug") else (ruling.get("card") or ""),
        "text": ruling.get("text") or "",
        # One question per line; the analyzer splits on the newline like on a space.
        "asks": "\n".join(asks),
    }


#: The sibling group of the general rules (a card's slug never holds a space).
GENERAL_RULES = "general rules"


def is_general(ruling: dict[str, Any]) -> bool:
    """Whether a ruling is one of the general rules: a topic's, no card's."""
    return bool(ruling.get("topic")) and not ruling.get("card_slug")


def ruling_owners(ruling: dict[str, Any]) -> list[str]:
    """Slugs of the cards a ruling belongs to: its card, and cards sharing the same text.

    The corpus merges a sentence printed for several cards ("Put 8 in the Supply
    in a game with two players" for Estate, Duchy, Province) into one ruling
    listed under each of them (``cards``).
    """
    owners = [ruling["card_slug"]] if ruling.get("card_slug") else []
    for name in ruling.get("cards") or ():
        slug = slugify(name)
        if slug not in owners and ruling.get("card_slug"):
            owners.append(slug)
    return owners


def card_fields(card: dict[str, Any]) -> dict[str, str]:
    """The index document of one card (found by its name and printed text)."""
    return {
        "id": f"card:{card['slug']}",
        "doctype": "card",
        "card": card["slug"],
        "cards": card["slug"],
        "set": " ".join(sorted(set(card.get("sets") or ()) | {card.get("set") or ""})).strip(),
        "type": " ".join(t.lower() for t in card.get("types") or ()),
        "kind": card.get("kind") or "",
        "source": "",
        "title": card["name"],
        "text": card.get("text") or "",
        "asks": "",
    }


def _slug_of(name: str) -> str:
    return slugify(name)


def build_index(
    corpus: Any,
    index_dir: Path,
    expansions: Mapping[str, Collection[str]] | Expansions | None = None,
) -> None:
    """Write the index of ``corpus`` to ``index_dir``, replacing what was there atomically.

    ``expansions`` are the rulings' "asked as" questions: by default the shipped
    ``corpus/expansions/*.yaml`` (``ExpansionError`` if one is malformed), or a
    mapping ruling id -> questions (``{}`` for none).  Ids not in the corpus are
    left out and counted in the metadata's ``expansion_warnings``.
    """
    index_dir = Path(index_dir)
    expanded = as_expansions(expansions, {r["id"] for r in corpus.rulings})
    for warning in expanded.warnings:  # also printed by ``rulings build`` (build_step)
        log.warning("search index: %s", warning)
    index_dir.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix=f".{index_dir.name}-", dir=index_dir.parent))
    try:
        ix = windex.create_in(str(tmp), make_schema(), indexname=INDEX_NAME)
        writer = ix.writer(limitmb=128)
        cards = {c["slug"]: c for c in corpus.cards}
        for ruling in corpus.rulings:
            writer.add_document(**ruling_fields(
                ruling, cards.get(ruling.get("card_slug") or ""),
                expanded.questions.get(ruling["id"], ())))
        for card in corpus.cards:
            writer.add_document(**card_fields(card))
        writer.commit(optimize=True)
        ix.close()
        siblings = fit_siblings(corpus, expanded.questions)
        siblings.save(tmp / SIBLINGS_FILE)
        translations = fit_translations(
            (expanded.questions.get(r["id"], ()), r.get("text") or "") for r in corpus.rulings)
        save_translations(translations, tmp / TRANSLATIONS_FILE)
        meta = {
            "build_id": getattr(corpus, "build_id", None),
            "schema_version": SCHEMA_VERSION,
            "rulings": len(corpus.rulings),
            "cards": len(corpus.cards),
            "expanded_rulings": len(expanded.questions),
            "expansion_questions": sum(len(q) for q in expanded.questions.values()),
            "expansions_sha256": expanded.fingerprint(),
            "expansion_warnings": list(expanded.warnings),
            "sibling_models": len(siblings),
            "translated_words": len(translations),
            "seconds": round(time.perf_counter() - started, 3),
        }
        (tmp / META_FILE).write_text(json.dumps(meta, indent=1), encoding="utf-8")
        _swap_into_place(tmp, index_dir)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def fit_siblings(corpus: Any, questions: Mapping[str, Collection[str]]) -> SiblingModels:
    """The per-card sibling classifiers, trained on each ruling's questions and text."""
    owned, name_terms = sibling_groups(corpus)
    texts = {r["id"]: (*questions.get(r["id"], ()), r.get("text") or "") for r in corpus.rulings}
    return SiblingModels.fit(owned, texts, name_terms, converged={GENERAL_RULES})


def sibling_groups(corpus: Any) -> tuple[dict[str, list[str]], dict[str, frozenset[str]]]:
    """Each card's ruling ids, in corpus order, and the analysed terms of its name.

    The general rules (every topic's rulings, no card's) are one more group,
    :data:`GENERAL_RULES`: a question without a card asks between them.
    """
    owned: dict[str, list[str]] = {}
    names = {c["slug"]: c["name"] for c in corpus.cards}
    for ruling in corpus.rulings:
        for slug in ruling_owners(ruling):
            owned.setdefault(slug, []).append(ruling["id"])
            names.setdefault(slug, ruling.get("card") or "")
        if is_general(ruling):
            owned.setdefault(GENERAL_RULES, []).append(ruling["id"])
            names.setdefault(GENERAL_RULES, "")
    return owned, {slug: frozenset(analyse(name)) for slug, name in names.items()}


def _swap_into_place(new: Path, target: Path) -> None:
    """Replace ``target`` by ``new`` with renames, so readers see old or new, never half."""
    if target.exists():
        old = target.with_name(f".{target.name}-old-{time.time_ns()}")
        target.rename(old)
        new.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    else:
        new.rename(target)


def read_meta(index_dir: Path) -> dict[str, Any]:
    """The metadata written with the index, or {} when there is none."""
    try:
        return json.loads((Path(index_dir) / META_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def index_is_current(index_dir: Path, corpus: Any) -> bool:
    """Whether ``index_dir`` holds an index of this corpus built with this schema."""
    meta = read_meta(index_dir)
    return (
        meta.get("schema_version") == SCHEMA_VERSION
        and meta.get("build_id") == getattr(corpus, "build_id", None)
        and windex.exists_in(str(index_dir), indexname=INDEX_NAME)
    )
