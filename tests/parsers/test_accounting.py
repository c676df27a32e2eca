"""Nothing in the sources is lost: every non-blank character is in a ruling, a card line,
a kingdom, or a named kind of debris (names, separators, headings, bullets, brackets...)."""

from __future__ import annotations

import pytest

from parsers.names import NameIndex
from parsers.records import ParsedDocument
from rulings_service.build import load_manifest, parse_source, read_source
from rulings_service.paths import SOURCES_DIR

KNOWN_DEBRIS = {
    "entry name", "entry separator", "kingdom group heading", "section heading", "title",
    "table of contents", "list bullet", "editorial bracket", "continuation marker",
    "stray punctuation", "stray text", "non-card entry", "page link", "transcription remark",
}
EXPECTED = {  # debris that is text rather than structure, per source
    "faq-dump": {"continuation marker": 1, "stray text": 1, "non-card entry": 1},
    "prosperity-faq": {"page link": 1},
    "intrigue-faq": {"page link": 1},
    # "The booklet prints no heading above these notes; the heading is added for
    # navigation.", "The printed coin symbol is written as "coins"."...
    "plunder-rulebook": {"transcription remark": 8},
    "nocturne-rulebook": {"transcription remark": 2},
}


def covered(text: str, doc: ParsedDocument) -> list[bool]:
    mask = [False] * len(text)

    def mark(start: int, end: int) -> None:
        mask[start:end] = [True] * (end - start)

    for ruling in doc.all_rulings():
        for span in ruling.spans():
            if span.document == doc.document:
                mark(span.start, span.end)
    for item in doc.debris:
        mark(item.span.start, item.span.end)
    for line in doc.card_lines:
        mark(line.span.start, line.span.end)
    for kingdom in doc.kingdoms:
        mark(kingdom.span.start, kingdom.span.end)
    return mask


@pytest.mark.parametrize("source", load_manifest(SOURCES_DIR), ids=lambda s: s["id"])
def test_every_character_is_accounted_for(source: dict, names: NameIndex) -> None:
    text, _ = read_source(SOURCES_DIR, source)
    doc = parse_source(text, source, names)
    assert {d.reason for d in doc.debris} <= KNOWN_DEBRIS
    mask = covered(text, doc)
    lost = [i for i, ch in enumerate(text) if not mask[i] and not ch.isspace()]
    assert lost == [], f"unaccounted text at {lost[0]}: {text[lost[0]:lost[0] + 60]!r}"
    counts: dict[str, int] = {}
    for item in doc.debris:
        if item.reason in {"continuation marker", "stray text", "non-card entry", "page link",
                           "transcription remark"}:
            counts[item.reason] = counts.get(item.reason, 0) + 1
    assert counts == EXPECTED.get(source["id"], {})
