"""De-duplication across and within sources, icon repair, and ordering.

Three kinds of duplicate, each merged into one ruling that cites every place
it was printed:

1. *Twins across documents*: the Intrigue and Prosperity FAQs repeat the dump's
   entries, with icons stripped and small rewordings. Rulings of the same card
   whose words (icons aside) are similar enough are paired one-to-one, best
   pairs first; the icons are restored from the twin. The merged text is the
   twin's if it already contains every word of the repaired text (nothing is
   lost), otherwise the repaired text.
2. *Repeats within a document*: ``Hermit / Madman`` repeats ``Madman``,
   ``Shelters`` repeats ``Hovel`` and so on: identical text, same card.
3. *One sentence, several cards*: "This is a Prize; see the Additional Rules."
   printed under five Prizes is one ruling belonging to five cards. Not so for a
   very short sentence ("See Preparation.", "This is not optional."): its meaning
   comes from the paragraph around it, so the same words under another card or
   topic, or in another document, are a different ruling (see ``is_context_dependent``).

Whatever gap detection still finds afterwards is marked in the text
(``parsers.icons.ICON_GAP_MARK``) and counted. A ruling only the second document
has keeps its place next to its neighbours in that document, so a card's
rulings read in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from parsers.icons import find_gaps, is_subsequence, mark_gaps, restore, similarity
from parsers.records import ParsedDocument, Ruling, Span

#: Word-level similarity (icons ignored) from which two rulings of a card are twins.
TWIN_THRESHOLD = 0.6
#: Sentences of at most this many words lean on their context. The longest such sentence
#: printed under several cards is five words ("Follow the instructions in order.",
#: "Trashing a card is optional."); the shortest real shared ruling is six ("This is a
#: Shelter; see Preparation.", "This is not a Kingdom card.").
CONTEXT_WORDS = 5


@dataclass
class MergeResult:
    rulings: list[Ruling]
    #: Card name -> spans of its entries/notes in every document (empty entries included).
    entries: dict[str, list[tuple[Span, bool]]] = field(default_factory=dict)
    twins_merged: int = 0
    icons_restored: int = 0
    gaps_marked: int = 0


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def merge_documents(docs: Sequence[ParsedDocument]) -> MergeResult:
    """Merge the parsed documents (in manifest order) into one ordered list of rulings."""
    result = MergeResult([])
    by_card: dict[str, list[Ruling]] = {}
    general: list[Ruling] = []
    for doc in docs:
        incoming: dict[str, list[Ruling]] = {}
        for entry in doc.entries:
            result.entries.setdefault(entry.name, []).append((entry.span, entry.empty))
            for ruling in entry.rulings:
                if not ruling.cards:
                    ruling.cards = [ruling.subject]
                incoming.setdefault(entry.name, []).append(ruling)
        for name, new in incoming.items():
            existing = by_card.setdefault(name, [])
            _merge_same_document(new)
            _merge_twins(existing, new, result)
        general.extend(_merge_same_document(list(doc.general)))
    card_rulings = [r for rs in by_card.values() for r in rs]
    merged = _merge_across_cards(card_rulings) + _merge_across_cards(general)
    for ruling in merged:
        gaps = find_gaps(ruling.text)
        if gaps:
            ruling.text, ruling.icon_gaps = mark_gaps(ruling.text)
            result.gaps_marked += len(gaps)
    doc_order = {doc.document: i for i, doc in enumerate(docs)}

    def reading_order(r: Ruling) -> tuple[int, int, int, int, int]:
        own = (doc_order[r.span.document], r.span.start)
        if r.anchor is None:
            return (*own, 0, *own)
        span, side = r.anchor
        return (doc_order[span.document], span.start, side, *own)

    merged.sort(key=reading_order)
    for order, ruling in enumerate(merged):
        ruling.order = order
    result.rulings = merged
    return result


def _merge_same_document(rulings: list[Ruling]) -> list[Ruling]:
    """Fold exact repeats (same subject, same text) into the first; returns the survivors."""
    seen: dict[tuple[str, str], Ruling] = {}
    keep: list[Ruling] = []
    for ruling in rulings:
        key = (ruling.subject, _key(ruling.text))
        if key in seen:
            seen[key].extra_spans.extend(ruling.spans())
            _add_cards(seen[key], ruling.cards)
        else:
            seen[key] = ruling
            keep.append(ruling)
    rulings[:] = keep
    return keep


def _add_cards(target: Ruling, cards: list[str]) -> None:
    for card in cards:
        if card not in target.cards:
            target.cards.append(card)


def _merge_twins(existing: list[Ruling], new: list[Ruling], result: MergeResult) -> None:
    """Pair each new ruling with its most similar existing one; unpaired ones are appended."""
    pairs = sorted(
        ((similarity(n.text, e.text), i, j) for i, n in enumerate(new)
         for j, e in enumerate(existing) if e.span.document != n.span.document),
        key=lambda t: (-t[0], t[1], t[2]))
    paired: dict[int, int] = {}  # new index -> existing index
    used_old: set[int] = set()
    for score, i, j in pairs:
        if score < TWIN_THRESHOLD or i in paired or j in used_old:
            continue
        paired[i] = j
        used_old.add(j)
        _fold_twin(existing[j], new[i], result)
    spans = {i: existing[j].span for i, j in paired.items()}
    for i, ruling in enumerate(new):
        if i in paired:
            continue
        before = [k for k in spans if k < i]
        after = [k for k in spans if k > i]
        if before:
            ruling.anchor = (spans[max(before)], 1)
        elif after:
            ruling.anchor = (spans[min(after)], -1)
        existing.append(ruling)


def _fold_twin(old: Ruling, new: Ruling, result: MergeResult) -> None:
    repaired, count = restore(new.text, old.text)
    repaired_old, count_old = restore(old.text, new.text)
    if count_old and not count:
        repaired, count = new.text, 0
        old.text, old.icons_restored = repaired_old, True
        result.icons_restored += count_old
    if not is_subsequence(repaired, old.text):
        old.text = repaired
    if count:
        old.icons_restored = True
        result.icons_restored += count
    old.extra_spans.extend(new.spans())
    _add_cards(old, new.cards)
    result.twins_merged += 1


def is_context_dependent(text: str) -> bool:
    """True for a sentence too short to stand on its own ("See Preparation.").

    Such a sentence is a ruling only together with the card or topic it was printed
    under: "See Preparation." in the Shelters entry and in the Heirlooms paragraph
    point at different rules, so merging them would give one card's ruling to another.
    """
    return len(text.split()) <= CONTEXT_WORDS


def _merge_key(ruling: Ruling) -> tuple[str, str | None, str | None]:
    """Equal keys merge: the text alone, or for a short sentence also its subject and document."""
    if is_context_dependent(ruling.text):
        return _key(ruling.text), ruling.subject, ruling.span.document
    return _key(ruling.text), None, None


def _merge_across_cards(rulings: list[Ruling]) -> list[Ruling]:
    """One sentence printed for several cards becomes one ruling listing all of them,
    unless it is too short to mean the same thing out of its context."""
    seen: dict[tuple[str, str | None, str | None], Ruling] = {}
    keep: list[Ruling] = []
    for ruling in sorted(rulings, key=lambda r: (r.span.document, r.span.start)):
        key = _merge_key(ruling)
        if key in seen and seen[key].kind == ruling.kind:
            seen[key].extra_spans.extend(ruling.spans())
            _add_cards(seen[key], ruling.cards)
        else:
            seen.setdefault(key, ruling)
            keep.append(ruling)
    return keep
