"""Snippets: a ruling's text, HTML-escaped, with the matched words in ``<mark>``.

The text is escaped piece by piece and only our own ``<mark>`` tags are added,
so a snippet is safe to put into a page whatever the ruling or the query holds.
A word is marked when it analyses to one of the query's terms, so ``shuffling``
is marked for a question about ``shuffle``.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from rulings_service.search.text import word_terms

#: Rulings longer than this are cut to a window around the first match.
MAX_SNIPPET_CHARS = 320
_WORD = re.compile(r"[^\W_]+")


def _term(word: str) -> str | None:
    """The word's index term (the search's own per-word table), None for a stop word."""
    terms = word_terms(word)
    return terms[0] if terms else None


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[tuple[int, int, str | None], ...]:
    """Each word of ``text`` with its span and term: a ruling is shown again and
    again, and only the question's terms change between its snippets."""
    return tuple((m.start(), m.end(), _term(m.group(0))) for m in _WORD.finditer(text))


def snippet_html(text: str, terms: frozenset[str] | set[str]) -> str:
    """Escaped ``text`` (or a window of it) with words analysing to ``terms`` marked."""
    where = _term_spans(text)
    found = [span for term in where.keys() & terms for span in where[term]]
    return _render(text, tuple(sorted(found)))


@lru_cache(maxsize=4096)
def _term_spans(text: str) -> dict[str | None, tuple[tuple[int, int], ...]]:
    """Spans of ``text``'s words by term, so marking looks up the question's few
    terms instead of testing every word of the ruling."""
    where: dict[str | None, list[tuple[int, int]]] = {}
    for s, e, term in _words(text):
        where.setdefault(term, []).append((s, e))
    return {term: tuple(spans) for term, spans in where.items()}


@lru_cache(maxsize=4096)
def _escaped(text: str) -> tuple[str, tuple[int, ...]]:
    """``html.escape(text)`` and where each position of ``text`` lands in it.

    Escaping maps character by character, so ``html.escape(text[a:b])`` is
    ``escaped[at[a]:at[b]]``: a snippet is cut from the ruling's escaped text,
    escaped once, instead of escaping its pieces for every question.
    """
    pieces = [html.escape(ch) for ch in text]
    at = [0]
    for piece in pieces:
        at.append(at[-1] + len(piece))
    return "".join(pieces), tuple(at)


@lru_cache(maxsize=4096)
def _render(text: str, spans: tuple[tuple[int, int], ...]) -> str:
    """The snippet of ``text`` with ``spans`` marked: cached, since the same ruling
    comes back for many questions with the same words of it matched."""
    start, end = 0, len(text)
    if len(text) > MAX_SNIPPET_CHARS:
        first = spans[0][0] if spans else 0
        start = max(0, first - MAX_SNIPPET_CHARS // 4)
        if start:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < first else start
        end = min(len(text), start + MAX_SNIPPET_CHARS)
        if end < len(text):
            space = text.rfind(" ", start, end)
            end = space if space > start else end
    escaped, at = _escaped(text)
    out: list[str] = ["\u2026" if start else ""]
    pos = start
    for s, e in spans:
        if s < start or e > end:
            continue
        out.append(escaped[at[pos]:at[s]])
        out.append(f"<mark>{escaped[at[s]:at[e]]}</mark>")
        pos = e
    out.append(escaped[at[pos]:at[end]])
    if end < len(text):
        out.append("\u2026")
    return "".join(out)
