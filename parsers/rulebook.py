"""Parser for the Plunder and Nocturne rulebooks.

A rulebook is a sequence of sections under fixed headings. Each heading says
how its lines read: general-rules paragraphs, ``Name — Cost N. Types. Text``
card lines, one-line Trait/Boon/Hex texts, ``Name: note`` card notes, or
suggested kingdoms. The headings are data (``SECTIONS``) rather than guessed
from layout, because a short line such as ``1 Rule Booklet`` looks like a
heading but is a component. A line that does not fit its section is an error
naming the position, not something to skip quietly.
"""

from __future__ import annotations

import re

from parsers.common import rulings_from
from parsers.faq import _lines
from parsers.names import SET_NAMES, NameIndex
from parsers.records import (
    CardLine,
    Debris,
    Entry,
    Kingdom,
    Landscape,
    ParsedDocument,
    ParseError,
    Ruling,
    Span,
)
from parsers.segment import normalise_space, segment

#: Heading -> how its lines read.
SECTIONS = {
    "Table of Contents": "skip",
    "Components": "components",
    "Preparation": "setup",
    "Durations": "general", "Loot": "general", "Events": "general", "Traits": "general",
    "Additional Rules for Nocturne": "general", "Sample Turn": "general",
    "Kingdom Cards": "card-lines", "Event Cards": "card-lines", "Loot Cards": "card-lines",
    "Heirloom Cards": "card-lines", "Other Cards": "card-lines",
    "Trait Cards": "trait-lines", "Boons": "named-lines", "Hexes": "named-lines",
    "Kingdom Card Notes": "notes", "Trait Card Notes": "notes", "Loot Card Notes": "notes",
    "Event Card Notes": "notes",
    "Suggested Kingdoms": "kingdoms",
}
#: Nocturne's additional rules cover several topics, one paragraph each.
NOCTURNE_TOPICS = (("Night", "Night"), ("Heirloom", "Heirlooms"), ("Boons", "Boons"),
                   ("Hexes", "Hexes"), ("State", "States"), ("Duration", "Durations"),
                   ("exchange", "Exchange"))
CARD_LINE = re.compile(
    r"(?P<name>[^—]+?) — (?:Cost (?P<cost>\d+)\. )?"
    r"(?P<types>[A-Z][A-Za-z]*(?: - [A-Z][A-Za-z]*)*)\. (?P<text>.+)")
EDITORIAL_HINTS = ("booklet", "printed", "written as", "is written", "heading")
LANDSCAPE_KINDS = frozenset({"event", "trait", "boon", "hex", "state"})
LANDSCAPE_TYPES = frozenset({"Event", "Landmark", "Project", "Way", "Ally", "Trait"})


class _Ctx:
    def __init__(self, text: str, names: NameIndex, doc: ParsedDocument, set_id: str) -> None:
        self.text, self.names, self.doc, self.set_id = text, names, doc, set_id
        #: The current suggested-kingdom group ("Plunder & Dominion") and its note.
        self.group: str | None = None
        self.group_note = ""

    def error(self, pos: int, message: str) -> ParseError:
        return ParseError(self.doc.document, pos, message)

    def rulings(self, start: int, end: int, subject: str, *, topic: bool, kind: str | None
                ) -> list[Ruling]:
        seg = segment(self.text, start, end)
        self.doc.debris.extend(Debris(Span(self.doc.document, a, b), r) for a, b, r in seg.debris)
        card = None if topic else self.names.catalogue.get(subject)
        out = rulings_from(self.text, seg, self.doc.document, subject,
                           card.set if card else self.set_id, is_topic=topic, kind=kind)
        if topic:
            # An intro line may mix a rule with the transcriber's remark about the
            # booklet ("the heading is added for navigation", "the printed coin symbol
            # is written as 'coins'"). A remark says how this text renders the booklet,
            # nothing about the game: it is debris, named so, never a ruling.
            is_remark = [any(h in r.text for h in EDITORIAL_HINTS) for r in out]
            self.doc.debris.extend(Debris(r.span, "transcription remark")
                                   for r, remark in zip(out, is_remark, strict=True) if remark)
            out = [r for r, remark in zip(out, is_remark, strict=True) if not remark]
            for ruling in out:
                if ruling.kind == "editorial" and kind:
                    ruling.kind = kind
        return out


def parse_rulebook(text: str, names: NameIndex, document: str, set_id: str) -> ParsedDocument:
    """Parse a rulebook; ``set_id`` is the expansion it belongs to (plunder, nocturne)."""
    doc = ParsedDocument(document)
    ctx = _Ctx(text, names, doc, set_id)
    section: str | None = None
    seen_line = False
    for offset, line in _lines(text):
        stripped = line.strip()
        if not stripped:
            continue
        start = offset + line.index(stripped)
        end = start + len(stripped)
        if stripped in SECTIONS:
            section = stripped
            seen_line = False
            doc.sections.append(section)
            doc.debris.append(Debris(Span(document, start, end), "section heading"))
            continue
        if section is None:
            doc.debris.append(Debris(Span(document, start, end), "title"))
            continue
        mode = SECTIONS[section]
        handler = _HANDLERS[mode]
        handler(ctx, section, start, end, stripped, first=not seen_line)
        seen_line = True
    if not doc.sections:
        raise ParseError(document, 0, "no known section heading: not a rulebook")
    for order, ruling in enumerate(sorted(doc.all_rulings(), key=lambda r: r.span.start)):
        ruling.order = order
    return doc


def _skip(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    ctx.doc.debris.append(Debris(Span(ctx.doc.document, start, end), "table of contents"))


def _components(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    body = start + 2 if line.startswith("- ") else start
    if body != start:
        ctx.doc.debris.append(Debris(Span(ctx.doc.document, start, start + 1), "list bullet"))
    text = normalise_space(ctx.text[body:end])
    ctx.doc.general.append(Ruling(section, text, Span(ctx.doc.document, body, end),
                                  kind="setup", is_topic=True, set=ctx.set_id))


def _general(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    topic = section
    if section == "Additional Rules for Nocturne":
        first_sentence = line.split(". ")[0]
        hits = [(first_sentence.find(k), t) for k, t in NOCTURNE_TOPICS if k in first_sentence]
        topic = max(hits)[1] if hits else section  # the paragraph's last-named subject
    elif section == "Sample Turn":
        topic = "Sample turn"
    ctx.doc.general.extend(ctx.rulings(start, end, topic, topic=True, kind="general"))


def _setup(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    ctx.doc.general.extend(ctx.rulings(start, end, section, topic=True, kind="setup"))


def _intro(ctx: _Ctx, section: str, start: int, end: int, line: str) -> None:
    """A section's explanatory first line(s) (not a card line)."""
    ctx.doc.general.extend(ctx.rulings(start, end, section, topic=True, kind="general"))


def _known(ctx: _Ctx, raw: str, pos: int) -> str:
    name = ctx.names.canonical(raw.strip())
    if name is None:
        raise ctx.error(pos, f"{raw.strip()!r} is not a known card name")
    return name


def _card_lines(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    if " — " not in line:
        if first or not ctx.doc.card_lines or ctx.doc.card_lines[-1].section != section:
            _intro(ctx, section, start, end, line)
            return
        raise ctx.error(start, f"{section}: expected 'Name — Cost N. Types. Text', got "
                               f"{line[:40]!r}")
    m = CARD_LINE.fullmatch(line)
    if m is None:
        raise ctx.error(start, f"{section}: malformed card line {line[:40]!r}")
    types = tuple(t.strip() for t in m.group("types").split(" - "))
    cost = int(m.group("cost")) if m.group("cost") else None
    raw_name = m.group("name")
    if " / " in raw_name:
        _two_sided(ctx, section, start, m, raw_name, types)
        if ctx.names.canonical(raw_name) is None:
            return  # the card itself is only its two sides
    name = _known(ctx, raw_name, start)
    ctx.doc.card_lines.append(CardLine(name, Span(ctx.doc.document, start, end), section, cost,
                                       types, m.group("text")))


def _two_sided(ctx: _Ctx, section: str, start: int, m: re.Match[str], raw_name: str,
               types: tuple[str, ...]) -> None:
    """``Deluded / Envious — State. (...) Deluded: text Envious: text``: one line per side."""
    sides = [s.strip() for s in raw_name.split(" / ")]
    body_start = start + m.start("text")
    text = m.group("text")
    positions = []
    for side in sides:
        found = text.find(f"{side}: ")
        if found < 0:
            raise ctx.error(body_start, f"two-sided card: no '{side}:' part")
        positions.append(found)
    for i, side in enumerate(sides):
        s = positions[i] + len(side) + 2
        e = positions[i + 1] if i + 1 < len(sides) else len(text)
        name = _known(ctx, side, body_start + positions[i])
        ctx.doc.card_lines.append(CardLine(
            name, Span(ctx.doc.document, body_start + positions[i], body_start + e), section,
            None, types, text[s:e].strip()))


def _trait_lines(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    raw = ctx.names.name_at(ctx.text, start, end)
    if raw is None:
        raise ctx.error(start, f"{section}: line does not start with a known trait name")
    name = _known(ctx, raw, start)
    ctx.doc.card_lines.append(CardLine(name, Span(ctx.doc.document, start, end), section, None,
                                       ("Trait",), line[len(raw):].strip()))


def _named_lines(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    head, sep, rest = line.partition(": ")
    if not sep or ctx.names.canonical(head) is None:
        if first:
            _intro(ctx, section, start, end, line)
            return
        raise ctx.error(start, f"{section}: expected 'Name: text' with a known name, got "
                               f"{line[:40]!r}")
    kind = {"Boons": "Boon", "Hexes": "Hex"}.get(section, section)
    ctx.doc.card_lines.append(CardLine(_known(ctx, head, start),
                                       Span(ctx.doc.document, start, end), section, None,
                                       (kind,), rest.strip()))


def _notes(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    head, sep, _ = line.partition(": ")
    name = ctx.names.canonical(head) if sep else None
    if name is None:
        if sep and len(head.split()) <= 4 and not first:
            raise ctx.error(start, f"{section}: note for unknown card {head!r}")
        _intro(ctx, section, start, end, line)
        return
    body = start + len(head) + 2
    ctx.doc.debris.append(Debris(Span(ctx.doc.document, start, start + len(head) + 1),
                                 "entry name"))
    entry = Entry(name, Span(ctx.doc.document, start, end))
    entry.rulings = ctx.rulings(body, end, name, topic=False, kind=None)
    ctx.doc.entries.append(entry)


def _split_items(text: str) -> list[str]:
    """Split on commas outside parentheses (Druid's Boons are listed in parentheses)."""
    items: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            items.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        items.append("".join(cur).strip())
    return items


def _group_sets(label: str) -> list[str]:
    label = label.replace(" alone", "")
    out = []
    for part in re.split(r" & | / ", label):
        part = part.strip()
        out.append(SET_NAMES.get(part, part.lower().replace(" ", "-")))
    return out


def _kingdoms(ctx: _Ctx, section: str, start: int, end: int, line: str, first: bool) -> None:
    doc = ctx.doc
    if not line.startswith("- "):
        head, _, note = line.partition(":")
        if line.endswith(":") or note.strip().startswith("["):
            doc.sections.append(f"{section}: {head}")
            doc.debris.append(Debris(Span(doc.document, start, end), "kingdom group heading"))
            ctx.group = head
            ctx.group_note = note.strip().strip("[]")
            return
        if ctx.group is None:
            _intro(ctx, section, start, end, line)
            return
        raise ctx.error(start, f"{section}: expected '- Name: cards', got {line[:40]!r}")
    doc.debris.append(Debris(Span(doc.document, start, start + 1), "list bullet"))
    name, sep, rest = line[2:].partition(": ")
    if not sep:
        raise ctx.error(start, f"{section}: kingdom line without 'Name: '")
    group = ctx.group
    if group is None:
        raise ctx.error(start, f"{section}: kingdom before any group heading")
    kingdom = Kingdom(name.strip(), doc.document, group, _group_sets(group), [],
                      Span(doc.document, start + 2, end), notes=ctx.group_note)
    for part in rest.split("•"):
        for item in _split_items(part):
            _kingdom_item(ctx, kingdom, item, start)
    doc.kingdoms.append(kingdom)


def _kingdom_item(ctx: _Ctx, kingdom: Kingdom, item: str, pos: int) -> None:
    names = ctx.names
    boons = re.fullmatch(r"(.+?) \((.+)\)", item)
    if boons:
        item = boons.group(1)
        for boon in boons.group(2).split(","):
            kingdom.druid_boons.append(_flag(ctx, boon.strip(), pos))
    trait = re.fullmatch(r"(.+?) on (.+)", item)
    if trait and names.canonical(trait.group(1)):
        pile = _flag(ctx, trait.group(2), pos)
        kingdom.landscapes.append(Landscape(_flag(ctx, trait.group(1), pos), "trait", pile))
        kingdom.cards.append(pile)
        return
    name = _flag(ctx, item, pos)
    card = names.catalogue.get(name)
    kind = card.kind if card else "card"
    if card and (kind in LANDSCAPE_KINDS or LANDSCAPE_TYPES & set(card.types)):
        land_kind = kind if kind in LANDSCAPE_KINDS else next(
            t.lower() for t in card.types if t in LANDSCAPE_TYPES)
        kingdom.landscapes.append(Landscape(name, land_kind, None))
    else:
        kingdom.cards.append(name)


def _flag(ctx: _Ctx, raw: str, pos: int) -> str:
    """A name in a kingdom list: canonical if known, else kept and flagged as unknown."""
    name = ctx.names.canonical(raw)
    if name is None:
        ctx.doc.unknown_names.append((raw, pos))
        return raw
    return name


_HANDLERS = {
    "skip": _skip, "components": _components, "general": _general, "setup": _setup,
    "card-lines": _card_lines, "trait-lines": _trait_lines, "named-lines": _named_lines,
    "notes": _notes, "kingdoms": _kingdoms,
}
