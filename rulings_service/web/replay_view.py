"""What a replay page draws: the transcript turned into boards, and citations in words.

One function per thing a template needs, shared by the ruling pages,
``/scenarios/<id>`` and the sandbox, so a replay looks the same wherever it
is shown. JSON twins carry the transcript (plus each step's caption), not the
boards, which are derived from it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import url_for

from rulings_service.paths import REPO_ROOT, SOURCES_DIR
from rulings_service.scenarios import board, narrate
from rulings_service.web.services import services


def with_captions(transcript: dict[str, Any]) -> dict[str, Any]:
    """The transcript with each step's plain-English ``caption`` (and decisions in words)."""
    out = dict(transcript)
    steps = []
    for step in transcript.get("steps") or []:
        step = dict(step)
        step["caption"] = narrate.caption(step)
        if step.get("decisions"):
            step["decisions_text"] = [narrate.decision_sentence(d) for d in step["decisions"]]
        steps.append(step)
    out["steps"] = steps
    return out


def _paragraphs(text: str | None) -> list[str]:
    return [p.strip() for p in (text or "").split("\n\n") if p.strip()]


def linked_rulings(ids: list[str]) -> list[dict[str, Any]]:
    """The rulings a scenario demonstrates, with what a link needs (unknown ids kept, unlinked)."""
    corpus = services().corpus
    out = []
    for rid in ids:
        ruling = corpus.ruling_by_id.get(rid)
        out.append({
            "id": rid,
            "card": ruling["card"] if ruling else None,
            "text": ruling["text"] if ruling else None,
            "url": url_for("pages.ruling", ruling_id=rid) if ruling else None,
        })
    return out


def replay_view(transcript: dict[str, Any], *, sandbox: bool = False) -> dict[str, Any]:
    """Everything the replay macro draws for one transcript."""
    sid = str(transcript.get("id") or "scenario")
    card_text = transcript.get("card_text")
    card_slug = None
    if card_text:
        card = services().corpus.card_by_slug.get(_slug(card_text))
        card_slug = card["slug"] if card else None
    return {
        "id": sid,
        "dom_id": f"replay-{sid}",
        "title": transcript.get("title") or sid,
        "notes": _paragraphs(transcript.get("notes")),
        "passed": transcript.get("passed"),
        "error": transcript.get("error"),
        "stopped": transcript.get("stopped"),
        "mismatches": list(transcript.get("mismatches") or []),
        "expect": transcript.get("expect") or {},
        "expected": narrate.describe_expectations(transcript.get("expect") or {}),
        "rulings": linked_rulings(list(transcript.get("rulings") or [])),
        "card_text": card_text,
        "card_text_url": url_for("pages.card", slug=card_slug) if card_slug else None,
        "frames": board.frames(transcript),
        "sandbox": sandbox,
        "page_url": None if sandbox else url_for("pages.scenario", scenario_id=sid),
        "sandbox_url": None if sandbox else url_for("pages.sandbox", scenario=sid),
    }


def _slug(name: str) -> str:
    from parsers.catalogue import slugify

    return slugify(name)


def scenario_text(transcript: dict[str, Any]) -> str | None:
    """The YAML file a shipped scenario's transcript came from (None if it cannot be read)."""
    name = transcript.get("file")
    if not name or not str(name).endswith(".yaml"):
        return None
    path = Path(name)
    if not path.is_absolute():
        path = REPO_ROOT / path
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


# ----------------------------------------------------------------- citations
@lru_cache(maxsize=16)
def _document_text(file_name: str) -> str | None:
    path = SOURCES_DIR / file_name.rsplit("/", 1)[-1]
    return path.read_text(encoding="utf-8") if path.is_file() else None


def section_of(ruling: dict[str, Any]) -> str:
    """The part of the document a ruling sits in, as a player would name it."""
    kind = ruling.get("kind")
    if kind == "card":
        return f"the entry for {ruling['card']}"
    if kind == "setup":
        return f"the setup notes for {ruling['card']}"
    return str(ruling.get("card") or ruling.get("topic") or "the document")


def citations(ruling: dict[str, Any], documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each source of a ruling in human terms, keeping the offsets for machines."""
    by_id = {d["id"]: d for d in documents}
    out = []
    for ref in ruling.get("sources") or []:
        doc = by_id.get(ref["document"])
        text = _document_text(doc["file"]) if doc else None
        quote = text[ref["start"]:ref["end"]].strip() if text else None
        out.append({
            "document": ref["document"],
            "title": doc["title"] if doc else ref["document"],
            "section": section_of(ruling),
            "quote": quote,
            "url": url_for("pages.source", source_id=ref["document"]) + f"#r-{ruling['id']}",
            "start": ref["start"],
            "end": ref["end"],
        })
    return out
