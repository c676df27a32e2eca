"""Parser for title-plus-paragraph FAQs, from plain text or from HTML.

Layout: a card name on its own line, then blank-line separated paragraphs,
until the next card name; the copied pages end with a ``Continue Reading``
link. The HTML form (headings and paragraphs) is first rendered to that same
text layout, so both forms go through one parser and must give the same
rulings; for HTML the spans are offsets into that rendering, which
``html_to_text`` returns alongside the source.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from parsers.common import rulings_from
from parsers.names import NameIndex
from parsers.records import Debris, Entry, ParsedDocument, ParseError, Span
from parsers.segment import segment

#: Lines the copied pages carry that are not FAQ content.
TRAILING_DEBRIS = ("Continue Reading",)
_LINE = re.compile(r"[^\n]*(?:\n|$)")


def _lines(text: str) -> list[tuple[int, str]]:
    """(offset, line without newline) for every line."""
    out = []
    for m in _LINE.finditer(text):
        if m.start() == len(text):
            break
        out.append((m.start(), m.group(0).rstrip("\r\n")))
    return out


def _looks_like_title(line: str) -> bool:
    words = line.split()
    return 0 < len(words) <= 5 and not line.rstrip().endswith((".", "!", "?", ":", ";", ",", '"'))


def parse_faq(text: str, names: NameIndex, document: str) -> ParsedDocument:
    """Parse a title-plus-paragraph FAQ into one entry per card."""
    doc = ParsedDocument(document)
    lines = _lines(text)
    titles: list[tuple[int, str, str]] = []  # (offset, raw title, canonical name)
    for i, (offset, line) in enumerate(lines):
        stripped = line.strip()
        before_blank = i == 0 or not lines[i - 1][1].strip()
        after_blank = i + 1 >= len(lines) or not lines[i + 1][1].strip()
        if not (stripped and before_blank and after_blank and _looks_like_title(stripped)):
            continue
        if stripped in TRAILING_DEBRIS:
            start = offset + line.index(stripped)
            doc.debris.append(Debris(Span(document, start, start + len(stripped)),
                                     "page link"))
            titles.append((offset, stripped, ""))
            continue
        canonical = names.canonical(stripped)
        if canonical is None:
            raise ParseError(document, offset + line.index(stripped),
                             f"title {stripped!r} is not a known card name")
        titles.append((offset + line.index(stripped), stripped, canonical))
    if not any(name for _, _, name in titles):
        raise ParseError(document, 0, "no card title found: not a title-plus-paragraph FAQ")
    first = titles[0][0]
    if text[:first].strip():
        raise ParseError(document, 0, "text before the first card title")
    for i, (offset, raw, name) in enumerate(titles):
        if not name:
            continue
        body = offset + len(raw)
        doc.debris.append(Debris(Span(document, offset, body), "entry name"))
        stop = titles[i + 1][0] if i + 1 < len(titles) else len(text)
        card = names.catalogue.get(name)
        entry = Entry(name, Span(document, offset, stop), empty=not text[body:stop].strip())
        seg = segment(text, body, stop)
        doc.debris.extend(Debris(Span(document, a, b), r) for a, b, r in seg.debris)
        entry.rulings = rulings_from(text, seg, document, name, card.set if card else None)
        doc.entries.append(entry)
    for order, ruling in enumerate(doc.all_rulings()):
        ruling.order = order
    return doc


def html_to_text(html: str) -> str:
    """Render an HTML FAQ (headings and paragraphs) to the plain-text FAQ layout."""
    soup = BeautifulSoup(html, "html.parser")
    blocks: list[str] = []
    for element in soup.find_all(["h1", "h2", "h3", "h4", "h5", "h6", "p"]):
        block = " ".join(element.get_text().split())
        if block:
            blocks.append(block)
    return "\n\n".join(blocks) + "\n"


def parse_faq_html(html: str, names: NameIndex, document: str) -> ParsedDocument:
    """Parse an HTML FAQ: spans refer to ``html_to_text(html)``."""
    return parse_faq(html_to_text(html), names, document)
