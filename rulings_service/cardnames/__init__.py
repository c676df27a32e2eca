"""Card names: the one matcher every part of the service asks (see :mod:`.matcher`).

``default_card_names()`` is the matcher over the catalogue, the published
names, the renames and the abbreviations, built once per process; the search
builds its own over the corpus it indexes (the same data, read from the build).
``coverage(name)`` says whether a name is covered and in which set.
"""

from __future__ import annotations

from functools import lru_cache

from rulings_service.cardnames.data import (
    Abbreviation,
    PublishedName,
    load_abbreviations,
    load_common_words,
    load_published,
    published_by_set,
)
from rulings_service.cardnames.matcher import (
    AMBIGUOUS,
    CARD,
    NONE,
    NOT_COVERED,
    CardNames,
    KnownName,
    NameAnswer,
)
from rulings_service.sets import set_name

__all__ = [
    "AMBIGUOUS", "CARD", "NONE", "NOT_COVERED", "Abbreviation", "CardNames", "KnownName",
    "NameAnswer", "PublishedName", "card_names_for", "coverage", "default_card_names",
    "load_abbreviations", "load_common_words", "load_published", "published_by_set",
]


def card_names_for(cards, aliases=None, abbreviations=None) -> CardNames:  # noqa: ANN001
    """A matcher over ``cards`` (corpus or catalogue card mappings) and the name data."""
    published, renames = load_published()
    return CardNames(
        cards, aliases,
        load_abbreviations() if abbreviations is None else abbreviations,
        published, renames, set_name,
    )


@lru_cache(maxsize=1)
def default_card_names() -> CardNames:
    """The matcher over the catalogue (for the CLI, the audit and the scenario loader)."""
    from parsers.catalogue import load_catalogue
    from rulings_service.paths import CATALOGUE_DIR

    catalogue = load_catalogue(CATALOGUE_DIR)
    cards = [
        {"slug": c.slug, "name": c.name, "set": c.set, "in_scope": c.in_scope, "kind": c.kind,
         "types": list(c.types), "aliases": list(c.aliases)}
        for c in catalogue.cards
    ]
    return card_names_for(cards)


def coverage(name: str) -> KnownName | None:
    """Whether ``name`` (exactly, an alias, abbreviation or plural) is covered, and its set.

    None for a name nobody printed. ``.covered`` is True for a card of the sets
    our sources cover; ``.set_id``/``.set_title`` say where it was printed and
    ``.coverage_note`` says, for an uncovered one, why we have nothing on it.
    """
    return default_card_names().coverage(name)
