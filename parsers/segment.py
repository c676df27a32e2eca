"""Split source text into rulings: one claim each, usually one sentence.

Why not a generic sentence splitter: the sources have their own habits that a
general tool gets wrong. Examples in parentheses contain full stops ("(i.e.
"I'm playing the Festival..."...)"), bracketed editorial notes hold several
sentences, the dump marks list items with a bare ``-You ...`` bullet, and an
example ("For example, ...") must stay with the claim it illustrates, even when
the FAQ put it in its own paragraph. Segmentation works on offsets into the
original text so every ruling can cite its exact span, and it reports what it
did not keep (bullets, brackets, continuation markers) as known debris, so a
test can check that nothing else is ever lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Words that end with a full stop without ending a sentence.
ABBREVIATIONS = ("i.e.", "e.g.", "etc.", "vs.", "cf.")
#: A unit starting with one of these illustrates the claim before it.
EXAMPLE_STARTS = ("For example", "For instance", "E.g.", "So for example", "So, for example")
#: Markers that end a dump entry early; the entry goes on elsewhere.
CONTINUATION_MARKER = "[Continued on blank tab]"
CLOSERS = "\"'\u201d\u2019)"


@dataclass(frozen=True)
class Unit:
    """A ruling-sized piece of text: ``text[start:end]``; ``editorial`` if inside ``[...]``."""

    start: int
    end: int
    editorial: bool = False


@dataclass(frozen=True)
class Segmentation:
    units: list[Unit]
    #: (start, end, reason) for every non-whitespace character not inside a unit.
    debris: list[tuple[int, int, str]]


def normalise_space(text: str) -> str:
    """Collapse runs of whitespace (including paragraph breaks) to single spaces."""
    return re.sub(r"\s+", " ", text).strip()


def _matching_bracket(text: str, i: int, end: int) -> int | None:
    depth = 0
    for j in range(i, end):
        if text[j] == "[":
            depth += 1
        elif text[j] == "]":
            depth -= 1
            if depth == 0:
                return j
    return None


def _is_abbreviation(text: str, i: int, start: int) -> bool:
    tail = text[max(start, i - 5) : i + 1].lower()
    return any(tail.endswith(a) and (len(tail) == len(a) or not tail[-len(a) - 1].isalpha())
               for a in ABBREVIATIONS)


def _bullet_length(text: str, i: int, start: int, end: int) -> int:
    """Length of a list bullet at ``i`` (``-You`` in the dump, ``- Events`` in rulebooks), or 0."""
    if text[i] != "-" or i + 1 >= end:
        return 0
    before = text[i - 1] if i > start else "\n"
    if before.isspace() and text[i + 1].isupper():
        return 1
    if before == "\n" and text[i + 1] == " ":
        return 2
    return 0


def segment(text: str, start: int = 0, end: int | None = None, editorial: bool = False
            ) -> Segmentation:
    """Segment ``text[start:end]`` into units; offsets are into ``text``."""
    end = len(text) if end is None else end
    raw: list[Unit] = []
    debris: list[tuple[int, int, str]] = []
    unit_start: int | None = None
    depth = 0

    def close(at: int) -> None:
        nonlocal unit_start, depth
        if unit_start is not None:
            s, e = unit_start, at
            while e > s and text[e - 1].isspace():
                e -= 1
            if any(ch.isalnum() for ch in text[s:e]):
                raw.append(Unit(s, e, editorial))
            elif e > s:
                debris.append((s, e, "stray punctuation"))
        unit_start = None
        depth = 0

    i = start
    while i < end:
        c = text[i]
        if c.isspace():
            if c == "\n" and text.startswith("\n\n", i) or text.startswith("\n\r\n", i):
                close(i)  # a paragraph always ends a unit
            i += 1
            continue
        if text.startswith(CONTINUATION_MARKER, i):
            close(i)
            debris.append((i, i + len(CONTINUATION_MARKER), "continuation marker"))
            i += len(CONTINUATION_MARKER)
            continue
        bullet = _bullet_length(text, i, start, end) if depth == 0 else 0
        if bullet:
            close(i)
            debris.append((i, i + bullet, "list bullet"))
            i += bullet
            continue
        if c == "[" and unit_start is None:
            j = _matching_bracket(text, i, end)
            if j is not None and (j + 1 >= end or text[j + 1].isspace()):
                inner = segment(text, i + 1, j, editorial=True)
                raw.extend(inner.units)
                debris.append((i, i + 1, "editorial bracket"))
                debris.extend(inner.debris)
                debris.append((j, j + 1, "editorial bracket"))
                i = j + 1
                continue
        if unit_start is None:
            unit_start = i
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(0, depth - 1)
        elif (c in ".!?" and depth == 0 and not _is_abbreviation(text, i, start)
              and not (c != "." and i > start and text[i - 1] in "\"'\u201c\u2018")):
            j = i + 1
            while j < end and text[j] in CLOSERS:
                j += 1
            if j >= end or text[j].isspace():
                close(j)
                i = j
                continue
        i += 1
    close(end)
    return Segmentation(_attach_examples(text, raw, debris), sorted(debris))


def _attach_examples(text: str, units: list[Unit], debris: list[tuple[int, int, str]]
                     ) -> list[Unit]:
    """Join a "For example..." unit to the claim before it (unless debris separates them)."""
    out: list[Unit] = []
    for unit in units:
        prev = out[-1] if out else None
        if (prev is not None and prev.editorial == unit.editorial
                and text.startswith(EXAMPLE_STARTS, unit.start)
                and not any(prev.end <= d[0] < unit.start for d in debris)):
            out[-1] = Unit(prev.start, unit.end, prev.editorial)
        else:
            out.append(unit)
    return out
