"""Every in-scope catalogue entry is implemented: the engine covers the whole scope.

The catalogue (``corpus/catalogue/*.yaml``) lists what the sources name; an entry
marked in scope that the registry lacks is a card a player can ask about and
not watch. Entries of kind ``pile`` name a pile (Ruins, Loot, the two-sided
State piles) rather than one card: the pile is covered when each of its
``members`` is implemented, and Knights (a pile the engine also models as one
card, for the Black Market deck) is checked both ways.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import registry
from parsers.catalogue import Catalogue, load_catalogue
from rulings_service.paths import CATALOGUE_DIR

# What the registry holds for each catalogue kind (cards, landscapes...).
LANDSCAPE_KINDS = {"event": "event", "trait": "trait", "boon": "boon", "hex": "hex",
                   "state": "state"}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue(CATALOGUE_DIR)


def _registry_has(name: str, kind: str) -> bool:
    if kind == "event":
        return name in registry.all_events()
    if kind == "trait":
        return name in registry.all_traits()
    if kind in ("boon", "hex", "state"):
        return name in registry.landscapes(kind)
    return name in registry.all_cards()


def test_every_in_scope_entry_is_implemented_with_its_kind(catalogue: Catalogue) -> None:
    in_scope = catalogue.in_scope()
    # The scope as the issue states it; a change to the catalogue must show up here.
    assert len(in_scope) == 407
    missing = []
    for entry in in_scope:
        if entry.kind == "pile":
            assert entry.members, f"the pile {entry.name} names no members"
            missing += [f"{m} (of {entry.name})" for m in entry.members
                        if m not in registry.implemented_names()]
        elif not _registry_has(entry.name, entry.kind):
            missing.append(f"{entry.name} ({entry.kind})")
    assert missing == []


def test_the_registry_holds_nothing_outside_the_scope(catalogue: Catalogue) -> None:
    scope = {e.name for e in catalogue.in_scope()}
    scope |= {m for e in catalogue.in_scope() if e.kind == "pile" for m in e.members}
    assert registry.implemented_names() - scope == set()


def test_counts_per_kind_agree(catalogue: Catalogue) -> None:
    entries = Counter(e.kind for e in catalogue.in_scope() if e.kind in LANDSCAPE_KINDS)
    implemented = Counter({"event": len(registry.all_events()),
                           "trait": len(registry.all_traits()),
                           **{k: len(registry.landscapes(k)) for k in ("boon", "hex", "state")}})
    assert entries == implemented
