"""Stripped coin/VP/potion icons: find the holes, restore them from a twin, mark the rest.

Two FAQs lost every icon ("it is worth per Treasure", "worth , like Gold"). The
dump prints the same rulings with the icons written out ("worth 1 coin per
Treasure"). Restoring works word by word: align the gapped sentence with its
twin and copy across only what the twin has *in addition* and what looks like
an icon (numbers, coin, VP, potion, token words), so the gapped source's own
wording wins everywhere else. Where no twin exists, the hole is marked in the
text with ``ICON_GAP_MARK``, never left silent.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

ICON_GAP_MARK = "[icon missing]"
_TOKEN = re.compile(r"\d+|[A-Za-z]+(?:'[a-z]+)?|[^\sA-Za-z\d]")
_ICON_WORD = re.compile(
    r"(?:\d+|coins?|VP|potions?|victory|points?|tokens?|debt|\+)", re.IGNORECASE)
_PUNCT = re.compile(r"[^\sA-Za-z\d]")
_ICON_WORDS_BEFORE = ("coin", "coins", "vp", "potion", "potions", "point", "points", "victory")

#: Places where a number-plus-icon was printed and is now missing.
GAP_PATTERNS = (
    re.compile(r"\bworth (?=(?:per|like|total|if|or|then|rather|more|less)\b|[,.])"),
    re.compile(r"\b(?:costs?|costing|makes?|produces?) (?=(?:per|if|or|then|rather)\b|[,.])"),
    re.compile(r"\bup to (?=(?:per|more|less|if)\b|[,.])"),
    re.compile(r"\bfor (?=or\b|[,.])"),
    re.compile(r"\bcosts? (?=(?:less|more)(?: per\b|, to\b))"),
    re.compile(r"\bget (?=(?:total|to spend)\b|[,.])"),
    re.compile(r"(?<![\d\w])\+ (?=[a-z])"),
    re.compile(r"\b(?:get|gets|got|worth) (?:a|an|\d+) (?=(?:for|and|total)\b|[,.])"),
    re.compile(r"\bthe (?=and\b)"),
    re.compile(r"\b(?:have|has) a (?=symbol\b)"),
    re.compile(r"\bstill got (?=from\b)"),
)
_SPACE_BEFORE_PUNCT = re.compile(r"(\S+) (?=[,.;:)](?!\.))")


def find_gaps(text: str) -> list[int]:
    """Offsets in ``text`` where an icon seems to have been stripped (sorted, distinct)."""
    found: set[int] = set()
    if text[:1].islower():
        found.add(0)
    for pattern in GAP_PATTERNS:
        found.update(m.end() for m in pattern.finditer(text))
    for m in _SPACE_BEFORE_PUNCT.finditer(text):
        if m.group(1).lower().strip("+") not in _ICON_WORDS_BEFORE:
            found.add(m.end())
    return sorted(found)


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


def _is_icon_run(tokens: list[re.Match[str]]) -> bool:
    words = [t.group(0) for t in tokens]
    return (any(_ICON_WORD.fullmatch(w) for w in words if not _PUNCT.fullmatch(w))
            and all(_ICON_WORD.fullmatch(w) or _PUNCT.fullmatch(w) for w in words)
            and not _PUNCT.fullmatch(words[0]))


def similarity(a: str, b: str) -> float:
    """Word-level similarity in [0, 1], ignoring case and icon words (the gaps' contents)."""
    ka = [t.group(0).lower() for t in _tokens(a) if not _ICON_WORD.fullmatch(t.group(0))]
    kb = [t.group(0).lower() for t in _tokens(b) if not _ICON_WORD.fullmatch(t.group(0))]
    if not ka or not kb:
        return 0.0
    return SequenceMatcher(None, ka, kb, autojunk=False).ratio()


def is_subsequence(short: str, long: str) -> bool:
    """True if every word of ``short`` appears, in order, in ``long`` (case-insensitive)."""
    ks = [t.group(0).lower() for t in _tokens(short)]
    kl = iter(t.group(0).lower() for t in _tokens(long))
    return all(any(w == x for x in kl) for w in ks)


def restore(gapped: str, twin: str) -> tuple[str, int]:
    """Copy the icons the twin has into ``gapped``; returns the text and how many were put back."""
    ft, dt = _tokens(gapped), _tokens(twin)
    fk = [t.group(0).lower() for t in ft]
    dk = [t.group(0).lower() for t in dt]
    inserts: list[tuple[int, str, bool]] = []  # (char position, text, after a "+")
    for tag, i1, _i2, j1, j2 in SequenceMatcher(None, fk, dk, autojunk=False).get_opcodes():
        if tag != "insert" or not _is_icon_run(dt[j1:j2]):
            continue
        piece = twin[dt[j1].start():dt[j2 - 1].end()]
        if i1 == 0:
            inserts.append((0, piece, False))
        else:
            prev = ft[i1 - 1]
            inserts.append((prev.end(), piece, prev.group(0) == "+"))
    text = gapped
    for pos, piece, glued in reversed(inserts):
        if pos == 0:
            text = piece + " " + text
            continue
        rest = text[pos:]
        stripped = rest.lstrip()
        if stripped[:1] in (",", ".", ";", ":", ")") and not stripped.startswith(".."):
            rest = stripped
        text = text[:pos] + ("" if glued else " ") + piece + rest
    return text, len(inserts)


def mark_gaps(text: str) -> tuple[str, list[int]]:
    """Insert ``ICON_GAP_MARK`` at every detected gap; returns the text and the mark offsets."""
    gaps = find_gaps(text)
    out, marks, last, shift = [], [], 0, 0
    for pos in gaps:
        out.append(text[last:pos])
        marks.append(pos + shift)
        lead = "" if pos == 0 or text[pos - 1].isspace() else " "
        trail = " " if pos < len(text) and not text[pos].isspace() else ""
        mark = f"{lead}{ICON_GAP_MARK}{trail}"
        out.append(mark)
        shift += len(mark)
        last = pos
    out.append(text[last:])
    return "".join(out), marks
