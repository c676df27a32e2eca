"""The registry checked against the catalogue: names, costs, types, kinds, per-set counts."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import registry
from parsers.catalogue import Catalogue, load_catalogue
from rulings_service.paths import CATALOGUE_DIR

KINDS = {"kingdom": "kingdom", "basic": "basic", "non-supply": "non-supply",
         "ruins": "ruins", "shelter": "shelter", "heirloom": "heirloom", "event": "event",
         "prize": "prize", "knight": "knight", "pile": "pile", "spirit": "spirit",
         "zombie": "zombie", "loot": "loot"}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue(CATALOGUE_DIR)


def test_every_implemented_card_matches_its_catalogue_entry(catalogue: Catalogue) -> None:
    cards = registry.all_cards()
    for name, defn in cards.items():
        entry = catalogue.get(name)
        assert entry is not None, f"{name} is not in the catalogue"
        assert entry.cost is not None
        assert (defn.cost.coins, defn.cost.potion, defn.cost.debt) == (
            entry.cost.coins, entry.cost.potion, entry.cost.debt), name
        assert set(defn.types) == set(entry.types), name
        assert KINDS[defn.kind] == entry.kind, name
    for name, ev in registry.all_events().items():
        entry = catalogue.get(name)
        assert entry is not None and entry.kind == "event"
        assert entry.cost is not None and ev.cost.coins == entry.cost.coins


def test_per_set_counts() -> None:
    counts = Counter((d.set_name, d.kind) for d in registry.all_cards().values())
    assert counts[("base", "kingdom")] == 25
    assert counts[("base", "basic")] == 7
    assert counts[("prosperity", "kingdom")] == 25 and counts[("prosperity", "basic")] == 2
    assert counts[("dark-ages", "ruins")] == 5 and counts[("dark-ages", "shelter")] == 3
    assert counts[("dark-ages", "kingdom")] == 34 and counts[("dark-ages", "non-supply")] == 3
    assert counts[("dark-ages", "knight")] == 10 and counts[("dark-ages", "pile")] == 1
    assert counts[("seaside", "kingdom")] == 26 and counts[("intrigue", "kingdom")] == 25
    assert counts[("nocturne", "kingdom")] == 33 and counts[("nocturne", "heirloom")] == 7
    assert counts[("nocturne", "spirit")] == 3 and counts[("nocturne", "non-supply")] == 2
    assert counts[("nocturne", "zombie")] == 3
    assert counts[("hinterlands", "kingdom")] == 14 and counts[("alchemy", "basic")] == 1
    assert counts[("alchemy", "kingdom")] == 12
    assert counts[("guilds", "kingdom")] == 13
    assert counts[("cornucopia", "kingdom")] == 13 and counts[("cornucopia", "prize")] == 5
    assert counts[("promo", "kingdom")] == 5
    assert counts[("plunder", "kingdom")] == 40 and counts[("plunder", "loot")] == 15
    assert sum(counts.values()) == 332
    assert registry.implemented_names() == (frozenset(registry.all_cards())
                                            | frozenset(registry.all_events())
                                            | frozenset(registry.all_traits())
                                            | frozenset(registry.landscapes("boon"))
                                            | frozenset(registry.landscapes("state"))
                                            | frozenset(registry.landscapes("hex")))
    assert len(registry.landscapes("boon")) == 12


def test_unknown_names_are_setup_errors() -> None:
    with pytest.raises(registry.SetupError, match="unknown card"):
        registry.card("Nonesuch")
    with pytest.raises(registry.SetupError, match="unknown Event"):
        registry.event("Village")
