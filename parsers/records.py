"""Records the parsers produce: plain dataclasses, no behaviour beyond small helpers.

Parsers are pure (text in, records out), so these records carry everything the
build needs to cite a ruling later: the document id and the character span in
that document's text. The build turns them into the JSON contract; nothing here
knows about JSON, files or the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Ruling kinds of the corpus contract.
RULING_KINDS = ("card", "general", "setup", "editorial")


class ParseError(ValueError):
    """A source does not have the structure its format promises.

    The message always names the document and the character position, so a
    damaged source can be found without a debugger.
    """

    def __init__(self, document: str, position: int, message: str) -> None:
        self.document = document
        self.position = position
        self.detail = message
        super().__init__(f"{document}: at character {position}: {message}")


@dataclass(frozen=True)
class Span:
    """Where a piece of text came from: document id and [start, end) character offsets."""

    document: str
    start: int
    end: int

    def as_dict(self) -> dict[str, object]:
        return {"document": self.document, "start": self.start, "end": self.end}


@dataclass
class Ruling:
    """One claim as found in one source, before merging.

    ``subject`` is a card name for kind "card" (and usually "setup"), or a
    general-rules topic label such as ``"Durations"`` for kind "general".
    ``cards`` lists every card the claim belongs to (a shared sentence such as
    "This is a Prize; see the Additional Rules." belongs to five cards once merged).
    """

    subject: str
    text: str
    span: Span
    kind: str = "card"
    is_topic: bool = False
    order: int = 0
    set: str | None = None
    #: Extra spans (same claim found again) collected during merging.
    extra_spans: list[Span] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    #: Character offsets (into ``text``) of stripped icons that could not be restored.
    icon_gaps: list[int] = field(default_factory=list)
    #: True when the text had stripped icons put back from a twin source.
    icons_restored: bool = False
    #: For a ruling only one document has, among twins: (span of the merged ruling it
    #: follows or precedes in its own document, +1 after / -1 before), to keep reading order.
    anchor: tuple[Span, int] | None = None

    def spans(self) -> list[Span]:
        return [self.span, *self.extra_spans]


@dataclass(frozen=True)
class Debris:
    """Text deliberately not turned into rulings, with the reason (a known kind of debris)."""

    span: Span
    reason: str


@dataclass
class Entry:
    """One card entry of a FAQ or rulebook notes section (possibly empty)."""

    name: str
    span: Span
    rulings: list[Ruling] = field(default_factory=list)
    #: The source printed the name with no text at all (all of Hinterlands in the dump).
    #: Not the same as "no rulings": Monument's only dump text is lifted to a general rule.
    empty: bool = False


@dataclass(frozen=True)
class CardLine:
    """A rulebook line printing a card: ``Name — Cost N. Types. Text`` (or a Trait/Boon line)."""

    name: str
    span: Span
    section: str
    cost: int | None
    types: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Landscape:
    name: str
    kind: str
    pile: str | None = None


@dataclass
class Kingdom:
    """A recommended/suggested set of 10 Kingdom cards with its landscapes and Druid's Boons."""

    name: str
    source: str
    group: str
    sets: list[str]
    cards: list[str]
    span: Span
    landscapes: list[Landscape] = field(default_factory=list)
    druid_boons: list[str] = field(default_factory=list)
    notes: str = ""


@dataclass
class ParsedDocument:
    """Everything one parser found in one document."""

    document: str
    entries: list[Entry] = field(default_factory=list)
    #: Rulings not tied to a card entry (general rules, setup, editorial notes).
    general: list[Ruling] = field(default_factory=list)
    card_lines: list[CardLine] = field(default_factory=list)
    kingdoms: list[Kingdom] = field(default_factory=list)
    debris: list[Debris] = field(default_factory=list)
    #: Section headings seen (rulebooks), in order, for accounting.
    sections: list[str] = field(default_factory=list)
    #: Names found where a card name was expected but unknown to the catalogue.
    unknown_names: list[tuple[str, int]] = field(default_factory=list)

    def all_rulings(self) -> list[Ruling]:
        found = [r for e in self.entries for r in e.rulings]
        return found + list(self.general)
