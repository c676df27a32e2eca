"""Card-name recognition: longest match, plurals, possessives, cross-references."""

from __future__ import annotations

from parsers.names import NameIndex


def test_longest_name_wins(names: NameIndex) -> None:
    text = "Trash Overgrown Estate, then an Estate and Cursed Gold."
    found = [m.name for m in names.mentions(text)]
    assert found == ["Overgrown Estate", "Estate", "Cursed Gold"]


def test_plurals_and_possessives_map_to_the_card(names: NameIndex) -> None:
    text = "Two Festivals, three Duchies, two Dens of Sin and Young Witch's Bane."
    assert names.mentioned_names(text) == ["Festival", "Duchy", "Den of Sin", "Young Witch"]


def test_common_words_at_sentence_start_are_not_names(names: NameIndex) -> None:
    assert names.mentioned_names("Search the trash. Then buy a Search.") == ["Search"]
    assert [m.start for m in names.mentions("Search the trash. Then buy a Search.")] == [29]


def test_lowercase_words_are_not_names(names: NameIndex) -> None:
    assert names.mentioned_names("the market is a village") == []


def test_cross_references_carry_the_set(names: NameIndex) -> None:
    text = ("Nobles (an Action - Victory card in Intrigue), Harem (from Dominion: Intrigue), "
            "the Seaside card Ambassador, Secret Chamber from Intrigue, and Shelters "
            "(from Dark Ages).")
    refs = {(r.name, r.set) for r in names.cross_references(text)}
    assert refs == {("Nobles", "intrigue"), ("Harem", "intrigue"), ("Ambassador", "seaside"),
                    ("Secret Chamber", "intrigue")}


def test_name_at_reads_entry_headers(names: NameIndex) -> None:
    assert names.name_at("Council Room The other players", 0) == "Council Room"
    assert names.name_at("Bag of Gold: The Gold", 0) == "Bag of Gold"
    assert names.canonical("Hermit / Madman") == "Madman"
    assert names.name_at("Councils are", 0) is None
