"""Parser for the ``:::`` FAQ dump (one line, entries separated by ``:::``).

The card name runs into the text with no delimiter ("Council Room The other
players..."), sometimes with a colon ("Bag of Gold: The Gold..."), so the name
is recognised against the catalogue: the longest known name at the start of the
entry wins. The quirks this handles, each named in the sources' README:

- sub-cards inside one entry: ``Ruins``/``Shelters`` list ``Name: text`` parts;
  ``Knights`` has none, so a sentence naming exactly one Knight goes to that Knight;
- composite headers ``Hermit / Madman`` and ``Urchin / Mercenary`` (catalogue aliases);
- the VP-token paragraph printed in brackets for Bishop, Goons and Monument:
  one general rule with three sources, not three copies;
- the Possession entry, cut by ``[Continued on blank tab]`` and continued in an
  unnamed ``:::`` entry of ``-`` bullets elsewhere in the file;
- recommended-set lists, whose kingdom names run into the last card of the
  previous list ("... Smugglers, Wharf Buried Treasure: Ambassador, ...");
- debris: the ``Trash`` entry (a mat, not a card), the stray
  ``7 Coppers and 3 Estates.``, bullets, brackets and continuation markers.
"""

from __future__ import annotations

import re

from parsers.common import rulings_from
from parsers.names import NameIndex
from parsers.records import Debris, Entry, Kingdom, ParsedDocument, ParseError, Ruling, Span
from parsers.segment import CONTINUATION_MARKER, normalise_space, segment

SEPARATOR = ":::"
#: Entries that name no card: the trash mat.
NON_CARD_ENTRIES = ("Trash",)
#: Entry headers that name a group of cards rather than a card: their own sentences are
#: general rules under that topic; their ``Name: text`` parts go to the member cards.
GROUP_HEADERS = {"Shelters": "dark-ages"}
#: Stray text known to sit between recommended-set lists.
STRAY_TEXT = ("7 Coppers and 3 Estates.",)
RECOMMENDED = re.compile(r"Recommended sets of 10 from ([A-Z][\w ]*?):\s")
#: Repeated editorial notes become one general rule under a topic found by keyword.
GENERAL_TOPICS = (("token", "VP tokens"),)
SUB_HEADING = re.compile(r"(?<=[.!?] )([A-Z][\w'\-]*(?: [\w'\-]+){0,3}): ")
LEADING_HEADING = re.compile(r"([A-Z][\w'\-]*(?: [\w'\-]+){0,3}): ")


def _entries(text: str, document: str) -> list[tuple[int, int]]:
    """(start, end) of each entry body, after its ``:::``."""
    if SEPARATOR not in text:
        raise ParseError(document, 0, "no ':::' entry separators: not a colon-dump document")
    first = text.index(SEPARATOR)
    if text[:first].strip():
        raise ParseError(document, 0, "text before the first ':::' separator")
    bounds = [m.start() for m in re.finditer(re.escape(SEPARATOR), text)]
    out = []
    for i, pos in enumerate(bounds):
        end = bounds[i + 1] if i + 1 < len(bounds) else len(text)
        out.append((pos + len(SEPARATOR), end))
    return out


def _skip_space(text: str, pos: int, end: int) -> int:
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def parse_dump(text: str, names: NameIndex, document: str = "faq-dump") -> ParsedDocument:
    """Parse the whole dump into card entries, general rules, kingdoms and debris."""
    doc = ParsedDocument(document)
    continuation: tuple[int, int] | None = None
    continued: Entry | None = None
    for start, end in _entries(text, document):
        sep = Span(document, start - len(SEPARATOR), start)
        doc.debris.append(Debris(sep, "entry separator"))
        pos = _skip_space(text, start, end)
        if pos >= end:
            continue
        if text.startswith("Recommended sets of 10 from", pos):
            _parse_recommended(text, pos, end, names, doc)
            continue
        if text[pos] == "-":
            if continuation is not None:
                raise ParseError(document, pos, "a second unnamed continuation entry")
            continuation = (pos, end)
            continue
        raw_name = names.name_at(text, pos, end)
        group = next((g for g in GROUP_HEADERS if text.startswith(g + " ", pos)), None)
        if raw_name is None and group is not None:
            _parse_entry(text, pos, group, end, names, doc, topic=True)
            continue
        if raw_name is None:
            word = text[pos:end].strip()
            if word in NON_CARD_ENTRIES:
                doc.debris.append(Debris(Span(document, pos, pos + len(word)), "non-card entry"))
                continue
            snippet = text[pos:pos + 40]
            raise ParseError(document, pos, f"entry does not start with a known card name: "
                                            f"{snippet!r}")
        entry = _parse_entry(text, pos, raw_name, end, names, doc)
        if any(d.reason == "continuation marker" and entry.span.start <= d.span.start < end
               for d in doc.debris):
            continued = entry
    if continuation is not None and continued is not None:
        _append_continuation(text, continuation, continued, names, doc)
    elif continuation is not None or continued is not None:
        where = continuation[0] if continuation is not None else continued.span.start \
            if continued is not None else 0
        raise ParseError(document, where, f"'{CONTINUATION_MARKER}' and an unnamed "
                                          "continuation entry must come as a pair")
    _lift_repeated_notes(doc)
    _number(doc)
    return doc


def _parse_entry(text: str, pos: int, raw_name: str, end: int, names: NameIndex,
                 doc: ParsedDocument, topic: bool = False) -> Entry:
    name = names.canonical(raw_name) or raw_name
    card = names.catalogue.get(name)
    set_id = card.set if card else GROUP_HEADERS.get(name)
    body = pos + len(raw_name)
    if text.startswith(":", body):
        body += 1
    doc.debris.append(Debris(Span(doc.document, pos, body), "entry name"))
    body = _skip_space(text, body, end)
    entry = Entry(name, Span(doc.document, pos, end), empty=not text[body:end].strip())
    if not topic:
        doc.entries.append(entry)
    parts = _sub_parts(text, body, end, names, name)
    for sub_name, head, s, e in parts:
        if head < s:
            heading_end = text.index(":", head, s) + 1
            doc.debris.append(Debris(Span(doc.document, head, heading_end), "entry name"))
        seg = segment(text, s, e)
        doc.debris.extend(Debris(Span(doc.document, a, b), r) for a, b, r in seg.debris)
        if topic and sub_name == name:
            doc.general.extend(rulings_from(text, seg, doc.document, name, set_id,
                                            is_topic=True, kind="general"))
            continue
        target = entry if sub_name == name else _entry_for(doc, sub_name, head, e)
        sub_card = names.catalogue.get(target.name)
        target.rulings.extend(rulings_from(text, seg, doc.document, target.name,
                                           sub_card.set if sub_card else set_id))
    if card is not None and card.kind == "pile" and card.members and len(parts) == 1:
        _assign_to_members(entry, card.members, names, doc)
    return entry


def _entry_for(doc: ParsedDocument, name: str, start: int, end: int) -> Entry:
    entry = Entry(name, Span(doc.document, start, end))
    doc.entries.append(entry)
    return entry


def _sub_parts(text: str, body: int, end: int, names: NameIndex, own: str
               ) -> list[tuple[str, int, int, int]]:
    """Split an entry at ``Name: `` sub-headings naming other known cards (Ruins, Shelters).

    Returns (card name, heading start, text start, end) for each part; heading start
    equals text start where there is no heading.
    """
    head = body
    lead = LEADING_HEADING.match(text, body, end)
    if lead and names.canonical(lead.group(1)) == own:
        body = lead.end()  # "Hermit / Madman Madman: ..." repeats the card's own name
    cuts: list[tuple[str, int, int]] = []  # (name, heading start, text start)
    for m in SUB_HEADING.finditer(text, body, end):
        canonical = names.canonical(m.group(1))
        if canonical is not None:
            cuts.append((canonical, m.start(), m.end()))
    parts = []
    prev_name, prev_head, prev_start = own, head, body
    for name, cut_head, text_start in cuts:
        if cut_head > prev_start:
            parts.append((prev_name, prev_head, prev_start, cut_head))
        prev_name, prev_head, prev_start = name, cut_head, text_start
    parts.append((prev_name, prev_head, prev_start, end))
    return parts


def _assign_to_members(entry: Entry, members: tuple[str, ...], names: NameIndex,
                       doc: ParsedDocument) -> None:
    """Knights: a sentence naming exactly one member belongs to that member."""
    keep: list[Ruling] = []
    for ruling in entry.rulings:
        named = [n for n in names.mentioned_names(ruling.text) if n in members]
        if len(named) == 1:
            ruling.subject = named[0]
            member = next((e for e in doc.entries if e.name == named[0]), None)
            if member is None:
                member = _entry_for(doc, named[0], ruling.span.start, ruling.span.end)
            member.rulings.append(ruling)
        else:
            keep.append(ruling)
    entry.rulings = keep


def _append_continuation(text: str, bounds: tuple[int, int], entry: Entry, names: NameIndex,
                         doc: ParsedDocument) -> None:
    seg = segment(text, *bounds)
    doc.debris.extend(Debris(Span(doc.document, a, b), r) for a, b, r in seg.debris)
    card = names.catalogue.get(entry.name)
    entry.rulings.extend(rulings_from(text, seg, doc.document, entry.name,
                                      card.set if card else None))


def _lift_repeated_notes(doc: ParsedDocument) -> None:
    """An editorial note printed in several entries is one general rule with several sources."""
    seen: dict[str, list[tuple[Entry, Ruling]]] = {}
    for entry in doc.entries:
        for ruling in entry.rulings:
            if ruling.kind == "editorial":
                seen.setdefault(ruling.text, []).append((entry, ruling))
    for text, hits in seen.items():
        if len({e.name for e, _ in hits}) < 2:
            continue
        topic = next((t for key, t in GENERAL_TOPICS if key in text.lower()), None)
        if topic is None:
            continue  # left to the cross-card merge
        first = hits[0][1]
        lifted = Ruling(subject=topic, text=text, span=first.span, kind="general",
                        is_topic=True, set=first.set,
                        extra_spans=[r.span for _, r in hits[1:]],
                        cards=[e.name for e, _ in hits])
        doc.general.append(lifted)
        for entry, ruling in hits:
            entry.rulings.remove(ruling)


def _number(doc: ParsedDocument) -> None:
    for order, ruling in enumerate(sorted(doc.all_rulings(), key=lambda r: r.span.start)):
        ruling.order = order


def _parse_recommended(text: str, pos: int, end: int, names: NameIndex,
                       doc: ParsedDocument) -> None:
    """Recommended sets: ``Recommended sets of 10 from X: Name: A, B, ..., J Name2: ...``."""
    headers = list(RECOMMENDED.finditer(text, pos, end))
    if not headers or headers[0].start() != pos:
        raise ParseError(doc.document, pos, "recommended-set list without its header")
    for i, header in enumerate(headers):
        stop = headers[i + 1].start() if i + 1 < len(headers) else end
        group = normalise_space(text[header.start():header.end()]).rstrip(":")
        doc.debris.append(Debris(Span(doc.document, header.start(), header.end() - 1),
                                 "kingdom group heading"))
        _parse_kingdom_run(text, header.end(), stop, group, names, doc)


def _parse_kingdom_run(text: str, pos: int, stop: int, group: str, names: NameIndex,
                       doc: ParsedDocument) -> None:
    colon = text.find(":", pos, stop)
    if colon < 0:
        raise ParseError(doc.document, pos, f"{group}: no kingdom name before a card list")
    name_start = _skip_space(text, pos, colon)
    kingdom_name = text[name_start:colon].strip()
    p = colon + 1
    while True:
        cards: list[str] = []
        p = _skip_space(text, p, stop)
        while p < stop:
            if text.startswith("and ", p):
                p += 4
            raw = names.name_at(text, p, stop)
            if raw is None:
                break
            cards.append(names.canonical(raw) or raw)
            p += len(raw)
            if text.startswith(", ", p):
                p += 2
                continue
            break
        span = Span(doc.document, name_start, p)
        if len(cards) != 10:
            raise ParseError(doc.document, name_start,
                             f"recommended set {kingdom_name!r} lists {len(cards)} known cards, "
                             "expected 10")
        sets = []
        for card in cards:
            found = names.catalogue.get(card)
            if found and found.set not in sets:
                sets.append(found.set)
        doc.kingdoms.append(Kingdom(kingdom_name, doc.document, group, sets, cards, span))
        rest_start = _skip_space(text, p, stop)
        colon = text.find(":", rest_start, stop)
        if colon < 0:
            tail = text[rest_start:stop].strip()
            if tail:
                if tail not in STRAY_TEXT:
                    raise ParseError(doc.document, rest_start, f"unexpected text {tail!r}")
                doc.debris.append(Debris(Span(doc.document, rest_start, rest_start + len(tail)),
                                         "stray text"))
            return
        name_start = rest_start
        kingdom_name = text[name_start:colon].strip()
        p = colon + 1
