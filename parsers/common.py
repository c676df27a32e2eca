"""Steps every format shares: turning segmented text into ``Ruling`` records.

Kept apart from the format parsers so that the dump, the FAQs and the rulebooks
classify a sentence the same way: a sentence about how many cards go in the
Supply is a setup rule wherever it was printed.
"""

from __future__ import annotations

import re

from parsers.records import Ruling, Span
from parsers.segment import Segmentation, normalise_space

#: Sentences about building the Supply or the starting decks are setup rules.
SETUP_PATTERN = re.compile(
    r"(?:During set-up|^Setup:|cards per game|in the Supply (?:in|for) a (?:game|\d)"
    r"|Put \d+ in the Supply|[Pp]lace \d+ \w+|[Uu]se \d+ \w+ (?:in|for) a"
    r"|Play with \d+ for games|replace one of your starting Coppers|starts? the game with"
    r"|[Aa]t the start of the game|the pile starts with)"
)


def classify(text: str, editorial: bool) -> str:
    """The ruling kind of a card-entry sentence: editorial, setup or card."""
    if editorial:
        return "editorial"
    if SETUP_PATTERN.search(text):
        return "setup"
    return "card"


def rulings_from(text: str, seg: Segmentation, document: str, subject: str, set_id: str | None,
                 *, is_topic: bool = False, kind: str | None = None) -> list[Ruling]:
    """One ``Ruling`` per unit; ``kind`` forces a kind (general-rules sections)."""
    out: list[Ruling] = []
    for unit in seg.units:
        body = normalise_space(text[unit.start:unit.end])
        out.append(Ruling(
            subject=subject,
            text=body,
            span=Span(document, unit.start, unit.end),
            kind=kind if kind and not unit.editorial else classify(body, unit.editorial),
            is_topic=is_topic,
            set=set_id,
        ))
    return out
