"""Card facts are the printed cards'; where a source says otherwise, a note says so.

Every source note must be real: the source document holds the words it
quotes, and those words disagree with the catalogue's (printed) value. That
the notes reach the card JSON and the card page is checked in tests/corpus
and tests/web.
"""

from __future__ import annotations

import re

import pytest
import yaml

from parsers.catalogue import Catalogue, load_catalogue
from rulings_service.paths import CATALOGUE_DIR, SOURCES_DIR

#: The printed first-edition facts these notes keep (names -> cost, text start).
PRINTED = {
    "Journey": (4, "Once per turn: If the previous turn wasn't yours"),
    "Maelstrom": (4, "Trash 3 cards from your hand."),
    "Figurine": (5, "+2 Cards."),
    "Pendant": (5, "+1 coin per differently named Treasure"),
}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue(CATALOGUE_DIR)


def _source_text(document: str) -> str:
    manifest = yaml.safe_load((SOURCES_DIR / "manifest.yaml").read_text(encoding="utf-8"))
    entry = next(s for s in manifest["sources"] if s["id"] == document)
    return (SOURCES_DIR / entry["file"]).read_text(encoding="utf-8")


def _noted(catalogue: Catalogue) -> list:
    return [(card, note) for card in catalogue.cards for note in card.source_notes]


def test_the_known_discrepancies_are_noted(catalogue: Catalogue) -> None:
    assert {card.name for card, _ in _noted(catalogue)} == set(PRINTED)
    for name, (cost, start) in PRINTED.items():
        card = catalogue.get(name)
        assert card.cost.coins == cost and card.text.startswith(start), name


def test_every_note_quotes_its_source(catalogue: Catalogue) -> None:
    for card, note in _noted(catalogue):
        assert note.says in _source_text(note.document), (card.name, note.says)


def test_every_note_disagrees_with_the_printed_value(catalogue: Catalogue) -> None:
    for card, note in _noted(catalogue):
        if note.field == "cost":
            said = int(re.search(r"Cost (\d+)", note.says)[1])
            assert said != card.cost.coins, card.name
        else:  # text: the quoted line holds words the printed text lacks
            quoted = note.says.split(". ", 2)[-1]
            assert not card.text.startswith(quoted), card.name
        assert note.note
