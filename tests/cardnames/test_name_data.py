"""The name data agrees with itself and with the catalogue.

``corpus/published_names.yaml`` lists published names outside our sets; a
name also in the catalogue's ``out_of_scope.yaml`` must carry the same set, no
published name may be a card of our sets, renames must name catalogue cards,
and the common-word names must be catalogue cards.
"""

from __future__ import annotations

from collections import Counter

import pytest

from parsers.catalogue import Catalogue, load_catalogue
from rulings_service.cardnames import load_abbreviations, load_common_words, load_published
from rulings_service.paths import CATALOGUE_DIR


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue(CATALOGUE_DIR)


def test_published_names_are_listed_once() -> None:
    names, _ = load_published()
    counts = Counter(n.name.lower() for n in names)
    assert [name for name, n in counts.items() if n > 1] == []
    assert len(names) > 400  # every set outside ours, landscapes included


def test_every_landscape_kind_is_listed() -> None:
    kinds = {n.kind for n in load_published()[0]}
    assert {"card", "event", "landmark", "project", "way", "ally", "prophecy"} <= kinds


def test_published_names_are_not_cards_of_our_sets(catalogue: Catalogue) -> None:
    ours = [n.name for n in load_published()[0]
            if catalogue.get(n.name) is not None and catalogue.get(n.name).in_scope]
    assert ours == []


def test_out_of_scope_catalogue_names_agree_with_the_published_sets(
        catalogue: Catalogue) -> None:
    published = {n.name.lower(): n.set_id for n in load_published()[0]}
    disagree = [
        (card.name, card.set, published.get(card.name.lower()))
        for card in catalogue.cards
        if not card.in_scope and "/" not in card.name  # split piles are two names
        and published.get(card.name.lower()) != card.set
    ]
    assert disagree == []


def test_renames_name_catalogue_cards(catalogue: Catalogue) -> None:
    renames = load_published()[1]
    assert renames, "Farm (Harem's later name) is listed"
    for rename in renames:
        assert catalogue.get(rename.card) is not None and catalogue.get(rename.card).in_scope
        assert catalogue.get(rename.name) is None  # else it would be two cards


def test_common_word_names_are_catalogue_cards(catalogue: Catalogue) -> None:
    words = load_common_words()
    assert {"count", "mine", "village", "supplies", "cheap", "avoid", "friendly"} <= words
    assert sorted(w for w in words if catalogue.get(w) is None) == []


def test_abbreviations_name_known_cards(catalogue: Catalogue) -> None:
    unknown = [a.abbr for a in load_abbreviations() if catalogue.get(a.card) is None]
    assert unknown == []


def test_every_published_set_has_a_name_and_release(catalogue: Catalogue) -> None:
    from rulings_service.sets import set_facts

    named = {entry["id"] for entry in set_facts()}
    assert {n.set_id for n in load_published()[0]} <= named
    assert set(catalogue.sets) - {"out-of-scope"} <= named
